//! The game graph: positions `0..n`, each with its Left and Right moves.

use crate::canonical::{GameId, GameStore};
use crate::outcome::Side;
use rustc_hash::FxHashMap;

/// A finite partizan game graph: positions `0..n`, each with the positions
/// Left can move to and those Right can move to. Cycles are allowed (a move
/// to the position itself is a pass); a game is a graph and a start.
///
/// # Example
/// `over = {0|over}`: position 0 is `over`, position 1 is `0`.
/// ```
/// use cgt_core::loopy_partizan::Graph;
/// use cgt_core::outcome::Side;
/// let mut graph = Graph::new();
/// let over = graph.add_position();
/// let zero = graph.add_position();
/// graph.add_move(over, Side::Left, zero);
/// graph.add_move(over, Side::Right, over);
/// assert_eq!(graph.moves(over, Side::Right), [over]);
/// assert!(graph.is_stopper(over));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Graph {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

impl Graph {
    /// The graph with no positions.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Whether there are no positions.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// Adds a position with no moves and returns it.
    ///
    /// # Panics
    /// If the graph already has `u32::MAX` positions.
    pub fn add_position(&mut self) -> u32 {
        let v = u32::try_from(self.left.len()).expect("fewer than 2^32 positions");
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        v
    }

    /// Adds a move for `side` from `from` to `to` (nothing if it is there).
    ///
    /// # Panics
    /// If a position is not in the graph.
    pub fn add_move(&mut self, from: u32, side: Side, to: u32) {
        assert!(
            (to as usize) < self.len(),
            "position {to} is not in the graph"
        );
        let moves = self.moves_mut(from, side);
        if !moves.contains(&to) {
            moves.push(to);
        }
    }

    /// The positions `side` can move to from `v`.
    pub fn moves(&self, v: u32, side: Side) -> &[u32] {
        match side {
            Side::Left => &self.left[v as usize],
            Side::Right => &self.right[v as usize],
        }
    }

    fn moves_mut(&mut self, v: u32, side: Side) -> &mut Vec<u32> {
        match side {
            Side::Left => &mut self.left[v as usize],
            Side::Right => &mut self.right[v as usize],
        }
    }

    /// Replaces the moves for `side` from `v`.
    pub(crate) fn set_moves(&mut self, v: u32, side: Side, mut to: Vec<u32>) {
        to.sort_unstable();
        to.dedup();
        *self.moves_mut(v, side) = to;
    }

    /// The positions reachable from `start` by any moves (`start` first),
    /// in the order a breadth-first search meets them.
    pub fn reachable(&self, start: u32) -> Vec<u32> {
        let mut seen = vec![false; self.len()];
        let mut order = vec![start];
        seen[start as usize] = true;
        let mut i = 0;
        while let Some(&v) = order.get(i) {
            i += 1;
            for side in [Side::Left, Side::Right] {
                for &w in self.moves(v, side) {
                    if !seen[w as usize] {
                        seen[w as usize] = true;
                        order.push(w);
                    }
                }
            }
        }
        order
    }

    /// The part of the graph reachable from `start`, renumbered so that
    /// `start` is 0.
    pub fn restricted(&self, start: u32) -> Graph {
        self.restricted_with_numbers(start).0
    }

    /// [`Graph::restricted`], and each old position's new number
    /// (`u32::MAX` for the positions left out).
    pub(crate) fn restricted_with_numbers(&self, start: u32) -> (Graph, Vec<u32>) {
        let order = self.reachable(start);
        let mut index = vec![u32::MAX; self.len()];
        for (i, &v) in order.iter().enumerate() {
            index[v as usize] = i as u32;
        }
        let renumber = |moves: &[u32]| -> Vec<u32> {
            let mut out: Vec<u32> = moves.iter().map(|&w| index[w as usize]).collect();
            out.sort_unstable();
            out.dedup();
            out
        };
        let graph = Graph {
            left: order
                .iter()
                .map(|&v| renumber(&self.left[v as usize]))
                .collect(),
            right: order
                .iter()
                .map(|&v| renumber(&self.right[v as usize]))
                .collect(),
        };
        (graph, index)
    }

    /// The negative: Left's and Right's moves exchanged.
    pub fn negative(&self) -> Graph {
        Graph {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    /// Appends a copy of `other`; returns the number its position 0 has
    /// now (its position `v` is that number plus `v`).
    pub fn append(&mut self, other: &Graph) -> u32 {
        let offset = u32::try_from(self.len()).expect("fewer than 2^32 positions");
        let shift = |moves: &Vec<u32>| moves.iter().map(|&w| w + offset).collect::<Vec<u32>>();
        self.left.extend(other.left.iter().map(shift));
        self.right.extend(other.right.iter().map(shift));
        offset
    }

    /// The disjunctive sum of `g` (from position `a`) and `h` (from `b`):
    /// the positions reachable from `(a, b)` in the product, with `(a, b)`
    /// as position 0. `None` if it would have more than `limit` positions.
    ///
    /// # Complexity
    /// O(P + M) for the P positions and M moves of the sum made.
    pub fn sum(g: &Graph, a: u32, h: &Graph, b: u32, limit: usize) -> Option<Graph> {
        let mut index: FxHashMap<(u32, u32), u32> = FxHashMap::default();
        let mut pairs = vec![(a, b)];
        index.insert((a, b), 0);
        let mut sum = Graph::new();
        sum.add_position();
        let mut i = 0;
        while let Some(&(x, y)) = pairs.get(i) {
            for side in [Side::Left, Side::Right] {
                let targets = g.moves(x, side).iter().map(|&x2| (x2, y));
                let targets = targets.chain(h.moves(y, side).iter().map(|&y2| (x, y2)));
                let mut moves = Vec::new();
                for pair in targets {
                    let next = index.len() as u32;
                    let w = *index.entry(pair).or_insert(next);
                    if w == next {
                        if pairs.len() >= limit {
                            return None;
                        }
                        pairs.push(pair);
                        sum.add_position();
                    }
                    moves.push(w);
                }
                sum.set_moves(i as u32, side, moves);
            }
            i += 1;
        }
        Some(sum)
    }

    /// Adds the short game `g` of `store` as positions (each canonical
    /// subposition once) and returns the position of `g`.
    ///
    /// A number or `n·↑ + *m` with very many options (as `*1000000`) makes
    /// as many positions: callers bound what they expand
    /// ([`GameStore::is_expandable`]).
    pub fn add_short(&mut self, store: &mut GameStore, g: GameId) -> u32 {
        self.add_short_within(store, g, usize::MAX)
            .expect("no limit")
    }

    /// [`Graph::add_short`], or `None` (and the graph as it was) if `g`
    /// has more than `limit` canonical subpositions: `10^12` has 10^12.
    pub fn add_short_within(
        &mut self,
        store: &mut GameStore,
        g: GameId,
        limit: usize,
    ) -> Option<u32> {
        let before = self.len();
        let result = self.expand_short(store, g, limit);
        if result.is_none() {
            self.left.truncate(before);
            self.right.truncate(before);
        }
        result
    }

    fn expand_short(&mut self, store: &mut GameStore, g: GameId, limit: usize) -> Option<u32> {
        self.add_short_shared(store, g, limit, &mut FxHashMap::default())
    }

    /// [`Graph::add_short_within`], reusing the positions of `made` (short
    /// games already added, by id) and recording those it adds: games
    /// that share subpositions share positions. `None` if more than
    /// `limit` positions are new; the positions added by then stay (the
    /// caller gives up on the graph).
    pub(crate) fn add_short_shared(
        &mut self,
        store: &mut GameStore,
        g: GameId,
        limit: usize,
        made: &mut FxHashMap<GameId, u32>,
    ) -> Option<u32> {
        if !store.is_expandable(g) {
            return None;
        }
        if let Some(&v) = made.get(&g) {
            return Some(v);
        }
        let before = made.len();
        // Depth first on an explicit stack of frames (game, its left and
        // right options, how many of them are made). A short game has no
        // cycle, so the games on the stack are distinct and none is made
        // yet: with the new games made, they are the distinct positions met,
        // which the limit counts (not every queued option: `*64` has 65
        // positions, but 2,080 moves).
        let mut stack: Vec<(GameId, Vec<GameId>, Vec<GameId>, usize)> = Vec::new();
        let mut next = Some(g);
        loop {
            if let Some(x) = next.take() {
                if made.len() - before + stack.len() >= limit {
                    return None;
                }
                // Options of an expandable game are expandable.
                let left = store.left_options(x).ok()?.to_vec();
                let right = store.right_options(x).ok()?.to_vec();
                stack.push((x, left, right, 0));
            }
            let Some((x, left, right, done)) = stack.last_mut() else {
                break;
            };
            while let Some(&o) = left.get(*done).or_else(|| right.get(*done - left.len())) {
                if !made.contains_key(&o) {
                    next = Some(o);
                    break;
                }
                *done += 1;
            }
            if next.is_some() {
                continue;
            }
            let v = self.add_position();
            self.set_moves(v, Side::Left, left.iter().map(|o| made[o]).collect());
            self.set_moves(v, Side::Right, right.iter().map(|o| made[o]).collect());
            made.insert(*x, v);
            stack.pop();
        }
        Some(made[&g])
    }
}
