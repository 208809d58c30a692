//! One memo per ruleset behind one interface ([`RulesetMemo`]): the value
//! of a position given as text, in the caller's store; and, for
//! [`crate::solve`], positions kept by number, their moves, and their split
//! into parts too big to value and a value of the rest.
//!
//! A partizan ruleset is valued by [`ValueMemo`] (canonical forms); an
//! impartial one by the Grundy search, its values the nimbers `*n`;
//! Toppling Dominoes by its rows' values ([`RowValues`]).

use crate::ParseError;
use crate::toppling::{Dominoes, RowValues, Toppling};
use cgt_core::canonical::{GameId, GameStore, ValueError};
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_core::outcome::Side;
use cgt_core::partizan::{PartizanGame, ValueMemo};
use hashbrown::HashTable;
use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;
use std::fmt;
use std::hash::{Hash, Hasher};

/// Why a position has no value: it does not read, or its value overflows.
pub(crate) enum TermError {
    Position(ParseError),
    Value(ValueError),
}

/// The parts of a position that the search still has to move in (ids of
/// positions a [`RulesetMemo`] keeps), beside the value of the rest.
pub(crate) type Unvalued = SmallVec<[usize; 4]>;

/// A ruleset's memo, behind one interface: the value of a position given
/// as text, in a store; and, for [`crate::solve`], its positions kept by
/// number, their moves, and their split into parts too big to value and a
/// value of the rest.
pub(crate) trait RulesetMemo: Send {
    fn value(&mut self, store: &mut GameStore, argument: &str) -> Result<GameId, TermError>;

    /// Reads `argument` and keeps it: its number.
    fn read(&mut self, argument: &str) -> Result<usize, ParseError>;

    /// The numbers of the options of position `id` for `side`, unsplit.
    fn whole_options(&mut self, id: usize, side: Side, out: &mut Vec<usize>);

    /// The numbers of the options [`whole_options`](Self::whole_options)
    /// gives numbered `from` to `from + count - 1`, only those made.
    fn whole_options_in(
        &mut self,
        id: usize,
        side: Side,
        from: usize,
        count: usize,
        out: &mut Vec<usize>,
    ) {
        let mut all = Vec::new();
        self.whole_options(id, side, &mut all);
        out.extend(all.into_iter().skip(from).take(count));
    }

    /// Splits position `id` into its components: those valued within
    /// `budget` new positions are added into the value returned, the others
    /// are pushed onto `parts`.
    fn split(
        &mut self,
        store: &mut GameStore,
        id: usize,
        budget: usize,
        parts: &mut Unvalued,
    ) -> Result<GameId, ValueError>;

    /// Every option of part `id` for `side`, split as [`split`](Self::split)
    /// does.
    fn options(
        &mut self,
        store: &mut GameStore,
        id: usize,
        side: Side,
        budget: usize,
        out: &mut Vec<(Unvalued, GameId)>,
    ) -> Result<(), ValueError> {
        let mut options = Vec::new();
        self.whole_options(id, side, &mut options);
        for option in options {
            let mut parts = Unvalued::new();
            let value = self.split(store, option, budget, &mut parts)?;
            out.push((parts, value));
        }
        Ok(())
    }

    /// The value of position `id` if it takes at most `budget` new
    /// positions.
    fn value_within(
        &mut self,
        store: &mut GameStore,
        id: usize,
        budget: usize,
    ) -> Result<Option<GameId>, ValueError>;

    /// Position `id` in the syntax its reader reads.
    fn write(&self, id: usize) -> String;

    /// How many positions have a value in the memo.
    fn positions(&self) -> usize;

    /// The numbers of the independent parts whose sum position `id` is
    /// (its game's `components`); none when it does not split.
    fn components(&mut self, id: usize, out: &mut Vec<usize>) {
        let _ = (id, out);
    }
    /// Whether the ruleset's positions are impartial, so that
    /// [`grundy_within`](Self::grundy_within) answers for them.
    fn impartial(&self) -> bool {
        false
    }

    /// Whether the reader bounds the whole Grundy search of every position
    /// it reads, before the search: the impartial heap rulesets, whose
    /// heaps up to the largest list at most
    /// [`heaps::MAX_OPTIONS`](crate::heaps::MAX_OPTIONS) options (about a
    /// second). The solver values such a position whole, as `eval` does,
    /// before it searches anything: a search of outcomes walks its options'
    /// sums of heaps, far more than the heaps themselves.
    fn grundy_bounded(&self) -> bool {
        false
    }

    /// The Grundy value of impartial position `id` if the memo has it
    /// already: a look-up, no search (`grundy_within` with no budget still
    /// makes the position's moves).
    fn grundy_known(&self, id: usize) -> Option<u64> {
        let _ = id;
        None
    }

    /// The Grundy value of impartial position `id` if the Grundy search
    /// finds it within about `budget` new positions; `None` past it, or for a ruleset that is not impartial.
    /// What the search found stays for the next call.
    ///
    /// # Errors
    /// [`ValueError::Interrupted`] when the store's interrupt check says to
    /// stop.
    fn grundy_within(
        &mut self,
        store: &mut GameStore,
        id: usize,
        budget: usize,
    ) -> Result<Option<u64>, ValueError> {
        let _ = (store, id, budget);
        Ok(None)
    }
}

/// [`GrundyMemo::grundy_within`] asking the store's interrupt check: the
/// value, `None` past `budget` new positions, or `Interrupted`.
pub(crate) fn grundy_within<G: ImpartialGame>(
    memo: &mut GrundyMemo<G>,
    store: &mut GameStore,
    position: &G::Position,
    budget: usize,
) -> Result<Option<u64>, ValueError> {
    let budget = u32::try_from(budget).unwrap_or(u32::MAX);
    let mut interrupted = false;
    let found = memo.grundy_within(position, budget, &mut || {
        interrupted = store.should_stop();
        interrupted
    });
    match found {
        Some(g) => Ok(Some(g.value())),
        None if interrupted => Err(ValueError::Interrupted),
        None => Ok(None),
    }
}

/// The most moves (Left's and Right's together) of a component that a
/// search with a finite budget tries to value.
pub const SMALL_MOVES: usize = 6;

/// The positions a memo read or met, kept by number, each once: the
/// numbers the solver and the variants speak of.
///
/// Each position is stored once, in `positions`; the table that finds a
/// position's number holds the number and half of the position's hash
/// (16 bytes), not the position again. A search keeps millions of
/// positions and looks up the number of every option it meets: a map
/// keyed by the positions held each twice, and its entries of up to 80
/// bytes (a Sheep board) made the table and its growth most of the
/// memory, the page faults and the cache misses of a search.
pub(crate) struct Kept<P> {
    positions: Vec<P>,
    ids: HashTable<(usize, u32)>,
}

/// A position's hash as kept beside its number: the high half of its Fx
/// product, the best mixed bits (Fx's `finish` turns them to the bottom).
fn tag<P: Hash>(position: &P) -> u32 {
    let mut hasher = FxHasher::default();
    position.hash(&mut hasher);
    (hasher.finish().rotate_right(26) >> 32) as u32
}

/// The hash the table places an entry of tag `tag` by: the table takes its
/// slot from the low bits and a check byte from the top ones, so the tag is
/// multiplied by an odd constant (which loses none of it) and the halves
/// of the product swapped, its high half, where every bit of the tag counts,
/// choosing the slot.
fn slot_hash(tag: u32) -> u64 {
    u64::from(tag)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(32)
}

impl<P: Clone + Eq + Hash> Kept<P> {
    pub(crate) fn new() -> Self {
        Kept {
            positions: Vec::new(),
            ids: HashTable::new(),
        }
    }

    /// Reads `argument` by `parse` and keeps it: its number.
    fn read(
        &mut self,
        parse: fn(&str) -> Result<P, ParseError>,
        argument: &str,
    ) -> Result<usize, ParseError> {
        let position = parse(argument)?;
        Ok(self.id(position))
    }

    /// The number of `position` (whose [`tag`] is `tag`), if it is kept.
    fn find(&self, position: &P, tag: u32) -> Option<usize> {
        let positions = &self.positions;
        self.ids
            .find(slot_hash(tag), |&(id, t)| {
                t == tag && positions[id] == *position
            })
            .map(|&(id, _)| id)
    }

    /// The number of `position`, kept now if it was not.
    pub(crate) fn id(&mut self, position: P) -> usize {
        let tag = tag(&position);
        match self.find(&position, tag) {
            Some(id) => id,
            None => self.insert(position, tag),
        }
    }

    /// Keeps `position` (whose [`tag`] is `tag`), which is not kept yet:
    /// its number.
    fn insert(&mut self, position: P, tag: u32) -> usize {
        let id = self.positions.len();
        self.positions.push(position);
        self.ids
            .insert_unique(slot_hash(tag), (id, tag), |&(_, t)| slot_hash(t));
        id
    }

    /// The numbers of the positions `list` gives of position `id` (its
    /// options, or its components), each kept.
    fn list(&mut self, id: usize, list: impl FnOnce(&P, &mut Vec<P>), out: &mut Vec<usize>) {
        let mut listed = Vec::new();
        list(&self.positions[id], &mut listed);
        out.extend(listed.into_iter().map(|p| self.id(p)));
    }
}

impl<P: fmt::Display> Kept<P> {
    /// Position `id` as the ruleset writes it.
    fn write(&self, id: usize) -> String {
        self.positions[id].to_string()
    }
}

/// The value of `position` as a search of `budget` new positions tries
/// it: a value already known or given by the game's formula, always;
/// else unbounded (`usize::MAX`), a search; with no budget (0), nothing
/// more; with a finite one, a search of a position of at most
/// [`SMALL_MOVES`] moves (a failed try costs the budget, and big values
/// slow the sums).
pub(crate) fn value_if_small<G: PartizanGame>(
    memo: &mut ValueMemo<G>,
    store: &mut GameStore,
    position: &G::Position,
    budget: usize,
) -> Result<Option<GameId>, ValueError> {
    // What is known or given by a rule first: counting the moves makes
    // them all, and most parts a search meets are known or too big.
    if let Some(value) = memo.known_or_formula(store, position)? {
        return Ok(Some(value));
    }
    let small =
        budget == usize::MAX || budget > 0 && !memo.game().more_moves_than(position, SMALL_MOVES);
    if small {
        memo.value_within(store, position, budget)
    } else {
        Ok(None)
    }
}

/// The value `*g` of `position`, `g` its Grundy value: one search however
/// long, stopped only by the store's interrupt check (Ctrl-C in Python);
/// what it found stays for the next call.
pub(crate) fn nimber_until<G: ImpartialGame>(
    memo: &mut GrundyMemo<G>,
    store: &mut GameStore,
    position: &G::Position,
) -> Result<GameId, ValueError> {
    let g = memo
        .grundy_until(position, &mut || store.should_stop())
        .ok_or(ValueError::Interrupted)?;
    Ok(store.nimber(g.value()))
}

/// A partizan ruleset valued by canonical forms.
struct PartizanMemo<G: PartizanGame> {
    memo: ValueMemo<G>,
    parse: fn(&str) -> Result<G::Position, ParseError>,
    kept: Kept<G::Position>,
    /// Whether each kept position (by number) is one whose value did not
    /// come within a search's budget: a vector, as the search asks it of
    /// every part of every option.
    too_big: Vec<bool>,
    scratch: Vec<G::Position>,
    /// The components of the position being split, kept between calls.
    components: Vec<G::Position>,
    /// The steps of work one value may take ([`GameStore::with_work_limit`]),
    /// for rulesets whose canonical forms grow without a bound the position
    /// shows ([`partizan_within`]); `None`: no limit.
    work_limit: Option<u64>,
}

pub(crate) fn partizan<G>(
    game: G,
    parse: fn(&str) -> Result<G::Position, ParseError>,
) -> Box<dyn RulesetMemo>
where
    G: PartizanGame + Send + 'static,
    G::Position: fmt::Display + Send,
{
    Box::new(partizan_memo(game, parse))
}

/// [`partizan`], each value (and each value a search asks for) within
/// `limit` steps of work ([`GameStore::with_work_limit`]): past it, the
/// one line of [`ValueError::TooMuchWork`] instead of a run that does not
/// end. For rulesets whose values grow with a number in the position in a
/// way its rules do not bound: partizan heap games, whose canonical forms
/// can double every few tokens (`partizan_splittles(200;[10,6],[8,11])`
/// took 7 s, 201 would take twice that, 959 for ever).
pub(crate) fn partizan_within<G>(
    game: G,
    parse: fn(&str) -> Result<G::Position, ParseError>,
    limit: u64,
) -> Box<dyn RulesetMemo>
where
    G: PartizanGame + Send + 'static,
    G::Position: fmt::Display + Send,
{
    let mut memo = partizan_memo(game, parse);
    memo.work_limit = Some(limit);
    Box::new(memo)
}

fn partizan_memo<G: PartizanGame>(
    game: G,
    parse: fn(&str) -> Result<G::Position, ParseError>,
) -> PartizanMemo<G> {
    PartizanMemo {
        memo: ValueMemo::new(game),
        parse,
        kept: Kept::new(),
        too_big: Vec::new(),
        scratch: Vec::new(),
        components: Vec::new(),
        work_limit: None,
    }
}

/// `f` on the store, within `limit` steps of work when there is one.
fn within<R>(store: &mut GameStore, limit: Option<u64>, f: impl FnOnce(&mut GameStore) -> R) -> R {
    match limit {
        Some(limit) => store.with_work_limit(limit, f),
        None => f(store),
    }
}

impl<G: PartizanGame> PartizanMemo<G> {
    /// [`Term::split`] of a position not necessarily kept.
    fn split_position(
        &mut self,
        store: &mut GameStore,
        position: G::Position,
        budget: usize,
        parts: &mut Unvalued,
    ) -> Result<GameId, ValueError> {
        let mut components = std::mem::take(&mut self.components);
        components.clear();
        self.memo.game().components(&position, &mut components);
        if components.is_empty() {
            components.push(position);
        }
        let mut value = store.zero();
        for component in components.drain(..) {
            let tag = tag(&component);
            let known_id = self.kept.find(&component, tag);
            if let Some(id) = known_id
                && self.too_big.get(id) == Some(&true)
            {
                parts.push(id);
                continue;
            }
            let memo = &mut self.memo;
            let value_of = within(store, self.work_limit, |store| {
                value_if_small(memo, store, &component, budget)
            })?;
            match value_of {
                Some(v) => value = store.add(value, v)?,
                None => {
                    let id = known_id.unwrap_or_else(|| self.kept.insert(component, tag));
                    if self.too_big.len() <= id {
                        self.too_big.resize(id + 1, false);
                    }
                    self.too_big[id] = true;
                    parts.push(id);
                }
            }
        }
        self.components = components;
        Ok(value)
    }
}

impl<G> RulesetMemo for PartizanMemo<G>
where
    G: PartizanGame + Send,
    G::Position: fmt::Display + Send,
{
    fn value(&mut self, store: &mut GameStore, argument: &str) -> Result<GameId, TermError> {
        let position = (self.parse)(argument).map_err(TermError::Position)?;
        let memo = &mut self.memo;
        within(store, self.work_limit, |store| memo.value(store, &position))
            .map_err(TermError::Value)
    }

    fn read(&mut self, argument: &str) -> Result<usize, ParseError> {
        self.kept.read(self.parse, argument)
    }

    fn whole_options(&mut self, id: usize, side: Side, out: &mut Vec<usize>) {
        let mut options = std::mem::take(&mut self.scratch);
        options.clear();
        self.memo
            .game()
            .options(&self.kept.positions[id], side, &mut options);
        out.extend(options.drain(..).map(|o| self.kept.id(o)));
        self.scratch = options;
    }

    fn whole_options_in(
        &mut self,
        id: usize,
        side: Side,
        from: usize,
        count: usize,
        out: &mut Vec<usize>,
    ) {
        let mut options = std::mem::take(&mut self.scratch);
        options.clear();
        (self.memo.game()).options_in(&self.kept.positions[id], side, from, count, &mut options);
        out.extend(options.drain(..).map(|o| self.kept.id(o)));
        self.scratch = options;
    }

    fn split(
        &mut self,
        store: &mut GameStore,
        id: usize,
        budget: usize,
        parts: &mut Unvalued,
    ) -> Result<GameId, ValueError> {
        let position = self.kept.positions[id].clone();
        self.split_position(store, position, budget, parts)
    }

    fn options(
        &mut self,
        store: &mut GameStore,
        id: usize,
        side: Side,
        budget: usize,
        out: &mut Vec<(Unvalued, GameId)>,
    ) -> Result<(), ValueError> {
        let mut options = Vec::new();
        self.memo
            .game()
            .options(&self.kept.positions[id], side, &mut options);
        for option in options {
            let mut parts = Unvalued::new();
            let value = self.split_position(store, option, budget, &mut parts)?;
            out.push((parts, value));
        }
        Ok(())
    }

    fn value_within(
        &mut self,
        store: &mut GameStore,
        id: usize,
        budget: usize,
    ) -> Result<Option<GameId>, ValueError> {
        let position = self.kept.positions[id].clone();
        let memo = &mut self.memo;
        within(store, self.work_limit, |store| {
            memo.value_within(store, &position, budget)
        })
    }

    fn write(&self, id: usize) -> String {
        self.kept.write(id)
    }

    fn positions(&self) -> usize {
        self.memo.len()
    }

    fn components(&mut self, id: usize, out: &mut Vec<usize>) {
        let game = self.memo.game();
        self.kept
            .list(id, |p, parts| game.components(p, parts), out);
    }
}

/// Toppling Dominoes: a whole row is valued by [`RowValues`], which keeps
/// one id per stretch of the row where a [`ValueMemo`] keeps a copy of
/// each stretch too (a row of 2500 dominoes has 3 million stretches); the
/// moves, and the parts the solver splits off, are [`PartizanMemo`]'s.
pub(crate) struct TopplingMemo {
    inner: PartizanMemo<Toppling>,
    /// The rows valued, in the store of `token`.
    rows: FxHashMap<Dominoes, GameId>,
    token: Option<u64>,
    /// The row being valued in steps (by `value_within`), as far as it got.
    pending: Option<(Dominoes, RowValues)>,
}

impl TopplingMemo {
    pub(crate) fn new() -> Self {
        TopplingMemo {
            inner: partizan_memo(Toppling, Toppling::parse),
            rows: FxHashMap::default(),
            token: None,
            pending: None,
        }
    }

    /// The value of `row` if it takes at most `budget` stretches of two
    /// colours more.
    fn row_value(
        &mut self,
        store: &mut GameStore,
        row: &Dominoes,
        budget: usize,
    ) -> Result<Option<GameId>, ValueError> {
        if self.token != Some(store.token()) {
            self.rows.clear();
            self.token = Some(store.token());
        }
        if let Some(&value) = self.rows.get(row) {
            return Ok(Some(value));
        }
        if let Some(value) = row.monochrome_value(store) {
            return Ok(Some(value));
        }
        let values = match &mut self.pending {
            Some((pending, values)) if pending == row => values,
            pending => &mut pending.insert((row.clone(), RowValues::new(row))).1,
        };
        let value = values.advance(store, budget)?;
        if let Some(value) = value {
            self.rows.insert(row.clone(), value);
            self.pending = None;
        }
        Ok(value)
    }
}

impl RulesetMemo for TopplingMemo {
    fn value(&mut self, store: &mut GameStore, argument: &str) -> Result<GameId, TermError> {
        let row = Toppling::parse(argument).map_err(TermError::Position)?;
        let value = self
            .row_value(store, &row, usize::MAX)
            .map_err(TermError::Value)?;
        Ok(value.expect("an unbounded search ends with the value"))
    }

    fn read(&mut self, argument: &str) -> Result<usize, ParseError> {
        self.inner.read(argument)
    }

    fn whole_options(&mut self, id: usize, side: Side, out: &mut Vec<usize>) {
        self.inner.whole_options(id, side, out);
    }

    fn whole_options_in(
        &mut self,
        id: usize,
        side: Side,
        from: usize,
        count: usize,
        out: &mut Vec<usize>,
    ) {
        self.inner.whole_options_in(id, side, from, count, out);
    }

    fn split(
        &mut self,
        store: &mut GameStore,
        id: usize,
        budget: usize,
        parts: &mut Unvalued,
    ) -> Result<GameId, ValueError> {
        self.inner.split(store, id, budget, parts)
    }

    fn options(
        &mut self,
        store: &mut GameStore,
        id: usize,
        side: Side,
        budget: usize,
        out: &mut Vec<(Unvalued, GameId)>,
    ) -> Result<(), ValueError> {
        self.inner.options(store, id, side, budget, out)
    }

    fn value_within(
        &mut self,
        store: &mut GameStore,
        id: usize,
        budget: usize,
    ) -> Result<Option<GameId>, ValueError> {
        let row = self.inner.kept.positions[id].clone();
        self.row_value(store, &row, budget)
    }

    fn write(&self, id: usize) -> String {
        self.inner.write(id)
    }

    /// The stretches of rows valued by rule are not counted: only what
    /// the memo searched, and the rows.
    fn positions(&self) -> usize {
        self.inner.positions() + self.rows.len()
    }

    fn components(&mut self, id: usize, out: &mut Vec<usize>) {
        self.inner.components(id, out);
    }
}

/// An impartial ruleset valued by the Grundy search: its value is `*g`.
struct ImpartialMemo<G: ImpartialGame> {
    memo: GrundyMemo<G>,
    parse: fn(&str) -> Result<G::Position, ParseError>,
    kept: Kept<G::Position>,
    /// [`RulesetMemo::grundy_bounded`]: the reader bounds the search.
    bounded: bool,
}

impl<G: ImpartialGame> ImpartialMemo<G> {
    /// The value `*g` of `position`, `g` its Grundy value.
    fn nimber(&mut self, store: &mut GameStore, position: &G::Position) -> GameId {
        store.nimber(self.memo.grundy(position).value())
    }
}

/// The memo of an impartial ruleset, for the [registry](crate::registry).
pub(crate) fn impartial<G>(
    game: G,
    parse: fn(&str) -> Result<G::Position, ParseError>,
) -> Box<dyn RulesetMemo>
where
    G: ImpartialGame + Send + 'static,
    G::Position: fmt::Display + Send,
{
    impartial_memo(game, parse, false)
}

/// The memo of an impartial heap ruleset, for the
/// [registry](crate::registry): [`impartial`], for a ruleset whose reader
/// bounds the Grundy search of every position it reads
/// ([`heaps`](crate::heaps)), so that its positions are valued whole
/// before any search ([`RulesetMemo::grundy_bounded`]).
pub(crate) fn impartial_heaps<G>(
    game: G,
    parse: fn(&str) -> Result<G::Position, ParseError>,
) -> Box<dyn RulesetMemo>
where
    G: ImpartialGame + Send + 'static,
    G::Position: fmt::Display + Send,
{
    impartial_memo(game, parse, true)
}

fn impartial_memo<G>(
    game: G,
    parse: fn(&str) -> Result<G::Position, ParseError>,
    bounded: bool,
) -> Box<dyn RulesetMemo>
where
    G: ImpartialGame + Send + 'static,
    G::Position: fmt::Display + Send,
{
    Box::new(ImpartialMemo {
        memo: GrundyMemo::new(game),
        parse,
        kept: Kept::new(),
        bounded,
    })
}

impl<G> RulesetMemo for ImpartialMemo<G>
where
    G: ImpartialGame + Send,
    G::Position: fmt::Display + Send,
{
    fn value(&mut self, store: &mut GameStore, argument: &str) -> Result<GameId, TermError> {
        let position = (self.parse)(argument).map_err(TermError::Position)?;
        Ok(self.nimber(store, &position))
    }

    fn read(&mut self, argument: &str) -> Result<usize, ParseError> {
        self.kept.read(self.parse, argument)
    }

    fn whole_options(&mut self, id: usize, _: Side, out: &mut Vec<usize>) {
        let game = self.memo.game();
        self.kept
            .list(id, |p, options| game.options(p, options), out);
    }

    /// Impartial positions are always valued: the Grundy search is far
    /// cheaper than a search of the sum.
    fn split(
        &mut self,
        store: &mut GameStore,
        id: usize,
        _: usize,
        _: &mut Unvalued,
    ) -> Result<GameId, ValueError> {
        let position = self.kept.positions[id].clone();
        Ok(self.nimber(store, &position))
    }

    fn options(
        &mut self,
        store: &mut GameStore,
        id: usize,
        _: Side,
        _: usize,
        out: &mut Vec<(Unvalued, GameId)>,
    ) -> Result<(), ValueError> {
        let mut options = Vec::new();
        self.memo
            .game()
            .options(&self.kept.positions[id], &mut options);
        for option in options {
            out.push((Unvalued::new(), self.nimber(store, &option)));
        }
        Ok(())
    }

    fn value_within(
        &mut self,
        store: &mut GameStore,
        id: usize,
        _: usize,
    ) -> Result<Option<GameId>, ValueError> {
        let position = self.kept.positions[id].clone();
        nimber_until(&mut self.memo, store, &position).map(Some)
    }

    fn write(&self, id: usize) -> String {
        self.kept.write(id)
    }

    fn positions(&self) -> usize {
        self.memo.len()
    }

    fn components(&mut self, id: usize, out: &mut Vec<usize>) {
        let game = self.memo.game();
        self.kept
            .list(id, |p, parts| game.components(p, parts), out);
    }
    fn impartial(&self) -> bool {
        true
    }

    fn grundy_bounded(&self) -> bool {
        self.bounded
    }

    fn grundy_known(&self, id: usize) -> Option<u64> {
        self.memo.known(&self.kept.positions[id]).map(|g| g.value())
    }

    fn grundy_within(
        &mut self,
        store: &mut GameStore,
        id: usize,
        budget: usize,
    ) -> Result<Option<u64>, ValueError> {
        let position = self.kept.positions[id].clone();
        grundy_within(&mut self.memo, store, &position, budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A position whose hash is only its value modulo 7: many share a tag,
    /// so the table must tell them apart by the positions themselves.
    #[derive(Clone, PartialEq, Eq, Debug)]
    struct Clashing(u32);

    impl Hash for Clashing {
        fn hash<H: Hasher>(&self, state: &mut H) {
            (self.0 % 7).hash(state);
        }
    }

    /// Every position keeps the number it was given first, through the
    /// table's growth, and one never kept has none.
    #[test]
    fn kept_positions_keep_their_numbers() {
        let mut kept = Kept::new();
        for n in 0..20_000u64 {
            assert_eq!(kept.id(n * 3), n as usize);
        }
        for n in 0..20_000u64 {
            assert_eq!(kept.id(n * 3), n as usize, "{n}");
            let absent = n * 3 + 1;
            assert_eq!(kept.find(&absent, tag(&absent)), None, "{n}");
        }
        assert_eq!(kept.positions.len(), 20_000);

        let mut clashing = Kept::new();
        for n in 0..300 {
            assert_eq!(clashing.insert(Clashing(n), tag(&Clashing(n))), n as usize);
        }
        for n in 0..300 {
            let position = Clashing(n);
            assert_eq!(
                clashing.find(&position, tag(&position)),
                Some(n as usize),
                "{n}"
            );
            assert_eq!(clashing.id(Clashing(n)), n as usize, "{n}");
        }
        let absent = Clashing(300);
        assert_eq!(clashing.find(&absent, tag(&absent)), None);
    }
}
