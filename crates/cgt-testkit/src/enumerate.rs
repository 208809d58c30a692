//! Every small position, for exhaustive tests.

/// Every list of length `0..=max_len` with items from `values`, shortest
/// first, each length in lexicographic order of the items' positions in
/// `values`.
///
/// # Example
/// ```
/// use cgt_testkit::enumerate::lists;
/// let all: Vec<Vec<u8>> = lists(2, &[1, 2]).collect();
/// assert_eq!(all, [vec![], vec![1], vec![2], vec![1, 1], vec![1, 2], vec![2, 1], vec![2, 2]]);
/// assert_eq!(lists(4, &[1, 2, 3]).count(), 1 + 3 + 9 + 27 + 81);
/// ```
///
/// # Complexity
/// O(total length of the lists), lazily: one list is built per item.
pub fn lists<T: Clone>(max_len: usize, values: &[T]) -> impl Iterator<Item = Vec<T>> + '_ {
    (0..=max_len).flat_map(move |len| lists_of_len(len, values))
}

/// Every list of exactly `len` items from `values`, in lexicographic order
/// of the items' positions in `values`.
///
/// # Example
/// ```
/// use cgt_testkit::enumerate::lists_of_len;
/// assert_eq!(lists_of_len(2, &[0, 1]).count(), 4);
/// assert_eq!(lists_of_len(0, &[0, 1]).collect::<Vec<_>>(), [Vec::<i32>::new()]);
/// assert_eq!(lists_of_len(1, &[] as &[i32]).count(), 0);
/// ```
pub fn lists_of_len<T: Clone>(len: usize, values: &[T]) -> impl Iterator<Item = Vec<T>> + '_ {
    // An odometer over positions in `values`.
    let mut digits = if len > 0 && values.is_empty() {
        None
    } else {
        Some(vec![0_usize; len])
    };
    std::iter::from_fn(move || {
        let current = digits.as_mut()?;
        let list = current.iter().map(|&d| values[d].clone()).collect();
        let mut place = len;
        loop {
            if place == 0 {
                digits = None;
                break;
            }
            place -= 1;
            current[place] += 1;
            if current[place] < values.len() {
                break;
            }
            current[place] = 0;
        }
        Some(list)
    })
}

/// `items` grouped into chunks of at most `size`, so that an exhaustive test
/// can give many positions to one judge call (and one search memo).
///
/// # Example
/// ```
/// use cgt_testkit::enumerate::chunks;
/// let grouped: Vec<Vec<u32>> = chunks(1..=5, 2).collect();
/// assert_eq!(grouped, [vec![1, 2], vec![3, 4], vec![5]]);
/// ```
///
/// # Panics
/// If `size` is 0.
pub fn chunks<T>(items: impl IntoIterator<Item = T>, size: usize) -> impl Iterator<Item = Vec<T>> {
    assert!(size > 0, "chunks of size 0");
    let mut items = items.into_iter();
    std::iter::from_fn(move || {
        let chunk: Vec<T> = items.by_ref().take(size).collect();
        (!chunk.is_empty()).then_some(chunk)
    })
}
