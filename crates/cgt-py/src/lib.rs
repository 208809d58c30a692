//! The Python module `cgt._cgt`: cgt's crates behind Python classes. It
//! writes no theory of its own; every answer comes from `cgt-core`,
//! `cgt-rulesets` and `cgt-lab`.
//!
//! # Where things live
//! - `state`: the one store of values every `Game` names, the rulesets'
//!   memos beside it, the lock around both, and how long computations let
//!   go of the interpreter and listen for Ctrl-C.
//! - `convert`: numbers, outcomes and errors between Rust and Python.
//! - `game`: `Game` (a value in the store) and `Thermograph`.
//! - `latex`: values written for `_repr_latex_`.
//! - `rulesets`: `Position`, the base of the ruleset classes the Python
//!   package makes from the registry (`cgt.Domineering`, …).
//! - `placement`: `PlacementGame`, a placement game given by each player's
//!   shapes, valued by `cgt-rulesets`' `placement`.
//! - `impartial`: Grundy values, periods and misère values of heap games,
//!   `Nimber`, and loopy games given by their graph.
//! - `quotient`: `MisereQuotient` (`cgt.misere_quotient("0.75")`, on
//!   `cgt-core`'s `misere_quotient`) and its elements, which multiply.
//! - `custom`: rulesets written in Python (the memos behind `cgt.Ruleset`,
//!   `cgt.ImpartialRuleset`, `cgt.LoopyRuleset`) and `HeapGame`.
//! - `census`: the Rust half of `cgt.census` (members, rows, the table's
//!   journal and Parquet file, from `cgt-census`).
//! - `misere`: `MisereGame`, misère canonical forms of impartial games in
//!   a store of their own, as CGSuite writes them.
//! - `explore`: what the notebook widget (`cgt.explore`) asks: the
//!   answers of `cgt explore`'s API, by `cgt-lab`'s `explore` as the
//!   server gives them, cancellable (`ExploreJob`), and the page's files.
//! - `partizan_misere`: partizan misère play (`Game.misere_outcome`,
//!   `Game.misere_ge`, `misere_outcome(text)`, `misere_ge(g, h)`,
//!   `dead_ends`, `is_dead_end`, `is_dead_ending`) on
//!   `cgt-rulesets`' literal forms, in a store of their own.
//! - `loopy`: loopy partizan games: `LoopyGame` (a value in the one store
//!   of stoppers), `LoopyPosition` (the base of the loopy ruleset classes,
//!   `cgt.BackslidingToadsAndFrogs` and `cgt.FoxAndGeese`) and
//!   `SidesUnsettledError`.
//!
//! The Python package around the module (`python/cgt`) adds the enums, the
//! ruleset classes and the type stubs.

mod census;
mod convert;
mod custom;
mod explore;
mod game;
mod impartial;
mod latex;
mod loopy;
mod misere;
mod partizan_misere;
mod placement;
mod quotient;
mod rulesets;
mod state;

use pyo3::prelude::*;

/// cgt's Rust core, wrapped for Python (the package `cgt` re-exports it).
#[pymodule]
fn _cgt(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game::Game>()?;
    m.add_class::<game::Thermograph>()?;
    m.add_function(wrap_pyfunction!(game::game, m)?)?;
    m.add_function(wrap_pyfunction!(game::confused, m)?)?;
    m.add_function(wrap_pyfunction!(game::born_by, m)?)?;
    m.add_function(wrap_pyfunction!(game::store_size, m)?)?;
    m.add_function(wrap_pyfunction!(partizan_misere::misere_outcome, m)?)?;
    m.add_function(wrap_pyfunction!(partizan_misere::misere_ge, m)?)?;
    m.add_function(wrap_pyfunction!(partizan_misere::dead_ends, m)?)?;
    m.add_function(wrap_pyfunction!(partizan_misere::is_dead_end, m)?)?;
    m.add_function(wrap_pyfunction!(partizan_misere::is_dead_ending, m)?)?;
    m.add_class::<rulesets::Position>()?;
    m.add_class::<placement::PlacementGame>()?;
    m.add_function(wrap_pyfunction!(rulesets::ruleset_table, m)?)?;
    m.add_class::<impartial::Nimber>()?;
    m.add_class::<impartial::Period>()?;
    m.add_class::<impartial::LoopyGraph>()?;
    m.add_function(wrap_pyfunction!(impartial::grundy_values, m)?)?;
    m.add_function(wrap_pyfunction!(impartial::period, m)?)?;
    m.add_function(wrap_pyfunction!(impartial::misere_values, m)?)?;
    m.add_function(wrap_pyfunction!(impartial::formula, m)?)?;
    m.add_function(wrap_pyfunction!(impartial::plot_svg, m)?)?;
    m.add_function(wrap_pyfunction!(quotient::misere_quotient, m)?)?;
    m.add_class::<quotient::Quotient>()?;
    m.add_class::<quotient::QElement>()?;
    m.add_class::<custom::heap::HeapGame>()?;
    m.add_class::<custom::memos::PartizanMemo>()?;
    m.add_class::<custom::memos::ImpartialMemo>()?;
    m.add_class::<custom::memos::LoopyMemo>()?;
    m.add_class::<misere::MisereGame>()?;
    m.add_class::<explore::ExploreJob>()?;
    m.add_function(wrap_pyfunction!(explore::explore_answer, m)?)?;
    m.add_function(wrap_pyfunction!(explore::explore_assets, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_members, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_row, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_same_as, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_failed, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_open, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_append, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_finish, m)?)?;
    m.add_class::<loopy::LoopyGame>()?;
    m.add_class::<loopy::LoopyPosition>()?;
    m.add(
        "SidesUnsettledError",
        m.py().get_type::<loopy::SidesUnsettledError>(),
    )?;
    Ok(())
}
