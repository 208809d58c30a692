//! Comparing onsides without knowing them: `G⁺ <= H⁺` decided by play on
//! the graphs of `G` and `H` (Siegel, *Combinatorial Game Theory*, VI.4;
//! CGSuite compares sides the same way).
//!
//! In `H - G` with Right to move, Left survives and wins every endless
//! play in which `H` is moved infinitely often: the onside of `H` is where
//! endless play counts for Left, and the onside of `G`, seen from `-G`,
//! where it counts for Right. So `G⁺ <= H⁺` exactly when Left wins that
//! game. For a stopper `G` every endless play moves `H` infinitely often
//! (play confined to `-G` would alternate there forever), and the test is
//! plain survival, the order of stoppers. Offsides compare as
//! `G⁻ <= H⁻` ⇔ `(-H)⁺ <= (-G)⁺`.
//!
//! The game is a Büchi game on the states (position of `G`, position of
//! `H`, player to move): Right's winning states are those from which he
//! can force Left stuck, or force play to avoid moves in `H` forever. They
//! are found by the classical alternation of attractors, each a queue pass
//! over the states, never recursion.

use super::{Graph, LoopyError, Order};
use crate::outcome::Side;
use std::collections::VecDeque;

/// The most states (pairs of positions, times two players) one side
/// comparison may hold.
pub const MAX_SIDE_ORDER_STATES: usize = 1 << 22;

/// The product game of `H - G`: states, their moves split into moves in
/// `H` and moves in `-G`, and the moves into each state.
struct Product<'a> {
    g: &'a Graph,
    h: &'a Graph,
    /// Reverse moves of each graph, per side: `into[side][w]` lists the `v`
    /// with a `side` move `v -> w`.
    g_into: [Vec<Vec<u32>>; 2],
    h_into: [Vec<Vec<u32>>; 2],
}

/// A state: `((g * |H| + h) << 1) | mover`, mover 0 for Left, 1 for Right.
type State = usize;

const LEFT: usize = 0;
const RIGHT: usize = 1;

fn side_of(mover: usize) -> Side {
    if mover == LEFT {
        Side::Left
    } else {
        Side::Right
    }
}

fn reverse(graph: &Graph) -> [Vec<Vec<u32>>; 2] {
    let mut into = [vec![Vec::new(); graph.len()], vec![Vec::new(); graph.len()]];
    for v in 0..graph.len() as u32 {
        for (s, side) in [Side::Left, Side::Right].into_iter().enumerate() {
            for &w in graph.moves(v, side) {
                into[s][w as usize].push(v);
            }
        }
    }
    into
}

impl<'a> Product<'a> {
    fn state(&self, g: u32, h: u32, mover: usize) -> State {
        ((g as usize * self.h.len() + h as usize) << 1) | mover
    }

    fn split(&self, s: State) -> (u32, u32, usize) {
        let pair = s >> 1;
        (
            (pair / self.h.len()) as u32,
            (pair % self.h.len()) as u32,
            s & 1,
        )
    }

    /// The moves from `s`: `(in_h, next)`. The mover moves `H` as
    /// themselves and `G` as their opponent would.
    fn moves(&self, s: State, mut visit: impl FnMut(bool, State)) {
        let (g, h, mover) = self.split(s);
        let side = side_of(mover);
        for &h2 in self.h.moves(h, side) {
            visit(true, self.state(g, h2, 1 - mover));
        }
        for &g2 in self.g.moves(g, side.opponent()) {
            visit(false, self.state(g2, h, 1 - mover));
        }
    }

    /// The moves into `s`: `(in_h, from)`.
    fn moves_into(&self, s: State, mut visit: impl FnMut(bool, State)) {
        let (g, h, mover) = self.split(s);
        // The player who moved into `s` is the other one.
        let before = 1 - mover;
        for &h0 in &self.h_into[before][h as usize] {
            visit(true, self.state(g, h0, before));
        }
        // They moved `G` as their opponent, that is as `mover`.
        for &g0 in &self.g_into[mover][g as usize] {
            visit(false, self.state(g0, h, before));
        }
    }
}

impl Graph {
    /// Whether the onside of position `g` is at most the onside of position
    /// `h` of `other`: `G⁺ <= H⁺`. Neither needs to be a stopper; for
    /// stoppers this is their order.
    ///
    /// # Example
    /// `dud = {pass|pass}` has onside `on`: above `0`, equal to `on`.
    /// ```
    /// use cgt_core::loopy_partizan::Graph;
    /// use cgt_core::outcome::Side;
    /// let mut graph = Graph::new();
    /// let (dud, on, zero) = (graph.add_position(), graph.add_position(), graph.add_position());
    /// graph.add_move(dud, Side::Left, dud);
    /// graph.add_move(dud, Side::Right, dud);
    /// graph.add_move(on, Side::Left, on);
    /// assert!(graph.onside_le(zero, &graph, dud)? && !graph.onside_le(dud, &graph, zero)?);
    /// assert!(graph.onside_le(dud, &graph, on)? && graph.onside_le(on, &graph, dud)?);
    /// # Ok::<(), cgt_core::loopy_partizan::LoopyError>(())
    /// ```
    ///
    /// # Errors
    /// [`LoopyError::TooLarge`] when the two graphs make more than
    /// [`MAX_SIDE_ORDER_STATES`] states.
    ///
    /// # Complexity
    /// O(k · (S + M)) for S states and M moves of `H - G`, where k ≤ S is
    /// the number of rounds of the Büchi game (small in practice).
    pub fn onside_le(&self, g: u32, other: &Graph, h: u32) -> Result<bool, LoopyError> {
        let states = self.len().saturating_mul(other.len()).saturating_mul(2);
        if states > MAX_SIDE_ORDER_STATES {
            return Err(LoopyError::TooLarge {
                positions: self.len().saturating_mul(other.len()),
                limit: MAX_SIDE_ORDER_STATES / 2,
            });
        }
        let product = Product {
            g: self,
            h: other,
            g_into: reverse(self),
            h_into: reverse(other),
        };
        let start = product.state(g, h, RIGHT);
        let lost = right_wins(&product, states, Some(start));
        Ok(!lost[start])
    }
}

impl Graph {
    /// `G⁺ <= H⁺` for every pair of positions of the graph, in one Büchi
    /// game on all pairs (see [`Graph::onside_le`]).
    ///
    /// # Errors
    /// [`LoopyError::TooLarge`] past [`MAX_SIDE_ORDER_STATES`] states.
    pub fn onside_order(&self) -> Result<Order, LoopyError> {
        let n = self.len();
        let states = n.saturating_mul(n).saturating_mul(2);
        if states > MAX_SIDE_ORDER_STATES {
            return Err(LoopyError::TooLarge {
                positions: n.saturating_mul(n),
                limit: MAX_SIDE_ORDER_STATES / 2,
            });
        }
        let product = Product {
            g: self,
            h: self,
            g_into: reverse(self),
            h_into: reverse(self),
        };
        let lost = right_wins(&product, states, None);
        let le = (0..n * n).map(|pair| !lost[(pair << 1) | RIGHT]).collect();
        Ok(Order::from_table(n, le))
    }
}

/// The states from which Right wins `H - G`: he forces Left stuck, or
/// forces play that moves `H` only finitely often. With `watch`, the work
/// may stop as soon as that state is known lost (the rest is then partial).
fn right_wins(p: &Product<'_>, states: usize, watch: Option<State>) -> Vec<bool> {
    let mut lost = vec![false; states];
    let mut out = vec![0_u32; states];
    let mut out_g = vec![0_u32; states];
    for s in 0..states {
        p.moves(s, |in_h, _| {
            out[s] += 1;
            if !in_h {
                out_g[s] += 1;
            }
        });
    }
    // Right's attractor to Left's dead ends. `remaining` counts, for each
    // Left state, its moves not yet known lost, kept across the rounds.
    let mut remaining = out.clone();
    let seeds: Vec<State> = (0..states)
        .filter(|&s| s & 1 == LEFT && out[s] == 0)
        .collect();
    attract_for_right(p, &mut lost, &mut remaining, seeds);
    loop {
        if watch.is_some_and(|s| lost[s]) {
            return lost;
        }
        // The states from which Left can force a move in H, staying out of
        // `lost` (a trap for Right: he cannot leave its complement).
        let mut good = vec![false; states];
        let mut pending = out_g.clone();
        let mut queue = VecDeque::new();
        for s in (0..states).filter(|&s| !lost[s]) {
            let seed = if s & 1 == LEFT {
                let mut reaches = false;
                p.moves(s, |in_h, t| reaches |= in_h && !lost[t]);
                reaches
            } else {
                out_g[s] == 0
            };
            if seed {
                good[s] = true;
                queue.push_back(s);
            }
        }
        while let Some(t) = queue.pop_front() {
            p.moves_into(t, |in_h, s| {
                if in_h || lost[s] || good[s] {
                    return;
                }
                if s & 1 == LEFT {
                    good[s] = true;
                    queue.push_back(s);
                } else {
                    pending[s] -= 1;
                    if pending[s] == 0 {
                        good[s] = true;
                        queue.push_back(s);
                    }
                }
            });
        }
        let bad: Vec<State> = (0..states).filter(|&s| !lost[s] && !good[s]).collect();
        if bad.is_empty() {
            return lost;
        }
        attract_for_right(p, &mut lost, &mut remaining, bad);
    }
}

/// Adds to `lost` the seeds and every state from which Right can force
/// play into `lost`; `remaining` counts, for each Left state, its moves
/// not yet known lost.
fn attract_for_right(p: &Product<'_>, lost: &mut [bool], remaining: &mut [u32], seeds: Vec<State>) {
    let mut queue: VecDeque<State> = VecDeque::new();
    for s in seeds {
        if !lost[s] {
            lost[s] = true;
            queue.push_back(s);
        }
    }
    while let Some(t) = queue.pop_front() {
        p.moves_into(t, |_, s| {
            if lost[s] {
                return;
            }
            if s & 1 == RIGHT {
                lost[s] = true;
                queue.push_back(s);
            } else {
                remaining[s] -= 1;
                if remaining[s] == 0 {
                    lost[s] = true;
                    queue.push_back(s);
                }
            }
        });
    }
}
