//! [`Values`]: G(0), G(1), … in 2 bytes each while every value is below
//! 2^16, and in 4 bytes from the first one that is not.
//!
//! The values of octal games are small (`.354` stays below 2^8 for its
//! 20 million values, `0.6` below 2^10 at 2^24), so storing them as `u32`
//! doubled the memory of a long run for nothing. Widening copies the values
//! once, at the first value ≥ 2^16, which no octal game known needs.

/// Grundy values G(0), G(1), …: 2 bytes each while they fit, 4 after.
///
/// # Example
/// ```
/// let mut values = cgt_lab::Values::new();
/// values.push(3);
/// assert!(values.is_narrow());
/// values.push(70_000);
/// assert!(!values.is_narrow());
/// assert_eq!(values.to_vec(), [3, 70_000]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Values(pub(crate) Repr);

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Repr {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

impl Default for Values {
    fn default() -> Self {
        Self::new()
    }
}

impl Values {
    /// No values, stored narrow.
    pub fn new() -> Self {
        Self(Repr::Narrow(Vec::new()))
    }

    /// These values, stored in 2 bytes each.
    pub fn from_narrow(values: Vec<u16>) -> Self {
        Self(Repr::Narrow(values))
    }

    /// These values, stored in 4 bytes each (even if they would fit in 2).
    pub fn from_wide(values: Vec<u32>) -> Self {
        Self(Repr::Wide(values))
    }

    /// How many values there are.
    pub fn len(&self) -> usize {
        match &self.0 {
            Repr::Narrow(v) => v.len(),
            Repr::Wide(v) => v.len(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether they are stored in 2 bytes each (every value is below 2^16).
    pub fn is_narrow(&self) -> bool {
        matches!(self.0, Repr::Narrow(_))
    }

    /// G(n), if there.
    pub fn get(&self, n: usize) -> Option<u32> {
        match &self.0 {
            Repr::Narrow(v) => v.get(n).map(|&x| u32::from(x)),
            Repr::Wide(v) => v.get(n).copied(),
        }
    }

    /// The values in order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        let (narrow, wide) = match &self.0 {
            Repr::Narrow(v) => (&v[..], &[][..]),
            Repr::Wide(v) => (&[][..], &v[..]),
        };
        narrow
            .iter()
            .map(|&x| u32::from(x))
            .chain(wide.iter().copied())
    }

    /// The values as `u32`s (4 bytes each: a copy).
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }

    /// Appends G(len), widening the storage if it does not fit in 2 bytes.
    pub fn push(&mut self, value: u32) {
        match &mut self.0 {
            Repr::Narrow(v) => match u16::try_from(value) {
                Ok(x) => v.push(x),
                Err(_) => {
                    self.widen();
                    self.push(value);
                }
            },
            Repr::Wide(v) => v.push(value),
        }
    }

    /// Keeps the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        match &mut self.0 {
            Repr::Narrow(v) => v.truncate(len),
            Repr::Wide(v) => v.truncate(len),
        }
    }

    /// Asks for room for `more` values, without aborting on a refusal.
    pub(crate) fn try_reserve(
        &mut self,
        more: usize,
    ) -> Result<(), std::collections::TryReserveError> {
        match &mut self.0 {
            Repr::Narrow(v) => v.try_reserve(more),
            Repr::Wide(v) => v.try_reserve(more),
        }
    }

    /// Stores the values in 4 bytes each from now on (keeping the room
    /// reserved).
    pub(crate) fn widen(&mut self) {
        if let Repr::Narrow(v) = &self.0 {
            let mut wide = Vec::with_capacity(v.capacity());
            wide.extend(v.iter().map(|&x| u32::from(x)));
            self.0 = Repr::Wide(wide);
        }
    }
}

impl From<Vec<u32>> for Values {
    /// Narrow if every value fits in 2 bytes.
    fn from(values: Vec<u32>) -> Self {
        if values.iter().all(|&v| v <= u32::from(u16::MAX)) {
            Self(Repr::Narrow(values.iter().map(|&v| v as u16).collect()))
        } else {
            Self(Repr::Wide(values))
        }
    }
}

impl From<Values> for Vec<u32> {
    fn from(values: Values) -> Self {
        match values.0 {
            Repr::Narrow(v) => v.into_iter().map(u32::from).collect(),
            Repr::Wide(v) => v,
        }
    }
}

impl PartialEq<[u32]> for Values {
    fn eq(&self, other: &[u32]) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter().copied())
    }
}

impl<const N: usize> PartialEq<[u32; N]> for Values {
    fn eq(&self, other: &[u32; N]) -> bool {
        *self == other[..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrow_until_a_value_does_not_fit() {
        let mut values = Values::new();
        for v in [0, 1, 65535] {
            values.push(v);
        }
        assert!(values.is_narrow());
        values.push(65536);
        values.push(2);
        assert!(!values.is_narrow());
        assert_eq!(values, [0, 1, 65535, 65536, 2]);
        assert_eq!(values.get(3), Some(65536));
        assert_eq!(values.get(5), None);
        values.truncate(2);
        assert_eq!(Vec::from(values), [0, 1]);
        assert!(Values::from(vec![1, 2]).is_narrow());
        assert!(!Values::from(vec![1, 1 << 20]).is_narrow());
    }
}
