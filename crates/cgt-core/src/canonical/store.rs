//! The store: ids, nodes, interning, options, and the check for a request
//! to stop.
//!
//! A node is either *keyed* (a number or `x + n·↑ + *m`, found by its value
//! and given options only when asked; the values themselves are the
//! `number_up_star` chapter's) or a tree of canonical options kept in one
//! arena. Trees are found again by the hash of their sorted options, so
//! each canonical form is stored once.

use super::memo::Memos;
use super::{GameId, Nus, Result, ValueError};
use crate::dyadic::Dyadic;
use crate::outcome::Side;
use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering as AtomicOrdering};

/// One canonical game: 56 bytes (88 with its number-up-star value in
/// place), as the 6 × 6 Domineering board's 2 million games are read by
/// every comparison.
#[derive(Clone, Debug)]
pub(super) struct Node {
    /// Where the game's value as number + ups + star is in
    /// `GameStore::keys`, for a game known by it alone (numbers and
    /// `x + n·↑ + *m`), whose options are made on demand; [`NONE`]
    /// for a tree of options.
    key: u32,
    /// The id of the game's negative once known, or [`NONE`] (it fits in
    /// what was padding: the node is no larger for it).
    neg: u32,
    /// Whether the options are in the arena.
    expanded: bool,
    /// Where the left options start in the arena; the right ones follow.
    start: u32,
    left_len: u32,
    right_len: u32,
    /// Left's and Right's stops.
    stops: (Dyadic, Dyadic),
}

/// [`Node::key`] of a tree of options, [`Node::neg`] not yet known: never
/// an index (the store stops short of `u32::MAX` games).
const NONE: u32 = u32::MAX;

/// The canonical forms of short games, each kept once, with memoised sums,
/// comparisons, stops and thermographs.
///
/// # Example
/// ```
/// use cgt_core::canonical::GameStore;
/// use cgt_core::outcome::Outcome;
/// let mut store = GameStore::new();
/// let zero = store.zero();
/// let star = store.nimber(1);
/// let one = store.integer(1);
/// // {0, * | 0} is ↑*.
/// let up_star = store.game(&[zero, star], &[zero]).expect("no overflow");
/// assert_eq!(store.display(up_star).to_string(), "^*");
/// assert_eq!(store.outcome(up_star), Outcome::N);
/// // {1 | 0} is a hot switch; 1 + 1 is 2.
/// let hot = store.game(&[one], &[zero]).expect("no overflow");
/// assert_eq!(store.display(hot).to_string(), "{1|0}");
/// let two = store.add(one, one).expect("no overflow");
/// assert_eq!(store.as_number(two).map(|d| d.to_string()), Some("2".to_string()));
/// ```
#[derive(Debug)]
pub struct GameStore {
    /// Names this store (and not its clones) for the memos that keep its
    /// ids ([`ValueMemo`](crate::partizan::ValueMemo)).
    token: u64,
    pub(super) nodes: Vec<Node>,
    /// The values of the keyed games, by [`Node::key`].
    keys: Vec<Nus>,
    by_nus: FxHashMap<Nus, GameId>,
    /// Every node's options, left then right, one after the other.
    arena: Vec<GameId>,
    /// Tree nodes by the hash of their options (collisions chained).
    by_options: FxHashMap<u64, SmallVec<[GameId; 1]>>,
    /// Every memoised function's table.
    pub(super) memos: Memos,
    /// The caller's check for a request to stop ([`GameStore::with_interrupt`]).
    interrupt: Interrupt,
}

/// A check a long computation asks now and then whether to stop.
#[derive(Default)]
struct Interrupt {
    check: Option<Box<dyn FnMut() -> bool + Send>>,
    /// Games made since the check was last asked.
    made: u32,
    /// Steps of work (games made by sums, comparisons searched) counted
    /// since [`GameStore::with_work_limit`] set `step_limit`.
    steps: u64,
    /// The steps allowed ([`GameStore::with_work_limit`]); `None`: no limit.
    step_limit: Option<u64>,
}

impl std::fmt::Debug for Interrupt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.check.is_some() {
            "Interrupt(set)"
        } else {
            "Interrupt(none)"
        })
    }
}

/// How many games a sum or thermograph makes between two checks (one game
/// can take milliseconds: a sum with a nimber of hundreds of options).
const CHECK_EVERY: u32 = 16;

/// The token of the next store made.
static NEXT_TOKEN: AtomicU64 = AtomicU64::new(0);

impl Clone for GameStore {
    /// A copy with the same games under the same ids, and a token of its
    /// own: memos that valued positions in `self` start over with the copy.
    fn clone(&self) -> Self {
        GameStore {
            token: NEXT_TOKEN.fetch_add(1, AtomicOrdering::Relaxed),
            nodes: self.nodes.clone(),
            keys: self.keys.clone(),
            by_nus: self.by_nus.clone(),
            arena: self.arena.clone(),
            by_options: self.by_options.clone(),
            memos: self.memos.clone(),
            interrupt: Interrupt::default(),
        }
    }
}

impl Default for GameStore {
    fn default() -> Self {
        Self::new()
    }
}

/// The hash that finds a tree node by its sorted options.
fn options_hash(left: &[GameId], right: &[GameId]) -> u64 {
    let mut hasher = FxHasher::default();
    left.hash(&mut hasher);
    right.hash(&mut hasher);
    hasher.finish()
}

impl GameStore {
    /// An empty store (holding only `0`).
    pub fn new() -> Self {
        let mut store = GameStore {
            token: NEXT_TOKEN.fetch_add(1, AtomicOrdering::Relaxed),
            nodes: Vec::new(),
            keys: Vec::new(),
            by_nus: FxHashMap::default(),
            arena: Vec::new(),
            by_options: FxHashMap::default(),
            memos: Memos::default(),
            interrupt: Interrupt::default(),
        };
        let zero = store.keyed(Nus::number(Dyadic::ZERO));
        debug_assert_eq!(zero, Ok(GameId(0)));
        store
    }

    /// Runs `f` on the store with `check` asked now and then whether to
    /// stop: sums, differences and thermographs (and what is computed from
    /// them: cooling, heating, overheating, means and temperatures) ask it
    /// every 16 games they make, and once it answers `true` they
    /// return [`ValueError::Interrupted`]. The store keeps every game and
    /// memo entry finished before, and stays usable; asking again goes on
    /// from them. A program that computes for people (the Python module)
    /// stops a long sum on Ctrl-C this way.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::{GameStore, ValueError};
    /// let mut store = GameStore::new();
    /// let g = store.parse("{{5|{3|1}}|{-1|{-3|-5}}}").expect("valid");
    /// let stopped = store.with_interrupt(|| true, |store| store.add(g, g));
    /// assert_eq!(stopped, Err(ValueError::Interrupted));
    /// // Without the check, the same sum is made.
    /// let sum = store.add(g, g).expect("fits");
    /// assert_eq!(store.display(sum), "{2||0,{2|0}|-2}");
    /// ```
    pub fn with_interrupt<R>(
        &mut self,
        check: impl FnMut() -> bool + Send + 'static,
        f: impl FnOnce(&mut Self) -> R,
    ) -> R {
        let before = self.interrupt.check.replace(Box::new(check));
        let made = std::mem::replace(&mut self.interrupt.made, CHECK_EVERY);
        let result = f(self);
        self.interrupt.check = before;
        self.interrupt.made = made;
        result
    }

    /// Asks the check of [`GameStore::with_interrupt`] whether to stop now
    /// (`false` without one): for a search outside the store that is given
    /// the store (a ruleset's Grundy search), which asks it now and then.
    pub fn should_stop(&mut self) -> bool {
        self.interrupt.check.as_mut().is_some_and(|check| check())
    }

    /// Runs `f` on the store with at most `limit` steps of work: games
    /// made by sums, heating and cooling, and comparisons searched (each
    /// step of their search). Past it, the next game a sum makes or
    /// simplifies returns [`ValueError::TooMuchWork`], and the store stays
    /// usable, as after [`GameStore::with_interrupt`]. A limit inside
    /// another takes the smaller of the two.
    ///
    /// For work whose size cannot be told before it starts (values of
    /// heap games whose canonical forms grow with the heap; multiples of a
    /// hot game): the count is the work itself, not an estimate, and the
    /// same on every machine.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::{GameStore, ValueError};
    /// let mut store = GameStore::new();
    /// let g = store.parse("{{5|{3|1}}|{-1|{-3|-5}}}").expect("valid");
    /// let stopped = store.with_work_limit(3, |store| store.add(g, g));
    /// assert_eq!(stopped, Err(ValueError::TooMuchWork { limit: 3 }));
    /// let sum = store.with_work_limit(1000, |store| store.add(g, g)).expect("within");
    /// assert_eq!(store.display(sum), "{2||0,{2|0}|-2}");
    /// ```
    pub fn with_work_limit<R>(&mut self, limit: u64, f: impl FnOnce(&mut Self) -> R) -> R {
        let outer = (self.interrupt.step_limit, self.interrupt.steps);
        let left = outer
            .0
            .map_or(limit, |l| limit.min(l.saturating_sub(outer.1)));
        self.interrupt.step_limit = Some(left);
        self.interrupt.steps = 0;
        let result = f(self);
        self.interrupt.steps = outer.1.saturating_add(self.interrupt.steps);
        self.interrupt.step_limit = outer.0;
        result
    }

    /// Counts a step of a comparison's search.
    pub(super) fn count_step(&mut self) {
        self.interrupt.steps = self.interrupt.steps.saturating_add(1);
    }

    /// `Err(TooMuchWork)` once the steps passed the limit of
    /// [`GameStore::with_work_limit`].
    pub(super) fn check_work(&self) -> super::Result<()> {
        match self.interrupt.step_limit {
            Some(limit) if self.interrupt.steps > limit => Err(ValueError::TooMuchWork { limit }),
            _ => Ok(()),
        }
    }

    /// Counts a game made by a walk that may stop: `Err(Interrupted)` when
    /// the check of [`GameStore::with_interrupt`] says to stop,
    /// `Err(TooMuchWork)` past the limit of [`GameStore::with_work_limit`].
    pub(super) fn tick(&mut self) -> super::Result<()> {
        self.count_step();
        self.check_work()?;
        let Some(check) = self.interrupt.check.as_mut() else {
            return Ok(());
        };
        self.interrupt.made += 1;
        if self.interrupt.made < CHECK_EVERY {
            return Ok(());
        }
        self.interrupt.made = 0;
        if check() {
            Err(ValueError::Interrupted)
        } else {
            Ok(())
        }
    }

    /// A number no other store (nor a clone of this one) made in this
    /// process has: memos that keep ids check with it that they are used
    /// with the store the ids belong to.
    pub fn token(&self) -> u64 {
        self.token
    }

    /// How many distinct games the store holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// An estimate of the bytes the store holds: its nodes, the arena of
    /// options and the tables that find games again, from their capacities
    /// (room allocated counts, used or not), plus every memo table and what
    /// its values own. The allocator's own overhead is not counted, so the
    /// process holds somewhat more.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let empty = store.memory_bytes();
    /// let g = store.parse("{{5|{3|1}}|{-1|{-3|-5}}}").expect("valid");
    /// let _ = store.add(g, g).expect("fits");
    /// assert!(store.memory_bytes() > empty);
    /// ```
    pub fn memory_bytes(&self) -> usize {
        use super::memo::{map_bytes, table_bytes};
        std::mem::size_of::<Self>()
            + self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.keys.capacity() * std::mem::size_of::<Nus>()
            + self.arena.capacity() * std::mem::size_of::<GameId>()
            + table_bytes::<Nus, GameId>(self.by_nus.capacity())
            // A bucket of more than one id has spilled onto the heap.
            + map_bytes(&self.by_options, |bucket: &SmallVec<[GameId; 1]>| {
                if bucket.spilled() {
                    bucket.capacity() * std::mem::size_of::<GameId>()
                } else {
                    0
                }
            })
            + self.memos.memory_bytes()
    }

    /// Every game in the store, in the order they were made.
    pub fn games(&self) -> impl Iterator<Item = GameId> + use<> {
        (0..self.nodes.len() as u32).map(GameId)
    }

    /// Whether the store holds only `0` (it is never empty).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The game `0 = { | }`.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    pub(crate) fn nus(&self, g: GameId) -> Option<Nus> {
        let key = self.nodes[g.index()].key;
        (key != NONE).then(|| self.keys[key as usize])
    }

    pub(super) fn push(&mut self, node: Node) -> Result<GameId> {
        let id = GameId(
            u32::try_from(self.nodes.len())
                .ok()
                .filter(|&n| n < u32::MAX)
                .ok_or(ValueError::Overflow)?,
        );
        self.nodes.push(node);
        Ok(id)
    }

    /// The node of a number or `x*m`, made without options.
    pub(super) fn keyed(&mut self, nus: Nus) -> Result<GameId> {
        // Neither has a negative in range.
        if nus.number.numerator() == i64::MIN || nus.ups == i64::MIN {
            return Err(ValueError::Overflow);
        }
        if let Some(&id) = self.by_nus.get(&nus) {
            return Ok(id);
        }
        let key = u32::try_from(self.keys.len())
            .ok()
            .filter(|&k| k != NONE)
            .ok_or(ValueError::Overflow)?;
        let id = self.push(Node {
            key,
            neg: NONE,
            expanded: false,
            start: 0,
            left_len: 0,
            right_len: 0,
            stops: (nus.number, nus.number),
        })?;
        self.keys.push(nus);
        self.by_nus.insert(nus, id);
        Ok(id)
    }

    /// Makes the options of a keyed game.
    pub(super) fn expand(&mut self, g: GameId) -> Result<()> {
        if self.nodes[g.index()].expanded {
            return Ok(());
        }
        let nus = self.nus(g).expect("only keyed games are unexpanded");
        let (left, right) = self.keyed_options(nus)?;
        let start = self.arena_start()?;
        self.arena.extend(&left);
        self.arena.extend(&right);
        let node = &mut self.nodes[g.index()];
        node.start = start;
        node.left_len = left.len() as u32;
        node.right_len = right.len() as u32;
        node.expanded = true;
        Ok(())
    }

    /// Where the next options go in the arena.
    pub(super) fn arena_start(&self) -> Result<u32> {
        u32::try_from(self.arena.len()).map_err(|_| ValueError::Overflow)
    }

    /// The canonical options of `g` for `side`.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::{GameStore, ValueError};
    /// use cgt_core::outcome::Side;
    /// let mut store = GameStore::new();
    /// let g = store.parse("{1|*}").expect("valid");
    /// let one = store.integer(1);
    /// assert_eq!(store.options(g, Side::Left), Ok(&[one][..]));
    /// // `*5000` has 5000 options: too many to make.
    /// let big = store.nimber(5000);
    /// assert_eq!(store.options(big, Side::Left), Err(ValueError::TooLarge));
    /// ```
    ///
    /// # Errors
    /// [`ValueError::TooLarge`] if `g` is `x + n·↑ + *m` with `m` above
    /// [`GameStore::MAX_EXPANDED_NIM`] or `|n|` above
    /// [`GameStore::MAX_EXPANDED_UPS`] (see [`GameStore::is_expandable`]).
    pub fn options(&mut self, g: GameId, side: Side) -> Result<&[GameId]> {
        self.expand(g)?;
        let (left, right) = self.stored_options(g).ok_or(ValueError::TooLarge)?;
        Ok(match side {
            Side::Left => left,
            Side::Right => right,
        })
    }

    /// Left's canonical options of `g`.
    ///
    /// # Errors
    /// As [`GameStore::options`].
    pub fn left_options(&mut self, g: GameId) -> Result<&[GameId]> {
        self.options(g, Side::Left)
    }

    /// Right's canonical options of `g`.
    ///
    /// # Errors
    /// As [`GameStore::options`].
    pub fn right_options(&mut self, g: GameId) -> Result<&[GameId]> {
        self.options(g, Side::Right)
    }

    pub(super) fn left_len(&mut self, g: GameId) -> usize {
        self.expand(g).expect("options fit");
        self.nodes[g.index()].left_len as usize
    }

    pub(super) fn right_len(&mut self, g: GameId) -> usize {
        self.expand(g).expect("options fit");
        self.nodes[g.index()].right_len as usize
    }

    pub(super) fn left_at(&self, g: GameId, i: usize) -> GameId {
        self.arena[self.nodes[g.index()].start as usize + i]
    }

    pub(super) fn right_at(&self, g: GameId, i: usize) -> GameId {
        let node = &self.nodes[g.index()];
        self.arena[(node.start + node.left_len) as usize + i]
    }

    /// The id of canonical options `{left | right}` (already simplified and
    /// not a number).
    pub(super) fn intern(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
    ) -> Result<GameId> {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        if let Some(nim) = self.nimber_of(&left, &right) {
            return self.keyed(nim);
        }
        let hash = options_hash(&left, &right);
        if let Some(bucket) = self.by_options.get(&hash) {
            for &id in bucket {
                if self.stored_options(id) == Some((&left[..], &right[..])) {
                    return Ok(id);
                }
            }
        }
        if let Some(nus) = self.recognise_ups(&left, &right) {
            return self.keyed(nus);
        }
        let l = left.iter().map(|&o| self.nodes[o.index()].stops.1).max();
        let r = right.iter().map(|&o| self.nodes[o.index()].stops.0).min();
        let stops = (
            l.expect("a non-number has a left option"),
            r.expect("a non-number has a right option"),
        );
        let start = self.arena_start()?;
        let id = self.push(Node {
            key: NONE,
            neg: NONE,
            expanded: true,
            start,
            left_len: left.len() as u32,
            right_len: right.len() as u32,
            stops,
        })?;
        self.arena.extend(&left);
        self.arena.extend(&right);
        self.by_options.entry(hash).or_default().push(id);
        Ok(id)
    }

    /// Pushes every option of `g` (both players').
    pub(super) fn push_options(&mut self, g: GameId, out: &mut Vec<GameId>) {
        for i in 0..self.left_len(g) {
            out.push(self.left_at(g, i));
        }
        for i in 0..self.right_len(g) {
            out.push(self.right_at(g, i));
        }
    }

    /// The options of a stored node without making them (for writing).
    pub(crate) fn stored_options(&self, g: GameId) -> Option<(&[GameId], &[GameId])> {
        let node = &self.nodes[g.index()];
        let start = node.start as usize;
        let middle = start + node.left_len as usize;
        let end = middle + node.right_len as usize;
        node.expanded
            .then(|| (&self.arena[start..middle], &self.arena[middle..end]))
    }

    /// The negative of `g`, if known.
    pub(super) fn known_neg(&self, g: GameId) -> Option<GameId> {
        let n = self.nodes[g.index()].neg;
        (n != NONE).then_some(GameId(n))
    }

    /// Records that `n` is the negative of `g` (and so `g` that of `n`).
    pub(super) fn set_neg(&mut self, g: GameId, n: GameId) {
        self.nodes[g.index()].neg = n.0;
        self.nodes[n.index()].neg = g.0;
    }

    /// `(left stop, right stop)`.
    pub(super) fn stops(&self, g: GameId) -> (Dyadic, Dyadic) {
        self.nodes[g.index()].stops
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every comparison reads two nodes: they stay small.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn nodes_are_small() {
        assert_eq!(std::mem::size_of::<Node>(), 56);
    }
}
