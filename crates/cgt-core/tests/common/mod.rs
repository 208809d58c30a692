//! What the integration tests share.

/// A xorshift64 sequence: the same pseudo-random numbers on every run, so a
/// failure names a case that comes back.
pub struct XorShift(pub u64);

impl XorShift {
    /// The next number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
