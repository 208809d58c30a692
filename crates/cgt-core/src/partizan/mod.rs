//! Partizan games: Left and Right have their own options.
//!
//! - [`PartizanGame`]: a game given by its rules, each player's options.
//! - [`ValueMemo`]: the canonical form of a position (its value), as a
//!   [`GameId`] in a [`GameStore`].
//! - [`OutcomeMemo`]: who wins a position with either player to move, its
//!   [`Outcome`] class, and a winning move; memoised, with an explicit stack.
//! - `value_tables`: the tables behind `ValueMemo`, an open-addressing
//!   table of the positions valued from their options and the bounded cache
//!   of those that split.
//!
//! # Example
//! A Hackenbush string (*Winning Ways*, ch. 1): a stalk of blue and red
//! edges on the ground; Left cuts a blue edge, Right a red one, and every
//! edge above the cut falls too.
//! ```
//! use cgt_core::outcome::{Outcome, Side};
//! use cgt_core::partizan::{OutcomeMemo, PartizanGame};
//!
//! struct HackenbushString;
//! impl PartizanGame for HackenbushString {
//!     /// The edges from the ground up: `b'B'` blue (Left's), `b'R'` red.
//!     type Position = Vec<u8>;
//!     fn options(&self, stalk: &Vec<u8>, side: Side, out: &mut Vec<Vec<u8>>) {
//!         let mine = if side == Side::Left { b'B' } else { b'R' };
//!         for (i, &edge) in stalk.iter().enumerate() {
//!             if edge == mine {
//!                 out.push(stalk[..i].to_vec());
//!             }
//!         }
//!     }
//! }
//!
//! let mut memo = OutcomeMemo::new(HackenbushString);
//! assert_eq!(memo.outcome(&b"BR".to_vec()), Outcome::L); // the number 1/2
//! assert_eq!(memo.outcome(&b"RBB".to_vec()), Outcome::R); // -1/4
//! assert_eq!(memo.outcome(&Vec::new()), Outcome::P); // 0
//! // Left, moving first in "BR", cuts the ground edge and leaves nothing.
//! assert_eq!(memo.winning_move(&b"BR".to_vec(), Side::Left), Some(Vec::new()));
//! assert_eq!(memo.winning_move(&b"BR".to_vec(), Side::Right), None);
//! ```

use crate::canonical::{GameId, GameStore, ValueError};
use crate::memo::GameMemo;
use crate::outcome::{Outcome, Side};
use rustc_hash::FxHashSet;
use std::hash::Hash;
use value_tables::{SumCache, ValueTable};

mod value_tables;

/// A partizan game under normal play: who cannot move on his turn loses.
pub trait PartizanGame {
    /// A position of the game (without the player to move).
    type Position: Clone + Eq + Hash;

    /// Pushes onto `options` every position that `side` reaches from
    /// `position` in one move. The game must end.
    fn options(&self, position: &Self::Position, side: Side, options: &mut Vec<Self::Position>);

    /// Pushes the options [`options`](Self::options) would push numbered
    /// `from` to `from + count - 1` (in its order; fewer past the last):
    /// for a caller that looks through the options of a big position a
    /// batch at a time and stops at the first that serves, as a search for
    /// a winning move does. The default makes every option and keeps the
    /// batch; a game whose options are many and large (a Hackenbush stalk
    /// of n edges has n options of up to n edges) makes only the batch.
    fn options_in(
        &self,
        position: &Self::Position,
        side: Side,
        from: usize,
        count: usize,
        options: &mut Vec<Self::Position>,
    ) {
        let mut all = Vec::new();
        self.options(position, side, &mut all);
        options.extend(all.into_iter().skip(from).take(count));
    }

    /// Pushes the independent components whose disjunctive sum `position`
    /// is; pushes nothing (the default) when it does not split. A
    /// [`ValueMemo`] then values the position as the sum of its parts.
    fn components(&self, position: &Self::Position, parts: &mut Vec<Self::Position>) {
        let _ = (position, parts);
    }

    /// The value of `position` by a rule of the game that needs no search
    /// of its options (a closed form, such as the number a blue-red
    /// Hackenbush stalk is), or `None`, the default, to search them. A
    /// [`ValueMemo`] asks before it opens a position, so the rule must be
    /// cheap (it is not counted against a search's budget) and must give
    /// the canonical form the search would (a test should compare them on
    /// every small position).
    ///
    /// # Errors
    /// [`ValueError::Overflow`] when the value does not fit the store, as
    /// the search would have found.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::{GameId, GameStore, ValueError};
    /// use cgt_core::outcome::Side;
    /// use cgt_core::partizan::{PartizanGame, ValueMemo};
    ///
    /// /// A row of `n` tokens; Left removes any number of them.
    /// struct Tokens;
    /// impl PartizanGame for Tokens {
    ///     type Position = u32;
    ///     fn options(&self, &n: &u32, side: Side, out: &mut Vec<u32>) {
    ///         if side == Side::Left {
    ///             out.extend(0..n);
    ///         }
    ///     }
    ///     // Left has n moves to make: the integer n, with no search.
    ///     fn formula(&self, store: &mut GameStore, &n: &u32) -> Option<Result<GameId, ValueError>> {
    ///         Some(Ok(store.integer(i64::from(n))))
    ///     }
    /// }
    ///
    /// let mut store = GameStore::new();
    /// let value = ValueMemo::new(Tokens).value(&mut store, &1_000_000)?;
    /// assert_eq!(store.display(value), "1000000");
    /// # Ok::<(), ValueError>(())
    /// ```
    fn formula(
        &self,
        store: &mut GameStore,
        position: &Self::Position,
    ) -> Option<Result<GameId, ValueError>> {
        let _ = (store, position);
        None
    }

    /// `Some(other)` when `position` is `other` with the players' roles
    /// swapped, so that its value is `-value(other)`, and a [`ValueMemo`]
    /// should keep `other` instead; `None`, the default, to keep
    /// `position`. A board whose transpose swaps the players (Domineering)
    /// halves its memo this way. The answer must be consistent: `other`
    /// itself answers `None`, and every position of a pair names the same
    /// `other` (a test should compare values with and without it).
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// use cgt_core::outcome::Side;
    /// use cgt_core::partizan::{PartizanGame, ValueMemo};
    ///
    /// /// `(l, r)`: Left may take 1 from `l`, Right 1 from `r`.
    /// struct Pair;
    /// impl PartizanGame for Pair {
    ///     type Position = (u8, u8);
    ///     fn options(&self, &(l, r): &(u8, u8), side: Side, out: &mut Vec<(u8, u8)>) {
    ///         match side {
    ///             Side::Left if l > 0 => out.push((l - 1, r)),
    ///             Side::Right if r > 0 => out.push((l, r - 1)),
    ///             _ => {}
    ///         }
    ///     }
    ///     // (l, r) is (r, l) with the roles swapped: keep l >= r only.
    ///     fn negative_of(&self, &(l, r): &(u8, u8)) -> Option<(u8, u8)> {
    ///         (l < r).then_some((r, l))
    ///     }
    /// }
    ///
    /// let mut store = GameStore::new();
    /// let mut memo = ValueMemo::new(Pair);
    /// let v = memo.value(&mut store, &(1, 4)).expect("small");
    /// assert_eq!(store.display(v), "-3");
    /// ```
    fn negative_of(&self, position: &Self::Position) -> Option<Self::Position> {
        let _ = position;
        None
    }

    /// Whether `position` has more than `limit` moves, Left's and Right's
    /// together: what a search asks before it tries to value a part it
    /// deems small. The default lists them; a game with many moves may
    /// count them instead.
    fn more_moves_than(&self, position: &Self::Position, limit: usize) -> bool {
        let mut moves = Vec::new();
        self.options(position, Side::Left, &mut moves);
        if moves.len() > limit {
            return true;
        }
        self.options(position, Side::Right, &mut moves);
        moves.len() > limit
    }
}

/// The canonical forms of one partizan game's positions, built in a
/// [`GameStore`] the caller owns; a position that splits into
/// [`components`](PartizanGame::components) is the sum of their values.
///
/// The memo remembers each position's id in the store it was used with, so
/// a program that values many positions (of one game or several) keeps one
/// store of everything it has seen and never copies a value between stores.
/// Used with another store (or a clone), the memo starts over.
///
/// The search keeps its own stack, so a deep game does not overflow the
/// call stack.
///
/// # Example
/// Hackenbush strings are numbers: blue-red `BR` is `1/2`, `RBB` is `-1/4`.
/// ```
/// use cgt_core::canonical::GameStore;
/// use cgt_core::outcome::Side;
/// use cgt_core::partizan::{PartizanGame, ValueMemo};
///
/// struct HackenbushString;
/// impl PartizanGame for HackenbushString {
///     type Position = Vec<u8>;
///     fn options(&self, stalk: &Vec<u8>, side: Side, out: &mut Vec<Vec<u8>>) {
///         let mine = if side == Side::Left { b'B' } else { b'R' };
///         for (i, &edge) in stalk.iter().enumerate() {
///             if edge == mine {
///                 out.push(stalk[..i].to_vec());
///             }
///         }
///     }
/// }
///
/// let mut store = GameStore::new();
/// let mut memo = ValueMemo::new(HackenbushString);
/// let half = memo.value(&mut store, &b"BR".to_vec()).expect("small");
/// assert_eq!(store.display(half), "1/2");
/// let quarter = memo.value(&mut store, &b"RBB".to_vec()).expect("small");
/// assert_eq!(store.display(quarter), "-1/4");
/// // Valuing a position again adds nothing to the store.
/// let games = store.len();
/// assert_eq!(memo.value(&mut store, &b"BR".to_vec()), Ok(half));
/// assert_eq!(store.len(), games);
/// ```
///
/// # Complexity
/// Each position reachable from a query that does not split is expanded
/// once; one that splits is the sum of its parts' values, summed again when
/// its entry has left the bounded cache. The canonical form of a position
/// costs comparisons quadratic in its option count at worst.
///
/// # Panics
/// If a cycle is reachable from a queried position (the game must end).
#[derive(Clone, Debug)]
pub struct ValueMemo<G: PartizanGame> {
    game: G,
    /// The token of the store the ids below belong to.
    store: Option<u64>,
    values: ValueTable<G::Position>,
    /// The values of positions that split into components: only a cache
    /// (each is the sum of its parts' values, which `values` keeps), so
    /// bounded. Most positions of a board game split once a few moves are
    /// made (three in four of the 5 × 6 Domineering board's), and keeping
    /// them all took most of the memo's memory.
    sums: SumCache<G::Position>,
    /// The vectors of frames done with, for the next frames: a frame is
    /// opened for each position searched, and allocating and growing its
    /// vectors was about a tenth of the instructions of valuing the empty
    /// 5 × 5 Domineering board.
    spare: Vec<Spare<G::Position>>,
}

/// The vectors of a [`ValueFrame`] done with: children, negated, values.
type Spare<P> = (Vec<P>, Vec<bool>, Vec<GameId>);

/// A position on the search path: its children (parts, or left then right
/// options) and the values of those already valued.
struct ValueFrame<P> {
    position: P,
    children: Vec<P>,
    /// Which children stand for their negatives (`PartizanGame::negative_of`).
    negated: Vec<bool>,
    values: Vec<GameId>,
    lefts: usize,
    split: bool,
}

impl<P> ValueFrame<P> {
    /// Records the value of the next child, `value` being that of the
    /// position kept for it: its negative where the child was negated.
    fn push(&mut self, store: &mut GameStore, value: GameId) {
        let i = self.values.len();
        let value = if self.negated.get(i).copied().unwrap_or(false) {
            store.neg(value)
        } else {
            value
        };
        self.values.push(value);
    }
}

/// How deep the search goes before it watches for cycles: a cycle makes the
/// path grow without end, so beyond this depth every position on the path
/// is remembered, and meeting one again is a cycle.
const WATCHED_DEPTH: usize = 1 << 12;

impl<G: PartizanGame> ValueMemo<G> {
    /// An empty memo for `game`.
    pub fn new(game: G) -> Self {
        ValueMemo {
            game,
            store: None,
            values: ValueTable::new(),
            sums: SumCache::new(),
            spare: Vec::new(),
        }
    }

    /// The game this memo answers for.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many positions have been valued from their options and are
    /// kept (a position that splits into components is the sum of theirs
    /// and is not counted).
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no position has been valued yet.
    pub fn is_empty(&self) -> bool {
        self.values.len() == 0
    }

    fn open(&mut self, position: G::Position) -> ValueFrame<G::Position> {
        let (mut children, mut negated, mut values) = self.spare.pop().unwrap_or_default();
        children.clear();
        negated.clear();
        values.clear();
        self.game.components(&position, &mut children);
        let split = !(children.is_empty() || (children.len() == 1 && children[0] == position));
        let lefts;
        if split {
            lefts = children.len();
        } else {
            children.clear();
            self.game.options(&position, Side::Left, &mut children);
            lefts = children.len();
            self.game.options(&position, Side::Right, &mut children);
        }
        // Left empty unless a child is negated (most games never are).
        let count = children.len();
        for (i, child) in children.iter_mut().enumerate() {
            if let Some(other) = self.game.negative_of(child) {
                *child = other;
                negated.resize(count, false);
                negated[i] = true;
            }
        }
        ValueFrame {
            position,
            values,
            children,
            negated,
            lefts,
            split,
        }
    }

    /// The canonical form of `position`, in `store`.
    ///
    /// # Errors
    /// [`ValueError::Overflow`] if a number leaves the range of
    /// [`Dyadic`](crate::dyadic::Dyadic).
    pub fn value(
        &mut self,
        store: &mut GameStore,
        position: &G::Position,
    ) -> Result<GameId, ValueError> {
        let value = self.value_within(store, position, usize::MAX)?;
        Ok(value.expect("an unbounded search ends with the value"))
    }

    /// Forgets the values kept for another store: they name games there.
    fn attach(&mut self, store: &GameStore) {
        if self.store != Some(store.token()) {
            self.values.clear();
            self.sums.clear();
            self.store = Some(store.token());
        }
    }

    /// The canonical form of `position`, if it takes at most `budget`
    /// positions not valued before: `Ok(None)` when the search would go
    /// further. The values found on the way are kept, so asking again (with
    /// any budget) goes on from them.
    ///
    /// This is how a search of a big sum values its small parts and leaves
    /// the rest to the search.
    ///
    /// # Errors
    /// As [`value`](Self::value).
    pub fn value_within(
        &mut self,
        store: &mut GameStore,
        position: &G::Position,
        budget: usize,
    ) -> Result<Option<GameId>, ValueError> {
        self.attach(store);
        let other = self.game.negative_of(position);
        let kept = other.as_ref().unwrap_or(position);
        let value = match self.lookup(kept) {
            Some(v) => Some(v),
            None => self.search(store, kept, budget)?,
        };
        Ok(match (value, other) {
            (Some(v), Some(_)) => Some(store.neg(v)),
            (value, _) => value,
        })
    }

    /// The canonical form of `position` if it is known already (in
    /// `store`), without searching.
    pub fn known(&mut self, store: &mut GameStore, position: &G::Position) -> Option<GameId> {
        if self.store != Some(store.token()) {
            return None;
        }
        match self.game.negative_of(position) {
            Some(other) => {
                let v = self.lookup(&other)?;
                Some(store.neg(v))
            }
            None => self.lookup(position),
        }
    }

    /// The canonical form of `position`, a position that does not split
    /// into components, if it is known already or the game's
    /// [`formula`](PartizanGame::formula) gives it (then kept), without
    /// searching its options: what a search of a sum asks of a part too
    /// big to value, so that a part a rule values never costs a search.
    /// (The cache of positions that split is not looked at: a search
    /// asks this of every part of every option, and each look misses the
    /// processor's caches.)
    ///
    /// # Errors
    /// As [`PartizanGame::formula`].
    pub fn known_or_formula(
        &mut self,
        store: &mut GameStore,
        position: &G::Position,
    ) -> Result<Option<GameId>, ValueError> {
        self.attach(store);
        let other = self.game.negative_of(position);
        let kept = other.as_ref().unwrap_or(position);
        if let Some(v) = self.values.get(kept) {
            return Ok(Some(if other.is_some() { store.neg(v) } else { v }));
        }
        let Some(value) = self.game.formula(store, kept) else {
            return Ok(None);
        };
        let value = value?;
        self.values.insert(kept.clone(), value);
        Ok(Some(if other.is_some() {
            store.neg(value)
        } else {
            value
        }))
    }

    /// The value of `position` if kept, or cached as a sum of parts.
    fn lookup(&self, position: &G::Position) -> Option<GameId> {
        // The table first: most positions valued split, but most lookups
        // (more than three in four of the 5 × 6 Domineering board's hits) find a
        // position that does not, and each probe is a memory access.
        match self.values.get(position) {
            Some(v) => Some(v),
            None => self.sums.get(position),
        }
    }

    /// The value of `position` (not yet known), opening at most `budget`
    /// positions.
    fn search(
        &mut self,
        store: &mut GameStore,
        position: &G::Position,
        budget: usize,
    ) -> Result<Option<GameId>, ValueError> {
        if let Some(value) = self.game.formula(store, position) {
            let value = value?;
            self.values.insert(position.clone(), value);
            return Ok(Some(value));
        }
        let mut opened_count = 1;
        let first = self.open(position.clone());
        let mut stack = vec![first];
        let mut watched: FxHashSet<G::Position> = FxHashSet::default();
        loop {
            let frame = stack.last_mut().expect("the loop returns at the bottom");
            let mut opened = None;
            while frame.values.len() < frame.children.len() {
                let child = &frame.children[frame.values.len()];
                match self.lookup(child) {
                    Some(v) => frame.push(store, v),
                    None => match self.game.formula(store, child) {
                        // Kept like a searched value, so it is asked once.
                        Some(value) => {
                            let value = value?;
                            self.values.insert(child.clone(), value);
                            frame.push(store, value);
                        }
                        None => {
                            opened = Some(child.clone());
                            break;
                        }
                    },
                }
            }
            if let Some(child) = opened {
                if opened_count >= budget {
                    return Ok(None);
                }
                opened_count += 1;
                if stack.len() >= WATCHED_DEPTH {
                    assert!(
                        watched.insert(child.clone()),
                        "the game graph has a cycle: a game must end"
                    );
                }
                let frame = self.open(child);
                stack.push(frame);
                continue;
            }
            let frame = stack.pop().expect("the loop saw a frame");
            if stack.len() >= WATCHED_DEPTH {
                watched.remove(&frame.position);
            }
            let value = if frame.split {
                let mut total = store.zero();
                for &part in &frame.values {
                    total = store.add(total, part)?;
                }
                self.sums.insert(frame.position, total);
                total
            } else {
                let (left, right) = frame.values.split_at(frame.lefts);
                let value = store.game(left, right)?;
                self.values.insert(frame.position, value);
                value
            };
            // As many as the deepest path, at most.
            self.spare
                .push((frame.children, frame.negated, frame.values));
            match stack.last_mut() {
                Some(parent) => parent.push(store, value),
                None => return Ok(Some(value)),
            }
        }
    }
}

/// Who wins each position of one partizan game, memoised in a table bound
/// to that game: a [`GameMemo`] with the questions of partizan games.
///
/// # Complexity
/// Each (position, player to move) reachable from a query is expanded once.
///
/// # Panics
/// If a cycle is reachable from a queried position (the game must end).
pub type OutcomeMemo<G> = GameMemo<G, (<G as PartizanGame>::Position, Side), bool>;

impl<G: PartizanGame> GameMemo<G, (G::Position, Side), bool> {
    /// Whether `to_move`, moving first from `position`, wins with best play.
    pub fn mover_wins(&mut self, position: &G::Position, to_move: Side) -> bool {
        let mut buffer = Vec::new();
        self.evaluate(
            &(position.clone(), to_move),
            |game, (p, side), out| {
                buffer.clear();
                game.options(p, *side, &mut buffer);
                out.extend(buffer.drain(..).map(|o| ((o, side.opponent()), ())));
            },
            |_, options| options.iter().any(|&(_, opponent_wins)| !opponent_wins),
        )
    }

    /// The outcome class of `position`.
    pub fn outcome(&mut self, position: &G::Position) -> Outcome {
        let left = self.mover_wins(position, Side::Left);
        let right = self.mover_wins(position, Side::Right);
        Outcome::from_first_player_wins(left, right)
    }

    /// A move for `to_move` that wins: the first option (in the game's
    /// order) from which the opponent, moving next, loses; `None` if
    /// `to_move` loses `position`.
    pub fn winning_move(&mut self, position: &G::Position, to_move: Side) -> Option<G::Position> {
        if !self.mover_wins(position, to_move) {
            return None;
        }
        let mut options = Vec::new();
        self.game().options(position, to_move, &mut options);
        options
            .into_iter()
            .find(|o| !self.mover_wins(o, to_move.opponent()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Left may take 1 stone, Right 1 or 2.
    struct Uneven;
    impl PartizanGame for Uneven {
        type Position = u32;
        fn options(&self, &heap: &u32, side: Side, out: &mut Vec<u32>) {
            let most = if side == Side::Left { 1 } else { 2 };
            out.extend((1..=most).filter(|&t| t <= heap).map(|t| heap - t));
        }
    }

    #[test]
    fn outcomes_follow_the_player_to_move() {
        let mut memo = OutcomeMemo::new(Uneven);
        assert_eq!(memo.outcome(&0), Outcome::P);
        assert_eq!(memo.outcome(&1), Outcome::N);
        // Heap 2: Left must leave 1 (Right takes it); Right takes both.
        assert_eq!(memo.outcome(&2), Outcome::R);
        assert_eq!(memo.winning_move(&2, Side::Right), Some(0));
        assert_eq!(memo.winning_move(&2, Side::Left), None);
    }

    #[test]
    fn winning_moves_win() {
        let mut memo = OutcomeMemo::new(Uneven);
        for heap in 0..40 {
            for side in [Side::Left, Side::Right] {
                match memo.winning_move(&heap, side) {
                    Some(next) => assert!(!memo.mover_wins(&next, side.opponent())),
                    None => assert!(!memo.mover_wins(&heap, side)),
                }
            }
        }
    }

    /// A game whose positions 0 and 1 lead to each other.
    struct Loop;
    impl PartizanGame for Loop {
        type Position = u8;
        fn options(&self, &p: &u8, _: Side, out: &mut Vec<u8>) {
            out.push(1 - p);
        }
    }

    #[test]
    #[should_panic(expected = "cycle")]
    fn value_memo_rejects_a_cycle() {
        let _ = ValueMemo::new(Loop).value(&mut GameStore::new(), &0);
    }

    #[test]
    fn value_memo_values_uneven_heaps() {
        // Heap n: Left takes 1, Right 1 or 2; its value is {n-1 | n-1, n-2}.
        let mut memo = ValueMemo::new(Uneven);
        let mut store = GameStore::new();
        let mut outcomes = OutcomeMemo::new(Uneven);
        for heap in 0..60 {
            let v = memo.value(&mut store, &heap).expect("small");
            assert_eq!(store.outcome(v), outcomes.outcome(&heap));
        }
        let deep = memo
            .value(&mut store, &100_000)
            .expect("an explicit stack, not recursion");
        assert_eq!(store.outcome(deep), outcomes.outcome(&100_000));
    }
}
