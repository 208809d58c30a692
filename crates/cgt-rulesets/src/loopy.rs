//! The game graphs of loopy rulesets: every position reachable from a
//! start, numbered by a breadth-first search, as a
//! [`Graph`] of `cgt-core`'s
//! [`loopy_partizan`](cgt_core::loopy_partizan), where outcomes and the
//! values of stoppers are found.
//!
//! The rulesets: [`crate::backsliding`] (Backsliding Toads and Frogs),
//! [`crate::fox_and_geese`] (Fox and Geese) and [`crate::wind_up`]
//! (Wind-up).
//!
//! The search stops past [`MAX_POSITIONS`] positions (or a smaller limit
//! asked for) with [`LoopyError::TooLarge`]: the memory it takes is
//! bounded by the limit.
//!
//! [`StopperStore::stopper`](cgt_core::loopy_partizan::StopperStore::stopper)
//! values such a graph one strongly connected component at a time (in Fox
//! and Geese a component is one placing of the geese, the fox moving
//! about).

use cgt_core::loopy_partizan::{Graph, LoopyError};
use cgt_core::outcome::Side;
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// The most positions a game graph is built with: 2^20.
pub const MAX_POSITIONS: usize = 1 << 20;

/// The game graph of the positions reachable from a start: position `v` of
/// [`graph`](PositionGraph::graph) is [`position(v)`](PositionGraph::position), and
/// the start is position 0.
#[derive(Clone, Debug)]
pub struct PositionGraph<P> {
    graph: Graph,
    positions: Vec<P>,
}

impl<P> PositionGraph<P> {
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
) -> Result<PositionGraph<P>, LoopyError>
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
    Ok(PositionGraph { graph, positions })
}
