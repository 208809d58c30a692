//! Canonical forms of short partizan games, kept once each in a
//! [`GameStore`] and named by a small [`GameId`].
//!
//! Every short game equals exactly one game in *canonical form*: no
//! dominated options and no reversible ones (Conway, *On Numbers and Games*,
//! ch. 10; Siegel, *Combinatorial Game Theory*, II.2). The store keeps each
//! canonical form once (hash-consing, as CGSuite does), so equal games have
//! equal ids, and sums and comparisons are memoised by pairs of ids: a deep
//! value or a large sum never copies a tree.
//!
//! Numbers (dyadic rationals) and every `x + n·↑ + *m` (a number, ups and a
//! star) are held as values, not as trees of options, so `10^12`,
//! `*1000000` and `^1000000` cost one node each; they are added and compared
//! by formula, and their options are made only when asked for. A game built
//! from options that equals one of them is recognised as such.
//!
//! Comparison and sum work on memoised pairs of ids; their recursion (and
//! that of the temperature theory) is as deep as the birthdays of the games
//! involved, never as deep as the number of positions of a ruleset (that
//! search, [`ValueMemo`](crate::partizan::ValueMemo), keeps its own stack).
//!
//! - Arithmetic: [`GameStore::add`], [`GameStore::neg`], [`GameStore::sub`].
//! - Order: [`GameStore::le`], [`GameStore::compare`], [`GameStore::outcome`].
//! - Temperature theory: stops, mean, temperature, thermograph, cooling,
//!   heating (Siegel II.5), reduced canonical form (II.6), birthday, atomic
//!   weight (II.7).
//! - Notation: [`GameStore::display`] and [`GameStore::parse`] in CGSuite's
//!   notation (see the [`notation`] module).
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use std::cmp::Ordering;
//! let mut store = GameStore::new();
//! let up = store.parse("^").expect("valid");
//! let double_up = store.add(up, up).expect("no overflow");
//! assert_eq!(store.display(double_up).to_string(), "^^");
//! let star = store.nimber(1);
//! let up_star = store.add(up, star).expect("no overflow");
//! let zero = store.zero();
//! assert_eq!(store.compare(up_star, zero), None); // ↑* is confused with 0
//! let switch = store.parse("+-1").expect("valid");
//! assert_eq!(store.temperature(switch).expect("fits").to_string(), "1");
//! assert_eq!(store.compare(double_up, up), Some(Ordering::Greater));
//! ```

pub mod notation;

use crate::dyadic::Dyadic;
use crate::outcome::{Outcome, Side};
use crate::thermograph::Thermograph;
use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

pub use notation::NotationError;

/// A canonical game in a [`GameStore`]: equal games have equal ids.
///
/// An id means something only in the store that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(u32);

impl GameId {
    /// The index of the game in its store (ids are handed out 0, 1, 2, …).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Why a value could not be computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueError {
    /// A number left the range of [`Dyadic`] (numerators of 64 bits,
    /// denominators up to `2^62`), or the store outgrew `2^32` games.
    Overflow,
    /// Cooling by a negative temperature.
    NegativeTemperature,
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ValueError::Overflow => {
                "a number overflowed (64-bit numerators, denominators up to 2^62)"
            }
            ValueError::NegativeTemperature => "cooling needs a temperature of at least 0",
        })
    }
}

impl std::error::Error for ValueError {}

/// A game equal to `number + ups·↑ + *nim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Nus {
    pub(crate) number: Dyadic,
    pub(crate) ups: i64,
    pub(crate) nim: u64,
}

impl Nus {
    fn number(x: Dyadic) -> Nus {
        Nus {
            number: x,
            ups: 0,
            nim: 0,
        }
    }

    fn is_number(self) -> bool {
        self.ups == 0 && self.nim == 0
    }

    fn checked_add(self, other: Nus) -> Option<Nus> {
        Some(Nus {
            number: self.number.checked_add(other.number)?,
            ups: self.ups.checked_add(other.ups)?,
            nim: self.nim ^ other.nim,
        })
    }

    fn neg(self) -> Nus {
        Nus {
            number: self
                .number
                .checked_neg()
                .expect("numbers in a store never have the numerator i64::MIN"),
            ups: -self.ups,
            nim: self.nim,
        }
    }

    /// Whether `self <= other`, by formula: `x + n·↑ + *m >= 0` iff `x > 0`,
    /// or `x = 0` and (`n >= 2`, or `n = 1` and `m != 1`, or `n = m = 0`).
    fn le(self, other: Nus) -> bool {
        match self.number.cmp(&other.number) {
            Ordering::Less => true,
            Ordering::Greater => false,
            Ordering::Equal => {
                let ups = i128::from(other.ups) - i128::from(self.ups);
                let nim = self.nim ^ other.nim;
                ups >= 2 || (ups == 1 && nim != 1) || (ups == 0 && nim == 0)
            }
        }
    }
}

/// A comparison `a <= b` on the search stack, and how many of its
/// refuting candidates (a's left options, then b's right options) are tried.
#[derive(Clone, Debug)]
struct LeFrame {
    a: GameId,
    b: GameId,
    next: usize,
}

/// One canonical game.
#[derive(Clone, Debug)]
struct Node {
    /// The game as number + ups + star, when it is one.
    nus: Option<Nus>,
    /// Whether the game is known by `nus` alone (numbers and `x*m`): its
    /// options are made on demand.
    keyed: bool,
    /// Whether the options are in the arena.
    expanded: bool,
    /// Where the left options start in the arena; the right ones follow.
    start: u32,
    left_len: u32,
    right_len: u32,
    /// Left's and Right's stops.
    stops: (Dyadic, Dyadic),
}

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
#[derive(Clone, Debug)]
pub struct GameStore {
    nodes: Vec<Node>,
    by_nus: FxHashMap<Nus, GameId>,
    /// Every node's options, left then right, one after the other.
    arena: Vec<GameId>,
    /// Tree nodes by the hash of their options (collisions chained).
    by_options: FxHashMap<u64, SmallVec<[GameId; 1]>>,
    le_memo: FxHashMap<(GameId, GameId), bool>,
    le_stack: Vec<LeFrame>,
    add_memo: FxHashMap<(GameId, GameId), GameId>,
    neg_memo: FxHashMap<GameId, GameId>,
    thermographs: FxHashMap<GameId, Thermograph>,
    birthdays: FxHashMap<GameId, u128>,
    cooled: FxHashMap<(GameId, Dyadic), GameId>,
    heated: FxHashMap<(GameId, GameId), GameId>,
    norton: FxHashMap<(GameId, GameId), GameId>,
    far_stars: FxHashMap<GameId, u64>,
    reduced: FxHashMap<GameId, GameId>,
    weights: FxHashMap<GameId, GameId>,
    all_small: FxHashMap<GameId, bool>,
}

impl Default for GameStore {
    fn default() -> Self {
        Self::new()
    }
}

type Result<T> = std::result::Result<T, ValueError>;

/// The most options [`GameStore::atomic_weight`]'s test of atomicity builds
/// its far-star kite `*P:-1` with.
const MAX_KITE: u64 = 1 << 20;

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
            nodes: Vec::new(),
            by_nus: FxHashMap::default(),
            arena: Vec::new(),
            by_options: FxHashMap::default(),
            le_memo: FxHashMap::default(),
            le_stack: Vec::new(),
            add_memo: FxHashMap::default(),
            neg_memo: FxHashMap::default(),
            thermographs: FxHashMap::default(),
            birthdays: FxHashMap::default(),
            cooled: FxHashMap::default(),
            heated: FxHashMap::default(),
            norton: FxHashMap::default(),
            far_stars: FxHashMap::default(),
            reduced: FxHashMap::default(),
            weights: FxHashMap::default(),
            all_small: FxHashMap::default(),
        };
        let zero = store.keyed(Nus::number(Dyadic::ZERO));
        debug_assert_eq!(zero, Ok(GameId(0)));
        store
    }

    /// How many distinct games the store holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
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

    /// The number `value`.
    ///
    /// # Panics
    /// If `value`'s numerator is `i64::MIN` (its negative would not fit).
    pub fn number(&mut self, value: Dyadic) -> GameId {
        self.keyed(Nus::number(value))
            .expect("numbers with numerator i64::MIN are not games of this store")
    }

    /// The integer `n`.
    ///
    /// # Panics
    /// If `n` is `i64::MIN`.
    pub fn integer(&mut self, n: i64) -> GameId {
        self.number(Dyadic::integer(n))
    }

    /// The nimber `*n`.
    pub fn nimber(&mut self, n: u64) -> GameId {
        self.keyed(Nus {
            number: Dyadic::ZERO,
            ups: 0,
            nim: n,
        })
        .expect("nimbers always fit")
    }

    /// The game `x + ups·↑ + *nim`, made without options (`^1000000000000`
    /// is one node).
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// use cgt_core::dyadic::Dyadic;
    /// let mut store = GameStore::new();
    /// let x = Dyadic::new(5, 3).expect("5/8");
    /// let g = store.number_up_star(x, -3, 2).expect("fits");
    /// assert_eq!(store.display(g).to_string(), "5/8v3*2");
    /// ```
    ///
    /// # Errors
    /// [`ValueError::Overflow`] for a numerator of `i64::MIN` or
    /// `ups == i64::MIN`.
    pub fn number_up_star(&mut self, x: Dyadic, ups: i64, nim: u64) -> Result<GameId> {
        if ups == i64::MIN {
            return Err(ValueError::Overflow);
        }
        self.keyed(Nus {
            number: x,
            ups,
            nim,
        })
    }

    /// The number `x` if `g` is one.
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        self.nus(g).filter(|n| n.is_number()).map(|n| n.number)
    }

    /// `(x, n, m)` when `g` is known to equal `x + n·↑ + *m`.
    pub fn as_number_up_star(&self, g: GameId) -> Option<(Dyadic, i64, u64)> {
        self.nus(g).map(|n| (n.number, n.ups, n.nim))
    }

    pub(crate) fn nus(&self, g: GameId) -> Option<Nus> {
        self.nodes[g.index()].nus
    }

    fn push(&mut self, node: Node) -> Result<GameId> {
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
    fn keyed(&mut self, nus: Nus) -> Result<GameId> {
        if nus.number.numerator() == i64::MIN {
            return Err(ValueError::Overflow);
        }
        if let Some(&id) = self.by_nus.get(&nus) {
            return Ok(id);
        }
        let id = self.push(Node {
            nus: Some(nus),
            keyed: true,
            expanded: false,
            start: 0,
            left_len: 0,
            right_len: 0,
            stops: (nus.number, nus.number),
        })?;
        self.by_nus.insert(nus, id);
        Ok(id)
    }

    /// Makes the options of a keyed game.
    fn expand(&mut self, g: GameId) -> Result<()> {
        let node = &self.nodes[g.index()];
        if node.expanded {
            return Ok(());
        }
        let nus = node.nus.expect("only keyed games are unexpanded");
        let (left, right) = if nus.ups != 0 {
            self.up_options(nus)?
        } else if nus.nim == 0 {
            let x = nus.number;
            if x.is_integer() {
                let n = x.numerator();
                match n.cmp(&0) {
                    Ordering::Greater => (vec![self.number(Dyadic::integer(n - 1))], vec![]),
                    Ordering::Less => (vec![], vec![self.number(Dyadic::integer(n + 1))]),
                    Ordering::Equal => (vec![], vec![]),
                }
            } else {
                let k = x.exponent();
                let below = Dyadic::new(x.numerator() - 1, k).ok_or(ValueError::Overflow)?;
                let above = Dyadic::new(x.numerator() + 1, k).ok_or(ValueError::Overflow)?;
                (
                    vec![self.keyed(Nus::number(below))?],
                    vec![self.keyed(Nus::number(above))?],
                )
            }
        } else {
            let mut options = Vec::new();
            for k in 0..nus.nim {
                options.push(self.keyed(Nus { nim: k, ..nus })?);
            }
            (options.clone(), options)
        };
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

    /// The canonical options of `x + n·↑ + *m`, n ≠ 0: for n ≥ 1
    /// `{x | x + (n-1)·↑ + *(m^1)}`, except `↑* = {x, x* | x}`; for n ≤ -1
    /// the negatives. (The tests check this against sums of raw trees.)
    fn up_options(&mut self, nus: Nus) -> Result<(Vec<GameId>, Vec<GameId>)> {
        let x = self.keyed(Nus::number(nus.number))?;
        if nus.nim == 1 && nus.ups.abs() == 1 {
            let x_star = self.keyed(Nus { ups: 0, ..nus })?;
            return Ok(if nus.ups > 0 {
                (vec![x, x_star], vec![x])
            } else {
                (vec![x], vec![x, x_star])
            });
        }
        let step = if nus.ups > 0 { -1 } else { 1 };
        let next = self.keyed(Nus {
            number: nus.number,
            ups: nus.ups + step,
            nim: nus.nim ^ 1,
        })?;
        Ok(if nus.ups > 0 {
            (vec![x], vec![next])
        } else {
            (vec![next], vec![x])
        })
    }

    /// Where the next options go in the arena.
    fn arena_start(&self) -> Result<u32> {
        u32::try_from(self.arena.len()).map_err(|_| ValueError::Overflow)
    }

    /// The canonical options of `g` for `side`.
    ///
    /// # Panics
    /// If `g` is `*n` with `n` so large that its `n` options do not fit in
    /// memory.
    pub fn options(&mut self, g: GameId, side: Side) -> &[GameId] {
        self.expand(g)
            .expect("the options of a stored game always fit");
        let (left, right) = self.stored_options(g).expect("expanded");
        match side {
            Side::Left => left,
            Side::Right => right,
        }
    }

    /// Left's canonical options of `g`.
    pub fn left_options(&mut self, g: GameId) -> &[GameId] {
        self.options(g, Side::Left)
    }

    /// Right's canonical options of `g`.
    pub fn right_options(&mut self, g: GameId) -> &[GameId] {
        self.options(g, Side::Right)
    }

    fn left_len(&mut self, g: GameId) -> usize {
        self.expand(g).expect("options fit");
        self.nodes[g.index()].left_len as usize
    }

    fn right_len(&mut self, g: GameId) -> usize {
        self.expand(g).expect("options fit");
        self.nodes[g.index()].right_len as usize
    }

    fn left_at(&self, g: GameId, i: usize) -> GameId {
        self.arena[self.nodes[g.index()].start as usize + i]
    }

    fn right_at(&self, g: GameId, i: usize) -> GameId {
        let node = &self.nodes[g.index()];
        self.arena[(node.start + node.left_len) as usize + i]
    }

    /// The canonical form of `{left | right}`, whose options are games of
    /// this store: dominated options removed, reversible options bypassed,
    /// numbers, nimbers and ups recognised (Siegel II.2).
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let (zero, star) = (store.zero(), store.nimber(1));
    /// let up = store.game(&[zero], &[star]).expect("fits");
    /// assert_eq!(store.display(up).to_string(), "^");
    /// // {* | *} = 0: each * reverses through 0.
    /// assert_eq!(store.game(&[star], &[star]), Ok(zero));
    /// ```
    ///
    /// # Complexity
    /// Quadratic in the number of options, in memoised comparisons.
    ///
    /// # Panics
    /// If an id is not from this store.
    pub fn game(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId> {
        self.canonicalise(left.to_vec(), right.to_vec())
    }

    fn canonicalise(&mut self, mut left: Vec<GameId>, mut right: Vec<GameId>) -> Result<GameId> {
        if let Some(number) = self.number_between(&left, &right)? {
            return Ok(number);
        }
        // Comparisons with the game being simplified; its value never
        // changes while options are removed or bypassed.
        let mut raw_memo = FxHashMap::default();
        loop {
            self.remove_dominated(&mut left, Side::Left);
            self.remove_dominated(&mut right, Side::Right);
            if self.bypass_reversible(&mut left, &mut right, &mut raw_memo)? {
                continue;
            }
            break;
        }
        if let Some(number) = self.number_between(&left, &right)? {
            return Ok(number);
        }
        self.intern(left, right)
    }

    /// `Some(x)` if every option is a number, each of Left's below each of
    /// Right's: the game is then the simplest number `x` between them.
    fn number_between(&mut self, left: &[GameId], right: &[GameId]) -> Result<Option<GameId>> {
        let mut low: Option<Dyadic> = None;
        for &l in left {
            match self.as_number(l) {
                Some(x) => low = Some(low.map_or(x, |y| y.max(x))),
                None => return Ok(None),
            }
        }
        let mut high: Option<Dyadic> = None;
        for &r in right {
            match self.as_number(r) {
                Some(x) => high = Some(high.map_or(x, |y| y.min(x))),
                None => return Ok(None),
            }
        }
        if let (Some(l), Some(h)) = (low, high) {
            if l >= h {
                return Ok(None);
            }
        }
        let x = Dyadic::simplest_between(low, high).ok_or(ValueError::Overflow)?;
        Ok(Some(self.keyed(Nus::number(x))?))
    }

    /// Removes duplicates and options the player would never prefer.
    fn remove_dominated(&mut self, options: &mut Vec<GameId>, side: Side) {
        options.sort_unstable();
        options.dedup();
        let mut i = 0;
        while i < options.len() {
            let a = options[i];
            let dominated = (0..options.len()).any(|j| {
                j != i && {
                    let b = options[j];
                    match side {
                        Side::Left => self.le(a, b),
                        Side::Right => self.le(b, a),
                    }
                }
            });
            if dominated {
                options.remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Bypasses the first reversible option found; whether there was one.
    fn bypass_reversible(
        &mut self,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
        raw_memo: &mut FxHashMap<(bool, GameId), bool>,
    ) -> Result<bool> {
        for i in 0..left.len() {
            let a = left[i];
            for k in 0..self.right_len(a) {
                let ar = self.right_at(a, k);
                if self.le_raw_search(true, ar, left, right, raw_memo) {
                    left.swap_remove(i);
                    for j in 0..self.left_len(ar) {
                        left.push(self.left_at(ar, j));
                    }
                    return Ok(true);
                }
            }
        }
        for i in 0..right.len() {
            let b = right[i];
            for k in 0..self.left_len(b) {
                let bl = self.left_at(b, k);
                if self.le_raw_search(false, bl, left, right, raw_memo) {
                    right.swap_remove(i);
                    for j in 0..self.right_len(bl) {
                        right.push(self.right_at(bl, j));
                    }
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Compares `h` with the game `G = {left | right}` not yet in the store:
    /// `h <= G` (`h_below`) iff no `G^R <= h` and no `h^L >= G`; `G <= h` iff
    /// no `h >= G^L`... that is no `h <= G^L`, and no `h^R <= G`. The
    /// alternation runs on an explicit stack.
    fn le_raw_search(
        &mut self,
        h_below: bool,
        h: GameId,
        left: &[GameId],
        right: &[GameId],
        memo: &mut FxHashMap<(bool, GameId), bool>,
    ) -> bool {
        if let Some(&known) = memo.get(&(h_below, h)) {
            return known;
        }
        // (h is below G, h, next: 0 = direct test not done, k = option k - 1)
        let mut stack = vec![(h_below, h, 0usize)];
        let mut answer: Option<bool> = None;
        loop {
            let (below, h, next) = *stack.last().expect("the loop returns at the bottom");
            let mut refuted = answer.take() == Some(true);
            if !refuted && next == 0 {
                refuted = if below {
                    right.iter().any(|&r| self.le(r, h))
                } else {
                    left.iter().any(|&l| self.le(h, l))
                };
            }
            let count = if below {
                self.left_len(h)
            } else {
                self.right_len(h)
            };
            if !refuted && next < count {
                let child = if below {
                    self.left_at(h, next)
                } else {
                    self.right_at(h, next)
                };
                if let Some(top) = stack.last_mut() {
                    top.2 = next + 1;
                }
                match memo.get(&(!below, child)) {
                    Some(&true) => answer = Some(true),
                    Some(&false) => {}
                    None => stack.push((!below, child, 0)),
                }
                continue;
            }
            stack.pop();
            let result = !refuted;
            memo.insert((below, h), result);
            if stack.is_empty() {
                return result;
            }
            answer = Some(result);
        }
    }

    /// The id of canonical options `{left | right}` (already simplified and
    /// not a number).
    fn intern(&mut self, mut left: Vec<GameId>, mut right: Vec<GameId>) -> Result<GameId> {
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
            nus: None,
            keyed: false,
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

    /// `x*m` if the options are `x, x*, …, x*(m-1)` on both sides.
    fn nimber_of(&self, left: &[GameId], right: &[GameId]) -> Option<Nus> {
        if left != right || left.is_empty() {
            return None;
        }
        let first = self.nus(left[0])?;
        let mut seen = vec![false; left.len()];
        for &o in left {
            let n = self.nus(o)?;
            if !self.nodes[o.index()].keyed || n.number != first.number || n.ups != 0 {
                return None;
            }
            *seen.get_mut(usize::try_from(n.nim).ok()?)? = true;
        }
        seen.iter().all(|&s| s).then_some(Nus {
            number: first.number,
            ups: 0,
            nim: left.len() as u64,
        })
    }

    /// Recognises `x + n·↑ + *m` (n ≠ 0) from its canonical options:
    /// `{x | x + (n-1)·↑ + *(m^1)}` for n ≥ 1 but `↑* = {x, x* | x}`, and
    /// the negatives (see [`GameStore::expand`]).
    fn recognise_ups(&self, left: &[GameId], right: &[GameId]) -> Option<Nus> {
        let one = |options: &[GameId]| -> Option<Nus> {
            match options {
                [o] => self.nus(*o),
                _ => None,
            }
        };
        let plain = |n: Nus| n.ups == 0 && n.nim == 0;
        if let (Some(l), Some(r)) = (one(left), one(right)) {
            if l.is_number()
                && r.number == l.number
                && r.ups >= 0
                && !plain(Nus {
                    number: l.number,
                    ..r
                })
            {
                return Some(Nus {
                    number: l.number,
                    ups: r.ups + 1,
                    nim: r.nim ^ 1,
                });
            }
            if r.is_number()
                && l.number == r.number
                && l.ups <= 0
                && !plain(Nus {
                    number: r.number,
                    ..l
                })
            {
                return Some(Nus {
                    number: r.number,
                    ups: l.ups - 1,
                    nim: l.nim ^ 1,
                });
            }
        }
        // ↑* = {x, x* | x} and ↓* = {x | x, x*}.
        let pair = |options: &[GameId]| -> Option<(Nus, Nus)> {
            match options {
                [a, b] => Some((self.nus(*a)?, self.nus(*b)?)),
                _ => None,
            }
        };
        let is_x_star = |a: Nus, b: Nus, x: Nus| {
            let (p, q) = if a.nim == 0 { (a, b) } else { (b, a) };
            p == x && q == Nus { nim: 1, ..x }
        };
        if let (Some((a, b)), Some(r)) = (pair(left), one(right)) {
            if r.is_number() && is_x_star(a, b, r) {
                return Some(Nus {
                    ups: 1,
                    nim: 1,
                    ..r
                });
            }
        }
        if let (Some(l), Some((a, b))) = (one(left), pair(right)) {
            if l.is_number() && is_x_star(a, b, l) {
                return Some(Nus {
                    ups: -1,
                    nim: 1,
                    ..l
                });
            }
        }
        None
    }

    /// Computes a memoised function for `root` children first, with an
    /// explicit stack: `done` says whether a key's value is known (or
    /// immediate), `children` lists the keys it needs, and `combine` computes
    /// and stores it once they are known, so the function's own recursive
    /// calls then only read the memo. No call-stack depth grows with the
    /// games.
    fn post_order<K: Copy>(
        &mut self,
        root: K,
        done: impl Fn(&Self, K) -> bool,
        children: impl Fn(&mut Self, K, &mut Vec<K>),
        mut combine: impl FnMut(&mut Self, K) -> Result<()>,
    ) -> Result<()> {
        let mut stack = vec![(root, false)];
        let mut buffer = Vec::new();
        while let Some(&(key, expanded)) = stack.last() {
            if done(self, key) {
                stack.pop();
                continue;
            }
            if expanded {
                combine(self, key)?;
                stack.pop();
                continue;
            }
            if let Some(top) = stack.last_mut() {
                top.1 = true;
            }
            buffer.clear();
            children(self, key, &mut buffer);
            for &child in &buffer {
                if !done(self, child) {
                    stack.push((child, false));
                }
            }
        }
        Ok(())
    }

    /// Pushes every option of `g` (both players').
    fn push_options(&mut self, g: GameId, out: &mut Vec<GameId>) {
        for i in 0..self.left_len(g) {
            out.push(self.left_at(g, i));
        }
        for i in 0..self.right_len(g) {
            out.push(self.right_at(g, i));
        }
    }

    /// Whether `a <= b`: Left, moving second in `a - b`... that is, Right
    /// has no winning first move in `b - a` (Conway's order).
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let (up, star, zero) = (store.parse("^").expect("valid"), store.nimber(1), store.zero());
    /// assert!(store.le(zero, up) && !store.le(up, zero));
    /// assert!(!store.le(zero, star) && !store.le(star, zero)); // * || 0
    /// ```
    ///
    /// # Complexity
    /// Memoised on the pair; each pair of subgames is compared once.
    pub fn le(&mut self, a: GameId, b: GameId) -> bool {
        if let Some(known) = self.le_quick(a, b) {
            return known;
        }
        // a <= b iff no a^L >= b and no b^R <= a, searched with an explicit
        // stack; a number's own options never need trying against a
        // non-number (number avoidance).
        // The search stack is kept between calls (no allocation per call).
        let mut stack = std::mem::take(&mut self.le_stack);
        stack.clear();
        stack.push(LeFrame { a, b, next: 0 });
        let mut answer: Option<bool> = None;
        loop {
            let frame = stack.last_mut().expect("the loop returns at the bottom");
            let (a, b) = (frame.a, frame.b);
            if answer.take() == Some(true) {
                // A child comparison won for the other side: a </= b.
                self.le_memo.insert((a, b), false);
                stack.pop();
                answer = Some(false);
                if stack.is_empty() {
                    self.le_stack = stack;
                    return false;
                }
                continue;
            }
            let lefts = if self.as_number(a).is_some() {
                0
            } else {
                self.left_len(a)
            };
            let rights = if self.as_number(b).is_some() {
                0
            } else {
                self.right_len(b)
            };
            let mut pushed = false;
            let mut refuted = false;
            while frame.next < lefts + rights {
                let (x, y) = if frame.next < lefts {
                    (b, self.left_at(a, frame.next))
                } else {
                    (self.right_at(b, frame.next - lefts), a)
                };
                frame.next += 1;
                match self.le_quick(x, y) {
                    Some(true) => {
                        refuted = true;
                        break;
                    }
                    Some(false) => {}
                    None => {
                        stack.push(LeFrame {
                            a: x,
                            b: y,
                            next: 0,
                        });
                        pushed = true;
                        break;
                    }
                }
            }
            if pushed {
                continue;
            }
            let result = !refuted;
            self.le_memo.insert((a, b), result);
            stack.pop();
            if stack.is_empty() {
                self.le_stack = stack;
                return result;
            }
            answer = Some(result);
        }
    }

    /// `a <= b` when a formula, the stops or the memo answer at once.
    fn le_quick(&self, a: GameId, b: GameId) -> Option<bool> {
        if a == b {
            return Some(true);
        }
        if let (Some(p), Some(q)) = (self.nus(a), self.nus(b)) {
            return Some(p.le(q));
        }
        // Stops are monotone: a <= b needs L(a) <= L(b) and R(a) <= R(b);
        // and L(a) < R(b) makes b - a positive (its right stop is > 0).
        let (sa, sb) = (self.stops(a), self.stops(b));
        if sa.0 > sb.0 || sa.1 > sb.1 {
            return Some(false);
        }
        if sa.0 < sb.1 {
            return Some(true);
        }
        self.le_memo.get(&(a, b)).copied()
    }

    /// `a >= b`.
    pub fn ge(&mut self, a: GameId, b: GameId) -> bool {
        self.le(b, a)
    }

    /// How `a` compares with `b`; `None` when they are confused
    /// (incomparable).
    pub fn compare(&mut self, a: GameId, b: GameId) -> Option<Ordering> {
        match (self.le(a, b), self.le(b, a)) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        }
    }

    /// Whether `a` and `b` are confused (`a || b`).
    pub fn confused(&mut self, a: GameId, b: GameId) -> bool {
        self.compare(a, b).is_none()
    }

    /// The outcome class of `g`: who wins with either player moving first.
    pub fn outcome(&mut self, g: GameId) -> Outcome {
        let zero = self.zero();
        match self.compare(g, zero) {
            Some(Ordering::Greater) => Outcome::L,
            Some(Ordering::Less) => Outcome::R,
            Some(Ordering::Equal) => Outcome::P,
            None => Outcome::N,
        }
    }

    /// The disjunctive sum `a + b` (Siegel II.1): a move is a move in one
    /// component.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let a = store.parse("{2|1}").expect("valid");
    /// let b = store.parse("+-1").expect("valid");
    /// let sum = store.add(a, b).expect("fits");
    /// assert_eq!(store.display(sum).to_string(), "{3|2||1|0}");
    /// let big = store.integer(i64::MAX);
    /// assert!(store.add(big, big).is_err()); // an overflow, never a wrong value
    /// ```
    ///
    /// # Complexity
    /// Memoised on the pair; numbers, nimbers and number + ups + star add by
    /// formula, a number and another game by translation.
    pub fn add(&mut self, a: GameId, b: GameId) -> Result<GameId> {
        let zero = self.zero();
        if a == zero {
            return Ok(b);
        }
        if b == zero {
            return Ok(a);
        }
        let key = if a <= b { (a, b) } else { (b, a) };
        if let Some(&sum) = self.add_memo.get(&key) {
            return Ok(sum);
        }
        if let (Some(p), Some(q)) = (self.nus(a), self.nus(b)) {
            let sum = p.checked_add(q).ok_or(ValueError::Overflow)?;
            return self.keyed(sum);
        }
        // The sums of options first, then this one (each reads the memo).
        self.post_order(
            key,
            |s, (a, b)| {
                let zero = s.zero();
                a == zero
                    || b == zero
                    || (s.nus(a).is_some() && s.nus(b).is_some())
                    || s.add_memo
                        .contains_key(&if a <= b { (a, b) } else { (b, a) })
            },
            |s, (a, b), out| {
                let mut options = Vec::new();
                if s.as_number(a).is_none() {
                    s.push_options(a, &mut options);
                    out.extend(options.iter().map(|&o| (o, b)));
                }
                if s.as_number(b).is_none() {
                    options.clear();
                    s.push_options(b, &mut options);
                    out.extend(options.iter().map(|&o| (a, o)));
                }
            },
            |s, (a, b)| {
                let sum = s.add_uncached(a, b)?;
                s.add_memo.insert(if a <= b { (a, b) } else { (b, a) }, sum);
                Ok(())
            },
        )?;
        Ok(self.add_memo[&key])
    }

    fn add_uncached(&mut self, a: GameId, b: GameId) -> Result<GameId> {
        let (pa, pb) = (self.nus(a), self.nus(b));
        if let (Some(p), Some(q)) = (pa, pb) {
            let sum = p.checked_add(q).ok_or(ValueError::Overflow)?;
            return self.keyed(sum);
        }
        let a_number = pa.is_some_and(|p| p.is_number());
        let b_number = pb.is_some_and(|p| p.is_number());
        let mut left = Vec::new();
        let mut right = Vec::new();
        if !a_number {
            for i in 0..self.left_len(a) {
                let o = self.left_at(a, i);
                left.push(self.add(o, b)?);
            }
            for i in 0..self.right_len(a) {
                let o = self.right_at(a, i);
                right.push(self.add(o, b)?);
            }
        }
        if !b_number {
            for i in 0..self.left_len(b) {
                let o = self.left_at(b, i);
                left.push(self.add(a, o)?);
            }
            for i in 0..self.right_len(b) {
                let o = self.right_at(b, i);
                right.push(self.add(a, o)?);
            }
        }
        let sum = if a_number || b_number {
            // Translation by a number keeps a canonical form canonical.
            self.intern(left, right)?
        } else {
            self.canonicalise(left, right)?
        };
        Ok(sum)
    }

    /// The negative `-a`.
    pub fn neg(&mut self, a: GameId) -> GameId {
        if let Some(nus) = self.nus(a) {
            return self
                .keyed(nus.neg())
                .expect("a stored number's negative fits");
        }
        if let Some(&n) = self.neg_memo.get(&a) {
            return n;
        }
        self.post_order(
            a,
            |s, g| s.nus(g).is_some() || s.neg_memo.contains_key(&g),
            |s, g, out| s.push_options(g, out),
            |s, g| {
                s.neg_node(g);
                Ok(())
            },
        )
        .expect("negatives never overflow");
        self.neg_memo[&a]
    }

    /// `-g` from the negatives of its options (known by now).
    fn neg_node(&mut self, a: GameId) {
        // -{L | R} = {-R | -L}, canonical again.
        let mut left = Vec::new();
        let mut right = Vec::new();
        for i in 0..self.right_len(a) {
            let o = self.right_at(a, i);
            left.push(self.neg(o));
        }
        for i in 0..self.left_len(a) {
            let o = self.left_at(a, i);
            right.push(self.neg(o));
        }
        let n = self
            .intern(left, right)
            .expect("a negative has as many nodes as the game");
        self.neg_memo.insert(a, n);
        self.neg_memo.insert(n, a);
    }

    /// The difference `a - b`.
    pub fn sub(&mut self, a: GameId, b: GameId) -> Result<GameId> {
        let nb = self.neg(b);
        self.add(a, nb)
    }

    /// `(left stop, right stop)`.
    fn stops(&self, g: GameId) -> (Dyadic, Dyadic) {
        self.nodes[g.index()].stops
    }

    /// Left's stop: where play ends, Left moving first, each player
    /// stopping as soon as a number is reached (Siegel II.5).
    pub fn left_stop(&mut self, g: GameId) -> Dyadic {
        self.stops(g).0
    }

    /// Right's stop.
    pub fn right_stop(&mut self, g: GameId) -> Dyadic {
        self.stops(g).1
    }

    /// The thermograph of `g` (Siegel II.5).
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// use cgt_core::dyadic::Dyadic;
    /// let mut store = GameStore::new();
    /// let g = store.parse("{3|-1}").expect("valid");
    /// let thermograph = store.thermograph(g).expect("fits");
    /// assert_eq!(thermograph.temperature(), Dyadic::integer(2));
    /// assert_eq!(thermograph.mast(), Dyadic::integer(1));
    /// ```
    ///
    /// # Errors
    /// [`ValueError::Overflow`] when a breakpoint needs a denominator beyond
    /// `2^62`: each level of hot options can halve the scale, so games nesting
    /// some sixty hot levels get there (`{0|{0|…{0|-1}…}}`).
    pub fn thermograph(&mut self, g: GameId) -> Result<Thermograph> {
        if let Some(t) = self.thermographs.get(&g) {
            return Ok(t.clone());
        }
        self.post_order(
            g,
            |s, g| s.nus(g).is_some() || s.thermographs.contains_key(&g),
            |s, g, out| s.push_options(g, out),
            |s, g| s.thermograph_node(g).map(|_| ()),
        )?;
        self.thermograph_node(g)
    }

    /// The thermograph of `g` from its options' (known by now).
    fn thermograph_node(&mut self, g: GameId) -> Result<Thermograph> {
        if let Some(t) = self.thermographs.get(&g) {
            return Ok(t.clone());
        }
        // Non-number x + n·↑ + *m share their thermograph with x*, x + ↑,
        // x + ↓, x + ↑* or x + ↓* (their options' walls are the same).
        let representative = self.nus(g).filter(|n| !n.is_number()).and_then(|n| {
            let shape = match (n.ups.signum(), n.nim) {
                (0, 1) | (1, 1) | (1, 0) | (-1, 1) | (-1, 0) if n.ups.abs() <= 1 => return None,
                (0, _) => (0, 1),
                (s, 1) if n.ups.abs() == 1 => (s, 1),
                (s, _) => (s, 0),
            };
            Some(Nus {
                number: n.number,
                ups: shape.0,
                nim: shape.1,
            })
        });
        let t = if let Some(x) = self.as_number(g) {
            Thermograph::of_number(x)
        } else if let Some(n) = representative {
            let small = self.keyed(n).expect("a smaller game fits");
            self.thermograph(small)?
        } else {
            let mut left = Vec::new();
            for i in 0..self.left_len(g) {
                let o = self.left_at(g, i);
                left.push(self.thermograph(o)?);
            }
            let mut right = Vec::new();
            for i in 0..self.right_len(g) {
                let o = self.right_at(g, i);
                right.push(self.thermograph(o)?);
            }
            Thermograph::from_options(&left, &right).ok_or(ValueError::Overflow)?
        };
        self.thermographs.insert(g, t.clone());
        Ok(t)
    }

    /// The mean value (the mast of the thermograph).
    ///
    /// # Errors
    /// [`ValueError::Overflow`] as for [`GameStore::thermograph`].
    pub fn mean(&mut self, g: GameId) -> Result<Dyadic> {
        if let Some(n) = self.nus(g) {
            return Ok(n.number);
        }
        Ok(self.thermograph(g)?.mast())
    }

    /// The temperature, in CGSuite's convention: a number `m/2^k` in lowest
    /// terms has temperature `-1/2^k`, an integer `-1`; a number plus an
    /// infinitesimal 0.
    ///
    /// # Errors
    /// [`ValueError::Overflow`] as for [`GameStore::thermograph`].
    pub fn temperature(&mut self, g: GameId) -> Result<Dyadic> {
        if let Some(n) = self.nus(g) {
            return Ok(if n.is_number() {
                Thermograph::of_number(n.number).temperature()
            } else {
                Dyadic::ZERO
            });
        }
        Ok(self.thermograph(g)?.temperature())
    }

    /// `g` cooled by `t >= 0` (Siegel II.5): `{G^L_t - t | G^R_t + t}` up to
    /// the temperature, the mean above it.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// use cgt_core::dyadic::Dyadic;
    /// let mut store = GameStore::new();
    /// let g = store.parse("{3|-1}").expect("valid");
    /// let cooled = store.cool(g, Dyadic::integer(1)).expect("fits");
    /// assert_eq!(store.display(cooled).to_string(), "{2|0}");
    /// let frozen = store.cool(g, Dyadic::integer(3)).expect("fits");
    /// assert_eq!(store.display(frozen).to_string(), "1");
    /// ```
    ///
    /// # Errors
    /// [`ValueError::NegativeTemperature`] if `t < 0`.
    pub fn cool(&mut self, g: GameId, t: Dyadic) -> Result<GameId> {
        if t.is_negative() {
            return Err(ValueError::NegativeTemperature);
        }
        self.post_order(
            (g, t),
            |s, (g, t)| {
                s.as_number(g).is_some() || t == Dyadic::ZERO || s.cooled.contains_key(&(g, t))
            },
            |s, (g, t), out| {
                if s.temperature(g).is_ok_and(|temperature| temperature >= t) {
                    let mut options = Vec::new();
                    s.push_options(g, &mut options);
                    out.extend(options.into_iter().map(|o| (o, t)));
                }
            },
            |s, (g, t)| s.cool_node(g, t).map(|_| ()),
        )?;
        self.cool_node(g, t)
    }

    fn cool_node(&mut self, g: GameId, t: Dyadic) -> Result<GameId> {
        if t.is_negative() {
            return Err(ValueError::NegativeTemperature);
        }
        if self.as_number(g).is_some() || t == Dyadic::ZERO {
            return Ok(g);
        }
        if let Some(&c) = self.cooled.get(&(g, t)) {
            return Ok(c);
        }
        let cooled = if self.temperature(g)? < t {
            let mean = self.thermograph(g)?.mast();
            self.keyed(Nus::number(mean))?
        } else {
            let tg = self.keyed(Nus::number(t))?;
            let mut left = Vec::new();
            for i in 0..self.left_len(g) {
                let o = self.left_at(g, i);
                let c = self.cool(o, t)?;
                left.push(self.sub(c, tg)?);
            }
            let mut right = Vec::new();
            for i in 0..self.right_len(g) {
                let o = self.right_at(g, i);
                let c = self.cool(o, t)?;
                right.push(self.add(c, tg)?);
            }
            self.canonicalise(left, right)?
        };
        self.cooled.insert((g, t), cooled);
        Ok(cooled)
    }

    /// `g` heated by `t` (Siegel II.5): a number stays, otherwise
    /// `{∫G^L + t | ∫G^R - t}`.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let (star, one) = (store.nimber(1), store.integer(1));
    /// let heated = store.heat(star, one).expect("fits");
    /// assert_eq!(store.display(heated).to_string(), "+-1");
    /// ```
    pub fn heat(&mut self, g: GameId, t: GameId) -> Result<GameId> {
        self.post_order(
            (g, t),
            |s, (g, t)| s.as_number(g).is_some() || s.heated.contains_key(&(g, t)),
            |s, (g, t), out| {
                let mut options = Vec::new();
                s.push_options(g, &mut options);
                out.extend(options.into_iter().map(|o| (o, t)));
            },
            |s, (g, t)| s.heat_node(g, t).map(|_| ()),
        )?;
        self.heat_node(g, t)
    }

    fn heat_node(&mut self, g: GameId, t: GameId) -> Result<GameId> {
        if self.as_number(g).is_some() {
            return Ok(g);
        }
        if let Some(&h) = self.heated.get(&(g, t)) {
            return Ok(h);
        }
        let mut left = Vec::new();
        for i in 0..self.left_len(g) {
            let o = self.left_at(g, i);
            let h = self.heat(o, t)?;
            left.push(self.add(h, t)?);
        }
        let mut right = Vec::new();
        for i in 0..self.right_len(g) {
            let o = self.right_at(g, i);
            let h = self.heat(o, t)?;
            right.push(self.sub(h, t)?);
        }
        let heated = self.canonicalise(left, right)?;
        self.heated.insert((g, t), heated);
        Ok(heated)
    }

    /// Norton's product `G.U` of `g` by a unit `u` (Siegel, *Combinatorial
    /// Game Theory*, II.7; *Winning Ways* ch. 8): `n` copies of `U` for an
    /// integer `n` (`-n` copies of `-U` for a negative one), otherwise
    /// `{G^L.U + U + I | G^R.U - U - I}` with `I` running over the incentives
    /// of `U` (`U^L - U` and `U - U^R`), taken on `g`'s canonical form.
    ///
    /// For `U > 0` the product depends only on `g`'s value, adds up
    /// (`(G + H).U = G.U + H.U`) and keeps the order; `G.↑` is the game whose
    /// atomic weight is `G`.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let (three, half) = (store.integer(3), store.parse("1/2").expect("valid"));
    /// let up = store.parse("^").expect("valid");
    /// let product = store.norton_product(three, up).expect("fits");
    /// assert_eq!(store.display(product).to_string(), "^3");
    /// let product = store.norton_product(half, up).expect("fits");
    /// assert_eq!(store.display(product).to_string(), "{^^*|v*}");
    /// assert_eq!(store.atomic_weight(product), Some(half));
    /// ```
    ///
    /// # Complexity
    /// One canonical form per follower of `g`, each from
    /// (options of `g`) × (incentives of `u`) sums; memoised on `(g, u)`.
    pub fn norton_product(&mut self, g: GameId, u: GameId) -> Result<GameId> {
        let integer = |s: &Self, g: GameId| s.as_number(g).is_some_and(|x| x.is_integer());
        self.post_order(
            g,
            |s, g| integer(s, g) || s.norton.contains_key(&(g, u)),
            |s, g, out| s.push_options(g, out),
            |s, g| s.norton_product_node(g, u).map(|_| ()),
        )?;
        self.norton_product_node(g, u)
    }

    fn norton_product_node(&mut self, g: GameId, u: GameId) -> Result<GameId> {
        if let Some(&p) = self.norton.get(&(g, u)) {
            return Ok(p);
        }
        let product = if let Some(n) = self.as_number(g).filter(|x| x.is_integer()) {
            // Doubling and adding: |n| copies in O(log |n|) sums.
            let mut power = if n.is_negative() { self.neg(u) } else { u };
            let mut copies = n.numerator().unsigned_abs();
            let mut sum = self.zero();
            while copies > 0 {
                if copies & 1 == 1 {
                    sum = self.add(sum, power)?;
                }
                copies >>= 1;
                if copies > 0 {
                    power = self.add(power, power)?;
                }
            }
            sum
        } else {
            // U plus each incentive; only the greatest matter on either side.
            let mut unit_moves = Vec::new();
            for i in 0..self.left_len(u) {
                let o = self.left_at(u, i);
                let incentive = self.sub(o, u)?;
                unit_moves.push(self.add(u, incentive)?);
            }
            for i in 0..self.right_len(u) {
                let o = self.right_at(u, i);
                let incentive = self.sub(u, o)?;
                unit_moves.push(self.add(u, incentive)?);
            }
            self.remove_dominated(&mut unit_moves, Side::Left);
            let mut left = Vec::new();
            for i in 0..self.left_len(g) {
                let o = self.left_at(g, i);
                let base = self.norton_product(o, u)?;
                for &m in &unit_moves {
                    left.push(self.add(base, m)?);
                }
            }
            let mut right = Vec::new();
            for i in 0..self.right_len(g) {
                let o = self.right_at(g, i);
                let base = self.norton_product(o, u)?;
                for &m in &unit_moves {
                    right.push(self.sub(base, m)?);
                }
            }
            self.canonicalise(left, right)?
        };
        self.norton.insert((g, u), product);
        Ok(product)
    }

    /// Whether `a >= b` modulo infinitesimals: the right stop of `a - b` is
    /// at least 0.
    fn ge_mod_inf(&mut self, a: GameId, b: GameId) -> Result<bool> {
        let d = self.sub(a, b)?;
        Ok(!self.right_stop(d).is_negative())
    }

    /// The reduced canonical form: the simplest game infinitesimally close
    /// to `g` (Siegel II.6), found by removing Inf-dominated options and
    /// bypassing Inf-reversible ones.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.parse("{1^|v*}").expect("valid");
    /// let r = store.reduced(g).expect("fits");
    /// assert_eq!(store.display(r).to_string(), "{1|0}");
    /// ```
    pub fn reduced(&mut self, g: GameId) -> Result<GameId> {
        self.post_order(
            g,
            |s, g| s.nus(g).is_some() || s.reduced.contains_key(&g),
            |s, g, out| {
                if s.left_stop(g) != s.right_stop(g) {
                    s.push_options(g, out);
                }
            },
            |s, g| s.reduced_node(g).map(|_| ()),
        )?;
        self.reduced_node(g)
    }

    fn reduced_node(&mut self, g: GameId) -> Result<GameId> {
        if let Some(n) = self.nus(g) {
            return self.keyed(Nus::number(n.number));
        }
        if let Some(&r) = self.reduced.get(&g) {
            return Ok(r);
        }
        let (ls, rs) = self.stops(g);
        let result = if ls == rs {
            self.keyed(Nus::number(ls))?
        } else {
            let mut left = Vec::new();
            for i in 0..self.left_len(g) {
                let o = self.left_at(g, i);
                left.push(self.reduced(o)?);
            }
            let mut right = Vec::new();
            for i in 0..self.right_len(g) {
                let o = self.right_at(g, i);
                right.push(self.reduced(o)?);
            }
            'simplify: loop {
                self.remove_inf_dominated(&mut left, Side::Left)?;
                self.remove_inf_dominated(&mut right, Side::Right)?;
                let current = self.canonicalise(left.clone(), right.clone())?;
                for i in 0..left.len() {
                    let a = left[i];
                    for k in 0..self.right_len(a) {
                        let ar = self.right_at(a, k);
                        if self.ge_mod_inf(current, ar)? {
                            left.swap_remove(i);
                            for j in 0..self.left_len(ar) {
                                left.push(self.left_at(ar, j));
                            }
                            continue 'simplify;
                        }
                    }
                }
                for i in 0..right.len() {
                    let b = right[i];
                    for k in 0..self.left_len(b) {
                        let bl = self.left_at(b, k);
                        if self.ge_mod_inf(bl, current)? {
                            right.swap_remove(i);
                            for j in 0..self.right_len(bl) {
                                right.push(self.right_at(bl, j));
                            }
                            continue 'simplify;
                        }
                    }
                }
                break current;
            }
        };
        self.reduced.insert(g, result);
        Ok(result)
    }

    fn remove_inf_dominated(&mut self, options: &mut Vec<GameId>, side: Side) -> Result<()> {
        options.sort_unstable();
        options.dedup();
        let mut i = 0;
        while i < options.len() {
            let a = options[i];
            let mut dominated = false;
            for (j, &b) in options.iter().enumerate() {
                if j == i {
                    continue;
                }
                let (low, high) = match side {
                    Side::Left => (a, b),
                    Side::Right => (b, a),
                };
                // Drop `a` if the other is at least as good modulo Inf (of two
                // Inf-equal options keep the later one).
                if self.ge_mod_inf(high, low)? && (!self.ge_mod_inf(low, high)? || j > i) {
                    dominated = true;
                    break;
                }
            }
            if dominated {
                options.remove(i);
            } else {
                i += 1;
            }
        }
        Ok(())
    }

    /// The birthday: the day the game is born (0 for `0`, `n` for the
    /// integer `n` and for `*n`), exact for every game a store can hold
    /// (hence `u128`: `10^12 + ^1000000*5` is born on day `10^12 + 10^6 + 5`).
    pub fn birthday(&mut self, g: GameId) -> u128 {
        if let Some(&b) = self.birthdays.get(&g) {
            return b;
        }
        self.post_order(
            g,
            |s, g| s.nus(g).is_some() || s.birthdays.contains_key(&g),
            |s, g, out| s.push_options(g, out),
            |s, g| {
                s.birthday_node(g);
                Ok(())
            },
        )
        .expect("birthdays do not fail");
        self.birthday_node(g)
    }

    /// The birthday of `g` from its options' (known by now).
    fn birthday_node(&mut self, g: GameId) -> u128 {
        if let Some(n) = self.nus(g) {
            if self.nodes[g.index()].keyed {
                let x = n.number;
                let a = u128::from(x.numerator().unsigned_abs());
                let number_day = match x.exponent() {
                    0 => a,
                    e => (a >> e) + u128::from(e) + 1,
                };
                // n·↑ + *m: a chain of n - 1 options down to ↑*c, c = m or
                // m^1 by the parity; ↑* is born on day 2, ↑*c on day 1 + (c^1).
                let ups = n.ups.unsigned_abs();
                let infinitesimal_day = if ups == 0 {
                    u128::from(n.nim)
                } else {
                    let c = if ups % 2 == 1 { n.nim } else { n.nim ^ 1 };
                    let last = if c == 1 { 2 } else { 1 + u128::from(c ^ 1) };
                    u128::from(ups - 1) + last
                };
                // Below 2^66: no sum here, nor a chain of stored nodes on top, overflows.
                return number_day + infinitesimal_day;
            }
        }
        if let Some(&b) = self.birthdays.get(&g) {
            return b;
        }
        let mut day = 0;
        for i in 0..self.left_len(g) {
            let o = self.left_at(g, i);
            day = day.max(self.birthday(o) + 1);
        }
        for i in 0..self.right_len(g) {
            let o = self.right_at(g, i);
            day = day.max(self.birthday(o) + 1);
        }
        self.birthdays.insert(g, day);
        day
    }

    /// Whether `g` is infinitesimal (both stops 0).
    pub fn is_infinitesimal(&mut self, g: GameId) -> bool {
        self.stops(g) == (Dyadic::ZERO, Dyadic::ZERO)
    }

    /// The atomic weight of an infinitesimal `g`, where the atomic-weight
    /// calculus gives one (*Winning Ways* ch. 8; Siegel, *Combinatorial Game Theory*, II.7; as CGSuite):
    /// `n` for `n·↑ + *m`; otherwise `G' = {aw(G^L) - 2 | aw(G^R) + 2}`,
    /// except that when `G'` is an integer the far star `☆` decides: if
    /// `G < ☆` the least integer `⧐` every `aw(G^L) - 2`, if `G > ☆` the
    /// greatest integer `⧏` every `aw(G^R) + 2`. Here `☆` is `*P`, `P` the
    /// next power of two beyond the nimbers of `G`, so no sum of them
    /// reaches it (CGSuite takes one past the largest nimber, which leaves a
    /// few games that are not all-small without a weight that this finds).
    ///
    /// The weight `W` is the game with `G ~ W.↑` ([`GameStore::norton_product`]),
    /// where `G ~ H` when `G + X + *m` and `H + X + *m` have the same outcome
    /// for every `X` and every large `m`. Every all-small game has one. A game
    /// that is not all-small gets the calculus's `W` when `G - W.↑` lies
    /// within `±(↑* + *P:-1)`, `P` a power of two beyond every nimber of `G`
    /// (CGSuite's test), and `None` otherwise; so do numbers other than 0 and
    /// every game that is not infinitesimal. (That test builds `*P:-1` with
    /// `P` options: a game that is not all-small and holds a nimber beyond
    /// `*2^20` gets `None` rather than a table of that size.)
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.parse("^3*").expect("valid");
    /// let w = store.atomic_weight(g).expect("infinitesimal");
    /// assert_eq!(store.display(w).to_string(), "3");
    /// // Tiny(1) is infinitesimal but not all-small; its weight is 0.
    /// let tiny = store.parse("Tiny(1)").expect("valid");
    /// let w = store.atomic_weight(tiny).expect("atomic");
    /// assert_eq!(store.display(w).to_string(), "0");
    /// // (1/2).↑ + Tiny(1) is not all-small either; its weight is 1/2.
    /// let (half, up) = (store.parse("1/2").expect("valid"), store.parse("^").expect("valid"));
    /// let half_up = store.norton_product(half, up).expect("fits");
    /// let g = store.add(half_up, tiny).expect("fits");
    /// assert_eq!(store.atomic_weight(g), Some(half));
    /// let hot = store.parse("+-1").expect("valid");
    /// assert_eq!(store.atomic_weight(hot), None);
    /// ```
    pub fn atomic_weight(&mut self, g: GameId) -> Option<GameId> {
        if !self.is_infinitesimal(g) {
            return None;
        }
        let weight = self.naive_atomic_weight(g).ok()?;
        if self.is_all_small(g) {
            return Some(weight);
        }
        // Atomic iff -ε <= G - aw.↑ <= ε with ε = ↑* + *P:-1, P a power of
        // two beyond every nimber of G (CGSuite's test).
        let up = self.number_up_star(Dyadic::ZERO, 1, 0).ok()?;
        let ups = self.norton_product(weight, up).ok()?;
        let difference = self.sub(g, ups).ok()?;
        let far = self.far_star(g).max(2).checked_next_power_of_two()?;
        if far > MAX_KITE {
            return None;
        }
        let nimbers: Vec<GameId> = (0..far).map(|k| self.nimber(k)).collect();
        let mut right = nimbers.clone();
        right.push(self.nimber(far));
        let kite = self.game(&nimbers, &right).ok()?;
        let up_star = self.parse("^*").ok()?;
        let epsilon = self.add(up_star, kite).ok()?;
        let minus_epsilon = self.neg(epsilon);
        (self.le(difference, epsilon) && self.le(minus_epsilon, difference)).then_some(weight)
    }

    /// One more than every nimber `*m` among the followers of `g` (at least
    /// 1): the index of a far star for `g`. A game `x + n·↑ + *m` counts as
    /// `m + 1`, which bounds the nimbers of its formula options.
    fn far_star(&mut self, g: GameId) -> u64 {
        if let Some(n) = self.nus(g) {
            return n.nim.saturating_add(1);
        }
        if let Some(&known) = self.far_stars.get(&g) {
            return known;
        }
        self.post_order(
            g,
            |s, g| s.nus(g).is_some() || s.far_stars.contains_key(&g),
            |s, g, out| s.push_options(g, out),
            |s, g| {
                let mut options = Vec::new();
                s.push_options(g, &mut options);
                let far = options.into_iter().fold(1, |far, o| far.max(s.far_star(o)));
                s.far_stars.insert(g, far);
                Ok(())
            },
        )
        .expect("the far star does not fail");
        self.far_stars[&g]
    }

    /// Whether every follower of `g` but 0 has options for both players.
    pub fn is_all_small(&mut self, g: GameId) -> bool {
        if let Some(&known) = self.all_small.get(&g) {
            return known;
        }
        self.post_order(
            g,
            |s, g| s.nus(g).is_some() || s.all_small.contains_key(&g),
            |s, g, out| s.push_options(g, out),
            |s, g| {
                s.is_all_small_node(g);
                Ok(())
            },
        )
        .expect("all-small does not fail");
        self.is_all_small_node(g)
    }

    /// Whether `g` is all-small, from its options (known by now).
    fn is_all_small_node(&mut self, g: GameId) -> bool {
        if let Some(n) = self.nus(g) {
            return n.number == Dyadic::ZERO;
        }
        if let Some(&known) = self.all_small.get(&g) {
            return known;
        }
        let mut result = self.left_len(g) > 0 && self.right_len(g) > 0;
        for i in 0..self.left_len(g) {
            result = result && {
                let o = self.left_at(g, i);
                self.is_all_small(o)
            };
        }
        for i in 0..self.right_len(g) {
            result = result && {
                let o = self.right_at(g, i);
                self.is_all_small(o)
            };
        }
        self.all_small.insert(g, result);
        result
    }

    /// The atomic-weight calculus without the test for atomicity.
    fn naive_atomic_weight(&mut self, g: GameId) -> Result<GameId> {
        if let Some(&w) = self.weights.get(&g) {
            return Ok(w);
        }
        self.post_order(
            g,
            |s, g| s.nus(g).is_some() || s.weights.contains_key(&g),
            |s, g, out| s.push_options(g, out),
            |s, g| s.naive_atomic_weight_node(g).map(|_| ()),
        )?;
        self.naive_atomic_weight_node(g)
    }

    fn naive_atomic_weight_node(&mut self, g: GameId) -> Result<GameId> {
        if let Some(n) = self.nus(g) {
            return self.keyed(Nus::number(Dyadic::integer(n.ups)));
        }
        if let Some(&w) = self.weights.get(&g) {
            return Ok(w);
        }
        let two = self.integer(2);
        let minus_two = self.integer(-2);
        let mut left = Vec::new();
        for i in 0..self.left_len(g) {
            let o = self.left_at(g, i);
            let w = self.naive_atomic_weight(o)?;
            left.push(self.add(w, minus_two)?);
        }
        let mut right = Vec::new();
        for i in 0..self.right_len(g) {
            let o = self.right_at(g, i);
            let w = self.naive_atomic_weight(o)?;
            right.push(self.add(w, two)?);
        }
        let candidate = self.canonicalise(left.clone(), right.clone())?;
        let mut weight = candidate;
        if self.as_number(candidate).is_some_and(|x| x.is_integer()) {
            // The far star ☆: a nimber no sum of g's nimbers reaches.
            let far = self.far_star(g).max(2).next_power_of_two();
            let far = self.nimber(far);
            let below = self.le(g, far);
            let above = self.le(far, g);
            if below && !above {
                // The least integer n with n ⧐ (not <=) every left option.
                let mut least: Option<i64> = None;
                for &l in &left {
                    let mut n = self.right_stop(l).ceil();
                    let id = self.integer(n);
                    if self.le(id, l) {
                        n = n.checked_add(1).ok_or(ValueError::Overflow)?;
                    }
                    least = Some(least.map_or(n, |m| m.max(n)));
                }
                weight = self.integer(least.unwrap_or(0));
            } else if above && !below {
                // The greatest integer n with n ⧏ (not >=) every right option.
                let mut greatest: Option<i64> = None;
                for &r in &right {
                    let mut n = self.left_stop(r).floor();
                    let id = self.integer(n);
                    if self.le(r, id) {
                        n = n.checked_sub(1).ok_or(ValueError::Overflow)?;
                    }
                    greatest = Some(greatest.map_or(n, |m| m.min(n)));
                }
                weight = self.integer(greatest.unwrap_or(0));
            }
        }
        self.weights.insert(g, weight);
        Ok(weight)
    }

    /// `g` written in CGSuite's notation (see [`notation`]).
    pub fn display(&self, g: GameId) -> impl fmt::Display + '_ {
        notation::Written {
            store: self,
            game: g,
        }
    }

    /// Reads a game written in CGSuite's notation (see [`notation`]).
    pub fn parse(&mut self, text: &str) -> std::result::Result<GameId, NotationError> {
        self.parse_with(text, &mut |_, _, _| None)
    }

    /// Like [`GameStore::parse`]; a term `name(argument)` whose name the
    /// notation does not know (it knows `Tiny` and `Miny`) is passed to
    /// `resolve(store, name, argument_text)`: `None` means an unknown name
    /// (an error at that term), `Some(Err(message))` a bad argument.
    #[allow(clippy::type_complexity)]
    pub fn parse_with(
        &mut self,
        text: &str,
        resolve: &mut dyn FnMut(
            &mut GameStore,
            &str,
            &str,
        ) -> Option<std::result::Result<GameId, String>>,
    ) -> std::result::Result<GameId, NotationError> {
        notation::parse(self, text, resolve)
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
}
