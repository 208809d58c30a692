//! The simplest form of a stopper, and the store that keeps each once.
//!
//! Every stopper equals exactly one stopper in *simplest form*, up to the
//! names of its positions: no two positions equal, no dominated option and
//! no reversible one (Siegel, *Combinatorial Game Theory*, VI.3, after
//! Conway, "Loopy games", 1978). The simplest form is reached by fusing
//! equal positions, removing dominated options and bypassing reversible
//! ones, each step keeping the value of every position, until none
//! applies. Its positions are then named canonically (colour refinement,
//! which separates every two positions once no two are equal), so equal
//! stoppers give equal graphs, interned once in a [`StopperStore`].

use super::{Graph, LoopyError};
use crate::canonical::{GameId, GameStore};
use crate::outcome::Side;
use rustc_hash::FxHashMap;

/// A stopper in simplest form: the graph, named canonically, of the
/// positions reachable from its start, which is position 0.
pub type SimplestForm = Graph;

impl Graph {
    /// The simplest form of the stopper at `start`.
    ///
    /// # Example
    /// `{pass|0}` with a dominated `-1` beside the pass is `under`'s
    /// simplest form: one position passing, one `0`.
    /// ```
    /// use cgt_core::loopy_partizan::Graph;
    /// use cgt_core::outcome::Side;
    /// let mut graph = Graph::new();
    /// let (g, zero, minus_one) = (graph.add_position(), graph.add_position(), graph.add_position());
    /// graph.add_move(g, Side::Left, g);
    /// graph.add_move(g, Side::Left, minus_one);
    /// graph.add_move(g, Side::Right, zero);
    /// graph.add_move(minus_one, Side::Right, zero);
    /// let simplest = graph.simplest_form(g)?;
    /// assert_eq!(simplest.len(), 2);
    /// assert_eq!(simplest.moves(0, Side::Left), [0]);
    /// # Ok::<(), cgt_core::loopy_partizan::LoopyError>(())
    /// ```
    ///
    /// # Errors
    /// [`LoopyError::NotStopper`] if play can alternate forever from a
    /// position reachable from `start`; [`LoopyError::TooLarge`] if the
    /// reachable part has more than
    /// [`MAX_ORDER_POSITIONS`](super::MAX_ORDER_POSITIONS) positions.
    ///
    /// # Complexity
    /// Each round is one [`Graph::order`]; every round but the last makes
    /// the graph simpler.
    pub fn simplest_form(&self, start: u32) -> Result<SimplestForm, LoopyError> {
        self.simplest_form_charged(start, &mut |_| Ok(()))
    }

    /// [`Graph::simplest_form`], each round's order charged to `charge`
    /// (its steps, [`Graph::order_work`]) before it is made: the rounds
    /// are as many as the simplifications, so only their sum is bounded.
    pub(super) fn simplest_form_charged(
        &self,
        start: u32,
        charge: &mut dyn FnMut(u64) -> Result<(), LoopyError>,
    ) -> Result<SimplestForm, LoopyError> {
        if !self.is_stopper(start) {
            return Err(LoopyError::NotStopper);
        }
        let mut g = self.restricted(start);
        loop {
            charge(g.order_work().saturating_mul(ORDER_STEP_COST))?;
            let order = g.order()?;
            let n = g.len() as u32;
            let mut next = g.clone();
            let mut changed = false;
            for v in 0..n {
                for side in [Side::Left, Side::Right] {
                    let better = |a: u32, b: u32| match side {
                        Side::Left => order.le(a, b),
                        Side::Right => order.le(b, a),
                    };
                    let options = g.moves(v, side);
                    let kept: Vec<u32> = options
                        .iter()
                        .copied()
                        // Of equal options the first stays.
                        .filter(|&a| {
                            !options
                                .iter()
                                .any(|&b| b != a && better(a, b) && (!better(b, a) || b < a))
                        })
                        .collect();
                    // A Left option reverses through a Right option of its
                    // own that is <= v (and symmetrically for Right): Left's
                    // options from there replace it.
                    let mut bypassed = Vec::with_capacity(kept.len());
                    for &a in &kept {
                        let reversing = g.moves(a, side.opponent()).iter().find(|&&r| better(r, v));
                        match reversing {
                            Some(&r) => bypassed.extend_from_slice(g.moves(r, side)),
                            None => bypassed.push(a),
                        }
                    }
                    bypassed.sort_unstable();
                    bypassed.dedup();
                    if bypassed != options {
                        changed = true;
                        next.set_moves(v, side, bypassed);
                    }
                }
            }
            if !changed {
                // Equal positions fused into the first of them, only once
                // no option is dominated or reversible: before that,
                // fusing could close a cycle of alternating play (in
                // `a{b|a}` with `b = {a|}`, both `on`, fusing makes `dud`;
                // bypassing Right's pass first makes `on`).
                let first_equal: Vec<u32> = (0..n)
                    .map(|v| (0..=v).find(|&u| order.eq(u, v)).unwrap_or(v))
                    .collect();
                if first_equal
                    .iter()
                    .enumerate()
                    .all(|(v, &u)| u as usize == v)
                {
                    break;
                }
                g = g.mapped(&first_equal);
                debug_assert!(
                    g.is_stopper(0),
                    "fusing a stopper without dominated or reversible options"
                );
                continue;
            }
            g = next.restricted(0);
            debug_assert!(g.is_stopper(0), "simplification keeps a stopper a stopper");
        }
        g.canonically_named_charged(charge)
    }

    /// Every position `v` replaced by `map[v]`, then restricted to what
    /// `map[0]` reaches.
    fn mapped(&self, map: &[u32]) -> Graph {
        let mut out = Graph::new();
        for _ in 0..self.len() {
            out.add_position();
        }
        for v in 0..self.len() as u32 {
            for side in [Side::Left, Side::Right] {
                let moves = self
                    .moves(v, side)
                    .iter()
                    .map(|&w| map[w as usize])
                    .collect();
                let target = map[v as usize];
                let mut merged: Vec<u32> = out.moves(target, side).to_vec();
                merged.extend::<Vec<u32>>(moves);
                out.set_moves(target, side, merged);
            }
        }
        out.restricted(map[0])
    }

    /// The graph (every position reachable from 0, no two equal) with its
    /// positions named canonically: colour refinement gives every position
    /// a colour that depends only on the game, then a breadth-first search
    /// from 0 taking moves in order of colour numbers the positions.
    pub(super) fn canonically_named(&self) -> Graph {
        match self.canonically_named_charged(&mut |_| Ok(())) {
            Ok(g) => g,
            Err(_) => unreachable!("a charge that cannot fail"),
        }
    }

    /// [`Graph::canonically_named`], each round of refinement charged to
    /// `charge` before it is made: the rounds are as many as the
    /// positions, and each sorts the signatures of them all (a form of
    /// `*1902`'s positions took minutes, uncounted).
    ///
    /// # Errors
    /// As `charge`.
    pub(super) fn canonically_named_charged(
        &self,
        charge: &mut dyn FnMut(u64) -> Result<(), LoopyError>,
    ) -> Result<Graph, LoopyError> {
        let n = self.len();
        let moves: u64 = (0..n as u32)
            .map(|v| (self.moves(v, Side::Left).len() + self.moves(v, Side::Right).len()) as u64)
            .sum();
        // A sort of the signatures: each colour of them compared in about
        // log n of the comparisons (signatures of nimbers are prefixes of
        // each other, so a comparison reads them whole).
        let round_work = (n as u64 + moves)
            .saturating_mul(u64::from(usize::BITS - n.leading_zeros()))
            .saturating_mul(NAMING_STEP_COST);
        let mut colour = vec![0_u32; n];
        let mut count = 1;
        loop {
            charge(round_work)?;
            let signature = |v: usize| {
                let side_colours = |side| {
                    let mut c: Vec<u32> = self
                        .moves(v as u32, side)
                        .iter()
                        .map(|&w| colour[w as usize])
                        .collect();
                    c.sort_unstable();
                    c.dedup();
                    c
                };
                (
                    colour[v],
                    side_colours(Side::Left),
                    side_colours(Side::Right),
                )
            };
            let signatures: Vec<_> = (0..n).map(signature).collect();
            let mut distinct = signatures.clone();
            distinct.sort();
            distinct.dedup();
            let rank: FxHashMap<_, u32> = distinct.into_iter().zip(0..).collect();
            colour = signatures.iter().map(|s| rank[s]).collect();
            if rank.len() == count {
                break;
            }
            count = rank.len();
        }
        debug_assert_eq!(
            count, n,
            "positions that refinement cannot tell apart are equal and fused"
        );
        // Number the positions in breadth-first order from 0, moves sorted
        // by colour.
        let mut index = vec![u32::MAX; n];
        let mut order = vec![0_u32];
        index[0] = 0;
        let mut i = 0;
        while let Some(&v) = order.get(i) {
            i += 1;
            for side in [Side::Left, Side::Right] {
                let mut moves = self.moves(v, side).to_vec();
                moves.sort_unstable_by_key(|&w| colour[w as usize]);
                for w in moves {
                    if index[w as usize] == u32::MAX {
                        index[w as usize] = order.len() as u32;
                        order.push(w);
                    }
                }
            }
        }
        let mut out = Graph::new();
        for _ in 0..order.len() {
            out.add_position();
        }
        for (new, &old) in order.iter().enumerate() {
            for side in [Side::Left, Side::Right] {
                let moves = self
                    .moves(old, side)
                    .iter()
                    .map(|&w| index[w as usize])
                    .collect();
                out.set_moves(new as u32, side, moves);
            }
        }
        Ok(out)
    }
}

/// The name of a stopper in a [`StopperStore`]; equal stoppers have equal
/// ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StopperId(u32);

/// Stoppers in simplest form, each kept once and named by a
/// [`StopperId`], as [`GameStore`] keeps short games.
///
/// # Example
/// `{0|pass}` twice, once with a dominated option: the same stopper.
/// ```
/// use cgt_core::loopy_partizan::{Graph, StopperStore};
/// use cgt_core::outcome::Side;
/// let mut graph = Graph::new();
/// let (a, b, zero, minus_one) =
///     (graph.add_position(), graph.add_position(), graph.add_position(), graph.add_position());
/// graph.add_move(a, Side::Left, zero);
/// graph.add_move(a, Side::Right, a);
/// graph.add_move(b, Side::Left, zero);
/// graph.add_move(b, Side::Left, minus_one);
/// graph.add_move(b, Side::Right, b);
/// graph.add_move(minus_one, Side::Right, zero);
/// let mut stoppers = StopperStore::new();
/// assert_eq!(stoppers.stopper(&graph, a)?, stoppers.stopper(&graph, b)?);
/// # Ok::<(), cgt_core::loopy_partizan::LoopyError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopperStore {
    forms: Vec<SimplestForm>,
    ids: FxHashMap<SimplestForm, StopperId>,
    /// Asked between the steps of a long search for sides: `true` stops
    /// it with [`LoopyError::Interrupted`].
    interrupt: Option<fn() -> bool>,
    /// Short games met in graphs (positions with no cycle below), valued
    /// here as short games rather than by the order of a graph.
    pub(super) shorts: GameStore,
    /// The stopper of each short game of `shorts` made one.
    pub(super) short_ids: FxHashMap<GameId, StopperId>,
    /// The work of the computation under way, checked against
    /// [`MAX_LOOPY_WORK`] before each step that costs.
    work: Work,
}

/// The most steps of work one loopy computation may take: a value read,
/// a game's sides or simplest form, a sum, everything they ask for
/// together. A step is a pair of positions with a move, in an order of
/// positions ([`Graph::order`]), a state of a side comparison, or an
/// option compared while a short game is made. Every part is charged
/// before it is done; past the limit the computation stops with
/// [`LoopyError::TooCostly`]. Each kind of step is weighed so that 2^30
/// take about ten seconds: well past what the valuing of one game took
/// before the limit (`backsliding(tt.t..ff)`, `on` in 2^28.6 steps).
pub const MAX_LOOPY_WORK: u64 = 1 << 30;

/// The limit of work in force: [`MAX_LOOPY_WORK`], or a lower one from the
/// environment variable `CGT_MAX_LOOPY_WORK` (a whole number of steps, read
/// once). Tests of what happens past the limit set it, so that each
/// reaches the limit in a fraction of a second rather than ten seconds; a
/// value that is not a number, or is above the default, is ignored: the
/// limit only ever goes down, never past what was measured to be safe.
pub fn max_loopy_work() -> u64 {
    static LIMIT: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *LIMIT.get_or_init(|| {
        std::env::var("CGT_MAX_LOOPY_WORK")
            .ok()
            .and_then(|text| text.trim().parse::<u64>().ok())
            .map_or(MAX_LOOPY_WORK, |limit| limit.min(MAX_LOOPY_WORK))
    })
}

/// The steps charged for each colour of a signature sorted in a round of
/// [`Graph::canonically_named_charged`] (copied, sorted, compared).
const NAMING_STEP_COST: u64 = 2;

/// The steps charged for each step of an order ([`Graph::order_work`]):
/// its retrograde analysis touches a table of every pair of positions,
/// slower per step than the searches the other steps count.
const ORDER_STEP_COST: u64 = 2;

/// The steps charged since the outermost call of the store began, and how
/// deep the calls of the store that charge are nested now.
#[derive(Clone, Copy, Debug, Default)]
struct Work {
    spent: u64,
    depth: u32,
}

impl StopperStore {
    /// Sets (or clears) the check asked between the steps of a long search
    /// for sides ([`StopperStore::value`]); when it says `true` the search
    /// stops with [`LoopyError::Interrupted`], every value made so far kept.
    ///
    /// Setting it starts the count of work anew (see [`MAX_LOOPY_WORK`]):
    /// a front end sets it before each computation, so that one stopped
    /// half-way (by a panic caught in Python) leaves nothing charged.
    pub fn set_interrupt(&mut self, check: Option<fn() -> bool>) {
        self.interrupt = check;
        self.work = Work::default();
    }

    /// `Err(Interrupted)` if the check of [`StopperStore::set_interrupt`]
    /// says to stop.
    pub(crate) fn interrupted(&self) -> Result<(), LoopyError> {
        match self.interrupt {
            Some(check) if check() => Err(LoopyError::Interrupted),
            _ => Ok(()),
        }
    }

    /// The check of [`StopperStore::set_interrupt`], to give another
    /// store the same.
    pub fn interrupt(&self) -> Option<fn() -> bool> {
        self.interrupt
    }

    /// Charges `steps` of work to the computation under way: `Err` if that
    /// passes [`max_loopy_work`] (nothing is charged then), or if the check
    /// of [`StopperStore::set_interrupt`] says to stop.
    pub(crate) fn charge(&mut self, steps: u64) -> Result<(), LoopyError> {
        self.interrupted()?;
        let spent = self.work.spent.saturating_add(steps);
        let limit = max_loopy_work();
        if spent > limit {
            return Err(LoopyError::TooCostly { work: spent, limit });
        }
        self.work.spent = spent;
        Ok(())
    }

    /// Runs `f` as part of the computation under way, or as a new one (its
    /// work counted from 0) when no call of the store is under way: the
    /// calls a computation makes of the store's public functions share its
    /// limit.
    pub(crate) fn metered<T, E>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, E>,
    ) -> Result<T, E> {
        if self.work.depth == 0 {
            self.work.spent = 0;
        }
        self.work.depth += 1;
        let result = f(self);
        self.work.depth -= 1;
        result
    }

    /// The stopper at `start` of a graph of a few positions (`on`,
    /// `under`), outside the computation under way: neither charged to it
    /// nor stopped by the check of [`StopperStore::set_interrupt`], so that
    /// it cannot fail for a stopper.
    pub(crate) fn small_stopper(
        &mut self,
        graph: &Graph,
        start: u32,
    ) -> Result<StopperId, LoopyError> {
        let (interrupt, work) = (self.interrupt.take(), self.work);
        self.work = Work::default();
        let result = self.stopper(graph, start);
        (self.interrupt, self.work) = (interrupt, work);
        result
    }

    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of stoppers kept.
    pub fn len(&self) -> usize {
        self.forms.len()
    }

    /// Whether no stopper is kept.
    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }

    /// The stopper at `start` in `graph`, in simplest form.
    ///
    /// # Errors
    /// As [`Graph::simplest_form`], except that only each strongly
    /// connected component, with the simplest forms it moves to, needs to
    /// fit [`MAX_ORDER_POSITIONS`](super::MAX_ORDER_POSITIONS).
    pub fn stopper(&mut self, graph: &Graph, start: u32) -> Result<StopperId, LoopyError> {
        if !graph.is_stopper(start) {
            return Err(LoopyError::NotStopper);
        }
        // One strongly connected component at a time: only a component and
        // the forms it moves to need to fit the order's limit.
        let graph = graph.restricted(start);
        self.metered(|stoppers| {
            let values =
                stoppers.component_values(&graph, &vec![true; graph.len()], &|v| v == 0)?;
            Ok(values[0].expect("position 0 is kept"))
        })
    }

    pub(super) fn intern(&mut self, form: SimplestForm) -> StopperId {
        if let Some(&id) = self.ids.get(&form) {
            return id;
        }
        let id = StopperId(u32::try_from(self.forms.len()).expect("fewer than 2^32 stoppers"));
        self.forms.push(form.clone());
        self.ids.insert(form, id);
        id
    }

    /// The short game `g` as a stopper.
    ///
    /// # Errors
    /// As [`Graph::simplest_form`]: a short game with too many
    /// subpositions is [`LoopyError::TooLarge`].
    pub fn short(&mut self, store: &mut GameStore, g: GameId) -> Result<StopperId, LoopyError> {
        let mut graph = Graph::new();
        let limit = super::MAX_READ_POSITIONS;
        let start = graph
            .add_short_within(store, g, limit)
            .ok_or(LoopyError::TooLarge {
                positions: limit + 1,
                limit,
            })?;
        self.stopper(&graph, start)
    }

    /// The simplest form of `s`: its start is position 0.
    pub fn form(&self, s: StopperId) -> &SimplestForm {
        &self.forms[s.0 as usize]
    }

    /// `s` as a short game, if its graph has no cycle.
    pub fn to_short(&self, s: StopperId, store: &mut GameStore) -> Option<GameId> {
        let form = self.form(s);
        let n = form.len();
        // Positions in an order where each comes after its options: the
        // reverse of the order in which a depth-first search finishes them,
        // on an explicit stack; a position met again while still open is a
        // cycle.
        let mut state = vec![0_u8; n]; // 0 new, 1 open, 2 done
        let mut value: Vec<Option<GameId>> = vec![None; n];
        let mut stack = vec![(0_u32, false)];
        while let Some((v, closing)) = stack.pop() {
            if closing {
                let options = |side| -> Vec<GameId> {
                    form.moves(v, side)
                        .iter()
                        .map(|&w| value[w as usize].expect("options first"))
                        .collect()
                };
                let (left, right) = (options(Side::Left), options(Side::Right));
                value[v as usize] = Some(store.game(&left, &right).ok()?);
                state[v as usize] = 2;
                continue;
            }
            match state[v as usize] {
                2 => continue,
                1 => return None,
                _ => {}
            }
            state[v as usize] = 1;
            stack.push((v, true));
            for side in [Side::Left, Side::Right] {
                for &w in form.moves(v, side) {
                    match state[w as usize] {
                        1 => return None,
                        0 => stack.push((w, false)),
                        _ => {}
                    }
                }
            }
        }
        value[0]
    }

    /// Whether `a <= b`.
    ///
    /// # Errors
    /// [`LoopyError::TooLarge`] if the two have more than
    /// [`MAX_ORDER_POSITIONS`](super::MAX_ORDER_POSITIONS) positions
    /// together.
    pub fn le(&self, a: StopperId, b: StopperId) -> Result<bool, LoopyError> {
        let mut graph = self.form(a).clone();
        let b_start = graph.append(self.form(b));
        Ok(graph.order()?.le(0, b_start))
    }

    /// The sum of `a` and `b`, if it is a stopper (a sum of stoppers need
    /// not be: `on + off` is not).
    ///
    /// # Errors
    /// [`LoopyError::NotStopper`], or [`LoopyError::TooLarge`] if the sum
    /// has more than [`MAX_ORDER_POSITIONS`](super::MAX_ORDER_POSITIONS)
    /// positions.
    pub fn add(&mut self, a: StopperId, b: StopperId) -> Result<StopperId, LoopyError> {
        let sum = self.sum_graph(a, b)?;
        self.stopper(&sum, 0)
    }

    /// The graph of `a + b`, its start at position 0, bounded as the order
    /// of stoppers is.
    pub(super) fn sum_graph(&self, a: StopperId, b: StopperId) -> Result<Graph, LoopyError> {
        let limit = super::MAX_ORDER_POSITIONS;
        Graph::sum(self.form(a), 0, self.form(b), 0, limit).ok_or(LoopyError::TooLarge {
            positions: limit + 1,
            limit,
        })
    }

    /// The negative of `s`.
    pub fn neg(&mut self, s: StopperId) -> StopperId {
        let negative = self.form(s).negative();
        // The negative of a simplest form is one: name it canonically.
        let form = negative.canonically_named();
        self.intern(form)
    }
}
