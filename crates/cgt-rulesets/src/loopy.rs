//! The game graphs of loopy rulesets: every position reachable from a
//! start, numbered by a breadth-first search, as a
//! [`Graph`] of `cgt-core`'s
//! [`loopy_partizan`](cgt_core::loopy_partizan), where outcomes and the
//! values of stoppers are found.
//!
//! The rulesets: [`crate::backsliding`] (Backsliding Toads and Frogs) and
//! [`crate::fox_and_geese`] (Fox and Geese).
//!
//! The search stops past [`MAX_POSITIONS`] positions (or a smaller limit
//! asked for) with [`LoopyError::TooLarge`]: the memory it takes is
//! bounded by the limit.
//!
//! [`stopper_value`] values a stopper whose graph is larger than
//! [`StopperStore::stopper`] works on at once
//! ([`MAX_ORDER_POSITIONS`](cgt_core::loopy_partizan::MAX_ORDER_POSITIONS)),
//! one strongly connected component at a time.

use cgt_core::loopy_partizan::{Graph, LoopyError, StopperId, StopperStore};
use cgt_core::outcome::Side;
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// The most positions a game graph is built with: 2^20.
pub const MAX_POSITIONS: usize = 1 << 20;

/// The game graph of the positions reachable from a start: position `v` of
/// [`graph`](GameGraph::graph) is [`position(v)`](GameGraph::position), and
/// the start is position 0.
#[derive(Clone, Debug)]
pub struct GameGraph<P> {
    graph: Graph,
    positions: Vec<P>,
}

impl<P> GameGraph<P> {
    /// The graph; the start is position 0.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The position numbered `v`.
    ///
    /// # Panics
    /// If `v` is not a position of the graph.
    pub fn position(&self, v: u32) -> &P {
        &self.positions[v as usize]
    }

    /// Every position, by number (the start first, then in the order a
    /// breadth-first search meets them).
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there is no position (never: the start is one).
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The graph alone.
    pub fn into_graph(self) -> Graph {
        self.graph
    }
}

/// The positions reachable from `start` by `moves(position, side, out)`
/// (which pushes the positions `side` moves to onto `out`), by a
/// breadth-first search on a queue; [`LoopyError::TooLarge`] as soon as a
/// position past `limit` is met.
pub(crate) fn explore<P, F>(
    start: P,
    limit: usize,
    mut moves: F,
) -> Result<GameGraph<P>, LoopyError>
where
    P: Clone + Eq + Hash,
    F: FnMut(&P, Side, &mut Vec<P>),
{
    let too_large = || LoopyError::TooLarge {
        positions: limit.saturating_add(1),
        limit,
    };
    if limit == 0 {
        return Err(too_large());
    }
    let mut index: FxHashMap<P, u32> = FxHashMap::default();
    let mut graph = Graph::new();
    index.insert(start.clone(), graph.add_position());
    let mut positions = vec![start];
    let mut out = Vec::new();
    let mut i = 0;
    while i < positions.len() {
        for side in [Side::Left, Side::Right] {
            out.clear();
            moves(&positions[i], side, &mut out);
            for next in out.drain(..) {
                let to = match index.get(&next) {
                    Some(&to) => to,
                    None => {
                        if positions.len() >= limit {
                            return Err(too_large());
                        }
                        let to = graph.add_position();
                        index.insert(next.clone(), to);
                        positions.push(next);
                        to
                    }
                };
                graph.add_move(i as u32, side, to);
            }
        }
        i += 1;
    }
    Ok(GameGraph { graph, positions })
}

/// The value of the stopper at `start` in `graph`, found one strongly
/// connected component of the reachable graph at a time, the components
/// that others move to first: each component's positions are valued in a
/// graph of their own, where a move out of the component goes to the
/// simplest form of the (already found) value it leads to. An option
/// replaced by an equal stopper leaves a stopper's value as it is, so only
/// each component with the simplest forms it moves to must fit in
/// [`StopperStore::stopper`]'s bound, not the whole graph. (In Fox and
/// Geese a component is one placing of the geese, the fox moving about.)
///
/// # Example
/// The four geese on row 4 and the fox in the corner: 7,258 positions, too
/// many for [`StopperStore::stopper`], `{4*|7/2}` by components (CGSuite's
/// value).
/// ```
/// use cgt_core::canonical::GameStore;
/// use cgt_core::loopy_partizan::{LoopyError, StopperStore};
/// use cgt_rulesets::fox_and_geese::FoxAndGeese;
/// use cgt_rulesets::loopy::stopper_value;
///
/// let position = FoxAndGeese::parse("(4,2),(4,4),(4,6),(4,8);(1,1)").expect("a position");
/// let game = FoxAndGeese::game_graph(&position)?;
/// assert_eq!(game.len(), 7258);
/// let mut stoppers = StopperStore::new();
/// assert!(matches!(stoppers.stopper(game.graph(), 0), Err(LoopyError::TooLarge { .. })));
/// let value = stopper_value(game.graph(), 0, &mut stoppers)?;
/// let mut store = GameStore::new();
/// let short = stoppers.to_short(value, &mut store).expect("no cycle");
/// assert_eq!(store.display(short), "{4*|7/2}");
/// # Ok::<(), LoopyError>(())
/// ```
///
/// # Errors
/// [`LoopyError::NotStopper`] if play can alternate forever from a
/// position reachable from `start`; [`LoopyError::TooLarge`] if a
/// component with the simplest forms it moves to has more than
/// [`MAX_ORDER_POSITIONS`](cgt_core::loopy_partizan::MAX_ORDER_POSITIONS)
/// positions.
///
/// # Panics
/// If `start` is not a position of `graph`.
///
/// # Complexity
/// O(V + E) for the components, then for each component of k positions,
/// k simplest forms of its graph.
pub fn stopper_value(
    graph: &Graph,
    start: u32,
    stoppers: &mut StopperStore,
) -> Result<StopperId, LoopyError> {
    if !graph.is_stopper(start) {
        return Err(LoopyError::NotStopper);
    }
    let mut value: Vec<Option<StopperId>> = vec![None; graph.len()];
    // Each position's component and its number there.
    let mut place = vec![(u32::MAX, 0u32); graph.len()];
    for (c, component) in components(graph, start).into_iter().enumerate() {
        let c = c as u32;
        for (i, &v) in component.iter().enumerate() {
            place[v as usize] = (c, i as u32);
        }
        // The component's positions first, then the simplest form of each
        // value moved to from it, once.
        let mut local = Graph::new();
        for _ in &component {
            local.add_position();
        }
        let mut form_start: FxHashMap<StopperId, u32> = FxHashMap::default();
        let mut moves = Vec::new();
        for (i, &v) in component.iter().enumerate() {
            for side in [Side::Left, Side::Right] {
                for &w in graph.moves(v, side) {
                    let (d, j) = place[w as usize];
                    let to = if d == c {
                        j
                    } else {
                        let id = value[w as usize].expect("valued before");
                        match form_start.get(&id) {
                            Some(&to) => to,
                            None => {
                                let to = local.append(stoppers.form(id));
                                form_start.insert(id, to);
                                to
                            }
                        }
                    };
                    moves.push((i as u32, side, to));
                }
            }
        }
        for (from, side, to) in moves {
            local.add_move(from, side, to);
        }
        for (i, &v) in component.iter().enumerate() {
            value[v as usize] = Some(stoppers.stopper(&local, i as u32)?);
        }
    }
    Ok(value[start as usize].expect("the start is valued"))
}

/// The strongly connected components of the positions reachable from
/// `start` (moves of either side), each before any that moves to it
/// (Tarjan's algorithm on an explicit stack).
fn components(graph: &Graph, start: u32) -> Vec<Vec<u32>> {
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
    // The search path: (position, its next move to look at).
    let mut path: Vec<(u32, usize)> = Vec::new();
    let mut enter = Some(start);
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
    out
}
