//! Helpers for the brute forces: turning judge values into the small
//! positions an exhaustive search can afford.

/// The position of a sum of heaps for an exhaustive search: the non-empty
/// heaps as bytes, sorted (the order of a sum's components does not
/// matter), or `None` if they hold more than `max_total` objects in all.
///
/// # Example
/// ```
/// use cgt_testkit::brute::sorted_heaps;
/// assert_eq!(sorted_heaps(&[3, 0, 1], 40), Some(vec![1, 3]));
/// assert_eq!(sorted_heaps(&[30, 20], 40), None);
/// assert_eq!(sorted_heaps(&[u64::MAX, 2], 40), None);
/// ```
///
/// # Panics
/// If `max_total` exceeds 255 (a heap would not fit in a byte).
pub fn sorted_heaps(heaps: &[u64], max_total: u64) -> Option<Vec<u8>> {
    assert!(max_total <= u64::from(u8::MAX), "heaps are bytes");
    let total = heaps.iter().try_fold(0_u64, |sum, &h| sum.checked_add(h))?;
    if total > max_total {
        return None;
    }
    let mut position: Vec<u8> = heaps
        .iter()
        .filter(|&&h| h > 0)
        .map(|&h| u8::try_from(h).expect("at most max_total"))
        .collect();
    position.sort_unstable();
    Some(position)
}
