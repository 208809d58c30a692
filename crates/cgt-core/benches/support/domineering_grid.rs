//! Domineering on a grid of at most 64 cells, for the benches and the
//! timing example: a position is a bit mask of empty cells on a board of
//! fixed width; components are the connected empty regions, each moved to
//! the top left corner so equal regions share one memo entry.

use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;

/// Domineering on a `width`-column board: Left places vertical dominoes,
/// Right horizontal ones.
#[derive(Clone, Copy, Debug)]
pub struct Domineering {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
}

impl Domineering {
    fn column_mask(&self, c: u32) -> u64 {
        (0..self.height).fold(0, |m, r| m | 1 << (r * self.width + c))
    }

    /// The region moved up and left until it touches both edges, then the
    /// least of its four mirror images (mirroring keeps the value).
    fn normalise(&self, mut region: u64) -> u64 {
        let first_row = (0..self.width).fold(0u64, |m, c| m | 1 << c);
        while region != 0 && region & first_row == 0 {
            region >>= self.width;
        }
        let first_column = self.column_mask(0);
        while region != 0 && region & first_column == 0 {
            region >>= 1;
        }
        let (mut rows, mut columns) = (0, 0);
        let mut rest = region;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            rows = rows.max(i / self.width);
            columns = columns.max(i % self.width);
        }
        let mut best = region;
        for (flip_rows, flip_columns) in [(false, true), (true, false), (true, true)] {
            let mut image = 0u64;
            let mut rest = region;
            while rest != 0 {
                let i = rest.trailing_zeros();
                rest &= rest - 1;
                let (mut r, mut c) = (i / self.width, i % self.width);
                if flip_rows {
                    r = rows - r;
                }
                if flip_columns {
                    c = columns - c;
                }
                image |= 1 << (r * self.width + c);
            }
            best = best.min(image);
        }
        best
    }
}

impl PartizanGame for Domineering {
    /// Bit `r * width + c` set: cell (r, c) is empty.
    type Position = u64;

    fn options(&self, &empty: &u64, side: Side, out: &mut Vec<u64>) {
        let pairs = match side {
            // A vertical domino on (r, c), (r + 1, c).
            Side::Left => empty & (empty >> self.width),
            // A horizontal one on (r, c), (r, c + 1), not across the edge.
            Side::Right => empty & (empty >> 1) & !self.column_mask(self.width - 1),
        };
        let step = if side == Side::Left { self.width } else { 1 };
        let mut rest = pairs;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            out.push(empty & !(1 << i) & !(1 << (i + step)));
        }
    }

    fn components(&self, &empty: &u64, parts: &mut Vec<u64>) {
        let not_first = !self.column_mask(0);
        let not_last = !self.column_mask(self.width - 1);
        let mut rest = empty;
        let start = parts.len();
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = (region
                    | (region << 1 & not_first)
                    | (region >> 1 & not_last)
                    | region << self.width
                    | region >> self.width)
                    & empty;
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            parts.push(self.normalise(region));
        }
        if parts.len() - start == 1 && parts[start] == empty {
            parts.truncate(start);
        }
    }
}

/// The empty board.
pub fn empty_board(width: u32, height: u32) -> u64 {
    let cells = width * height;
    if cells == 64 {
        u64::MAX
    } else {
        (1u64 << cells) - 1
    }
}
