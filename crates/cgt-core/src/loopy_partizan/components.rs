//! Stoppers valued a strongly connected component at a time: the
//! components of the graph in an order where each comes after those it
//! moves to, each simplified in a small graph of its own whose moves out of
//! it go to the simplest forms already found. A position keeps its value
//! when an option is replaced by an equal stopper, so the values are those
//! of the whole graph, while only a component and the forms it moves to
//! need to fit [`MAX_ORDER_POSITIONS`](super::MAX_ORDER_POSITIONS).

use super::{Graph, LoopyError, StopperId, StopperStore};
use crate::canonical::GameId;
use crate::outcome::Side;
use rustc_hash::FxHashMap;

/// The most steps of orders ([`Graph::order`], `V · (V + E)` each) that
/// valuing one graph a component at a time may plan: past it the value is
/// [`LoopyError::TooCostly`], refused before the component that would pass
/// it is simplified.
pub(super) const MAX_VALUING_WORK: u64 = 1 << 28;

/// The steps charged for each position and move of a component's local
/// graph made (see [`MAX_LOOPY_WORK`](super::MAX_LOOPY_WORK)).
const GRAPH_STEP_COST: u64 = 16;

/// The steps charged for each pair of options of a short game made
/// ([`StopperStore::short_position`]): comparing two short games searches
/// their options in turn.
const SHORT_OPTION_COST: u64 = 8;

/// The steps charged for each position and move read in a round of
/// [`fused_below`] (a hash of its colours).
const FUSING_STEP_COST: u64 = 1;

/// The value of a position found so far: a short game (in the store's own
/// [`GameStore`], no graph made for it yet) or a stopper in simplest form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Valued {
    /// A position without cycles below it: its canonical form.
    Short(GameId),
    /// A stopper in simplest form.
    Stopper(StopperId),
}

impl StopperStore {
    /// The simplest form of every position `v` with `keep[v]` and
    /// `wanted(v)`, where `keep` must be closed under moves (every position
    /// a kept one moves to is kept) and stoppers; `None` for the others.
    ///
    /// A position with no cycle below it is a short game: it is valued as
    /// one (its canonical form is its simplest form), without the order of
    /// a graph, and made a graph only if it is wanted or a loopy component
    /// moves to it (then its canonical subpositions once, shared).
    ///
    /// # Errors
    /// [`LoopyError::TooLarge`] if a component with the simplest forms it
    /// moves to has more than
    /// [`MAX_ORDER_POSITIONS`](super::MAX_ORDER_POSITIONS) positions;
    /// [`LoopyError::TooCostly`] if its order is too much work.
    pub(super) fn component_values(
        &mut self,
        graph: &Graph,
        keep: &[bool],
        wanted: &dyn Fn(u32) -> bool,
    ) -> Result<Vec<Option<StopperId>>, LoopyError> {
        let mut value: Vec<Option<Valued>> = vec![None; graph.len()];
        // Each position's component and its number there.
        let mut place = vec![(u32::MAX, 0u32); graph.len()];
        // The steps of the orders the components take so far, checked
        // before each component is simplified.
        let mut work = 0_u64;
        for (c, component) in (0_u32..).zip(components(graph, keep)) {
            for (i, &v) in component.iter().enumerate() {
                place[v as usize] = (c, i as u32);
            }
            if let [v] = component[..] {
                if let Some(g) = self.short_position(graph, v, &value)? {
                    value[v as usize] = Some(Valued::Short(g));
                    continue;
                }
            }
            let local = self.component_graph(graph, &component, &place, &value)?;
            // Each position's simplest form starts with the order of what
            // it reaches: at most the whole local graph.
            let order_work = local.order_work().saturating_mul(component.len() as u64);
            work = work.saturating_add(order_work);
            if work > MAX_VALUING_WORK {
                return Err(LoopyError::TooCostly {
                    work,
                    limit: MAX_VALUING_WORK,
                });
            }
            for (i, &v) in component.iter().enumerate() {
                let form =
                    local.simplest_form_charged(i as u32, &mut |steps| self.charge(steps))?;
                value[v as usize] = Some(Valued::Stopper(self.intern(form)));
            }
        }
        (0..graph.len() as u32)
            .map(|v| match value[v as usize] {
                Some(Valued::Stopper(id)) => Ok(Some(id)),
                Some(Valued::Short(g)) if wanted(v) => self.short_stopper(g).map(Some),
                _ => Ok(None),
            })
            .collect()
    }

    /// The canonical form of `v` if it has no pass and every option is
    /// valued as a short game: `None` if not, or if the game is too large
    /// for the store (then the graph values it).
    ///
    /// # Errors
    /// [`LoopyError::TooCostly`] if comparing its options (the square of
    /// their number) passes the work allowed.
    fn short_position(
        &mut self,
        graph: &Graph,
        v: u32,
        value: &[Option<Valued>],
    ) -> Result<Option<GameId>, LoopyError> {
        let options = |side| -> Option<Vec<GameId>> {
            graph
                .moves(v, side)
                .iter()
                .map(|&w| match value[w as usize] {
                    Some(Valued::Short(g)) if w != v => Some(g),
                    _ => None,
                })
                .collect()
        };
        let (Some(left), Some(right)) = (options(Side::Left), options(Side::Right)) else {
            return Ok(None);
        };
        let count = (left.len() + right.len()) as u64;
        self.charge(
            count
                .saturating_mul(count)
                .saturating_mul(SHORT_OPTION_COST),
        )?;
        Ok(self.shorts.game(&left, &right).ok())
    }

    /// The short game `g` of the store's own [`GameStore`] as a stopper:
    /// its canonical form, which is its simplest form, named canonically.
    ///
    /// # Errors
    /// [`LoopyError::TooLarge`] if it has more than
    /// [`MAX_ORDER_POSITIONS`](super::MAX_ORDER_POSITIONS) canonical
    /// subpositions.
    pub(super) fn short_stopper(&mut self, g: GameId) -> Result<StopperId, LoopyError> {
        if let Some(&id) = self.short_ids.get(&g) {
            return Ok(id);
        }
        let limit = super::MAX_ORDER_POSITIONS;
        let mut graph = Graph::new();
        let start =
            graph
                .add_short_within(&mut self.shorts, g, limit)
                .ok_or(LoopyError::TooLarge {
                    positions: limit + 1,
                    limit,
                })?;
        let form = graph
            .restricted(start)
            .canonically_named_charged(&mut |steps| self.charge(steps))?;
        let id = self.intern(form);
        self.short_ids.insert(g, id);
        Ok(id)
    }

    /// The graph of one component: its positions first, in the order of
    /// `component`, then the simplest forms of the positions outside it
    /// that it moves to (short games as their canonical subpositions, each
    /// once). `place[v]` is `(component number, index in it)`, set for the
    /// component and those below it, and `value` holds the values of the
    /// positions below it that it moves to.
    ///
    /// # Errors
    /// [`LoopyError::TooLarge`] if the short games it moves to have more
    /// than [`MAX_ORDER_POSITIONS`](super::MAX_ORDER_POSITIONS) positions;
    /// [`LoopyError::TooCostly`] past the work allowed
    /// ([`MAX_LOOPY_WORK`](super::MAX_LOOPY_WORK)).
    ///
    /// # Panics
    /// If a position below has no value.
    pub(super) fn component_graph(
        &mut self,
        graph: &Graph,
        component: &[u32],
        place: &[(u32, u32)],
        value: &[Option<Valued>],
    ) -> Result<Graph, LoopyError> {
        let c = place[component[0] as usize].0;
        let limit = super::MAX_ORDER_POSITIONS;
        let mut local = Graph::new();
        for _ in component {
            local.add_position();
        }
        let mut form_start: FxHashMap<StopperId, u32> = FxHashMap::default();
        let mut short_made: FxHashMap<GameId, u32> = FxHashMap::default();
        let mut moves = Vec::new();
        for (i, &v) in component.iter().enumerate() {
            for side in [Side::Left, Side::Right] {
                for &w in graph.moves(v, side) {
                    let (d, j) = place[w as usize];
                    let to = if d == c {
                        j
                    } else {
                        match value[w as usize]
                            .expect("a component moves to components valued before")
                        {
                            Valued::Stopper(id) => match form_start.get(&id) {
                                Some(&to) => to,
                                None => {
                                    let to = local.append(self.form(id));
                                    form_start.insert(id, to);
                                    to
                                }
                            },
                            Valued::Short(g) => local
                                .add_short_shared(&mut self.shorts, g, limit, &mut short_made)
                                .ok_or(LoopyError::TooLarge {
                                    positions: limit + 1,
                                    limit,
                                })?,
                        }
                    };
                    moves.push((i as u32, side, to));
                }
            }
        }
        for (from, side, to) in moves {
            local.add_move(from, side, to);
        }
        // What was made here, charged once it is made: one local graph is
        // at most `limit` positions (and their moves), and a sum of a loopy
        // game and `*2000` makes one for each of its thousands of positions.
        let made: u64 = (0..local.len() as u32)
            .map(|v| {
                1 + (local.moves(v, Side::Left).len() + local.moves(v, Side::Right).len()) as u64
            })
            .sum();
        // Made by hash lookups and copies: a step each costs as much as
        // several pairs of an order.
        self.charge(made.saturating_mul(GRAPH_STEP_COST))?;
        fused_below(&local, component.len(), &mut |steps| self.charge(steps))
    }
}

/// `graph` with the positions from `first` on that play alike fused: the
/// simplest forms appended after a component share their subpositions
/// (`^[on]*5`'s form holds `^[on]*4`'s), so the order of the component
/// works on each once. Positions are fused when colour refinement, run on
/// the positions from `first` (closed under moves), cannot tell them apart:
/// then they are bisimilar, so equal games. Refinement settles within as
/// many rounds as there are positions from `first` on (each round but the
/// last adds a colour), and it must: `*200`'s positions are told apart
/// only in the 200th round. Each round is charged to `charge` (the
/// positions and moves it reads) before it is made.
///
/// # Errors
/// As `charge`.
fn fused_below(
    graph: &Graph,
    first: usize,
    charge: &mut dyn FnMut(u64) -> Result<(), LoopyError>,
) -> Result<Graph, LoopyError> {
    let n = graph.len();
    if n <= first + 1 {
        return Ok(graph.clone());
    }
    let tail = first as u32..n as u32;
    let round_work: u64 = tail
        .clone()
        .map(|v| 1 + (graph.moves(v, Side::Left).len() + graph.moves(v, Side::Right).len()) as u64)
        .sum();
    let mut colour = vec![0_u32; n];
    let mut count = 1;
    let mut settled = false;
    for _ in 0..=n - first {
        charge(round_work.saturating_mul(FUSING_STEP_COST))?;
        let signature = |v: u32| {
            let side_colours = |side| {
                let mut c: Vec<u32> = graph
                    .moves(v, side)
                    .iter()
                    .map(|&w| colour[w as usize])
                    .collect();
                c.sort_unstable();
                c.dedup();
                c
            };
            (
                colour[v as usize],
                side_colours(Side::Left),
                side_colours(Side::Right),
            )
        };
        // Colours numbered as first met: only which positions share one
        // matters (hashing, not sorting, the signatures: a sort compared
        // long lists of colours again and again).
        let signatures: Vec<_> = tail.clone().map(signature).collect();
        let mut rank: FxHashMap<_, u32> = FxHashMap::default();
        for (v, s) in tail.clone().zip(signatures) {
            let next = rank.len() as u32;
            colour[v as usize] = *rank.entry(s).or_insert(next);
        }
        if rank.len() == count {
            settled = true;
            break;
        }
        count = rank.len();
    }
    if !settled || count == n - first {
        return Ok(graph.clone());
    }
    // The first position of each colour stands for it.
    let mut first_of: FxHashMap<u32, u32> = FxHashMap::default();
    let mut map: Vec<u32> = (0..n as u32).collect();
    let mut next = first as u32;
    for v in tail.clone() {
        let c = colour[v as usize];
        map[v as usize] = *first_of.entry(c).or_insert_with(|| {
            next += 1;
            next - 1
        });
    }
    let mut out = Graph::new();
    for _ in 0..next {
        out.add_position();
    }
    for v in 0..n as u32 {
        // Positions of one colour move to the same colours: any of them
        // gives the moves.
        let to = map[v as usize];
        for side in [Side::Left, Side::Right] {
            let moves = graph
                .moves(v, side)
                .iter()
                .map(|&w| map[w as usize])
                .collect();
            out.set_moves(to, side, moves);
        }
    }
    Ok(out)
}

/// The strongly connected components of the positions with `keep` (moves
/// of either side; the kept positions are closed under moves), each before
/// any that moves to it: Tarjan's algorithm, on an explicit stack, from
/// each kept position not met yet.
pub(super) fn components(graph: &Graph, keep: &[bool]) -> Vec<Vec<u32>> {
    let n = graph.len();
    let successor = |v: u32, k: usize| {
        let left = graph.moves(v, Side::Left);
        left.get(k)
            .or_else(|| graph.moves(v, Side::Right).get(k - left.len()))
            .copied()
    };
    let mut index = vec![u32::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut out = Vec::new();
    let mut next = 0;
    for root in (0..n as u32).filter(|&v| keep[v as usize]) {
        if index[root as usize] != u32::MAX {
            continue;
        }
        // The search path: (position, its next move to look at).
        let mut path: Vec<(u32, usize)> = Vec::new();
        let mut enter = Some(root);
        loop {
            if let Some(v) = enter.take() {
                index[v as usize] = next;
                low[v as usize] = next;
                next += 1;
                on_stack[v as usize] = true;
                stack.push(v);
                path.push((v, 0));
            }
            let Some(&mut (v, ref mut k)) = path.last_mut() else {
                break;
            };
            if let Some(w) = successor(v, *k) {
                *k += 1;
                if index[w as usize] == u32::MAX {
                    enter = Some(w);
                } else if on_stack[w as usize] {
                    low[v as usize] = low[v as usize].min(index[w as usize]);
                }
                continue;
            }
            path.pop();
            if let Some(&(u, _)) = path.last() {
                low[u as usize] = low[u as usize].min(low[v as usize]);
            }
            if low[v as usize] == index[v as usize] {
                let mut component = Vec::new();
                loop {
                    let w = stack.pop().expect("v is on the stack");
                    on_stack[w as usize] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                out.push(component);
            }
        }
    }
    out
}
