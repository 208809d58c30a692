//! Games whose positions may repeat: win, loss or draw, and how long play
//! lasts, by retrograde analysis.
//!
//! A finite game graph under normal play (who cannot move loses) may have
//! cycles, so a game need not end. Every position is then a **win** for the
//! player to move (some move leads to a loss), a **loss** (every move leads
//! to a win, in particular: no move at all), or a **draw** (neither: the
//! mover can avoid losing but cannot force a win, so best play goes on
//! forever). Wins and losses come with their *remoteness*, the number of
//! moves to the end when the winner ends the game as fast as possible and
//! the loser delays it as long as possible (Smith 1966; *Winning Ways*,
//! ch. 12, "Games Infinite and Indefinite"):
//!
//! - a position with no move is a loss with remoteness 0;
//! - a win has remoteness 1 + the least remoteness of its losing options;
//! - a loss has remoteness 1 + the greatest remoteness of its options (all
//!   wins).
//!
//! # Retrograde analysis
//! Start from the positions with no move (losses, remoteness 0) and walk the
//! moves backwards in a first-in first-out queue: the predecessor of a loss
//! is a win, and a position all of whose options are wins is a loss when the
//! last of them leaves the queue. Positions leave the queue in order of
//! remoteness (as in a breadth-first search, each one queued has remoteness
//! one more than the one being processed), so the first losing option to
//! leave the queue is the nearest one, and the last winning option the
//! farthest: the remoteness rules above hold. A position never queued is a
//! draw: it has no losing option (or it would be a win), and not all of its
//! options are wins (or it would be a loss), so it has a drawn option; by
//! moving to drawn options forever the mover never loses, and the opponent
//! likewise. The tests check every result against a direct iteration of the
//! definitions (by rounds of "decided within k moves") on every game graph
//! with at most 4 positions and on random multigraphs.
//!
//! - [`MoveGraph`]: an explicit graph (positions `0..n`, numbered moves),
//!   and [`MoveGraph::solve`] for all its positions at once.
//! - [`LoopyGame`] and [`LoopyAnalysis`]: a game given by its rules; every
//!   position reachable from the starts is enumerated, then solved.
//! - [`outcomes_by_rounds`]: the definitions iterated directly, the slow
//!   reference for tests and brute forces.
//!
//! # Complexity
//! O(V + E) time and memory for V positions and E moves, with no recursion.
//!
//! # Example
//! A board game graph: from 0 one can go to 1 or 2; 1 and 2 may move to each
//! other forever; 2 may also move to 3, which has no move.
//! ```
//! use cgt_core::loopy::{LoopyOutcome, MoveGraph};
//! let graph = MoveGraph::from_moves(4, &[(0, 1), (0, 2), (1, 2), (2, 1), (2, 3)]);
//! let solved = graph.solve();
//! // 3 is lost (no move); so 2 wins by moving to 3; then 1 must move to 2:
//! // lost in 2 moves; and 0 wins by moving to 1, in 3 moves.
//! assert_eq!(solved.value(3), LoopyOutcome::Loss(0));
//! assert_eq!(solved.value(2), LoopyOutcome::Win(1));
//! assert_eq!(solved.value(1), LoopyOutcome::Loss(2));
//! assert_eq!(solved.value(0), LoopyOutcome::Win(3));
//! assert_eq!(solved.best_move(0), Some(0)); // move 0 is 0 -> 1
//! // Take away 2 -> 3 and 1, 2 chase each other forever.
//! let solved = MoveGraph::from_moves(3, &[(0, 1), (0, 2), (1, 2), (2, 1)]).solve();
//! assert_eq!(solved.value(0), LoopyOutcome::Draw);
//! ```

use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;
use std::hash::Hash;

/// The outcome of a position of a loopy game for the player to move: a
/// win or a loss in so many moves, or a draw. (The partizan
/// [`LoopyValue`](crate::loopy_partizan::LoopyValue), a stopper or a sided
/// game, is another thing.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopyOutcome {
    /// The mover wins; the game ends after this many moves (odd) when the
    /// winner hurries and the loser delays.
    Win(u32),
    /// The mover loses; the game ends after this many moves (even) when the
    /// winner hurries and the loser delays. `Loss(0)`: no move.
    Loss(u32),
    /// Neither player can force a win: best play never ends.
    Draw,
}

impl LoopyOutcome {
    /// The number of moves to the end under best play; `None` for a draw.
    pub fn remoteness(self) -> Option<u32> {
        match self {
            LoopyOutcome::Win(r) | LoopyOutcome::Loss(r) => Some(r),
            LoopyOutcome::Draw => None,
        }
    }
}

/// "Not decided yet" / "no move" in the `u32` arrays.
const NONE: u32 = u32::MAX;

/// A finite move graph: positions `0..n` and numbered moves between them
/// (multiple moves between two positions, and moves from a position to
/// itself, are allowed), stored as adjacency arrays.
///
/// # Example
/// ```
/// use cgt_core::loopy::MoveGraph;
/// let graph = MoveGraph::from_moves(3, &[(0, 1), (1, 2), (0, 2)]);
/// assert_eq!(graph.options(0).collect::<Vec<_>>(), [(0, 1), (2, 2)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveGraph {
    /// Each move as (from, to), in the caller's numbering.
    moves: Vec<(u32, u32)>,
    /// `first[v]..first[v + 1]` indexes `by_source` for the moves from v.
    first: Vec<u32>,
    /// Move numbers grouped by their source, in increasing order.
    by_source: Vec<u32>,
}

impl MoveGraph {
    /// The graph on positions `0..vertices` with move `i` going from
    /// `moves[i].0` to `moves[i].1`.
    ///
    /// # Complexity
    /// O(V + E), by counting sort.
    ///
    /// # Panics
    /// If an endpoint is not below `vertices`, or there are `u32::MAX` or
    /// more positions or moves.
    pub fn from_moves(vertices: usize, moves: &[(u32, u32)]) -> Self {
        assert!(
            vertices < NONE as usize && moves.len() < NONE as usize,
            "a game graph has fewer than 2^32 - 1 positions and moves"
        );
        let mut first = vec![0_u32; vertices + 1];
        for &(from, to) in moves {
            assert!(
                (from as usize) < vertices && (to as usize) < vertices,
                "move {from} -> {to} leaves the positions 0..{vertices}"
            );
            first[from as usize + 1] += 1;
        }
        for v in 0..vertices {
            first[v + 1] += first[v];
        }
        let mut next = first.clone();
        let mut by_source = vec![0_u32; moves.len()];
        for (i, &(from, _)) in moves.iter().enumerate() {
            let slot = &mut next[from as usize];
            by_source[*slot as usize] = i as u32;
            *slot += 1;
        }
        MoveGraph {
            moves: moves.to_vec(),
            first,
            by_source,
        }
    }

    /// The number of positions.
    pub fn vertices(&self) -> usize {
        self.first.len() - 1
    }

    /// The number of moves.
    pub fn move_count(&self) -> usize {
        self.moves.len()
    }

    /// Move `i` as (from, to).
    pub fn move_at(&self, i: usize) -> (usize, usize) {
        let (from, to) = self.moves[i];
        (from as usize, to as usize)
    }

    /// The moves from `v`, as (move number, target), in increasing order of
    /// move number.
    pub fn options(&self, v: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let range = self.first[v] as usize..self.first[v + 1] as usize;
        self.by_source[range]
            .iter()
            .map(|&m| (m as usize, self.moves[m as usize].1 as usize))
    }

    /// The value and a best move of every position, by retrograde analysis
    /// (see the [module](self) documentation).
    ///
    /// # Complexity
    /// O(V + E) time and memory, iterative.
    ///
    /// # Panics
    /// If a remoteness reaches 2^30, as [`solve_moves`].
    pub fn solve(&self) -> LoopySolution {
        solve_moves(self.vertices(), &self.moves)
    }
}

/// [`MoveGraph::solve`] straight from a list of moves, without building the
/// graph: the value and a best move (a move number) of every position of
/// the graph on `0..vertices` whose move `i` goes from `moves[i].0` to
/// `moves[i].1`.
///
/// # Example
/// ```
/// use cgt_core::loopy::{LoopyOutcome, solve_moves};
/// let solved = solve_moves(3, &[(0, 1), (1, 2), (1, 1)]);
/// assert_eq!(solved.value(1), LoopyOutcome::Win(1));
/// assert_eq!(solved.best_move(1), Some(1));
/// assert_eq!(solved.value(0), LoopyOutcome::Loss(2));
/// ```
///
/// # Complexity
/// O(V + E) time and memory, iterative.
///
/// # Panics
/// If an endpoint is not below `vertices`, or there are `u32::MAX` or more
/// positions or moves, or a remoteness reaches 2^30 (a game of more than
/// a billion moves under best play).
pub fn solve_moves(vertices: usize, moves: &[(u32, u32)]) -> LoopySolution {
    let n = vertices;
    assert!(
        n < NONE as usize && moves.len() < NONE as usize,
        "a game graph has fewer than 2^32 - 1 positions and moves"
    );
    // One word of state per position, so the backward walk touches one
    // array: while undecided, the number of options not yet known to be
    // wins; once decided, DECIDED | (WON if a win) | remoteness.
    const DECIDED: u32 = 1 << 31;
    const WON: u32 = 1 << 30;
    let mut state = vec![0_u32; n];
    // The moves grouped by their target, as (source, move number).
    let mut first_in = vec![0_u32; n + 1];
    for &(from, to) in moves {
        assert!(
            (from as usize) < n && (to as usize) < n,
            "move {from} -> {to} leaves the positions 0..{n}"
        );
        state[from as usize] += 1;
        first_in[to as usize + 1] += 1;
    }
    for v in 0..n {
        first_in[v + 1] += first_in[v];
    }
    let mut incoming = vec![(0_u32, 0_u32); moves.len()];
    {
        let mut next = first_in.clone();
        for (i, &(from, to)) in moves.iter().enumerate() {
            let slot = &mut next[to as usize];
            incoming[*slot as usize] = (from, i as u32);
            *slot += 1;
        }
    }

    let mut best = vec![NONE; n];
    let mut queue: Vec<u32> = Vec::with_capacity(n);
    for (v, s) in state.iter_mut().enumerate() {
        if *s == 0 {
            *s = DECIDED;
            queue.push(v as u32);
        }
    }
    let mut head = 0;
    while let Some(&u) = queue.get(head) {
        head += 1;
        let u = u as usize;
        let won = state[u] & WON != 0;
        let r = state[u] & (WON - 1);
        assert!(r + 1 < WON, "remoteness below 2^30");
        for &(p, m) in &incoming[first_in[u] as usize..first_in[u + 1] as usize] {
            let s = &mut state[p as usize];
            if *s & DECIDED != 0 {
                continue;
            }
            if won {
                *s -= 1;
                if *s > 0 {
                    continue;
                }
                *s = DECIDED | (r + 1);
            } else {
                *s = DECIDED | WON | (r + 1);
            }
            best[p as usize] = m;
            queue.push(p);
        }
    }
    let value: Vec<LoopyOutcome> = state
        .iter()
        .map(|&s| match (s & DECIDED != 0, s & WON != 0) {
            (false, _) => LoopyOutcome::Draw,
            (true, true) => LoopyOutcome::Win(s & (WON - 1)),
            (true, false) => LoopyOutcome::Loss(s & (WON - 1)),
        })
        .collect();
    // A draw's best move is to a draw, and it has one (module docs): the
    // first in the list.
    for (i, &(from, to)) in moves.iter().enumerate() {
        let (from, to) = (from as usize, to as usize);
        if state[from] & DECIDED == 0 && best[from] == NONE && state[to] & DECIDED == 0 {
            best[from] = i as u32;
        }
    }
    LoopySolution { value, best }
}

/// The value and a best move of every position of a [`MoveGraph`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopySolution {
    value: Vec<LoopyOutcome>,
    best: Vec<u32>,
}

impl LoopySolution {
    /// The value of position `v` for the player to move.
    pub fn value(&self, v: usize) -> LoopyOutcome {
        self.value[v]
    }

    /// The values of all positions, in order.
    pub fn values(&self) -> &[LoopyOutcome] {
        &self.value
    }

    /// A best move from `v` (its number): for a win, to a loss of the least
    /// remoteness; for a loss, to the win of the greatest remoteness; for a
    /// draw, to a draw. `None` when `v` has no move.
    pub fn best_move(&self, v: usize) -> Option<usize> {
        (self.best[v] != NONE).then_some(self.best[v] as usize)
    }
}

/// A game under normal play whose positions may repeat: both players have
/// the same options, and who cannot move loses.
///
/// Unlike [`ImpartialGame`](crate::impartial::ImpartialGame), a position may
/// be reachable from itself; only finitely many positions may be reachable
/// from a start.
pub trait LoopyGame {
    /// A position of the game.
    type Position: Clone + Eq + Hash;

    /// Pushes onto `options` every position one move away from `position`.
    fn options(&self, position: &Self::Position, options: &mut Vec<Self::Position>);
}

/// Every position reachable from some starts of a [`LoopyGame`], with its
/// value and a best move.
///
/// # Example
/// A counter on a circle of 5 cells: a move goes one step clockwise, or
/// from cell 0 to the "exit", where no move is left. Cell 0 wins by
/// exiting; cell 4 must go to 0 and loses, so cell 3 wins by going to 4.
/// ```
/// use cgt_core::loopy::{LoopyAnalysis, LoopyGame, LoopyOutcome};
///
/// struct Circle;
/// impl LoopyGame for Circle {
///     /// A cell, or `None` for the exit.
///     type Position = Option<u8>;
///     fn options(&self, p: &Option<u8>, out: &mut Vec<Option<u8>>) {
///         if let Some(cell) = *p {
///             out.push(Some((cell + 1) % 5));
///             if cell == 0 {
///                 out.push(None);
///             }
///         }
///     }
/// }
///
/// let analysis = LoopyAnalysis::new(&Circle, [Some(3)]);
/// assert_eq!(analysis.len(), 6);
/// assert_eq!(analysis.value(&Some(0)), Some(LoopyOutcome::Win(1)));
/// assert_eq!(analysis.value(&Some(4)), Some(LoopyOutcome::Loss(2)));
/// assert_eq!(analysis.value(&Some(3)), Some(LoopyOutcome::Win(3)));
/// assert_eq!(analysis.best_move(&Some(3)), Some(Some(4)));
/// ```
///
/// # Complexity
/// O(V + E) hash operations and `options` calls to enumerate, then
/// O(V + E) to solve; iterative.
#[derive(Clone, Debug)]
pub struct LoopyAnalysis<P> {
    positions: Vec<P>,
    index: FxHashMap<P, u32>,
    graph: MoveGraph,
    solution: LoopySolution,
}

impl<P: Clone + Eq + Hash> LoopyAnalysis<P> {
    /// Enumerates every position reachable from `starts` in `game` and
    /// solves them all.
    ///
    /// # Panics
    /// If 2^32 − 1 or more positions or moves are reachable, or a
    /// remoteness reaches 2^30.
    pub fn new<G: LoopyGame<Position = P>>(game: &G, starts: impl IntoIterator<Item = P>) -> Self {
        let mut positions: Vec<P> = Vec::new();
        let mut index: FxHashMap<P, u32> = FxHashMap::default();
        let mut number = |p: P, positions: &mut Vec<P>| -> u32 {
            match index.entry(p) {
                Entry::Occupied(e) => *e.get(),
                Entry::Vacant(e) => {
                    let i = u32::try_from(positions.len())
                        .ok()
                        .filter(|&i| i < NONE)
                        .expect("fewer than 2^32 - 1 positions");
                    positions.push(e.key().clone());
                    e.insert(i);
                    i
                }
            }
        };
        for start in starts {
            number(start, &mut positions);
        }
        let mut moves = Vec::new();
        let mut buffer = Vec::new();
        let mut done = 0;
        while done < positions.len() {
            buffer.clear();
            game.options(&positions[done], &mut buffer);
            for option in buffer.drain(..) {
                let to = number(option, &mut positions);
                moves.push((done as u32, to));
            }
            done += 1;
        }
        let graph = MoveGraph::from_moves(positions.len(), &moves);
        let solution = graph.solve();
        LoopyAnalysis {
            positions,
            index,
            graph,
            solution,
        }
    }

    /// The number of positions enumerated.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether no position was enumerated (no start was given).
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The value of `position`; `None` if it was not reachable from the
    /// starts.
    pub fn value(&self, position: &P) -> Option<LoopyOutcome> {
        let &i = self.index.get(position)?;
        Some(self.solution.value(i as usize))
    }

    /// A best move from `position` (see [`LoopySolution::best_move`]): the
    /// position it leads to; `None` if there is no move or `position` was
    /// not reachable.
    pub fn best_move(&self, position: &P) -> Option<P> {
        let &i = self.index.get(position)?;
        let m = self.solution.best_move(i as usize)?;
        Some(self.positions[self.graph.move_at(m).1].clone())
    }

    /// The enumerated positions, numbered as in [`graph`](Self::graph).
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The game graph of the enumerated positions.
    pub fn graph(&self) -> &MoveGraph {
        &self.graph
    }

    /// The values and best moves, numbered as in [`graph`](Self::graph).
    pub fn solution(&self) -> &LoopySolution {
        &self.solution
    }
}

/// The outcome of every position, by iterating the definitions directly: in
/// round k a position not yet decided is a win if some option was a loss
/// before round k, and a loss if every option was a win before round k (so a
/// position with no option is a loss in round 0); its remoteness is k. After
/// a round that decides nothing, the rest are draws.
///
/// The reference that [`MoveGraph::solve`] is tested against, and a search
/// from the definitions alone for brute forces; `options[v]` holds the
/// positions position `v` moves to (each below `options.len()`).
///
/// # Example
/// ```
/// use cgt_core::loopy::{LoopyOutcome, outcomes_by_rounds};
/// let outcomes = outcomes_by_rounds(&[vec![1], vec![], vec![2]]);
/// assert_eq!(outcomes, [LoopyOutcome::Win(1), LoopyOutcome::Loss(0), LoopyOutcome::Draw]);
/// ```
///
/// # Complexity
/// O((V + E) · rounds) time for V positions and E moves, O(V) memory: only
/// for small graphs ([`MoveGraph::solve`] is O(V + E)).
pub fn outcomes_by_rounds(options: &[Vec<usize>]) -> Vec<LoopyOutcome> {
    let n = options.len();
    let mut value: Vec<Option<LoopyOutcome>> = vec![None; n];
    for round in 0_u32.. {
        let mut next = value.clone();
        for v in 0..n {
            if value[v].is_some() {
                continue;
            }
            let known = |o: &usize| value[*o];
            if options[v]
                .iter()
                .any(|o| matches!(known(o), Some(LoopyOutcome::Loss(_))))
            {
                next[v] = Some(LoopyOutcome::Win(round));
            } else if options[v]
                .iter()
                .all(|o| matches!(known(o), Some(LoopyOutcome::Win(_))))
            {
                next[v] = Some(LoopyOutcome::Loss(round));
            }
        }
        if next == value {
            break;
        }
        value = next;
    }
    value
        .into_iter()
        .map(|v| v.unwrap_or(LoopyOutcome::Draw))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`outcomes_by_rounds`] on the graph of `moves`.
    fn by_rounds(n: usize, moves: &[(u32, u32)]) -> Vec<LoopyOutcome> {
        let mut options = vec![Vec::new(); n];
        for &(from, to) in moves {
            options[from as usize].push(to as usize);
        }
        outcomes_by_rounds(&options)
    }

    fn check(n: usize, moves: &[(u32, u32)]) {
        let graph = MoveGraph::from_moves(n, moves);
        let solved = graph.solve();
        let expected = by_rounds(n, moves);
        assert_eq!(solved.values(), expected, "graph {n} {moves:?}");
        for v in 0..n {
            let Some(m) = solved.best_move(v) else {
                assert_eq!(solved.value(v), LoopyOutcome::Loss(0), "{moves:?} at {v}");
                continue;
            };
            let (from, to) = graph.move_at(m);
            assert_eq!(from, v, "{moves:?}: best move of {v} is not from it");
            let reached = solved.value(to);
            let ok = match solved.value(v) {
                LoopyOutcome::Win(r) => reached == LoopyOutcome::Loss(r - 1),
                LoopyOutcome::Loss(r) => reached == LoopyOutcome::Win(r - 1),
                LoopyOutcome::Draw => reached == LoopyOutcome::Draw,
            };
            assert!(ok, "{moves:?}: best move {m} of {v} reaches {reached:?}");
        }
    }

    #[test]
    fn every_graph_of_up_to_four_positions_matches_the_definitions() {
        for n in 1..=4_u32 {
            let pairs: Vec<(u32, u32)> = (0..n).flat_map(|a| (0..n).map(move |b| (a, b))).collect();
            for mask in 0_u32..1 << pairs.len() {
                let moves: Vec<(u32, u32)> = (0..pairs.len())
                    .filter(|&i| mask >> i & 1 == 1)
                    .map(|i| pairs[i])
                    .collect();
                check(n as usize, &moves);
            }
        }
    }

    #[test]
    fn random_multigraphs_match_the_definitions() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % bound
        };
        for _ in 0..3000 {
            let n = 1 + next(12);
            let e = next(3 * n);
            let moves: Vec<(u32, u32)> = (0..e).map(|_| (next(n) as u32, next(n) as u32)).collect();
            check(n as usize, &moves);
        }
    }

    #[test]
    fn long_chains_do_not_overflow_the_stack() {
        let n = 1_000_000_u32;
        let moves: Vec<(u32, u32)> = (1..n).map(|v| (v, v - 1)).collect();
        let solved = MoveGraph::from_moves(n as usize, &moves).solve();
        assert_eq!(solved.value(n as usize - 1), LoopyOutcome::Win(n - 1));
        assert_eq!(solved.value(n as usize - 2), LoopyOutcome::Loss(n - 2));
    }

    /// Subtraction of 1 or 2 on a circle of `len` cells where cell 0 has no
    /// move: the game trait agrees with the explicit graph.
    struct Circle(u32);

    impl LoopyGame for Circle {
        type Position = u32;
        fn options(&self, &p: &u32, out: &mut Vec<u32>) {
            if p != 0 {
                out.push((p + 1) % self.0);
                out.push((p + 2) % self.0);
            }
        }
    }

    #[test]
    fn a_game_by_its_rules_matches_its_explicit_graph() {
        for len in 1..12 {
            let analysis = LoopyAnalysis::new(&Circle(len), 0..len);
            assert_eq!(analysis.len(), len as usize);
            let moves: Vec<(u32, u32)> = (1..len)
                .flat_map(|p| [(p, (p + 1) % len), (p, (p + 2) % len)])
                .collect();
            let expected = by_rounds(len as usize, &moves);
            for p in 0..len {
                assert_eq!(
                    analysis.value(&p),
                    Some(expected[p as usize]),
                    "{len} at {p}"
                );
                if let Some(to) = analysis.best_move(&p) {
                    assert!(to == (p + 1) % len || to == (p + 2) % len);
                }
            }
            assert_eq!(analysis.value(&len), None);
        }
    }
}
