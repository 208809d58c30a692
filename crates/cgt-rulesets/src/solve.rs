//! Who wins a sum of ruleset positions and games in notation, and how,
//! without the value of the whole: [`Solver`], behind `cgt solve`.
//!
//! The top-level terms of the sum that are ruleset positions
//! (`clobber(xo|ox)`, `- amazons(x..|..o)`) are first valued whole where
//! `eval` values them at once (within [`VALUE_FIRST_BUDGET`] new positions
//! alone, [`VALUE_FIRST_TOGETHER_BUDGET`] beside other terms,
//! [`GRUNDY_FIRST_BUDGET`] and [`GRUNDY_FIRST_TOGETHER_BUDGET`] for a
//! Grundy value; a cake or a Partizan Euclid
//! pair whatever it takes); a winning move in
//! such a term is the first of its options, made a batch at a time, whose
//! value wins. The other terms are split into their
//! independent regions; a region with few moves whose canonical form
//! comes within a budget of new positions is valued (impartial ones
//! always, as nimbers by the Grundy search; every part of a sum of many
//! parts, within [`MANY_PARTS_BUDGET`]) and added into the sum's value,
//! with the rest of the expression in notation; the regions left are
//! searched by
//! [`SumSearch`] (minimax with a transposition table), each move splitting
//! and valuing again. Rulesets inside braces (`{clobber(xo)|0}`) are part
//! of the notation and are valued whole.
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::outcome::Side;
//! use cgt_rulesets::solve::{SolveError, Solver};
//!
//! let mut store = GameStore::new();
//! let mut solver = Solver::new();
//! // A 2 × 2 Domineering square is ±1: whoever moves first wins.
//! let answer = solver.solve(&mut store, "domineering(..|..)", Side::Left).unwrap();
//! assert_eq!(answer.winner, Side::Left);
//! let winning = answer.winning_move.unwrap();
//! assert_eq!((winning.from.as_str(), winning.to.as_str()), ("domineering(..|..)", "domineering(.|.)"));
//! // Plus 1/2 it is {3/2|-1/2}: Right, moving first, still wins.
//! let answer = solver.solve(&mut store, "domineering(..|..) + 1/2", Side::Right).unwrap();
//! assert_eq!(answer.winner, Side::Right);
//! // A bad position says where.
//! let error = solver.solve(&mut store, "1 + clobber(xq)", Side::Left).unwrap_err();
//! assert!(matches!(error, SolveError::Unreadable(_)));
//! assert_eq!(error.to_string(), "at character 13: clobber position: at character 2: expected 'x', 'o', '.' or '|', found 'q'");
//! ```

use crate::Rulesets;
use crate::nim_search::{self, NimSearch};
pub use crate::registry::DEFAULT_BUDGET;
use crate::registry::{Kind, Layout, RULESETS};
pub use crate::terms::SMALL_MOVES;
use crate::terms::{RulesetMemo, Unvalued};
use cgt_core::canonical::{GameId, GameStore, ValueError};
use cgt_core::dyadic::Dyadic;
use cgt_core::outcome::Side;
use cgt_core::solve::{PartId, Parts, Split, Sum, SumSearch};
use std::fmt;

/// Why [`Solver::solve`] has no answer, by kind: a front end tells bad
/// input from a value too large by this, never by the message's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The expression does not read: what was expected and where
    /// (`at character N: …`, characters counted from 1).
    Unreadable(String),
    /// A value overflowed on the way.
    Overflow(ValueError),
    /// The expression reads, but valuing its notation part would pass a
    /// limit of work ([`ValueError::TooCostly`]): the line says which and
    /// where, as [`Unreadable`](Self::Unreadable)'s does.
    TooCostly(String),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unreadable(message) | Self::TooCostly(message) => f.write_str(message),
            Self::Overflow(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for SolveError {}

/// How many new positions the value of a part of a sum of more than
/// [`MANY_PARTS`](cgt_core::solve::MANY_PARTS) parts may take: such sums
/// are where searching multiplies the positions of the parts.
pub const MANY_PARTS_BUDGET: usize = 5000;

/// How many new positions the canonical form of a whole top-level term
/// alone in its sum (or of an option of one, when a winning move is looked
/// for) may take before the term is split and searched instead: what
/// `eval` values at once (a cake, a Hackenbush stalk, a region of few
/// positions) becomes its canonical value, so the search never walks its
/// positions.
///
/// A ruleset the solver does not value at all (budget 0, as Toppling
/// Dominoes: a row never splits, so its search walks no more than its
/// intervals, each far cheaper than its canonical form) is not tried; a
/// position of a ruleset of numbers (the cakes, Partizan Euclid) is valued
/// whatever it takes, as `eval` does.
///
/// Why 2,000 and not more: a lone term past it is one whose search is
/// cheaper than its value. Canonical forms of hot games grow with the
/// board, and a failed try costs every position it valued: a 1 × 17 NoGo
/// strip spent most of its time valuing 20,000 positions before it was
/// searched, and its search alone takes a few milliseconds (MCGS's files
/// measured at both budgets: `crates/cgt-lab/bench/mcgs-history.md`).
pub const VALUE_FIRST_BUDGET: usize = 2_000;

/// [`VALUE_FIRST_BUDGET`] for a term beside other terms that are searched:
/// a search of their sum walks the product of their positions, so a value
/// pays for much more there.
pub const VALUE_FIRST_TOGETHER_BUDGET: usize = 20_000;

/// How many new positions the Grundy value of an impartial top-level term
/// alone in its sum (beside a nimber at most) may take before the sum is
/// searched by outcomes ([`nim_search`](crate::nim_search)) instead.
///
/// Why 2,000 and not more: the search of a lone term's outcome stops at
/// the first lost option, where its Grundy value walks every position,
/// and a failed try costs every position it valued. On MCGS's impartial
/// files, whose cases are single boards, 20,000 took 1.6–1.7 s of CPU
/// where 2,000 took 1.0–1.2 (`3x4_imp` of Amazons, `elephants_bwn`,
/// gen_toads' `1100` `bwn`), 0.47 s where it took 0.18 (Domineering
/// `6x6_imp`), and 0.32 where it took 0.09 (NoGo `1xn_filled_imp_easy`).
pub const GRUNDY_FIRST_BUDGET: usize = 2_000;

/// [`GRUNDY_FIRST_BUDGET`] for a term beside other impartial terms: the
/// nim-sum of their Grundy values answers the sum at once, where a search
/// of outcomes walks the product of their positions (MCGS's `td_3x20_imp`,
/// sums of three Toppling rows: 0.02 s valued, 0.18 s searched).
pub const GRUNDY_FIRST_TOGETHER_BUDGET: usize = 20_000;

/// A part's number: the ruleset (its index in [`RULESETS`]) in the low
/// bits, then whether it is negated, then the ruleset's number for it.
const RULESET_BITS: u32 = 8;
const NEGATED: PartId = 1 << RULESET_BITS;
const ID_SHIFT: u32 = RULESET_BITS + 1;

/// A winning move in a sum: the term it is made in and what that term
/// becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMove {
    /// The ruleset term moved in (from 0, in the order of the expression),
    /// or `None` for the part of the sum written in notation.
    pub term: Option<usize>,
    /// The term as the expression writes it (without its sign):
    /// `clobber(xo|ox)`; or the notation part's value.
    pub from: String,
    /// What the move leaves of it: `clobber(.x|ox)` (the ruleset's own
    /// writing of the position, which the reader reads back), or the
    /// notation part's option.
    pub to: String,
}

/// Who wins a sum with a given player moving first, and a winning move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The winner.
    pub winner: Side,
    /// A winning move, when the player moving first wins.
    pub winning_move: Option<WinningMove>,
}

/// A ruleset term at the top level of an expression.
struct TopTerm {
    /// As written, from the name to the closing parenthesis.
    text: String,
    ruleset: usize,
    negated: bool,
    id: usize,
}

/// The search of sums of ruleset positions: one memo per ruleset, the
/// transposition table, and the rulesets valued inside notation.
///
/// Keep one `Solver` beside one store: its memos hold ids of that store
/// (with another store, they start over).
pub struct Solver {
    terms: Vec<Option<Box<dyn RulesetMemo>>>,
    search: SumSearch,
    /// The search of sums of impartial terms too large to value.
    nim: NimSearch,
    rulesets: Rulesets,
    /// Each ruleset's budget, by its index in [`RULESETS`].
    budgets: Vec<usize>,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

/// The rulesets' memos as the [`Parts`] of a search.
struct Registry<'a> {
    terms: &'a mut [Option<Box<dyn RulesetMemo>>],
    budgets: &'a [usize],
    /// The budget for the value of a part of a sum of many parts.
    many_budget: usize,
    scratch: Vec<(Unvalued, GameId)>,
}

fn part_id(ruleset: usize, negated: bool, id: usize) -> PartId {
    (id as PartId) << ID_SHIFT | if negated { NEGATED } else { 0 } | ruleset as PartId
}

impl Registry<'_> {
    fn decode(part: PartId) -> (usize, bool, usize) {
        let ruleset = (part & ((1 << RULESET_BITS) - 1)) as usize;
        (ruleset, part & NEGATED != 0, (part >> ID_SHIFT) as usize)
    }
}

impl Parts for Registry<'_> {
    /// A ruleset's memo numbers its positions from 0: the class is the
    /// ruleset and the sign, the index that number.
    fn dense(&self, part: PartId) -> Option<(usize, usize)> {
        let class = (part & ((1 << ID_SHIFT) - 1)) as usize;
        usize::try_from(part >> ID_SHIFT).ok().map(|id| (class, id))
    }

    fn value(&mut self, store: &mut GameStore, part: PartId) -> Result<Option<GameId>, ValueError> {
        let (ruleset, negated, id) = Self::decode(part);
        let term = self.terms[ruleset]
            .as_mut()
            .expect("a part's ruleset has a memo");
        let value = term.value_within(store, id, self.many_budget)?;
        Ok(value.map(|v| if negated { store.neg(v) } else { v }))
    }

    fn options(
        &mut self,
        store: &mut GameStore,
        part: PartId,
        side: Side,
        out: &mut Vec<Split>,
    ) -> Result<(), ValueError> {
        let (ruleset, negated, id) = Self::decode(part);
        let term = self.terms[ruleset]
            .as_mut()
            .expect("a part's ruleset has a memo");
        // Left's options in -G are the negatives of Right's in G.
        let side = if negated { side.opponent() } else { side };
        self.scratch.clear();
        term.options(store, id, side, self.budgets[ruleset], &mut self.scratch)?;
        for (parts, value) in self.scratch.drain(..) {
            let value = if negated { store.neg(value) } else { value };
            out.push(Split::new(
                parts.into_iter().map(|p| part_id(ruleset, negated, p)),
                value,
            ));
        }
        Ok(())
    }
}

impl Solver {
    /// A solver that values each ruleset's small regions within its
    /// [`solver_budget`](crate::registry::Ruleset::solver_budget): none for
    /// the rulesets whose small regions are as quick to search as to value
    /// (Amazons, Fission, Toads and Frogs, Elephants and Rhinos, Sheep:
    /// measured on MCGS's test files, cgt-lab's README and the README's
    /// table against MCGS), [`DEFAULT_BUDGET`] for the others.
    pub fn new() -> Self {
        Self::with_budgets(RULESETS.iter().map(|r| r.solver_budget).collect())
    }

    /// A solver that values a region with at most
    /// [`SMALL_MOVES`] moves when its value
    /// takes at most `budget` new positions, whatever its ruleset (0:
    /// search every region; `usize::MAX`: value every region, whatever its
    /// moves).
    pub fn with_budget(budget: usize) -> Self {
        Self::with_budgets(vec![budget; RULESETS.len()])
    }

    fn with_budgets(budgets: Vec<usize>) -> Self {
        Solver {
            terms: RULESETS.iter().map(|_| None).collect(),
            search: SumSearch::new(),
            nim: NimSearch::default(),
            rulesets: Rulesets::new(),
            budgets,
        }
    }

    /// How many sums the search has expanded so far.
    pub fn searched(&self) -> u64 {
        self.search.searched() + self.nim.searched()
    }

    /// Who wins `expr` (a sum `eval` reads) with `to_move` moving first,
    /// and a winning move for `to_move` when there is one.
    ///
    /// # Errors
    /// [`SolveError::Unreadable`]: a line that says what does not read and
    /// where (characters counted from 1); [`SolveError::Overflow`]: a value
    /// overflowed.
    pub fn solve(
        &mut self,
        store: &mut GameStore,
        expr: &str,
        to_move: Side,
    ) -> Result<Answer, SolveError> {
        let (terms, rest) = self.read(store, expr)?;
        self.answer(store, &terms, rest, to_move)
            .map_err(SolveError::Overflow)
    }

    /// Reads the top-level ruleset terms of `expr` and the value of the
    /// rest.
    fn read(
        &mut self,
        store: &mut GameStore,
        expr: &str,
    ) -> Result<(Vec<TopTerm>, GameId), SolveError> {
        let mut chars: Vec<char> = expr.chars().collect();
        let mut terms = Vec::new();
        for found in top_terms(&chars) {
            let name: String = chars[found.name.clone()].iter().collect();
            let argument: String = chars[found.open + 1..found.close].iter().collect();
            let ruleset = RULESETS
                .iter()
                .position(|r| r.name == name)
                .expect("top_terms finds registered names");
            let term = match &mut self.terms[ruleset] {
                Some(term) => term,
                slot => slot.insert(
                    RULESETS[ruleset]
                        .memo()
                        .expect("top_terms finds short rulesets"),
                ),
            };
            let id = term.read(&argument).map_err(|e| {
                SolveError::Unreadable(format!(
                    "at character {}: {name} position: {e}",
                    found.open + 2
                ))
            })?;
            terms.push(TopTerm {
                text: chars[found.name.start..=found.close].iter().collect(),
                ruleset,
                negated: found.negated,
                id,
            });
            // The rest reads with a 0 in the term's place, so that the
            // characters of an error there count as in `expr`.
            for (k, c) in chars[found.name.start..=found.close].iter_mut().enumerate() {
                *c = if k == 0 { '0' } else { ' ' };
            }
        }
        let rest: String = chars.into_iter().collect();
        let rulesets = &mut self.rulesets;
        let value = store
            .parse_with(&rest, &mut |s, name, argument| {
                rulesets.resolve(s, name, argument)
            })
            .map_err(|e| match e.value_error() {
                Some(ValueError::TooCostly { .. }) => SolveError::TooCostly(e.to_string()),
                _ => SolveError::Unreadable(e.to_string()),
            })?;
        Ok((terms, value))
    }

    /// The parts and value of one top-level term position: no part when
    /// its value comes within [`VALUE_FIRST_BUDGET`] (beside other terms,
    /// [`VALUE_FIRST_TOGETHER_BUDGET`]; an impartial term's,
    /// [`GRUNDY_FIRST_BUDGET`]), else its split.
    ///
    /// A term beside other searched terms (`together`) is valued first
    /// whatever its ruleset's budget: a search of a sum walks the product
    /// of its terms' positions, so a ruleset whose regions alone are as
    /// quick to search as to value (Amazons) is no longer so beside
    /// another (`amazons(x...|o...) + amazons(x...|o...)`).
    fn term_split(
        &mut self,
        store: &mut GameStore,
        ruleset: usize,
        negated: bool,
        id: usize,
        together: bool,
    ) -> Result<(Vec<PartId>, GameId), ValueError> {
        let budget = self.budgets[ruleset];
        if budget > 0 || together {
            let term = self.terms[ruleset]
                .as_mut()
                .expect("a read term has a memo");
            // A position of a few numbers (a cake, a pair) has few positions
            // below it, counted in the numbers: `eval` values it whole.
            let budget = if matches!(RULESETS[ruleset].layout, Layout::Numbers { .. }) {
                usize::MAX
            } else if together {
                VALUE_FIRST_TOGETHER_BUDGET.max(budget)
            } else if term.impartial() {
                GRUNDY_FIRST_BUDGET.max(budget)
            } else {
                VALUE_FIRST_BUDGET.max(budget)
            };
            if let Some(value) = term.value_within(store, id, budget)? {
                let value = if negated { store.neg(value) } else { value };
                return Ok((Vec::new(), value));
            }
        }
        self.split(store, ruleset, negated, id)
    }

    /// The parts and value of one top-level term position, split.
    fn split(
        &mut self,
        store: &mut GameStore,
        ruleset: usize,
        negated: bool,
        id: usize,
    ) -> Result<(Vec<PartId>, GameId), ValueError> {
        let term = self.terms[ruleset]
            .as_mut()
            .expect("a read term has a memo");
        let mut parts = Unvalued::new();
        let value = term.split(store, id, self.budgets[ruleset], &mut parts)?;
        let value = if negated { store.neg(value) } else { value };
        let parts = parts
            .into_iter()
            .map(|p| part_id(ruleset, negated, p))
            .collect();
        Ok((parts, value))
    }

    fn mover_wins(
        &mut self,
        store: &mut GameStore,
        sum: &Sum,
        to_move: Side,
    ) -> Result<bool, ValueError> {
        let mut registry = Registry {
            terms: &mut self.terms,
            budgets: &self.budgets,
            many_budget: MANY_PARTS_BUDGET,
            scratch: Vec::new(),
        };
        self.search.mover_wins(&mut registry, store, sum, to_move)
    }

    fn answer(
        &mut self,
        store: &mut GameStore,
        terms: &[TopTerm],
        rest: GameId,
        to_move: Side,
    ) -> Result<Answer, ValueError> {
        // A term and its negative are 0: neither is valued nor searched,
        // and a winning move of the sum is one of what is left.
        let cancelled = cancelled_pairs(terms);
        if let Some(answer) = self.impartial_answer(store, terms, &cancelled, rest, to_move)? {
            return Ok(answer);
        }
        // A notation part too large to expand (`*4097`) has no options for
        // a search to list: every term is valued first, as `eval` values
        // the sum (`toads(tt.) + *4097`, a ruleset the solver otherwise
        // searches, was refused).
        let together = cancelled.iter().filter(|&&c| !c).count() > 1 || !store.is_expandable(rest);
        let mut splits = Vec::with_capacity(terms.len());
        for (t, &gone) in terms.iter().zip(&cancelled) {
            splits.push(if gone {
                None
            } else {
                Some(self.term_split(store, t.ruleset, t.negated, t.id, together)?)
            });
        }
        // The parts and value of the terms left but `skip` (none: every
        // term), without the notation part.
        let sum_without = |store: &mut GameStore, skip: Option<usize>| {
            let mut parts = Vec::new();
            let mut value = store.zero();
            for (k, split) in splits.iter().enumerate() {
                if let Some((p, v)) = split.as_ref().filter(|_| Some(k) != skip) {
                    parts.extend_from_slice(p);
                    value = store.add(value, *v)?;
                }
            }
            Ok::<_, ValueError>((parts, value))
        };
        let (parts, value) = sum_without(store, None)?;
        let whole = Sum::new(parts, store.add(value, rest)?);
        if !self.mover_wins(store, &whole, to_move)? {
            return Ok(Answer {
                winner: to_move.opponent(),
                winning_move: None,
            });
        }
        let opponent = to_move.opponent();
        for (k, t) in terms.iter().enumerate() {
            let Some((term_parts, _)) = &splits[k] else {
                continue;
            };
            let valued = term_parts.is_empty();
            let (others, others_value) = sum_without(store, Some(k))?;
            let others_value = store.add(others_value, rest)?;
            let side = if t.negated { opponent } else { to_move };
            // A batch at a time, each twice the last: a big term (a stalk
            // of n edges) has many big options, and the first that wins
            // ends the look.
            let (mut from, mut batch) = (0, 16);
            let mut options = Vec::new();
            loop {
                options.clear();
                self.terms[t.ruleset]
                    .as_mut()
                    .expect("a read term has a memo")
                    .whole_options_in(t.id, side, from, batch, &mut options);
                let last = options.len() < batch;
                let moved = Moved {
                    k,
                    term: t,
                    valued,
                    together,
                    others: &others,
                    others_value,
                };
                if let Some(winning) = self.winning_option(store, &moved, &options, to_move)? {
                    return Ok(winning);
                }
                if last {
                    break;
                }
                from += batch;
                batch = batch.saturating_mul(2);
            }
        }
        // The winning move is in the part written in notation.
        let (parts, others_value) = sum_without(store, None)?;
        let options = match store.options(rest, to_move) {
            Ok(options) => options.to_vec(),
            Err(ValueError::TooLarge) if parts.is_empty() => {
                huge_nimber_options(store, rest, to_move, others_value)
                    .ok_or(ValueError::TooLarge)?
            }
            Err(e) => return Err(e),
        };
        for option in options {
            let child = Sum::new(parts.iter().copied(), store.add(option, others_value)?);
            if !self.mover_wins(store, &child, opponent)? {
                return Ok(Answer {
                    winner: to_move,
                    winning_move: Some(WinningMove {
                        term: None,
                        from: store.display(rest),
                        to: store.display(option),
                    }),
                });
            }
        }
        unreachable!("the player to move wins, so some move wins")
    }
}

impl Solver {
    /// The answer for a sum of impartial terms and a nimber when some term
    /// is too large to value within [`GRUNDY_FIRST_BUDGET`] (alone) or
    /// [`GRUNDY_FIRST_TOGETHER_BUDGET`] (beside other terms): by the
    /// [search of outcomes](crate::nim_search), which stops at the first
    /// lost option where the Grundy search values every position. The
    /// winning move is the one the valued path finds: the first, in the
    /// order of the terms and of their options, then of the nimber's (a
    /// term that cancels with its negative is not moved in).
    /// `None` for any other sum.
    fn impartial_answer(
        &mut self,
        store: &mut GameStore,
        terms: &[TopTerm],
        cancelled: &[bool],
        rest: GameId,
        to_move: Side,
    ) -> Result<Option<Answer>, ValueError> {
        let nim = match store.as_number_up_star(rest) {
            Some((number, 0, nim)) if number == Dyadic::ZERO => nim,
            _ => return Ok(None),
        };
        let mut valued = true;
        for t in terms {
            let term = self.terms[t.ruleset]
                .as_mut()
                .expect("a read term has a memo");
            if !term.impartial() {
                return Ok(None);
            }
            // A heap position is valued whole, whatever the budgets: its
            // reader bounds that work, and a search of outcomes would walk
            // its options' sums of heaps (`grundys_game(827)`: 0.2 s valued,
            // minutes searched). A budget of 0 searches every other region,
            // as for partizan terms.
            let budget = if term.grundy_bounded() {
                usize::MAX
            } else if self.budgets[t.ruleset] > 0 && terms.len() == 1 {
                GRUNDY_FIRST_BUDGET
            } else if self.budgets[t.ruleset] > 0 {
                GRUNDY_FIRST_TOGETHER_BUDGET
            } else {
                0
            };
            valued &= budget > 0 && term.grundy_within(store, t.id, budget)?.is_some();
        }
        if terms.is_empty() || valued {
            return Ok(None);
        }
        let parts: Vec<_> = terms
            .iter()
            .map(|t| nim_search::component(t.ruleset, t.id))
            .collect();
        let root = self
            .nim
            .state(&mut self.terms, store, parts.iter().copied(), nim)?;
        // The nimber moves that may win: to `*k` with `k` the nim-sum of
        // the terms, which is `x ^ folded`, `x` the searched components'
        // nim-sum (below their reach) and `folded` the small ones'.
        let folded = root.nim() ^ nim;
        let mut candidates: Vec<u64> = (0..nim_search::nim_reach(&mut self.terms, root.parts()))
            .map(|x| x ^ folded)
            .filter(|&k| k < nim)
            .collect();
        candidates.sort_unstable();
        if !self.nim.mover_wins(&mut self.terms, store, root)? {
            return Ok(Some(Answer {
                winner: to_move.opponent(),
                winning_move: None,
            }));
        }
        let won = |to: String, term: Option<usize>, from: String| {
            Ok(Some(Answer {
                winner: to_move,
                winning_move: Some(WinningMove { term, from, to }),
            }))
        };
        let mut options = Vec::new();
        for (k, t) in terms.iter().enumerate() {
            if cancelled[k] {
                continue;
            }
            options.clear();
            let side = if t.negated {
                to_move.opponent()
            } else {
                to_move
            };
            let term = self.terms[t.ruleset]
                .as_mut()
                .expect("a read term has a memo");
            term.whole_options(t.id, side, &mut options);
            for &option in &options {
                let others = parts.iter().enumerate().filter(|&(j, _)| j != k);
                let moved = others
                    .map(|(_, &p)| p)
                    .chain([nim_search::component(t.ruleset, option)]);
                let child = self.nim.state(&mut self.terms, store, moved, nim)?;
                if !self.nim.mover_wins(&mut self.terms, store, child)? {
                    let term = self.terms[t.ruleset].as_ref().expect("a read term");
                    let name = RULESETS[t.ruleset].name;
                    return won(
                        format!("{name}({})", term.write(option)),
                        Some(k),
                        t.text.clone(),
                    );
                }
            }
        }
        for k in candidates {
            let child = self
                .nim
                .state(&mut self.terms, store, parts.iter().copied(), k)?;
            if !self.nim.mover_wins(&mut self.terms, store, child)? {
                let to = store.nimber(k);
                return won(store.display(to), None, store.display(rest));
            }
        }
        unreachable!("the player to move wins, so some move wins")
    }
}

/// The options for `side` of `rest = x + *m`, a nimber too large to list
/// its `m` options `x + *k` (`*2147483647 + 1`), that a winning move needs
/// to try when the rest of the sum is `others = y + n·↑ + *j`, in the order
/// the listing has them (`k` ascending); all the options (two at most) of
/// `rest = x + n·↑ + *m` with `n ≠ 0`; `None` for any other `rest` or
/// `others` (then the sum is refused as too large, as `eval` refuses it).
///
/// Why these are enough: the move to `x + *k` leaves `(x + y) + n·↑ +
/// *(j ^ k)`, and whether that is `≥ 0` or `≤ 0` depends on `j ^ k` only
/// through whether it is 0, 1 or neither (the order of `x + n·↑ + *m`:
/// `GameStore::le` by formula). So a `k` outside `{j, j ^ 1}` wins exactly
/// when every other one does, and two of `0, 1, 2, 3` are outside it: the
/// candidates `0, 1, 2, 3, j, j ^ 1` (below `m`) hold the first winning `k`
/// of the listing whenever there is one.
fn huge_nimber_options(
    store: &mut GameStore,
    rest: GameId,
    side: Side,
    others: GameId,
) -> Option<Vec<GameId>> {
    let (_, _, j) = store.as_number_up_star(others)?;
    let (x, ups, m) = store.as_number_up_star(rest)?;
    if ups != 0 {
        // Two options at most, made by formula.
        return store.up_star_options(rest, side).ok().flatten();
    }
    let mut ks = vec![0, 1, 2, 3, j, j ^ 1];
    ks.retain(|&k| k < m);
    ks.sort_unstable();
    ks.dedup();
    ks.into_iter()
        .map(|k| store.number_up_star(x, 0, k).ok())
        .collect()
}

/// A top-level term moved in, in a search for a winning move: the rest of
/// the sum beside it.
struct Moved<'a> {
    /// The term's place among the ruleset terms, from 0.
    k: usize,
    term: &'a TopTerm,
    /// Whether the term was valued whole (its options are valued too).
    valued: bool,
    /// Whether other terms are searched beside it (its options are valued
    /// whatever its ruleset's budget).
    together: bool,
    /// The parts of the other terms.
    others: &'a [PartId],
    /// The value of the other terms and the notation.
    others_value: GameId,
}

impl Solver {
    /// The answer of the first of `options` of the term `moved` after
    /// which the opponent of `to_move`, moving next, loses.
    fn winning_option(
        &mut self,
        store: &mut GameStore,
        moved: &Moved<'_>,
        options: &[usize],
        to_move: Side,
    ) -> Result<Option<Answer>, ValueError> {
        let t = moved.term;
        for &option in options {
            let (mut parts, value) = if moved.valued {
                self.term_split(store, t.ruleset, t.negated, option, moved.together)?
            } else {
                self.split(store, t.ruleset, t.negated, option)?
            };
            parts.extend_from_slice(moved.others);
            let child = Sum::new(parts, store.add(value, moved.others_value)?);
            if !self.mover_wins(store, &child, to_move.opponent())? {
                let term = self.terms[t.ruleset].as_ref().expect("a read term");
                let name = RULESETS[t.ruleset].name;
                return Ok(Some(Answer {
                    winner: to_move,
                    winning_move: Some(WinningMove {
                        term: Some(moved.k),
                        from: t.text.clone(),
                        to: format!("{name}({})", term.write(option)),
                    }),
                }));
            }
        }
        Ok(None)
    }
}

/// Which terms cancel: each term is paired with an earlier one not paired
/// yet that is its negative (the same position of the same ruleset, the
/// other sign), and both are marked.
///
/// # Complexity
/// O(t) for t terms, expected.
fn cancelled_pairs(terms: &[TopTerm]) -> Vec<bool> {
    let mut cancelled = vec![false; terms.len()];
    // The terms not paired yet, by position and sign.
    let mut open: std::collections::HashMap<(usize, usize, bool), Vec<usize>> =
        std::collections::HashMap::new();
    for (k, t) in terms.iter().enumerate() {
        let negative = open
            .get_mut(&(t.ruleset, t.id, !t.negated))
            .and_then(Vec::pop);
        match negative {
            Some(j) => {
                cancelled[j] = true;
                cancelled[k] = true;
            }
            None => open
                .entry((t.ruleset, t.id, t.negated))
                .or_default()
                .push(k),
        }
    }
    cancelled
}

/// A short ruleset term found at the top level of an expression, by
/// character index: `name` is its ruleset's name, `open` and `close` its
/// parentheses, `negated` whether it is subtracted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopTermSpan {
    /// The ruleset's name.
    pub name: std::ops::Range<usize>,
    /// The `(` after the name.
    pub open: usize,
    /// The `)` that closes it.
    pub close: usize,
    /// Whether the term is subtracted (`- clobber(..)`).
    pub negated: bool,
}

/// The short ruleset terms of `chars` that are added or subtracted at the
/// top level, in the order [`WinningMove::term`] counts them: outside every bracket,
/// with nothing but `+`, `-` or an end on either side (so not
/// `+-clobber(..)`, a switch, nor `2 clobber(..)`).
///
/// # Example
/// ```
/// let chars: Vec<char> = "clobber(xo) - 1 - toads(t.f)".chars().collect();
/// let terms = cgt_rulesets::solve::top_terms(&chars);
/// assert_eq!(terms.len(), 2);
/// assert!(!terms[0].negated && terms[1].negated);
/// ```
///
/// # Complexity
/// O(n) for n characters outside parentheses, plus each term's length.
pub fn top_terms(chars: &[char]) -> Vec<TopTermSpan> {
    let previous = |k: usize| chars[..k].iter().rposition(|c| !c.is_whitespace());
    let mut found = Vec::new();
    let mut depth = 0usize;
    let mut k = 0;
    while k < chars.len() {
        let c = chars[k];
        match c {
            '(' | '{' | '[' => depth += 1,
            ')' | '}' | ']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        let starts_word = (c.is_alphabetic() || c == '_')
            && (k == 0 || !(chars[k - 1].is_alphanumeric() || chars[k - 1] == '_'));
        if depth > 0 || !starts_word {
            k += 1;
            continue;
        }
        let mut end = k;
        while end < chars.len() && (chars[end].is_alphanumeric() || chars[end] == '_') {
            end += 1;
        }
        let name: String = chars[k..end].iter().collect();
        let open = (end..chars.len()).find(|&j| !chars[j].is_whitespace());
        let close = open.filter(|&o| chars[o] == '(').and_then(|o| {
            let mut level = 0usize;
            (o..chars.len()).find(|&j| {
                match chars[j] {
                    '(' => level += 1,
                    ')' => level -= 1,
                    _ => {}
                }
                level == 0
            })
        });
        let (Some(open), Some(close)) = (open, close) else {
            k = end;
            continue;
        };
        let before = previous(k).map(|b| (b, chars[b]));
        let negated = matches!(before, Some((_, '-')));
        let additive = match before {
            None | Some((_, '+')) => true,
            Some((b, '-')) => !previous(b).is_some_and(|a| matches!(chars[a], '+' | '-')),
            _ => false,
        };
        let after = (close + 1..chars.len()).find(|&j| !chars[j].is_whitespace());
        let ends = after.is_none_or(|a| matches!(chars[a], '+' | '-'));
        if additive
            && ends
            && RULESETS
                .iter()
                .any(|r| r.name == name && r.kind != Kind::Loopy)
        {
            found.push(TopTermSpan {
                name: k..end,
                open,
                close,
                negated,
            });
        }
        k = close + 1;
    }
    found
}
