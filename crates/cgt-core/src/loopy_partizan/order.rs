//! The order of stoppers: `G <= H` when Left, moving second in `H - G`,
//! never runs out of moves (Siegel, *Combinatorial Game Theory*, VI.2: for
//! stoppers this is the order defined by all sums).

use super::outcome::state;
use super::{Graph, LoopyError};
use crate::loopy::{LoopyOutcome, solve_moves};
use crate::outcome::Side;

/// The most positions a graph may have for [`Graph::order`], which works
/// on every pair of positions: 2^11 positions make 2^23 states.
pub const MAX_ORDER_POSITIONS: usize = 1 << 11;

/// The most steps [`Graph::order`] may take: a graph of `V` positions and
/// `E` moves takes `V · (V + E)` (every pair of positions with the moves
/// of both). Past it the order is [`LoopyError::TooCostly`], refused before
/// the work; 2^26 steps take about a second.
pub const MAX_ORDER_WORK: u64 = 1 << 26;

/// `G <= H` for every pair of positions of one graph (read as stoppers).
#[derive(Clone, Debug)]
pub struct Order {
    n: usize,
    le: Vec<bool>,
}

impl Order {
    /// The order given by `le[g * n + h]` for `g <= h`.
    pub(crate) fn from_table(n: usize, le: Vec<bool>) -> Self {
        Order { n, le }
    }

    /// Whether position `g` is at most position `h`.
    pub fn le(&self, g: u32, h: u32) -> bool {
        self.le[g as usize * self.n + h as usize]
    }

    /// Whether positions `g` and `h` are equal games.
    pub fn eq(&self, g: u32, h: u32) -> bool {
        self.le(g, h) && self.le(h, g)
    }
}

impl Graph {
    /// The steps [`Graph::order`] takes: `V · (V + E)` for `V` positions
    /// and `E` moves.
    pub(crate) fn order_work(&self) -> u64 {
        let n = self.len();
        let moves: usize = (0..n as u32)
            .map(|v| self.moves(v, Side::Left).len() + self.moves(v, Side::Right).len())
            .sum();
        (n as u64).saturating_mul((n + moves) as u64)
    }

    /// `G <= H` for every pair of positions, read as stoppers: Left, moving
    /// second in `H - G`, survives (never has to move with no move left;
    /// endless play is survival). One retrograde analysis of the states
    /// (G, H, player to move): in `H - G` Left moves in `H` or moves `G`
    /// as Right would, and Right moves in `H` or moves `G` as Left would.
    ///
    /// Read for games that are not stoppers, this is still "Left survives
    /// `H - G` moving second", which is not the order of their values.
    ///
    /// # Example
    /// `0 < over < 1`, where `over = {0|over}`.
    /// ```
    /// use cgt_core::loopy_partizan::Graph;
    /// use cgt_core::outcome::Side;
    /// let mut graph = Graph::new();
    /// let (over, zero, one) = (graph.add_position(), graph.add_position(), graph.add_position());
    /// graph.add_move(over, Side::Left, zero);
    /// graph.add_move(over, Side::Right, over);
    /// graph.add_move(one, Side::Left, zero);
    /// let order = graph.order()?;
    /// assert!(order.le(zero, over) && !order.le(over, zero));
    /// assert!(order.le(over, one) && !order.le(one, over));
    /// # Ok::<(), cgt_core::loopy_partizan::LoopyError>(())
    /// ```
    ///
    /// # Errors
    /// [`LoopyError::TooLarge`] above [`MAX_ORDER_POSITIONS`] positions;
    /// [`LoopyError::TooCostly`] above [`MAX_ORDER_WORK`] steps.
    ///
    /// # Complexity
    /// O(V · (V + E)) time and memory: V² pairs, each with the moves of
    /// its two positions.
    pub fn order(&self) -> Result<Order, LoopyError> {
        let n = self.len();
        if n > MAX_ORDER_POSITIONS {
            return Err(LoopyError::TooLarge {
                positions: n,
                limit: MAX_ORDER_POSITIONS,
            });
        }
        let work = self.order_work();
        if work > MAX_ORDER_WORK {
            return Err(LoopyError::TooCostly {
                work,
                limit: MAX_ORDER_WORK,
            });
        }
        let pair = |g: u32, h: u32| g * n as u32 + h;
        let mut moves = Vec::new();
        for g in 0..n as u32 {
            for h in 0..n as u32 {
                for mover in [Side::Left, Side::Right] {
                    let from = state(pair(g, h), mover);
                    let next = mover.opponent();
                    // The mover moves H as themselves, G as their opponent.
                    for &h2 in self.moves(h, mover) {
                        moves.push((from, state(pair(g, h2), next)));
                    }
                    for &g2 in self.moves(g, mover.opponent()) {
                        moves.push((from, state(pair(g2, h), next)));
                    }
                }
            }
        }
        let solved = solve_moves(2 * n * n, &moves);
        let le = (0..n as u32)
            .flat_map(|g| (0..n as u32).map(move |h| (g, h)))
            .map(|(g, h)| {
                !matches!(
                    solved.value(state(pair(g, h), Side::Right) as usize),
                    LoopyOutcome::Win(_)
                )
            })
            .collect();
        Ok(Order { n, le })
    }
}
