//! Bitboards: a board of `rows × cols ≤ 64` cells, cell (r, c) at bit
//! `r * cols + c`; shifts, connected regions, trimming and reflections.

/// `x << n`, 0 when `n` is 64 or more.
pub(crate) fn shl(x: u64, n: usize) -> u64 {
    if n >= 64 { 0 } else { x << n }
}

/// `x >> n`, 0 when `n` is 64 or more.
pub(crate) fn shr(x: u64, n: usize) -> u64 {
    if n >= 64 { 0 } else { x >> n }
}

/// The `width` lowest bits.
pub(crate) fn low_bits(width: usize) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// The cells of column `c`.
pub(crate) fn column(rows: usize, cols: usize, c: usize) -> u64 {
    (0..rows).fold(0, |m, r| m | 1u64 << (r * cols + c))
}

/// The cells orthogonally next to some cell of `x` (and maybe `x` itself).
pub(crate) fn neighbours(x: u64, rows: usize, cols: usize) -> u64 {
    if cols == 0 {
        return 0;
    }
    let first = column(rows, cols, 0);
    let last = column(rows, cols, cols - 1);
    ((x << 1) & !first) | ((x >> 1) & !last) | shl(x, cols) | shr(x, cols)
}

/// Calls `each` with every orthogonally connected region of `cells`.
pub(crate) fn regions(cells: u64, rows: usize, cols: usize, mut each: impl FnMut(u64)) {
    let mut rest = cells;
    while rest != 0 {
        let mut region = rest & rest.wrapping_neg();
        loop {
            let grown = (region | neighbours(region, rows, cols)) & cells;
            if grown == region {
                break;
            }
            region = grown;
        }
        rest &= !region;
        each(region);
    }
}

/// The rows of `bits` inside the box spanned by `mask`'s cells, each as
/// the low bits of a word: `(rows, cols, row words)`.
pub(crate) fn trimmed_rows(
    mask: u64,
    bits: u64,
    rows: usize,
    cols: usize,
) -> (usize, usize, [u64; 64]) {
    let full = low_bits(cols);
    let (mut top, mut bottom, mut columns) = (usize::MAX, 0, 0u64);
    for r in 0..rows {
        let row = shr(mask, r * cols) & full;
        if row != 0 {
            top = top.min(r);
            bottom = r;
            columns |= row;
        }
    }
    let mut out = [0u64; 64];
    if columns == 0 {
        return (0, 0, out);
    }
    let left = columns.trailing_zeros() as usize;
    let width = 64 - columns.leading_zeros() as usize - left;
    let keep = low_bits(width);
    for r in top..=bottom {
        out[r - top] = (shr(bits, r * cols) >> left) & keep;
    }
    (bottom - top + 1, width, out)
}

/// Row words packed back into a board `cols` wide, optionally with the row
/// order reversed and each row's cells reversed.
pub(crate) fn pack(rows_bits: &[u64], cols: usize, flip_rows: bool, flip_cols: bool) -> u64 {
    if cols == 0 {
        return 0;
    }
    let n = rows_bits.len();
    let mut out = 0;
    for (r, &row) in rows_bits.iter().enumerate() {
        let row = if flip_cols {
            row.reverse_bits() >> (64 - cols)
        } else {
            row
        };
        let at = if flip_rows { n - 1 - r } else { r };
        out |= row << (at * cols);
    }
    out
}

/// The board `bits` (rows × cols) reflected in its main diagonal
/// (cols × rows).
pub(crate) fn transpose(bits: u64, rows: usize, cols: usize) -> u64 {
    let mut out = 0;
    for r in 0..rows {
        for c in 0..cols {
            if bits >> (r * cols + c) & 1 == 1 {
                out |= 1u64 << (c * rows + r);
            }
        }
    }
    out
}

/// Writes a board with one character per cell, rows separated by `|`.
pub(crate) fn write_rows(
    f: &mut std::fmt::Formatter<'_>,
    rows: usize,
    cols: usize,
    cell: impl Fn(usize) -> char,
) -> std::fmt::Result {
    for r in 0..rows {
        if r > 0 {
            f.write_str("|")?;
        }
        for c in 0..cols {
            write!(f, "{}", cell(r * cols + c))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_are_orthogonally_connected() {
        // 3 × 3: cells 0, 1 joined; 5 and 8 joined (a column); 6 alone.
        let cells = 0b1_0110_0011;
        let mut found = Vec::new();
        regions(cells, 3, 3, |r| found.push(r));
        assert_eq!(found, vec![0b11, 0b1_0010_0000, 0b100_0000]);
        // Cells 2 and 3 touch only across a row end.
        let mut found = Vec::new();
        regions(0b1100, 2, 3, |r| found.push(r));
        assert_eq!(found.len(), 2);
    }

    #[test]
    fn trimming_and_packing() {
        // 3 × 4 with cells (1, 1), (1, 2), (2, 2).
        let bits = 1 << 5 | 1 << 6 | 1 << 10;
        let (rows, cols, words) = trimmed_rows(bits, bits, 3, 4);
        assert_eq!((rows, cols), (2, 2));
        assert_eq!(&words[..2], &[0b11, 0b10]);
        assert_eq!(pack(&words[..2], 2, false, false), 0b10_11);
        assert_eq!(pack(&words[..2], 2, true, false), 0b11_10);
        assert_eq!(pack(&words[..2], 2, false, true), 0b01_11);
        assert_eq!(transpose(0b10_11, 2, 2), 0b11_01);
    }
}
