//! Nimbers: the values of impartial games.
//!
//! Every impartial game under normal play is equivalent to a Nim heap `*n`
//! (Sprague 1935, Grundy 1939); `n` is its Grundy value. Nimbers add by XOR:
//! `*a + *b = *(a ^ b)`, every nimber is its own negative, and a game is a
//! loss for the player to move exactly when its nimber is `0`
//! (*Winning Ways*, ch. 2 and 4; Siegel, *Combinatorial Game Theory*, II.2).
//!
//! Nimbers also multiply: the nim product `a ⊗ b` is the mex of
//! `(a' ⊗ b) ⊕ (a ⊗ b') ⊕ (a' ⊗ b')` over `a' < a`, `b' < b`, and with
//! nim-addition it makes the nimbers below `2^(2^k)` a field of that order
//! (Conway, *On Numbers and Games*, ch. 6; Lenstra, "Nim multiplication",
//! 1978). On `u64` this is the field of order 2^64: [`Nimber`] has the
//! product as `*` and `*=`, [`Nimber::pow`], [`Nimber::inverse`] and
//! [`Nimber::sqrt`]; [`nim_product`] is the product on plain `u64`s.
//!
//! # Example
//! ```
//! use cgt_core::nimber::{nim_product, Nimber};
//! assert_eq!(Nimber(2) * Nimber(2), Nimber(3));
//! assert_eq!(nim_product(16, 16), 24);
//! let x = Nimber(0x0123_4567_89ab_cdef);
//! let inverse = x.inverse().expect("x is not 0");
//! assert_eq!(x * inverse, Nimber::ONE);
//! assert_eq!(x.sqrt() * x.sqrt(), x);
//! ```

use std::fmt;
use std::iter::{Product, Sum};
use std::ops::{Add, AddAssign, Mul, MulAssign};
use std::sync::OnceLock;

/// A nimber `*n`: the Grundy value of an impartial game.
///
/// # Example
/// ```
/// use cgt_core::nimber::Nimber;
/// let sum = Nimber(3) + Nimber(5);
/// assert_eq!(sum, Nimber(6));
/// assert_eq!(sum.to_string(), "*6");
/// assert_eq!((Nimber(1) + Nimber(1)).to_string(), "0");
/// assert_eq!(Nimber(1).to_string(), "*");
/// let total: Nimber = [1, 2, 3].into_iter().map(Nimber).sum();
/// assert!(total.is_zero()); // Nim heaps 1, 2, 3: a loss for the mover
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The nimber `0`: a loss for the player to move.
    pub const ZERO: Nimber = Nimber(0);

    /// The nimber `*1`, the unit of the nim product.
    pub const ONE: Nimber = Nimber(1);

    /// The `n` of `*n`.
    pub fn value(self) -> u64 {
        self.0
    }

    /// Whether this is `0`, a loss for the player to move.
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl From<u64> for Nimber {
    fn from(n: u64) -> Self {
        Nimber(n)
    }
}

/// Nim-addition: the XOR of the values.
#[allow(clippy::suspicious_arithmetic_impl)]
impl Add for Nimber {
    type Output = Nimber;

    fn add(self, other: Nimber) -> Nimber {
        Nimber(self.0 ^ other.0)
    }
}

#[allow(clippy::suspicious_op_assign_impl)]
impl AddAssign for Nimber {
    fn add_assign(&mut self, other: Nimber) {
        self.0 ^= other.0;
    }
}

impl Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, Add::add)
    }
}

/// The nim product, as [`nim_product`].
impl Mul for Nimber {
    type Output = Nimber;

    fn mul(self, other: Nimber) -> Nimber {
        Nimber(nim_product(self.0, other.0))
    }
}

impl MulAssign for Nimber {
    fn mul_assign(&mut self, other: Nimber) {
        self.0 = nim_product(self.0, other.0);
    }
}

impl Product for Nimber {
    fn product<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ONE, Mul::mul)
    }
}

impl Nimber {
    /// `self ⊗ self ⊗ … ⊗ self` (`exponent` factors; `x.pow(0)` is `*1`).
    ///
    /// # Example
    /// ```
    /// use cgt_core::nimber::Nimber;
    /// assert_eq!(Nimber(2).pow(2), Nimber(3));
    /// assert_eq!(Nimber(2).pow(3), Nimber(1)); // *2 generates the field of order 4
    /// assert_eq!(Nimber(12345).pow(u64::MAX), Nimber::ONE); // the group has order 2^64 − 1
    /// ```
    ///
    /// # Complexity
    /// At most 2 · 64 nim products (square and multiply).
    pub fn pow(self, exponent: u64) -> Nimber {
        let mut result = Nimber::ONE;
        let mut base = self;
        let mut e = exponent;
        while e > 0 {
            if e & 1 == 1 {
                result *= base;
            }
            base *= base;
            e >>= 1;
        }
        result
    }

    /// The multiplicative inverse: `x ⊗ x.inverse() = *1`; `None` for `0`.
    ///
    /// The nonzero nimbers below 2^64 form a group of order 2^64 − 1, so the
    /// inverse is `x^(2^64 − 2)`.
    ///
    /// # Example
    /// ```
    /// use cgt_core::nimber::Nimber;
    /// assert_eq!(Nimber(2).inverse(), Some(Nimber(3))); // 2 ⊗ 3 = 1
    /// assert_eq!(Nimber(0).inverse(), None);
    /// ```
    ///
    /// # Complexity
    /// About 2 · 64 nim products.
    pub fn inverse(self) -> Option<Nimber> {
        (!self.is_zero()).then(|| self.pow(u64::MAX - 1))
    }

    /// The square root: the unique `y` with `y ⊗ y = self`.
    ///
    /// In a field of characteristic 2 squaring is additive and one-to-one
    /// (the Frobenius map), so every element has exactly one square root:
    /// `x^(2^63)`, since `x^(2^64) = x`.
    ///
    /// # Example
    /// ```
    /// use cgt_core::nimber::Nimber;
    /// assert_eq!(Nimber(3).sqrt(), Nimber(2));
    /// assert_eq!(Nimber(24).sqrt(), Nimber(16));
    /// assert_eq!(Nimber(6_442_450_944).sqrt(), Nimber(1 << 32));
    /// ```
    ///
    /// # Complexity
    /// 63 nim products.
    pub fn sqrt(self) -> Nimber {
        let mut root = self;
        for _ in 0..63 {
            root *= root;
        }
        root
    }
}

/// The nim product `a ⊗ b` of two nimbers below 2^64.
///
/// The definition is recursive, `a ⊗ b = mex{(a' ⊗ b) ⊕ (a ⊗ b') ⊕ (a' ⊗ b')
/// : a' < a, b' < b}`; its closed form works on the tower of fields of
/// order 2^(2^k). For a Fermat 2-power `F = 2^(2^k)` and `x, y < F`,
/// `x ⊗ F` is the ordinary `x · F` and `F ⊗ F = F ⊕ F/2` (Conway, *On
/// Numbers and Games*, ch. 6). Splitting `a = a1·F ⊕ a0` and `b = b1·F ⊕ b0`
/// with `F = 2^32` gives, with three products of the half size
/// (Karatsuba),
/// `a ⊗ b = ((a0 ⊕ a1)(b0 ⊕ b1) ⊕ a0b0)·F ⊕ a0b0 ⊕ a1b1 ⊗ F/2`.
/// The same split takes 32 bits to 16; below that, products come from
/// logarithm and exponential tables of the field of order 2^16 (built once,
/// on first use, in about a millisecond; 644 KiB with the table for
/// `⊗ 2^31`).
///
/// # Example
/// ```
/// use cgt_core::nimber::nim_product;
/// assert_eq!(nim_product(2, 2), 3);
/// assert_eq!(nim_product(5, 8), 3);
/// assert_eq!(nim_product(1 << 32, 1 << 32), 6_442_450_944); // F ⊗ F = 3F/2
/// assert_eq!(nim_product(u64::MAX, u64::MAX), 11_290_409_524_105_353_207);
/// ```
///
/// # Complexity
/// O(1): nine products in the field of order 2^16, each two logarithm
/// lookups and one exponential lookup, and four byte-table lookups for
/// `⊗ 2^31` (a linear map).
pub fn nim_product(a: u64, b: u64) -> u64 {
    Field16::get().product64(a, b)
}

/// The order of the multiplicative group of the field of order 2^16.
const GROUP16: usize = 65_535;

/// The least generator of the multiplicative group of the nimbers below
/// 2^16 (those below 256 lie in the subfield of order 256); the tests check
/// it with [`is_generator16`].
const GENERATOR16: u16 = 258;

/// The length of the exponential table: a power of two above 3 · GROUP16,
/// so that masking an index proves it in bounds.
const EXP_LEN: usize = 1 << 18;

/// Logarithm and exponential tables of the nimbers below 2^16, a field of
/// order 2^16, to one generator of its cyclic multiplicative group.
struct Field16 {
    /// `log[x]` for x ≠ 0 (`log[0]` is 0 and every product with 0 is masked).
    log: Box<[u16; 1 << 16]>,
    /// `exp[i] = g^i` for `i < 3 · GROUP16`: a sum of three logarithms needs
    /// no reduction modulo the group order.
    exp: Box<[u16; EXP_LEN]>,
    /// `log(2^15)`: multiplying by `F/2` for `F = 2^16` is adding this.
    log_half: usize,
    /// `c ⊗ 2^31` is linear in c: `half32[k][byte]` is the product for
    /// byte k of c.
    half32: [[u32; 256]; 4],
}

impl Field16 {
    /// The tables, built on first use.
    fn get() -> &'static Field16 {
        static FIELD: OnceLock<Field16> = OnceLock::new();
        FIELD.get_or_init(Field16::build)
    }

    fn build() -> Field16 {
        let generator = GENERATOR16;
        // Multiplying by g is linear over GF(2): by bytes, x ⊗ g =
        // low[x & 0xff] ⊕ high[x >> 8].
        let low: [u16; 256] =
            std::array::from_fn(|x| small_product(generator.into(), x as u64, 16) as u16);
        let high: [u16; 256] =
            std::array::from_fn(|x| small_product(generator.into(), (x as u64) << 8, 16) as u16);
        let mut exp: Box<[u16; EXP_LEN]> = vec![0; EXP_LEN]
            .into_boxed_slice()
            .try_into()
            .expect("EXP_LEN entries");
        let mut log: Box<[u16; 1 << 16]> = vec![0; 1 << 16]
            .into_boxed_slice()
            .try_into()
            .expect("2^16 entries");
        let mut x: u16 = 1;
        for i in 0..GROUP16 {
            exp[i] = x;
            log[usize::from(x)] = i as u16;
            x = low[usize::from(x & 0xff)] ^ high[usize::from(x >> 8)];
        }
        assert_eq!(x, 1, "GENERATOR16 has order 2^16 - 1");
        for i in GROUP16..3 * GROUP16 {
            exp[i] = exp[i - GROUP16];
        }
        let log_half = usize::from(log[1 << 15]);
        let half32 = std::array::from_fn(|k| {
            std::array::from_fn(|byte| small_product((byte as u64) << (8 * k), 1 << 31, 32) as u32)
        });
        Field16 {
            log,
            exp,
            log_half,
            half32,
        }
    }

    /// The logarithm of `x < 2^16` (0 for 0).
    #[inline(always)]
    fn log(&self, x: u64) -> usize {
        usize::from(self.log[usize::from(x as u16)])
    }

    /// `exp[index]`, or 0 when one factor was 0.
    #[inline(always)]
    fn exp_or_zero(&self, index: usize, nonzero: bool) -> u64 {
        u64::from(self.exp[index & (EXP_LEN - 1)] & 0_u16.wrapping_sub(u16::from(nonzero)))
    }

    /// The 32-bit product, by one Karatsuba step onto the 16-bit tables.
    #[inline(always)]
    fn product32(&self, a: u64, b: u64) -> u64 {
        let (a0, a1) = (a & 0xffff, a >> 16);
        let (b0, b1) = (b & 0xffff, b >> 16);
        let low = self.exp_or_zero(self.log(a0) + self.log(b0), (a0 != 0) & (b0 != 0));
        let (am, bm) = (a0 ^ a1, b0 ^ b1);
        let mid = self.exp_or_zero(self.log(am) + self.log(bm), (am != 0) & (bm != 0));
        // a1 ⊗ b1 ⊗ 2^15 in one lookup.
        let high_half = self.exp_or_zero(
            self.log(a1) + self.log(b1) + self.log_half,
            (a1 != 0) & (b1 != 0),
        );
        (mid ^ low) << 16 | (low ^ high_half)
    }

    /// `c ⊗ 2^31` for `c < 2^32`, byte by byte (the map is linear).
    #[inline(always)]
    fn times_half32(&self, c: u64) -> u64 {
        let [b0, b1, b2, b3, ..] = c.to_le_bytes();
        u64::from(
            self.half32[0][usize::from(b0)]
                ^ self.half32[1][usize::from(b1)]
                ^ self.half32[2][usize::from(b2)]
                ^ self.half32[3][usize::from(b3)],
        )
    }

    /// The 64-bit product, by one Karatsuba step onto [`Self::product32`].
    #[inline(always)]
    fn product64(&self, a: u64, b: u64) -> u64 {
        let (a0, a1) = (a & 0xffff_ffff, a >> 32);
        let (b0, b1) = (b & 0xffff_ffff, b >> 32);
        let low = self.product32(a0, b0);
        let mid = self.product32(a0 ^ a1, b0 ^ b1);
        let high = self.product32(a1, b1);
        (mid ^ low) << 32 | (low ^ self.times_half32(high))
    }
}

/// The nim product of `a, b < 2^bits` (`bits` a power of two) straight from
/// the Karatsuba split, without tables: for building the tables and as an
/// independent check of them. Recursion depth log2(bits) ≤ 6.
const fn small_product(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    let half = bits / 2;
    let mask = (1_u64 << half) - 1;
    let (a0, a1, b0, b1) = (a & mask, a >> half, b & mask, b >> half);
    let low = small_product(a0, b0, half);
    let mid = small_product(a0 ^ a1, b0 ^ b1, half);
    let high = small_product(a1, b1, half);
    (mid ^ low) << half | (low ^ small_product(high, 1 << (half - 1), half))
}

/// Whether `g` has order 2^16 − 1 = 3 · 5 · 17 · 257 in the field of order
/// 2^16.
#[cfg(test)]
fn is_generator16(g: u16) -> bool {
    let power = |mut e: usize| {
        let (mut result, mut base) = (1_u64, u64::from(g));
        while e > 0 {
            if e & 1 == 1 {
                result = small_product(result, base, 16);
            }
            base = small_product(base, base, 16);
            e >>= 1;
        }
        result
    };
    power(GROUP16) == 1 && [3, 5, 17, 257].iter().all(|&p| power(GROUP16 / p) != 1)
}

/// `0`, `*` (for `*1`), `*2`, `*3`, … as in *Winning Ways* and CGSuite.
impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("0"),
            1 => f.write_str("*"),
            n => write!(f, "*{n}"),
        }
    }
}

/// Which component of a disjunctive sum to move in, and to what value, to
/// leave the opponent a sum of value `0`.
///
/// `values[i]` is the nimber of component i. The answer is the first
/// component whose value `v` exceeds `v + total` (its highest bit is set in
/// the total), with that smaller target value; `None` if the sum is already
/// `0` (every move loses).
///
/// # Example
/// Nim heaps 3, 4, 5 (total `*2`): bring the 3 down to 1.
/// ```
/// use cgt_core::nimber::{winning_component, Nimber};
/// let heaps = [Nimber(3), Nimber(4), Nimber(5)];
/// assert_eq!(winning_component(&heaps), Some((0, Nimber(1))));
/// assert_eq!(winning_component(&[Nimber(2), Nimber(2)]), None);
/// ```
///
/// # Complexity
/// O(k) for k components.
pub fn winning_component(values: &[Nimber]) -> Option<(usize, Nimber)> {
    let total: Nimber = values.iter().copied().sum();
    if total.is_zero() {
        return None;
    }
    values
        .iter()
        .position(|&v| (v + total) < v)
        .map(|i| (i, values[i] + total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_winning_component_exists_exactly_when_the_sum_is_not_zero() {
        for a in 0..8 {
            for b in 0..8 {
                for c in 0..8 {
                    let values = [Nimber(a), Nimber(b), Nimber(c)];
                    match winning_component(&values) {
                        None => assert_eq!(a ^ b ^ c, 0),
                        Some((i, target)) => {
                            assert!(target < values[i]);
                            let mut after = values;
                            after[i] = target;
                            assert!(after.iter().copied().sum::<Nimber>().is_zero());
                        }
                    }
                }
            }
        }
    }

    /// A splitmix64 stream for the random checks.
    fn random_values(seed: u64, n: usize) -> Vec<u64> {
        let mut state = seed;
        (0..n)
            .map(|_| {
                state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^ (z >> 31)
            })
            .collect()
    }

    /// One coin of the product game at (a, b) as the heap a·side + b: a move
    /// on it leaves the other three corners of a rectangle, three heaps
    /// (corners in row or column 0 are heaps without options, value 0).
    struct CornerHeaps {
        side: usize,
    }

    impl crate::heap::HeapGame for CornerHeaps {
        fn heap_options(&self, x: usize, options: &mut crate::heap::HeapOptions) {
            let side = self.side;
            let (a, b) = (x / side, x % side);
            for a2 in 0..a {
                for b2 in 0..b {
                    options.push(&[a2 * side + b, a * side + b2, a2 * side + b2]);
                }
            }
        }
    }

    #[test]
    fn the_product_is_the_mex_of_its_definition_below_128() {
        const SIDE: usize = 128;
        let table = crate::heap::grundy_table(&CornerHeaps { side: SIDE }, SIDE * SIDE)
            .expect("every option is smaller");
        for a in 0..SIDE {
            for b in 0..SIDE {
                let expected = table[a * SIDE + b];
                assert_eq!(Nimber(a as u64) * Nimber(b as u64), expected, "{a} ⊗ {b}");
            }
        }
    }

    /// The product game played with coins (Tartan theorem, *Winning Ways*,
    /// ch. 14): a position is the sorted set of heads coins (a, b) with
    /// a, b ≥ 1. A move picks a heads coin (a, b) and a′ < a, b′ < b, and
    /// turns the corners (a, b), (a′, b), (a, b′), (a′, b′) of that
    /// rectangle, where a corner in row or column 0 is no coin (Nim as a
    /// coin game, in both coordinates).
    struct ProductCoins;

    impl crate::impartial::ImpartialGame for ProductCoins {
        type Position = Vec<(u8, u8)>;
        fn options(&self, coins: &Vec<(u8, u8)>, out: &mut Vec<Vec<(u8, u8)>>) {
            for &(a, b) in coins {
                for (a2, b2) in (0..a).flat_map(|a2| (0..b).map(move |b2| (a2, b2))) {
                    let corners = [(a, b), (a2, b), (a, b2), (a2, b2)];
                    let mut next = coins.clone();
                    for corner in corners.into_iter().filter(|&(x, y)| x > 0 && y > 0) {
                        // Turning a coin: heads leave the set, tails join it.
                        match next.binary_search(&corner) {
                            Ok(i) => {
                                next.remove(i);
                            }
                            Err(i) => next.insert(i, corner),
                        }
                    }
                    out.push(next);
                }
            }
        }
    }

    #[test]
    fn every_coin_position_of_the_product_game_has_the_xor_of_products() {
        let mut memo = crate::impartial::GrundyMemo::new(ProductCoins);
        let cells: Vec<(u8, u8)> = (1..=4).flat_map(|a| (1..=4).map(move |b| (a, b))).collect();
        for subset in 0..1_u32 << cells.len() {
            let coins: Vec<(u8, u8)> = (0..cells.len())
                .filter(|&i| subset >> i & 1 == 1)
                .map(|i| cells[i])
                .collect();
            let expected = coins
                .iter()
                .fold(0, |acc, &(a, b)| acc ^ nim_product(a.into(), b.into()));
            assert_eq!(memo.grundy(&coins), Nimber(expected), "coins {coins:?}");
        }
    }

    #[test]
    fn tables_agree_with_the_plain_recursion_on_random_values() {
        let values = random_values(1, 4000);
        for pair in values.chunks(2) {
            let (a, b) = (pair[0], pair[1]);
            assert_eq!(nim_product(a, b), small_product(a, b, 64), "{a} ⊗ {b}");
            // Values with few high bits set reach the zero cases.
            let (a, b) = (a >> (a % 64), b & 0xffff_0000_ffff);
            assert_eq!(nim_product(a, b), small_product(a, b, 64), "{a} ⊗ {b}");
        }
    }

    #[test]
    fn the_generator_is_the_least_one_and_the_tables_invert_each_other() {
        assert!(is_generator16(GENERATOR16));
        assert!((2..GENERATOR16).all(|g| !is_generator16(g)));
        let field = Field16::get();
        for x in 1..=u16::MAX {
            let log = field.log(x.into());
            assert_eq!(field.exp[log], x);
            assert_eq!(field.exp[log + GROUP16], x);
            assert_eq!(field.exp[log + 2 * GROUP16], x);
        }
    }

    #[test]
    fn known_products_and_the_library_checker_sample() {
        assert_eq!(nim_product(2, 2), 3);
        assert_eq!(nim_product(16, 16), 24);
        assert_eq!(nim_product(1 << 32, 1 << 32), 6_442_450_944);
        let sample = [
            (5, 0, 0),
            (5, 1, 5),
            (5, 2, 10),
            (5, 3, 15),
            (5, 4, 2),
            (5, 5, 7),
            (5, 6, 8),
            (5, 7, 13),
            (5, 8, 3),
            (3141, 5926, 14994),
            (u64::MAX, u64::MAX, 11_290_409_524_105_353_207),
        ];
        for (a, b, product) in sample {
            assert_eq!(nim_product(a, b), product, "{a} ⊗ {b}");
        }
        // Fermat 2-powers: F ⊗ F = 3F/2, and x ⊗ F = x·F for x < F.
        for k in 0..6 {
            let f = 1_u64 << (1 << k);
            assert_eq!(nim_product(f, f), f + f / 2, "F = {f}");
            assert_eq!(nim_product(f - 1, f), (f - 1) * f, "F = {f}");
        }
    }

    #[test]
    fn field_laws_hold_on_random_values() {
        let values = random_values(2, 3000);
        for t in values.chunks(3) {
            let (a, b, c) = (Nimber(t[0]), Nimber(t[1]), Nimber(t[2]));
            assert_eq!(a * b, b * a);
            assert_eq!((a * b) * c, a * (b * c));
            assert_eq!(a * (b + c), a * b + a * c);
            assert_eq!(a * Nimber::ONE, a);
            assert_eq!(a * Nimber::ZERO, Nimber::ZERO);
            let inverse = a.inverse().expect("random values are not 0");
            assert_eq!(a * inverse, Nimber::ONE);
            let root = a.sqrt();
            assert_eq!(root * root, a);
            assert_eq!(a.pow(3), a * a * a);
            let (x, y) = (t[1] >> 1, t[2] >> 1);
            assert_eq!(a.pow(x) * a.pow(y), a.pow(x + y));
            let mut product = a;
            product *= b;
            assert_eq!(product, [a, b].into_iter().product());
        }
    }

    #[test]
    fn small_fields_are_closed_and_roots_and_inverses_are_unique() {
        // The nimbers below 2^(2^k) are a subfield: for 16, check every
        // element's inverse and square root by search.
        for x in 1..16_u64 {
            let inverses: Vec<u64> = (0..16).filter(|&y| nim_product(x, y) == 1).collect();
            assert_eq!(inverses, [Nimber(x).inverse().expect("x ≠ 0").value()]);
            let roots: Vec<u64> = (0..16).filter(|&y| nim_product(y, y) == x).collect();
            assert_eq!(roots, [Nimber(x).sqrt().value()]);
            for y in 0..16 {
                assert!(nim_product(x, y) < 16);
            }
        }
        assert_eq!(Nimber::ZERO.sqrt(), Nimber::ZERO);
        assert_eq!(Nimber::ZERO.inverse(), None);
        assert_eq!(Nimber(u64::MAX).pow(0), Nimber::ONE);
    }
}
