//! Moving Pebbles: remove pebbles from one pile, then spread some of its rest
//! onto other piles.
//!
//! Sources: SPOJ PEBBMOV; BZOJ 1982. The statement, with the judge's
//! limits, is in this crate's `README.md`.
//!
//! # Rules
//! There are n piles of pebbles. A move picks a pile, removes at least one
//! pebble from it, and then may move any number of that pile's remaining
//! pebbles onto other non-empty piles, in any distribution. A pile that
//! becomes empty is gone. A player who cannot move (no pile is left) loses.
//! Every move removes a pebble, so the game ends.
//!
//! # Judge format
//! Input: test cases until the end of the input, with no count: each case
//! is `n` followed by `n` pile sizes. Output per case: `first player` if
//! the player to move wins, else `second player`. Judge limits:
//! 1 ≤ n ≤ 10^5; pile sizes are positive with no upper bound.
//!
//! This crate reads every pile size as a string of decimal digits of any
//! length and compares them as numbers without converting them to machine
//! integers (`007` and `7` are the same size), so a 40-digit pile is as good
//! as any. It accepts any `n ≥ 1` the input can hold. A pile of size zero
//! (`0`, `000`), which the statement does not allow, is read as no pile at
//! all, just like a pile that the game has emptied. An input with no case
//! at all (empty, or only whitespace) is rejected: the judge's input has at
//! least one.
//!
//! # Idea
//! Call a position **paired** when its piles split into pairs of equal
//! piles, that is, when every size occurs an even number of times. The
//! position with no piles is paired, and it is the only one without moves.
//! **The player to move loses exactly in the paired positions.** By
//! induction on the number of pebbles (every move removes one), this follows
//! from two facts:
//!
//! **(A) Every move from a paired position leads to an unpaired one.** For a
//! position let `f(v)` be the number of piles of size at least `v` (v ≥ 1);
//! the position is paired exactly when every `f(v)` is even, since `v` occurs
//! `f(v) − f(v + 1)` times. A move takes one pile from `x` down to `y < x`
//! (`y = 0`: gone), removes `r ≥ 1` pebbles and raises other piles by
//! amounts `δ` with `Σδ = x − y − r < x − y`. At each of the `x − y` levels
//! `v` in `y + 1 ..= x` the chosen pile leaves `f(v)`, and the only other
//! changes to `f(v)` are `+1` for each raised pile that crosses from below
//! `v` to at least `v`. If the position were paired before and after, `f(v)`
//! would change by an even amount, so at each of these `x − y` levels some
//! pile would cross; but a pile raised by `δ` crosses only `δ` levels, so
//! `Σδ ≥ x − y`, a contradiction.
//!
//! **(B) Every unpaired position has a move to a paired one** (so the
//! argument is constructive, see [`winning_move`]). Sort the piles,
//! `a_1 ≤ … ≤ a_m`, and move from the largest pile `a_m`:
//! - `m` odd: add `a_2 − a_1` to pile 1, `a_4 − a_3` to pile 3, …,
//!   `a_(m−1) − a_(m−2)` to pile `m − 2`, and remove the rest of pile `m`,
//!   which empties it. Now every pile has a twin. The rest removed is
//!   `a_1 + (a_3 − a_2) + … + (a_m − a_(m−1)) ≥ a_1 ≥ 1`.
//! - `m` even: leave `a_1` in pile `m` (a twin for pile 1), add
//!   `a_3 − a_2` to pile 2, …, `a_(m−1) − a_(m−2)` to pile `m − 2`, and
//!   remove the rest. The rest is `(a_2 − a_1) + (a_4 − a_3) + … +
//!   (a_m − a_(m−1))`, a sum of non-negative terms that is zero exactly when
//!   the position is paired, so it is at least 1 here.
//!
//! Every pile that gains pebbles is non-empty, as the rules demand. The
//! tests check the winner and every returned move (legal, and leaving a
//! lost position) against an exhaustive search of the literal game (the
//! `brute` module, with the `testkit` feature) on every position of up to
//! 5 piles of sizes 0 to 4, of 6 piles of sizes 0 to 3 and of 4 piles of
//! sizes 0 to 5 (a zero is no pile).
//!
//! # Complexity
//! Sorting the piles: O(n log n) comparisons of digit strings, each
//! proportional to the length of the two strings' common prefix (after
//! leading zeros), so O(L log n) for an input of L bytes at worst; O(n)
//! memory for one slice per pile.
//!
//! # Example
//! ```
//! use moving_pebbles::{first_player_wins, winning_move, Move};
//! // The sample: piles 2, 1, 3.
//! assert!(first_player_wins(&["2", "1", "3"]));
//! // Equal pairs lose for the mover, whatever the leading zeros and lengths.
//! let big = "1234567890123456789012345678901234567890";
//! assert!(!first_player_wins(&["7", big, "007", big]));
//! // From 2, 1, 3: take the 3, put 1 pebble on the 1 and remove 2.
//! assert_eq!(
//!     winning_move(&[2, 1, 3]),
//!     Some(Move { pile: 2, remove: 2, add: vec![(1, 1)] })
//! );
//! ```

use cgt_judge::{InputError, JudgeError, Tokens, read_only};
use std::cmp::Ordering;
use std::io::Write;

#[cfg(feature = "testkit")]
pub mod brute;
#[cfg(feature = "testkit")]
pub mod problem;

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// A pile size without its leading zeros (empty for zero).
#[inline]
pub(crate) fn significant(digits: &[u8]) -> &[u8] {
    let start = digits
        .iter()
        .position(|&d| d != b'0')
        .unwrap_or(digits.len());
    &digits[start..]
}

/// Compares two pile sizes written as decimal digit strings, as numbers:
/// leading zeros do not count, and the strings may have any length.
///
/// # Example
/// ```
/// use moving_pebbles::compare_sizes;
/// use std::cmp::Ordering;
/// assert_eq!(compare_sizes(b"007", b"7"), Ordering::Equal);
/// assert_eq!(compare_sizes(b"99", b"100"), Ordering::Less);
/// assert_eq!(compare_sizes(b"0", b""), Ordering::Equal);
/// ```
///
/// # Complexity
/// O(length of the strings).
///
/// # Panics
/// If a string holds a byte that is not an ASCII digit.
pub fn compare_sizes(a: &[u8], b: &[u8]) -> Ordering {
    assert!(
        a.iter().chain(b).all(u8::is_ascii_digit),
        "compare_sizes: pile sizes are strings of decimal digits"
    );
    compare_significant(significant(a), significant(b))
}

/// Compares sizes without leading zeros: the longer one is larger.
fn compare_significant(a: &[u8], b: &[u8]) -> Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

/// Whether the player to move wins, for pile sizes written as decimal digit
/// strings of any length (leading zeros allowed; a zero pile is no pile).
///
/// The mover loses exactly when every size occurs an even number of times
/// (see the crate's rustdoc for the proof).
///
/// # Example
/// ```
/// use moving_pebbles::first_player_wins;
/// assert!(first_player_wins(&["2", "1", "3"]));
/// assert!(!first_player_wins(&["5", "05", "000"]));
/// assert!(!first_player_wins::<&str>(&[]));
/// ```
///
/// # Complexity
/// O(L log n) for n piles of L digits in all, O(n) memory.
///
/// # Panics
/// If a pile holds a byte that is not an ASCII digit.
pub fn first_player_wins<S: AsRef<[u8]>>(piles: &[S]) -> bool {
    let mut pairing = Pairing::default();
    let mut tally = Tally::default();
    for pile in piles {
        let digits = pile.as_ref();
        assert!(
            digits.iter().all(u8::is_ascii_digit),
            "first_player_wins: pile sizes are strings of decimal digits"
        );
        pairing.add(&mut tally, digits, None);
    }
    !pairing.pairs_up(tally)
}

/// The piles of one position, gathered one at a time, to tell whether they
/// pair up; reusable from one position to the next.
///
/// Sizes below 2^16 only flip a bit each (an even count leaves it clear).
/// Sizes that fit in a u32 or u64 are kept as numbers, and longer ones as
/// digit strings with a [`digest`] of their digits. A size of one class is
/// never equal to a size of another, so the piles pair up exactly when each
/// class does.
///
/// Two shortcuts spare most of the sorting, and neither can change an
/// answer:
/// - a pile equal to the last one kept in its class cancels it instead of
///   being kept (two equal piles do not change which sizes occur an odd
///   number of times), so a run of equal piles costs no memory;
/// - every kept or cancelled pile of these classes folds a hash of its size
///   into [`Tally::hash`] with XOR. When the piles pair up, every size
///   folds in an even number of times and the hash is zero; so a non-zero
///   hash proves the piles do not pair up, and only a zero hash (or a
///   clear bit word) leads to the exact check: put equal sizes of each
///   class side by side (any order that does will do: two radix passes by
///   a hash for the u32 sizes, see [`MediumSizes`], a sort for the u64
///   ones and a sort by digest for the long ones) and compare neighbours.
///
/// The memory is a constant plus at most one number or slice per pile of 5
/// digits or more, less than the input that holds them.
#[derive(Debug, Default)]
struct Pairing<'a> {
    /// Bit `v` of `small`: whether size `v < 2^16` occurred an odd number
    /// of times (allocated when first needed).
    small: Vec<u64>,
    /// Bit `w` of `dirty`: whether word `w` of `small` may be non-zero.
    dirty: [u64; SMALL_WORDS / 64],
    /// Sizes in `2^16..2^32`.
    medium: MediumSizes,
    /// Sizes in `2^32..10^19`.
    large: Vec<u64>,
    /// Sizes of 20 digits or more, without leading zeros, with their
    /// [`digest`].
    long: Vec<(u64, &'a [u8])>,
}

/// What one position's piles add up to besides the lists of [`Pairing`]:
/// kept by the caller (in registers) while the piles are added.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    /// Bit `v`: whether size `v < 64` occurred an odd number of times (bit
    /// 0 is for zero, no pile).
    tiny: u64,
    /// The XOR of [`mix`] of every size of 2^16 or more (of its [`digest`]
    /// for a long one).
    hash: u64,
}

/// The words of [`Pairing::small`].
const SMALL_WORDS: usize = (1 << 16) / 64;

/// A hash of a size that fits in a u64, for [`Tally::hash`]: a bijection,
/// so that different sizes seldom cancel out.
#[inline]
fn mix(value: u64) -> u64 {
    let value = (value ^ (value >> 31)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    value ^ (value >> 29)
}

/// Pushes `item` onto `kept`, or pops the last item instead if it is equal.
#[inline]
fn keep_or_cancel<T: PartialEq>(kept: &mut Vec<T>, item: T) {
    if kept.last() == Some(&item) {
        kept.pop();
    } else {
        kept.push(item);
    }
}

impl<'a> Pairing<'a> {
    /// Adds a pile written as a digit string (leading zeros allowed), with
    /// its value if the reader already knows it; a zero pile is no pile.
    #[inline]
    fn add(&mut self, tally: &mut Tally, digits: &'a [u8], value: Option<u64>) {
        let value = match value {
            Some(value) => value,
            None => {
                let size = significant(digits);
                if size.len() > 19 {
                    let digest = digest(size);
                    tally.hash ^= digest;
                    let last = self.long.last();
                    if last.is_some_and(|&(d, s)| d == digest && s == size) {
                        self.long.pop();
                    } else {
                        self.long.push((digest, size));
                    }
                    return;
                }
                // At most 19 digits: fits in a u64.
                size.iter()
                    .fold(0_u64, |acc, &d| acc * 10 + u64::from(d - b'0'))
            }
        };
        if value < 64 {
            tally.tiny ^= 1 << value;
        } else if let Ok(small) = u16::try_from(value) {
            if self.small.is_empty() {
                self.small = vec![0; SMALL_WORDS];
            }
            let word = usize::from(small / 64);
            self.small[word] ^= 1 << (small % 64);
            self.dirty[word / 64] |= 1 << (word % 64);
        } else {
            tally.hash ^= mix(value);
            match u32::try_from(value) {
                Ok(medium) => self.medium.add(medium),
                Err(_) => keep_or_cancel(&mut self.large, value),
            }
        }
    }

    /// Whether the piles added since the last call pair up, given the
    /// `tally` they were added with; forgets them.
    fn pairs_up(&mut self, tally: Tally) -> bool {
        let mut paired = tally.tiny & !1 == 0;
        for (block, dirty) in self.dirty.iter_mut().enumerate() {
            while *dirty != 0 {
                let word = block * 64 + dirty.trailing_zeros() as usize;
                paired &= self.small[word] == 0;
                self.small[word] = 0;
                *dirty &= *dirty - 1;
            }
        }
        // A non-zero hash proves an odd count; only a zero one is checked.
        paired &= tally.hash == 0;
        if paired {
            paired = self.medium.pair_up();
        }
        if paired {
            self.large.sort_unstable();
            paired = sorted_in_pairs(&self.large);
        }
        if paired {
            paired = long_sizes_pair_up(&mut self.long);
        }
        self.medium.clear();
        self.large.clear();
        self.long.clear();
        paired
    }
}

/// Whether the long sizes, each with its [`digest`], pair up; sorts them.
///
/// Sorting by digest puts all the copies of a size in one run of equal
/// digests; the digits are compared only within a run: once for a run of
/// two, the usual case, and by sorting the run otherwise.
fn long_sizes_pair_up(long: &mut [(u64, &[u8])]) -> bool {
    long.sort_unstable_by_key(|&(digest, _)| digest);
    long.chunk_by_mut(|a, b| a.0 == b.0).all(|run| match run {
        [(_, a), (_, b)] => a == b,
        _ if run.len() % 2 == 1 => false,
        _ => {
            run.sort_unstable_by(|a, b| a.1.cmp(b.1));
            run.chunks_exact(2).all(|pair| pair[0].1 == pair[1].1)
        }
    })
}

/// A 64-bit digest of a digit string and its length, eight bytes at a
/// time: equal strings have equal digests, and different ones seldom do.
fn digest(digits: &[u8]) -> u64 {
    const MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut chunks = digits.chunks_exact(8);
    let mut hash = digits.len() as u64;
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        hash = (hash ^ u64::from_le_bytes(word))
            .wrapping_mul(MULTIPLIER)
            .rotate_left(29);
    }
    for &byte in chunks.remainder() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(MULTIPLIER);
    }
    hash
}

/// Whether a list splits into consecutive pairs of equal items; for a
/// sorted list, whether every item occurs an even number of times.
fn sorted_in_pairs<T: PartialEq>(sorted: &[T]) -> bool {
    sorted.len() % 2 == 0 && sorted.chunks_exact(2).all(|pair| pair[0] == pair[1])
}

/// The sizes of one position in `2^16..2^32`.
///
/// To tell whether they pair up, only equal sizes need to end up side by
/// side, not a sorted list: two radix passes order the sizes by
/// [`group_key`], which puts all the copies of a size in one run of equal
/// keys, and the sizes are compared only within a run: once for a run of
/// two, the usual case when there are far fewer sizes than keys, and by
/// sorting the run otherwise. The third pass that a full sort of 32-bit
/// sizes would need is spared.
#[derive(Debug, Default)]
struct MediumSizes {
    /// The sizes, less those cancelled by an equal neighbour.
    values: Vec<u32>,
    /// Space for the radix passes, reused.
    scratch: Vec<u32>,
}

/// The bits of each of the two radix digits of [`group_key`].
const KEY_DIGIT_BITS: u32 = 11;
/// The values of a radix digit.
const KEY_BUCKETS: usize = 1 << KEY_DIGIT_BITS;

/// The key by which [`MediumSizes`] groups a size: the top bits of a
/// multiplicative hash (a bijection of u32 before the shift), so that sizes
/// spread over the keys whatever their own distribution.
#[inline]
fn group_key(value: u32) -> u32 {
    value.wrapping_mul(0x9e37_79b1) >> (32 - 2 * KEY_DIGIT_BITS)
}

impl MediumSizes {
    /// Adds a size, or cancels it against an equal last one.
    #[inline]
    fn add(&mut self, value: u32) {
        keep_or_cancel(&mut self.values, value);
    }

    /// Forgets the sizes.
    fn clear(&mut self) {
        self.values.clear();
    }

    /// Whether the sizes pair up; reorders them.
    fn pair_up(&mut self) -> bool {
        let values = &mut self.values;
        if values.len() % 2 == 1 {
            return false;
        }
        if values.len() < 2 * KEY_BUCKETS || u32::try_from(values.len()).is_err() {
            values.sort_unstable();
            return sorted_in_pairs(values);
        }
        let digit = |value: u32, place: u32| {
            (group_key(value) >> (KEY_DIGIT_BITS * place)) as usize & (KEY_BUCKETS - 1)
        };
        // u32 counts (the length fits): half the cache lines of usize ones.
        let mut counts = [[0_u32; KEY_BUCKETS]; 2];
        for &value in values.iter() {
            counts[0][digit(value, 0)] += 1;
            counts[1][digit(value, 1)] += 1;
        }
        self.scratch.clear();
        self.scratch.resize(values.len(), 0);
        for (place, count) in (0..).zip(counts.iter_mut()) {
            if count.iter().any(|&c| c as usize == values.len()) {
                continue;
            }
            let mut next = 0;
            for slot in count.iter_mut() {
                let here = *slot;
                *slot = next;
                next += here;
            }
            for &value in values.iter() {
                let slot = &mut count[digit(value, place)];
                self.scratch[*slot as usize] = value;
                *slot += 1;
            }
            std::mem::swap(values, &mut self.scratch);
        }
        // Usually every size meets its twin right after it. If not, the
        // copies of a size may still be apart within their run.
        sorted_in_pairs(values)
            || values
                .chunk_by_mut(|&a, &b| group_key(a) == group_key(b))
                .all(|run| match run {
                    [a, b] => a == b,
                    _ if run.len() % 2 == 1 => false,
                    _ => {
                        run.sort_unstable();
                        sorted_in_pairs(run)
                    }
                })
    }
}

/// A move: take pile number `pile` (0-based), remove `remove` pebbles from
/// it, and move `amount` of its pebbles onto pile `to` for each `(to,
/// amount)` in `add`. The pile keeps what is left.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The pile the move takes from.
    pub pile: usize,
    /// How many pebbles leave the game (at least one).
    pub remove: u128,
    /// The other piles that gain pebbles, in increasing order of index, and
    /// how many each gains (at least one).
    pub add: Vec<(usize, u128)>,
}

impl Move {
    /// The piles after this move, or `None` if the move is illegal in
    /// `piles`: a pile index out of range, nothing removed, more pebbles
    /// used than the pile has, a gain of zero, onto the pile itself, twice
    /// onto one pile, or onto an empty (zero) pile. An emptied pile stays in
    /// the result as a zero.
    ///
    /// # Example
    /// ```
    /// use moving_pebbles::Move;
    /// let mv = Move { pile: 2, remove: 2, add: vec![(1, 1)] };
    /// assert_eq!(mv.apply(&[2, 1, 3]), Some(vec![2, 2, 0]));
    /// assert_eq!(mv.apply(&[2, 0, 3]), None);
    /// ```
    ///
    /// # Complexity
    /// O(n + k log k) for n piles and k gains.
    pub fn apply(&self, piles: &[u128]) -> Option<Vec<u128>> {
        let size = *piles.get(self.pile)?;
        let mut targets: Vec<usize> = self.add.iter().map(|&(to, _)| to).collect();
        targets.sort_unstable();
        if self.remove == 0 || targets.windows(2).any(|w| w[0] == w[1]) {
            return None;
        }
        let mut used = self.remove;
        let mut next = piles.to_vec();
        for &(to, amount) in &self.add {
            let target = piles.get(to).copied()?;
            if to == self.pile || target == 0 || amount == 0 {
                return None;
            }
            used = used.checked_add(amount)?;
            next[to] = target.checked_add(amount)?;
        }
        next[self.pile] = size.checked_sub(used)?;
        Some(next)
    }
}

/// A move that leaves a lost (paired) position, if the player to move wins.
///
/// Piles of size zero are no piles: the move never touches them. The move is
/// the one of the proof in the crate's rustdoc: it takes from a largest pile.
///
/// # Example
/// ```
/// use moving_pebbles::{winning_move, Move};
/// assert_eq!(winning_move(&[4, 4]), None);
/// // Three piles: empty the 9, raising the 1 to a twin of the 5.
/// assert_eq!(
///     winning_move(&[5, 1, 9]),
///     Some(Move { pile: 2, remove: 5, add: vec![(1, 4)] })
/// );
/// let after = winning_move(&[5, 1, 9]).unwrap().apply(&[5, 1, 9]);
/// assert_eq!(after, Some(vec![5, 5, 0]));
/// ```
///
/// # Complexity
/// O(n log n).
pub fn winning_move(piles: &[u128]) -> Option<Move> {
    let mut order: Vec<usize> = (0..piles.len()).filter(|&i| piles[i] > 0).collect();
    order.sort_by_key(|&i| piles[i]);
    let sorted: Vec<u128> = order.iter().map(|&i| piles[i]).collect();
    let (&largest, rest) = order.split_last()?;
    let m = order.len();
    // Odd m: pair up 1-2, 3-4, ... (0-based 0-1, 2-3, ...) below the largest
    // and empty it. Even m: the largest keeps a twin of the smallest, and
    // 2-3, 4-5, ... pair up in between.
    let (first_pair, keep) = if m % 2 == 1 { (0, 0) } else { (1, sorted[0]) };
    let mut add = Vec::new();
    let mut used = keep;
    for low in (first_pair..m - 1).step_by(2) {
        let gain = sorted[low + 1] - sorted[low];
        if gain > 0 {
            add.push((rest[low], gain));
            used += gain;
        }
    }
    // Zero exactly when the position is paired (see the proof).
    let remove = sorted[m - 1] - used;
    if remove == 0 {
        return None;
    }
    add.sort_unstable();
    Some(Move {
        pile: largest,
        remove,
        add,
    })
}

/// The judge function: reads cases until the end of the input, writes
/// `first player` or `second player` per case.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input (including an input without any
/// case), with nothing written for the broken case; [`JudgeError::Output`]
/// if `out` fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// moving_pebbles::solve(b"3 2 1 3\n2 7 007\n", &mut out).unwrap();
/// assert_eq!(out, b"first player\nsecond player\n");
/// ```
///
/// # Complexity
/// O(L log n) per case of n piles written with L bytes.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    // Each pile goes straight into the pairing; no list of piles is kept.
    let mut pairing = Pairing::default();
    read(input, out, |tokens, n| {
        let mut tally = Tally::default();
        for _ in 0..n {
            let (digits, value) = read_pile(tokens)?;
            pairing.add(&mut tally, digits, value);
        }
        Ok(!pairing.pairs_up(tally))
    })
}

/// Reads every case and writes the winner that `first_wins` finds; shared by
/// [`solve`], [`parse`] and the brute force, so all read the same format.
pub(crate) fn judge<'a, W: Write>(
    input: &'a [u8],
    out: &mut W,
    mut first_wins: impl FnMut(&[&'a [u8]], &Tokens<'a>) -> Result<bool, InputError>,
) -> Result<(), JudgeError> {
    let mut piles: Vec<&[u8]> = Vec::new();
    read(input, out, |tokens, n| {
        tokens.read_into(n, &mut piles, |t| read_pile(t).map(|(digits, _)| digits))?;
        first_wins(&piles, tokens)
    })
}

/// The input format: `case` reads the `n` piles of each case (with
/// [`read_pile`]) and says whether the first player wins.
fn read<'a, W: Write>(
    input: &'a [u8],
    out: &mut W,
    mut case: impl FnMut(&mut Tokens<'a>, usize) -> Result<bool, InputError>,
) -> Result<(), JudgeError> {
    let mut tokens = Tokens::new(input);
    let mut number = 0;
    loop {
        number += 1;
        tokens.begin_case(number);
        let n = tokens.count_in("the number of piles n", 1..=usize::MAX, 1)?;
        let wins = case(&mut tokens, n)?;
        writeln!(
            out,
            "{}",
            if wins {
                "first player"
            } else {
                "second player"
            }
        )?;
        if tokens.at_end() {
            break;
        }
    }
    tokens.finish()?;
    Ok(())
}

/// Reads one pile size, a digit string, and its value if it has at most 19
/// digits.
#[inline]
fn read_pile<'a>(tokens: &mut Tokens<'a>) -> Result<(&'a [u8], Option<u64>), InputError> {
    tokens.digits_and_value("a pile size")
}

/// The test cases of a valid judge input, each the list of its pile sizes
/// as written (leading zeros kept).
///
/// # Errors
/// As [`solve`], on malformed input.
///
/// # Example
/// ```
/// let cases = moving_pebbles::parse(b"3 2 1 3\n2 7 007").unwrap();
/// assert_eq!(cases, [vec!["2", "1", "3"], vec!["7", "007"]]);
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<Vec<String>>, InputError> {
    let mut cases = Vec::new();
    read_only(|sink| {
        judge(input, sink, |piles, _| {
            let sizes = piles
                .iter()
                .map(|p| String::from_utf8_lossy(p).into_owned());
            cases.push(sizes.collect());
            Ok(false)
        })
    })?;
    Ok(cases)
}

/// The judge input of `cases` (each the list of its pile sizes, as digit
/// strings): one line `n` and the sizes per case.
///
/// # Example
/// ```
/// let cases = [vec!["2".to_owned(), "1".to_owned(), "3".to_owned()]];
/// assert_eq!(moving_pebbles::render(&cases), "3 2 1 3\n");
/// ```
pub fn render(cases: &[Vec<String>]) -> String {
    let mut text = String::new();
    for piles in cases {
        text.push_str(&piles.len().to_string());
        for pile in piles {
            text.push(' ');
            text.push_str(pile);
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_compare_as_numbers() {
        let forty = "1234567890123456789012345678901234567890";
        let zeros = format!("000{forty}");
        assert_eq!(
            compare_sizes(forty.as_bytes(), zeros.as_bytes()),
            Ordering::Equal
        );
        assert_eq!(compare_sizes(b"9", forty.as_bytes()), Ordering::Less);
        assert_eq!(compare_sizes(b"10", b"09"), Ordering::Greater);
        assert!(!first_player_wins(&[forty, &zeros]));
        assert!(first_player_wins(&[
            forty,
            "1234567890123456789012345678901234567891"
        ]));
    }

    #[test]
    fn colliding_digests_still_compare_the_digits() {
        let a = &b"123456789012345678901"[..];
        let b = &b"123456789012345678902"[..];
        let c = &b"1234567890123456789012"[..];
        // Every size with the same digest: the runs are sorted by digits.
        let pairs_up_colliding = |sizes: &[&'static [u8]]| {
            let mut long: Vec<(u64, &[u8])> = sizes.iter().map(|&s| (7, s)).collect();
            long_sizes_pair_up(&mut long)
        };
        assert!(pairs_up_colliding(&[a, b, a, b]));
        assert!(pairs_up_colliding(&[c, a, a, c, b, b]));
        assert!(!pairs_up_colliding(&[a, b]));
        assert!(!pairs_up_colliding(&[a, b, a, c]));
        assert!(!pairs_up_colliding(&[a, a, b]));
        assert!(pairs_up_colliding(&[]));
        // With their real digests.
        let mut long: Vec<(u64, &[u8])> = [a, b, c, b, a, c].map(|s| (digest(s), s)).to_vec();
        assert!(long_sizes_pair_up(&mut long));
        let mut long: Vec<(u64, &[u8])> = [a, b, c, b].map(|s| (digest(s), s)).to_vec();
        assert!(!long_sizes_pair_up(&mut long));
    }

    #[test]
    fn a_zero_hash_is_confirmed_exactly() {
        let long = "123456789012345678901";
        let mut pairing = Pairing::default();
        let mut pairs_up = |sizes: &[&'static str], hash: Option<u64>| {
            let mut tally = Tally::default();
            for size in sizes {
                pairing.add(&mut tally, size.as_bytes(), None);
            }
            // A hash forced to zero: only the exact check can answer.
            tally.hash = hash.unwrap_or(tally.hash);
            pairing.pairs_up(tally)
        };
        for sizes in [
            &["70000", "70001"][..],
            &["70000", "70000", "70000"],
            &["5000000000", "5000000001"],
            &[long, "123456789012345678902"],
            &[long, long, long],
        ] {
            assert!(!pairs_up(sizes, None), "{sizes:?}");
            assert!(!pairs_up(sizes, Some(0)), "{sizes:?} with a zero hash");
        }
        let paired = ["70000", "5000000000", long, "70000", long, "5000000000"];
        assert!(pairs_up(&paired, None));
        // Runs of equal piles cancel out as they come: nothing is kept.
        let mut tally = Tally::default();
        for _ in 0..1000 {
            pairing.add(&mut tally, b"70000", None);
            pairing.add(&mut tally, long.as_bytes(), None);
        }
        assert_eq!((pairing.medium.values.len(), pairing.long.len()), (0, 0));
        assert!(pairing.pairs_up(tally));
    }

    #[test]
    fn zero_piles_are_no_piles() {
        assert!(!first_player_wins(&["0", "000"]));
        assert!(!first_player_wins(&["0", "3", "3"]));
        assert_eq!(winning_move(&[0, 0]), None);
        assert_eq!(
            winning_move(&[0, 2]),
            Some(Move {
                pile: 1,
                remove: 2,
                add: vec![]
            })
        );
        let mut out = Vec::new();
        solve(b"1 0\n3 0 1 1\n2 0 5\n", &mut out).expect("valid");
        assert_eq!(out, b"second player\nsecond player\nfirst player\n");
    }

    #[test]
    fn the_largest_piles_do_not_overflow() {
        let top = u128::MAX;
        assert_eq!(winning_move(&[top, top]), None);
        for piles in [[top, top - 1, 1], [1, top, top], [top, 1, 2]] {
            let mv = winning_move(&piles).expect("unpaired");
            let next = mv.apply(&piles).expect("legal");
            assert_eq!(winning_move(&next), None, "{piles:?} -> {next:?}");
        }
        let mv = winning_move(&[top - 1, top]).expect("unpaired");
        assert_eq!(mv.apply(&[top - 1, top]), Some(vec![top - 1, top - 1]));
    }

    #[test]
    fn illegal_moves_do_not_apply() {
        let piles = [3, 0, 2];
        let mv = |pile, remove, add: &[(usize, u128)]| Move {
            pile,
            remove,
            add: add.to_vec(),
        };
        assert_eq!(mv(0, 1, &[(2, 2)]).apply(&piles), Some(vec![0, 0, 4]));
        assert_eq!(mv(0, 0, &[(2, 2)]).apply(&piles), None, "nothing removed");
        assert_eq!(mv(0, 2, &[(2, 2)]).apply(&piles), None, "too many used");
        assert_eq!(
            mv(0, 1, &[(1, 1)]).apply(&piles),
            None,
            "onto an empty pile"
        );
        assert_eq!(mv(0, 1, &[(0, 1)]).apply(&piles), None, "onto itself");
        assert_eq!(mv(0, 1, &[(2, 0)]).apply(&piles), None, "a zero gain");
        assert_eq!(mv(0, 1, &[(2, 1), (2, 1)]).apply(&piles), None, "twice");
        assert_eq!(mv(3, 1, &[]).apply(&piles), None, "no such pile");
        assert_eq!(mv(1, 1, &[]).apply(&piles), None, "an empty pile");
        assert_eq!(mv(2, u128::MAX, &[(0, 2)]).apply(&piles), None, "overflow");
    }
}

/// The pairing by classes against plain sorting, on random piles (the
/// random numbers come from the test kit).
#[cfg(all(test, feature = "testkit"))]
mod pairing_tests {
    use super::*;
    use crate::problem::{increment, random_digits};
    use cgt_testkit::generate::Rng;

    /// The plain rule: sort the sizes as digit strings and compare pairs.
    fn pairs_up_plainly(piles: &[String]) -> bool {
        let mut sizes: Vec<&[u8]> = piles
            .iter()
            .map(|p| significant(p.as_bytes()))
            .filter(|p| !p.is_empty())
            .collect();
        sizes.sort_unstable_by(|a, b| compare_significant(a, b));
        sizes.len() % 2 == 0 && sizes.chunks_exact(2).all(|pair| pair[0] == pair[1])
    }

    /// A size of one of the classes of [`Pairing`], sometimes with leading
    /// zeros (enough of them to make the token longer than 19 digits).
    fn any_size(rng: &mut Rng) -> String {
        let size = match rng.below(6) {
            0 => rng.below(64).to_string(),
            1 => rng.range(64, 1 << 16).to_string(),
            2 => rng.range(1 << 16, u64::from(u32::MAX)).to_string(),
            3 => rng.range(1 << 32, u64::MAX).to_string(),
            4 => rng.range(1, 3).to_string(),
            _ => random_digits(rng, 45),
        };
        match rng.below(8) {
            0 => format!("0{size}"),
            1 => format!("{}{size}", "0".repeat(20)),
            _ => size,
        }
    }

    /// Whether a list of numbers pairs up, by sorting it.
    fn sorted_pairs_up(values: &[u32]) -> bool {
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        sorted_in_pairs(&sorted)
    }

    /// `count` sizes `from + step·j`: with `step` the inverse of the key's
    /// multiplier, neighbours' hashes differ by one, so most share a key.
    fn colliding_sizes(from: u32, count: u32) -> Vec<u32> {
        // Newton's iteration doubles the correct low bits of an inverse.
        let multiplier: u32 = 0x9e37_79b1;
        let step = (0..5).fold(multiplier, |inverse, _| {
            inverse.wrapping_mul(2_u32.wrapping_sub(multiplier.wrapping_mul(inverse)))
        });
        assert_eq!(step.wrapping_mul(multiplier), 1);
        (0..count)
            .map(|j| from.wrapping_add(step.wrapping_mul(j)))
            .collect()
    }

    #[test]
    fn medium_sizes_group_by_key_and_compare_within_runs() {
        let shared = colliding_sizes(1 << 20, 64)
            .windows(2)
            .filter(|w| group_key(w[0]) == group_key(w[1]))
            .count();
        assert!(shared > 48, "only {shared} neighbours share a key");
        let mut rng = Rng::new(5);
        let mut medium = MediumSizes::default();
        let mut check = |values: &[u32]| {
            for &value in values {
                medium.values.push(value);
            }
            let expected = sorted_pairs_up(values);
            assert_eq!(medium.pair_up(), expected, "{} values", values.len());
            medium.clear();
            expected
        };
        let mut results = [0, 0];
        // Every length, kind of list and change, in turn.
        for round in 0..96 {
            // Short lists (plain sort) and long ones (radix passes).
            let len = if round % 2 == 0 { 30 } else { 3 * KEY_BUCKETS };
            let mut values: Vec<u32> = match round / 2 % 3 {
                0 => (0..len)
                    .map(|_| rng.range(1 << 16, 1 << 32) as u32)
                    .collect(),
                // Many sizes per key: runs of four and more, in any order.
                1 => colliding_sizes(rng.range(1 << 16, 1 << 31) as u32, len as u32),
                _ => (0..len)
                    .map(|_| rng.range(1 << 16, 1 << 17) as u32)
                    .collect(),
            };
            values.truncate(len / 2);
            let twins = values.clone();
            values.extend(twins);
            match round / 6 % 4 {
                0 => {}
                1 => values[0] ^= 1,
                2 => {
                    values.pop();
                }
                _ => {
                    let last = values.len() - 1;
                    values[last] = values[0];
                }
            }
            rng.shuffle(&mut values);
            results[usize::from(check(&values))] += 1;
        }
        assert!(results[0] > 10 && results[1] > 10, "{results:?}");
    }

    #[test]
    fn pairing_agrees_with_sorting_digit_strings() {
        let mut rng = Rng::new(17);
        let mut input = String::new();
        let mut expected = String::new();
        for round in 0..300 {
            // Long cases (radix passes) now and then, many short ones.
            let n = if round % 50 == 0 {
                9000
            } else {
                rng.range(1, 40)
            } as usize;
            let mut piles: Vec<String> = Vec::new();
            while piles.len() + 1 < n {
                let size = any_size(&mut rng);
                piles.push(size.clone());
                piles.push(if rng.chance(1, 2) {
                    format!("0{size}")
                } else {
                    size
                });
            }
            if piles.len() < n || rng.chance(1, 3) {
                piles.push(any_size(&mut rng));
            }
            if rng.chance(1, 4) {
                let last = piles.len() - 1;
                piles[last] = increment(&piles[last]);
            }
            rng.shuffle(&mut piles);
            let paired = pairs_up_plainly(&piles);
            assert_eq!(first_player_wins(&piles), !paired, "{piles:?}");
            input.push_str(&format!("{} {}\n", piles.len(), piles.join(" ")));
            expected.push_str(if paired {
                "second player\n"
            } else {
                "first player\n"
            });
        }
        let mut out = Vec::new();
        solve(input.as_bytes(), &mut out).expect("valid input");
        assert_eq!(String::from_utf8(out).expect("ASCII"), expected);
    }
}
