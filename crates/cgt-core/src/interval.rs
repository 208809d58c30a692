//! Tables for interval dynamic programming: values of every contiguous
//! sub-row `i..=j` of a row, computed by increasing length.
//!
//! - [`Triangle`] stores all intervals: n(n+1)/2 cells.
//! - [`RollingIntervals`] keeps only the current length: n cells, for DPs
//!   where interval `i..=j` needs only `i..=j-1` and `i+1..=j`.

use std::ops::{Index, IndexMut};

/// Values for every interval `i..=j` with `i <= j < n`, stored densely.
///
/// # Example
/// Sums of every interval, filled by increasing length:
/// ```
/// use cgt_core::interval::{Triangle, intervals_by_length};
/// let row = [3, 1, 4, 1, 5];
/// let mut sums = Triangle::new(row.len(), 0);
/// for (i, j) in intervals_by_length(row.len()) {
///     sums[(i, j)] = if i == j { row[i] } else { sums[(i, j - 1)] + row[j] };
/// }
/// assert_eq!(sums[(1, 3)], 6);
/// ```
///
/// # Complexity
/// n(n+1)/2 cells; O(1) access.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Triangle<T> {
    n: usize,
    cells: Vec<T>,
}

impl<T: Clone> Triangle<T> {
    /// A table for a row of `n`, every cell set to `fill`.
    ///
    /// # Panics
    /// If n(n+1)/2 overflows `usize`.
    pub fn new(n: usize, fill: T) -> Self {
        let cells = n
            .checked_mul(n + 1)
            .map(|c| c / 2)
            .expect("Triangle::new: size overflows usize");
        Self {
            n,
            cells: vec![fill; cells],
        }
    }
}

impl<T> Triangle<T> {
    /// The length of the row.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The number of cells, n(n+1)/2.
    pub fn cells(&self) -> usize {
        self.cells.len()
    }

    fn offset(&self, i: usize, j: usize) -> usize {
        assert!(
            i <= j && j < self.n,
            "interval ({i}, {j}) outside a row of {}",
            self.n
        );
        // Row i holds the intervals i..=i, ..., i..=n-1 after the rows before it.
        i * self.n - i * (i.saturating_sub(1)) / 2 + (j - i)
    }
}

impl<T> Index<(usize, usize)> for Triangle<T> {
    type Output = T;

    fn index(&self, (i, j): (usize, usize)) -> &T {
        &self.cells[self.offset(i, j)]
    }
}

impl<T> IndexMut<(usize, usize)> for Triangle<T> {
    fn index_mut(&mut self, (i, j): (usize, usize)) -> &mut T {
        let offset = self.offset(i, j);
        &mut self.cells[offset]
    }
}

/// Every interval `(i, j)` of a row of `n`, shorter intervals first.
///
/// # Example
/// ```
/// use cgt_core::interval::intervals_by_length;
/// let order: Vec<_> = intervals_by_length(3).collect();
/// assert_eq!(order, [(0, 0), (1, 1), (2, 2), (0, 1), (1, 2), (0, 2)]);
/// ```
pub fn intervals_by_length(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..=n).flat_map(move |len| (0..=n - len).map(move |i| (i, i + len - 1)))
}

/// Interval DP that keeps only the intervals of the current length.
///
/// `row()[i]` is the value of interval `i..=i+len-1`. [`extend`] computes the
/// next length from `(i, j-1)` and `(i+1, j)` in place.
///
/// [`extend`]: RollingIntervals::extend
///
/// # Example
/// Sums of all intervals, ending with the whole row:
/// ```
/// use cgt_core::interval::RollingIntervals;
/// let row = [3_u32, 1, 4, 1, 5];
/// let mut dp = RollingIntervals::new(row.to_vec());
/// while dp.len() < row.len() {
///     dp.extend(|i, j, _without_last, without_first| row[i] + *without_first);
/// }
/// assert_eq!(dp.row(), [14]);
/// ```
///
/// # Complexity
/// O(n) memory; each `extend` is O(n − len).
#[derive(Clone, Debug)]
pub struct RollingIntervals<T> {
    row: Vec<T>,
    len: usize,
}

impl<T> RollingIntervals<T> {
    /// Starts from the intervals of length 1: `singles[i]` is `i..=i`.
    pub fn new(singles: Vec<T>) -> Self {
        Self {
            row: singles,
            len: 1,
        }
    }

    /// The current interval length.
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// The values of the intervals of the current length, by start.
    pub fn row(&self) -> &[T] {
        &self.row
    }

    /// Moves to the next length: `combine(i, j, value(i, j-1), value(i+1, j))`
    /// gives the value of `i..=j`. Does nothing once the whole row is one
    /// interval.
    pub fn extend(&mut self, mut combine: impl FnMut(usize, usize, &T, &T) -> T) {
        if self.row.len() <= 1 {
            return;
        }
        // Cell i is overwritten only after cell i-1, its last reader, is done.
        for i in 0..self.row.len() - 1 {
            let value = combine(i, i + self.len, &self.row[i], &self.row[i + 1]);
            self.row[i] = value;
        }
        self.row.pop();
        self.len += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangle_cells_are_distinct_and_dense() {
        for n in 0..12 {
            let mut t = Triangle::new(n, usize::MAX);
            for (k, (i, j)) in intervals_by_length(n).enumerate() {
                assert_eq!(t[(i, j)], usize::MAX, "cell ({i}, {j}) shared");
                t[(i, j)] = k;
            }
            assert_eq!(t.cells(), n * (n + 1) / 2);
            assert!(t.cells.iter().all(|&c| c != usize::MAX));
        }
    }

    #[test]
    fn rolling_matches_the_full_table() {
        let row: Vec<u64> = vec![5, 2, 9, 1, 1, 7, 3];
        let n = row.len();
        let mut full = Triangle::new(n, 0_u64);
        for (i, j) in intervals_by_length(n) {
            full[(i, j)] = if i == j {
                row[i]
            } else {
                // Any non-commutative mix shows the arguments' order.
                full[(i, j - 1)] * 3 + full[(i + 1, j)] * 7 + j as u64
            };
        }
        let mut dp = RollingIntervals::new(row.clone());
        for len in 1..=n {
            assert_eq!(dp.len(), len);
            for (i, value) in dp.row().iter().enumerate() {
                assert_eq!(*value, full[(i, i + len - 1)]);
            }
            dp.extend(|_, j, a, b| a * 3 + b * 7 + j as u64);
        }
    }
}
