//! The store of misère canonical forms: each game once, by its options.

use super::predicates::Phylum;
use crate::heap::{HeapGame, HeapOptions};
use std::cmp::Ordering;
use std::collections::HashMap;

/// A misère canonical game in one [`MisereStore`]: two ids of one store are
/// equal exactly when the games are equal in misère play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MisereId(pub(crate) u32);

impl MisereId {
    /// The index of the game in its store.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The 36 "early" even games CGSuite lists first, in its order: each is
/// written by the early games it has as options, `2k` for the k-th and
/// `2k + 1` for the k-th plus `*`. Their place in this list is their place
/// in CGSuite's order of options, before every later game.
const EARLY: [&[u8]; 36] = [
    &[],
    &[0, 1],
    &[2],
    &[3],
    &[4],
    &[2, 3],
    &[2, 4],
    &[0, 4],
    &[1, 4],
    &[2, 3, 4],
    &[0, 3, 4],
    &[0, 2, 4],
    &[1, 3, 4],
    &[1, 2, 4],
    &[0, 2, 3, 4],
    &[0, 1, 2, 4],
    &[1, 2, 3, 4],
    &[0, 1, 2, 3],
    &[0, 1, 2, 3, 4],
    &[5],
    &[8],
    &[12],
    &[14],
    &[16],
    &[18],
    &[20],
    &[22],
    &[24],
    &[26],
    &[28],
    &[30],
    &[32],
    &[34],
    &[36],
    &[6],
    &[10],
];

/// One canonical game.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    /// Its options, in CGSuite's order (ascending).
    pub(crate) options: Vec<MisereId>,
    pub(crate) birthday: u32,
    /// The normal-play Grundy value.
    pub(crate) g_plus: u32,
    /// The misère Grundy value: 1 with no option, else the mex.
    pub(crate) g_minus: u32,
    /// G + *.
    pub(crate) partner: MisereId,
    /// Born before G + * (CGSuite's "even").
    pub(crate) even: bool,
    /// Its place among CGSuite's early games, for the even ones.
    pub(crate) early: Option<u32>,
    /// The phylum computed from its own options (the game's phylum is its
    /// even part's).
    pub(crate) own_phylum: Phylum,
}

/// Misère canonical forms of impartial games, each kept once by id: built
/// from options (simplified as Conway's theory says), nim heaps, sums and
/// mates, compared by id.
///
/// # Example
/// ```
/// use cgt_core::misere_canonical::MisereStore;
///
/// let mut store = MisereStore::new();
/// let two = store.nim_heap(2);
/// let sum = store.add(two, two);
/// assert_eq!(store.display(sum), "*[2[2]]");
/// // * + * = 0 in misère play too.
/// let star = store.nim_heap(1);
/// assert_eq!(store.add(star, star), store.zero());
/// ```
///
/// # Complexity
/// Building a game sorts its options and looks its set up in a hash map;
/// a sum is memoised by its pair of parts.
#[derive(Clone, Debug)]
pub struct MisereStore {
    pub(crate) nodes: Vec<Node>,
    by_options: HashMap<Vec<MisereId>, MisereId>,
    sums: HashMap<(MisereId, MisereId), MisereId>,
    mates: HashMap<MisereId, MisereId>,
    nim_heaps: Vec<MisereId>,
    pub(crate) partitions: HashMap<MisereId, Vec<MisereId>>,
}

impl Default for MisereStore {
    fn default() -> Self {
        Self::new()
    }
}

/// How many sums [`MisereStore::add_until`] builds between two questions
/// to its `stop`: a question (a look for Ctrl-C) costs far more than a sum.
pub const STOP_CHECK_EVERY: u32 = 64;

/// The key a set of options is found by: ids ascending, no repeats.
fn key_of(options: &[MisereId]) -> Vec<MisereId> {
    let mut key = options.to_vec();
    key.sort_unstable();
    key.dedup();
    key
}

fn mex(values: impl Iterator<Item = u32>) -> u32 {
    let mut seen: Vec<u32> = values.collect();
    seen.sort_unstable();
    seen.dedup();
    let mut m = 0;
    for v in seen {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

impl MisereStore {
    /// A store holding 0, *, and CGSuite's early games.
    pub fn new() -> Self {
        let mut store = MisereStore {
            nodes: Vec::new(),
            by_options: HashMap::new(),
            sums: HashMap::new(),
            mates: HashMap::new(),
            nim_heaps: Vec::new(),
            partitions: HashMap::new(),
        };
        // 0 and * by hand: each is the other's partner.
        store.nodes.push(Node {
            options: vec![],
            birthday: 0,
            g_plus: 0,
            g_minus: 1,
            partner: MisereId(1),
            even: true,
            early: Some(0),
            own_phylum: Phylum::NimHeap,
        });
        store.by_options.insert(vec![], MisereId(0));
        store.nodes.push(Node {
            options: vec![MisereId(0)],
            birthday: 1,
            g_plus: 1,
            g_minus: 0,
            partner: MisereId(0),
            even: false,
            early: None,
            own_phylum: Phylum::NimHeap,
        });
        store.by_options.insert(vec![MisereId(0)], MisereId(1));
        let mut early = vec![MisereId(0)];
        for (rank, options) in EARLY.iter().enumerate().skip(1) {
            let options: Vec<MisereId> = options
                .iter()
                .map(|&m| {
                    let even = early[usize::from(m >> 1)];
                    if m & 1 == 1 {
                        store.partner(even)
                    } else {
                        even
                    }
                })
                .collect();
            let g = store.game(&options);
            let g = store.even_part(g);
            store.nodes[g.index()].early = Some(rank as u32);
            early.push(g);
        }
        store
    }

    /// The game 0 (no options).
    pub fn zero(&self) -> MisereId {
        MisereId(0)
    }

    /// How many games the store holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the store is empty (never: it always holds 0 and *).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub(crate) fn node(&self, g: MisereId) -> &Node {
        &self.nodes[g.index()]
    }

    /// The options of `g` as CGSuite lists them: an even game's in its
    /// order; an odd game G + * (G even) has G's options plus * (a pair
    /// H, H + * kept as it is), then G last.
    pub fn options(&self, g: MisereId) -> Vec<MisereId> {
        if self.is_even(g) {
            return self.node(g).options.clone();
        }
        let e = self.partner(g);
        let inner = &self.node(e).options;
        let mut out = Vec::with_capacity(inner.len() + 1);
        let mut i = 0;
        while i < inner.len() {
            let o = inner[i];
            if self.is_even(o) && inner.get(i + 1) == Some(&self.partner(o)) {
                out.push(o);
                out.push(inner[i + 1]);
                i += 2;
            } else {
                out.push(self.partner(o));
                i += 1;
            }
        }
        out.push(e);
        out
    }

    /// The birthday: 0 for 0, else one more than the latest option's.
    pub fn birthday(&self, g: MisereId) -> u32 {
        self.node(g).birthday
    }

    /// The normal-play Grundy value (CGSuite's `NimValue`).
    pub fn nim_value(&self, g: MisereId) -> u32 {
        self.node(g).g_plus
    }

    /// The misère Grundy value g⁻ (CGSuite's `MisereNimValue`): 0 exactly
    /// when the player to move loses.
    pub fn misere_nim_value(&self, g: MisereId) -> u32 {
        self.node(g).g_minus
    }

    /// Whether the player to move loses `g` in misère play.
    pub fn is_p_position(&self, g: MisereId) -> bool {
        self.node(g).g_minus == 0
    }

    /// G + *.
    pub fn partner(&self, g: MisereId) -> MisereId {
        self.node(g).partner
    }

    /// Whether `g` is even: born before g + * (CGSuite's `IsEven`).
    pub fn is_even(&self, g: MisereId) -> bool {
        self.node(g).even
    }

    /// `g` if it is even, else g + *.
    pub fn even_part(&self, g: MisereId) -> MisereId {
        if self.is_even(g) { g } else { self.partner(g) }
    }

    /// CGSuite's order of games, the order options are listed in: the
    /// early games first in their own order; then by the even part's
    /// birthday, number of options, normal value, misère value, options
    /// (in this order, lexicographically); then the even game before its
    /// partner.
    pub fn compare(&self, mut a: MisereId, mut b: MisereId) -> Ordering {
        // A loop, not a recursion: two distinct games with the same keys
        // differ first at one pair of options, and compare as they do.
        loop {
            if a == b {
                return Ordering::Equal;
            }
            let (ea, eb) = (self.even_part(a), self.even_part(b));
            let parity = |g: MisereId| u32::from(!self.is_even(g));
            if ea == eb {
                return parity(a).cmp(&parity(b));
            }
            let (na, nb) = (self.node(ea), self.node(eb));
            match (na.early, nb.early) {
                (Some(x), Some(y)) => return (x, parity(a)).cmp(&(y, parity(b))),
                (Some(_), None) => return Ordering::Less,
                (None, Some(_)) => return Ordering::Greater,
                (None, None) => {}
            }
            let keys = |n: &Node| (n.birthday, n.options.len(), n.g_plus, n.g_minus);
            let by_keys = keys(na).cmp(&keys(nb));
            if by_keys != Ordering::Equal {
                return by_keys;
            }
            match na.options.iter().zip(&nb.options).find(|(x, y)| x != y) {
                Some((&x, &y)) => {
                    a = x;
                    b = y;
                }
                // Distinct canonical games never share all their keys.
                None => return Ordering::Equal,
            }
        }
    }

    /// Sorts games in CGSuite's order.
    pub fn sort(&self, games: &mut [MisereId]) {
        games.sort_by(|&a, &b| self.compare(a, b));
    }

    /// The nim heap *n.
    pub fn nim_heap(&mut self, n: u32) -> MisereId {
        while self.nim_heaps.len() <= n as usize {
            let options = self.nim_heaps.clone();
            let g = self.game(&options);
            self.nim_heaps.push(g);
        }
        self.nim_heaps[n as usize]
    }

    /// The canonical game whose options are `options` (ids of this store):
    /// reversible options removed.
    pub fn game(&mut self, options: &[MisereId]) -> MisereId {
        let g = self.canonical(options);
        if self.nodes[g.index()].partner != g || g.0 <= 1 {
            return g;
        }
        // New: its partner G + * has G and G′ + * as options. Built here,
        // with the partner left unset in turn, then the two are paired.
        let mut plus_star: Vec<MisereId> = self
            .node(g)
            .options
            .iter()
            .map(|&o| self.partner(o))
            .collect();
        plus_star.push(g);
        let p = self.canonical(&plus_star);
        debug_assert!(self.nodes[p.index()].partner == p && p != g);
        self.nodes[g.index()].partner = p;
        self.nodes[p.index()].partner = g;
        let even = self.node(g).birthday < self.node(p).birthday;
        self.nodes[g.index()].even = even;
        self.nodes[p.index()].even = !even;
        g
    }

    /// The canonical form of the game with `options`; a new game is
    /// stored with itself as its partner (unset), for [`Self::game`].
    fn canonical(&mut self, options: &[MisereId]) -> MisereId {
        let key = key_of(options);
        if let Some(&g) = self.by_options.get(&key) {
            return g;
        }
        let zero = self.zero();
        // Reversible to 0: every option has 0 as an option, and one of
        // them is a misère P-position.
        if key.iter().all(|&o| self.node(o).options.contains(&zero))
            && key.iter().any(|&o| self.node(o).g_minus == 0)
        {
            return zero;
        }
        // Reversible to a game H ≠ 0 with some of these options: H's are
        // every option born before H, and every other option is born after
        // H and has H as an option: so the options born by some day b,
        // none born on day b + 1.
        let mut by_birthday = key.clone();
        by_birthday.sort_by_key(|&o| self.node(o).birthday);
        for j in 1..by_birthday.len() {
            let (before, after) = (
                self.node(by_birthday[j - 1]).birthday,
                self.node(by_birthday[j]).birthday,
            );
            if after <= before + 1 {
                continue;
            }
            let Some(&h) = self.by_options.get(&key_of(&by_birthday[..j])) else {
                continue;
            };
            if by_birthday[j..]
                .iter()
                .all(|&o| self.node(o).options.contains(&h))
            {
                return h;
            }
        }
        let mut sorted = key.clone();
        self.sort(&mut sorted);
        let birthday = sorted
            .iter()
            .map(|&o| self.node(o).birthday + 1)
            .max()
            .unwrap_or(0);
        let g_plus = mex(sorted.iter().map(|&o| self.node(o).g_plus));
        let g_minus = if sorted.is_empty() {
            1
        } else {
            mex(sorted.iter().map(|&o| self.node(o).g_minus))
        };
        let own_phylum = self.phylum_from_options(&sorted, g_plus, g_minus);
        let g = MisereId(self.nodes.len() as u32);
        self.nodes.push(Node {
            options: sorted,
            birthday,
            g_plus,
            g_minus,
            partner: g,
            even: true,
            early: None,
            own_phylum,
        });
        self.by_options.insert(key, g);
        g
    }

    /// G + H, the disjunctive sum.
    ///
    /// # Complexity
    /// Every sum of an option of G and H (and of G and an option of H) is
    /// built once, with an explicit stack; memoised by the pair.
    pub fn add(&mut self, g: MisereId, h: MisereId) -> MisereId {
        match self.add_until(g, h, &mut || false) {
            Some(sum) => sum,
            None => unreachable!("a check that never stops stopped the sum"),
        }
    }

    /// As [`Self::add`], asking `stop` every [`STOP_CHECK_EVERY`] sums it
    /// builds: `None` once it says yes. Every sum finished before stays
    /// memoised, so asking again goes on from them. A program that
    /// computes for people (the Python module) stops a long sum on Ctrl-C
    /// this way.
    ///
    /// # Example
    /// ```
    /// use cgt_core::misere_canonical::MisereStore;
    /// let mut store = MisereStore::new();
    /// let g = store.parse("*[[2],1]").expect("valid");
    /// let three = store.nim_heap(3);
    /// let g3 = store.add(g, three);
    /// let mut asked = 0;
    /// let stopped = store.add_until(g3, g3, &mut || {
    ///     asked += 1;
    ///     true
    /// });
    /// assert_eq!((stopped, asked), (None, 1));
    /// let sum = store.add_until(g3, g3, &mut || false);
    /// assert_eq!(sum, Some(store.add(g3, g3)));
    /// ```
    pub fn add_until(
        &mut self,
        g: MisereId,
        h: MisereId,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<MisereId> {
        let mut stack = vec![(g, h)];
        let mut result = self.zero();
        let mut steps: u32 = 0;
        while let Some(&(a, b)) = stack.last() {
            // The first step asks too, so that a sum needing one step more
            // than the last stopped one is still stoppable.
            if steps % STOP_CHECK_EVERY == 0 && stop() {
                return None;
            }
            steps = steps.wrapping_add(1);
            match self.try_add(a, b) {
                Ok(sum) => {
                    stack.pop();
                    result = sum;
                }
                Err(missing) => stack.push(missing),
            }
        }
        Some(result)
    }

    /// The sum if every sum it needs is known, else one it needs.
    fn try_add(&mut self, a: MisereId, b: MisereId) -> Result<MisereId, (MisereId, MisereId)> {
        let odd = self.is_even(a) != self.is_even(b);
        let (ea, eb) = (self.even_part(a), self.even_part(b));
        let fix = |store: &Self, s: MisereId| if odd { store.partner(s) } else { s };
        if ea == self.zero() {
            return Ok(fix(self, eb));
        }
        if eb == self.zero() {
            return Ok(fix(self, ea));
        }
        let pair = if ea <= eb { (ea, eb) } else { (eb, ea) };
        if let Some(&s) = self.sums.get(&pair) {
            return Ok(fix(self, s));
        }
        let mut options = Vec::new();
        for (x, ys) in [
            (eb, self.node(ea).options.clone()),
            (ea, self.node(eb).options.clone()),
        ] {
            for y in ys {
                match self.known_sum(x, y) {
                    Some(s) => options.push(s),
                    None => return Err((x, y)),
                }
            }
        }
        let s = self.game(&options);
        self.sums.insert(pair, s);
        Ok(fix(self, s))
    }

    /// The sum when it is memoised or a unit is in it.
    fn known_sum(&self, a: MisereId, b: MisereId) -> Option<MisereId> {
        let odd = self.is_even(a) != self.is_even(b);
        let (ea, eb) = (self.even_part(a), self.even_part(b));
        let s = if ea == self.zero() {
            eb
        } else if eb == self.zero() {
            ea
        } else {
            let pair = if ea <= eb { (ea, eb) } else { (eb, ea) };
            *self.sums.get(&pair)?
        };
        Some(if odd { self.partner(s) } else { s })
    }

    /// The misère canonical forms of the heaps 0, 1, …, `upto` of a heap
    /// game: a heap's options are the sums of the heaps each move leaves.
    ///
    /// # Example
    /// Kayles (0.77): the heaps up to 3 are nim heaps.
    /// ```
    /// use cgt_core::heap::{HeapGame, HeapOptions};
    /// use cgt_core::misere_canonical::MisereStore;
    ///
    /// struct Kayles;
    /// impl HeapGame for Kayles {
    ///     fn heap_options(&self, n: usize, out: &mut HeapOptions) {
    ///         for take in 1..=n.min(2) {
    ///             for left in 0..=(n - take) / 2 {
    ///                 out.push(&[left, n - take - left]);
    ///             }
    ///         }
    ///     }
    /// }
    /// let mut store = MisereStore::new();
    /// let heaps = store.heap_forms(&Kayles, 3);
    /// assert_eq!(store.display(heaps[3]), "*[3]");
    /// ```
    ///
    /// # Complexity
    /// One sum per part of every option; the forms grow fast with the heap
    /// for most games (the reason misère quotients exist).
    pub fn heap_forms(&mut self, game: &dyn HeapGame, upto: usize) -> Vec<MisereId> {
        match self.heap_forms_until(game, upto, &mut || false) {
            Some(forms) => forms,
            None => unreachable!("a check that never stops stopped the heaps"),
        }
    }

    /// As [`Self::heap_forms`], asking `stop` between heaps and inside
    /// each sum ([`Self::add_until`]): `None` once it says yes, with every
    /// game and sum finished before kept in the store.
    pub fn heap_forms_until(
        &mut self,
        game: &dyn HeapGame,
        upto: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<Vec<MisereId>> {
        let mut forms: Vec<MisereId> = Vec::with_capacity(upto.min(1 << 16) + 1);
        let mut moves = HeapOptions::new();
        for n in 0..=upto {
            if stop() {
                return None;
            }
            moves.clear();
            game.heap_options(n, &mut moves);
            let leaves: Vec<Vec<usize>> = moves.iter().map(<[usize]>::to_vec).collect();
            let mut options = Vec::with_capacity(leaves.len());
            for left in leaves {
                let mut sum = self.zero();
                // Sizes below n, as HeapGame promises; others are skipped.
                for &heap in left.iter().filter(|&&h| h < n) {
                    sum = self.add_until(sum, forms[heap], stop)?;
                }
                options.push(sum);
            }
            let g = self.game(&options);
            forms.push(g);
        }
        Some(forms)
    }

    /// The mate of G (CGSuite's `Mate`): * for 0, 0 for *, else the game
    /// of its options' mates.
    pub fn mate(&mut self, g: MisereId) -> MisereId {
        let mut stack = vec![g];
        while let Some(&a) = stack.last() {
            if a.0 <= 1 {
                stack.pop();
                continue;
            }
            if self.mates.contains_key(&a) {
                stack.pop();
                continue;
            }
            let options = self.node(a).options.clone();
            let missing: Vec<MisereId> = options
                .iter()
                .copied()
                .filter(|o| o.0 > 1 && !self.mates.contains_key(o))
                .collect();
            if missing.is_empty() {
                let mated: Vec<MisereId> = options.iter().map(|o| self.mate_known(*o)).collect();
                let m = self.game(&mated);
                self.mates.insert(a, m);
                stack.pop();
            } else {
                stack.extend(missing);
            }
        }
        self.mate_known(g)
    }

    fn mate_known(&self, g: MisereId) -> MisereId {
        if g.0 <= 1 {
            return MisereId(g.0 ^ 1);
        }
        self.mates[&g]
    }

    /// Every canonical game born by `day`, in CGSuite's order: each a set
    /// of games born by the day before. Days past 5 stop at day 5's games
    /// (day 6 would be 2^4171780 sets).
    ///
    /// # Complexity
    /// 2^n sets for the n games born by `day − 1`: day 4 is 2²² sets,
    /// beyond a test's time; days 0 to 4 are immediate.
    pub fn born_by(&mut self, day: u32) -> Vec<MisereId> {
        let mut games = vec![self.zero()];
        for _ in 0..day {
            let n = games.len();
            // Past day 5 the sets do not fit in a u64 mask (nor in time).
            let Some(sets) = 1u64.checked_shl(n as u32).filter(|_| n < 64) else {
                break;
            };
            let mut next = Vec::new();
            for mask in 0..sets {
                let options: Vec<MisereId> = (0..n)
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| games[i])
                    .collect();
                next.push(self.game(&options));
            }
            next.sort_unstable();
            next.dedup();
            games = next;
        }
        self.sort(&mut games);
        games
    }
}
