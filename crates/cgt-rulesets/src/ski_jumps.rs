//! Ski-Jumps (*Winning Ways*, ch. 5; the rules and position syntax of
//! cgt-tools' `SkiJumps`): skiers on a slope, Left's `L` (a jumper) and `l`
//! (a slipper), Right's `R` and `r`. Left moves one of his skiers any
//! number of squares to the right (east) through empty squares, or off the
//! board past its right edge; Right moves his to the left (west), or off
//! past the left edge. A jumper may instead jump straight down over an
//! opposing skier on the square just below onto the empty square below
//! that; the skier jumped over becomes a slipper, which can no longer jump.
//!
//! A position is written row by row, top row first, rows separated by
//! `|`: `L`, `l`, `R`, `r` the skiers, `.` an empty square. Boards have at
//! most 64 squares.
//!
//! cgt-tools' documentation says the square a jumper lands on must be
//! empty, which is the rule here; its code does not check it (a jump there
//! may land on a skier and remove it).
//!
//! Normalisation: empty rows above the top skier are dropped (no skier
//! ever moves up). Splitting: a skier only changes rows by jumping, so
//! when no jumper has an opposing skier anywhere in the row just below it
//! with a row below that to land on, no jump can ever happen (sliding keeps
//! every skier in its row); then the rows are independent games, and a row
//! splits between a Right skier and the next skier to its right when that
//! is a Left one (they move apart and nothing passes them), each part with
//! its skiers written as slippers
//! ([`PartizanGame::components`](cgt_core::partizan::PartizanGame)).
//!
//! # Example
//! Positions of *Winning Ways* (as cgt-tools' tests quote them):
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::ski_jumps::SkiJumps;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(SkiJumps);
//! for (position, value) in [
//!     ("...L....|..R.....|........", "2"),
//!     ("........|...l....|.......R|........|......L.", "-1"),
//!     (".L...|.R...|.....", "5/2"),
//!     ("...R.|...L.|.....", "-5/2"),
//!     ("L....|....R|.....", "1/2"),
//!     ("L....|R....|.....", "9/2"),
//!     ("L....|....R|l....", "5"),
//! ] {
//!     let v = memo.value(&mut store, &SkiJumps::parse(position)?).expect("small");
//!     assert_eq!(store.display(v), value, "{position}");
//! }
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::board::{self, Board, Legend, low_bits};
use crate::parse::ParseError;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;

/// The rules of Ski-Jumps; positions are [`Slope`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SkiJumps;

/// A skier: whose, and whether it can still jump.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Skier {
    /// Whose skier it is.
    pub side: Side,
    /// A jumper (`L`, `R`), not a slipper (`l`, `r`).
    pub jumper: bool,
}

/// The legend of a [`Slope`]: Left's jumpers `L` (set 0) and slippers `l`
/// (set 1), Right's jumpers `R` (set 2) and slippers `r` (set 3), and `.`
/// an empty square.
pub enum Skiers {}

impl Legend for Skiers {
    const SYMBOLS: &'static [(char, u8)] = &[('L', 1), ('l', 2), ('R', 4), ('r', 8), ('.', 0)];
    const NAMES: &'static str = "'L', 'l', 'R', 'r', '.'";
}

/// A Ski-Jumps board: its size and the squares of each kind of skier, the
/// four sets of its [`Board`] ([`Skiers`]).
pub type Slope = Board<4, Skiers>;

/// Each kind of skier, in the order of the sets of a [`Slope`].
const KINDS: [Skier; 4] = [
    Skier {
        side: Side::Left,
        jumper: true,
    },
    Skier {
        side: Side::Left,
        jumper: false,
    },
    Skier {
        side: Side::Right,
        jumper: true,
    },
    Skier {
        side: Side::Right,
        jumper: false,
    },
];

impl Slope {
    /// The skier on square (`row`, `col`), if any.
    pub fn skier(&self, row: usize, col: usize) -> Option<Skier> {
        let bit = self.bit(row, col)?;
        self.kind_at(bit).map(|k| KINDS[k])
    }

    /// The index in [`KINDS`] of the skier on the square `bit`, if any.
    fn kind_at(&self, bit: u64) -> Option<usize> {
        let sets = self.sets();
        (0..4).find(|&k| sets[k] & bit != 0)
    }

    fn all(&self) -> u64 {
        self.sets().iter().fold(0, |m, &s| m | s)
    }

    fn of(&self, side: Side) -> u64 {
        let [left_jumpers, left_slippers, right_jumpers, right_slippers] = self.sets();
        match side {
            Side::Left => left_jumpers | left_slippers,
            Side::Right => right_jumpers | right_slippers,
        }
    }

    /// The same board without its empty rows on top.
    fn trimmed(&self) -> Slope {
        let cols = self.cols();
        let all = self.all();
        let top = (0..self.rows())
            .find(|&r| all >> (r * cols) & low_bits(cols) != 0)
            .unwrap_or(self.rows());
        let rows = self.rows() - top;
        let skiers = self.sets().map(|s| board::shr(s, top * cols));
        Slope::new(rows, if rows == 0 { 0 } else { cols }, skiers)
    }

    /// Whether some jumper has an opposing skier in the row just below it
    /// and a row below that: otherwise no jump can ever be made.
    fn jump_possible(&self) -> bool {
        let cols = self.cols();
        let row_of = |set: u64, r: usize| board::shr(set, r * cols) & low_bits(cols);
        let [left_jumpers, _, right_jumpers, _] = self.sets();
        (0..self.rows().saturating_sub(2)).any(|r| {
            (row_of(left_jumpers, r) != 0 && row_of(self.of(Side::Right), r + 1) != 0)
                || (row_of(right_jumpers, r) != 0 && row_of(self.of(Side::Left), r + 1) != 0)
        })
    }
}

impl SkiJumps {
    /// Reads a board: rows of `L`, `l` (Left's jumpers and slippers), `R`,
    /// `r` (Right's) and `.` (empty) separated by `|`, top row first, all
    /// of one length, at most 64 squares; whitespace is skipped.
    ///
    /// # Example
    /// ```
    /// use cgt_core::outcome::Side;
    /// use cgt_rulesets::ski_jumps::{SkiJumps, Skier};
    /// let slope = SkiJumps::parse("L..|.r.")?;
    /// assert_eq!(slope.skier(1, 1), Some(Skier { side: Side::Right, jumper: false }));
    /// assert_eq!(slope.to_string(), "L..|.r.");
    /// assert_eq!(SkiJumps::parse("L..|.x.").unwrap_err().position(), 5);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Slope, ParseError> {
        Slope::parse(text)
    }
}

impl PartizanGame for SkiJumps {
    type Position = Slope;

    fn options(&self, slope: &Slope, side: Side, out: &mut Vec<Slope>) {
        let (rows, cols) = (slope.rows(), slope.cols());
        let all = slope.all();
        for from in 0..rows * cols {
            let Some(k) = slope.kind_at(1 << from) else {
                continue;
            };
            let skier = KINDS[k];
            if skier.side != side {
                continue;
            }
            let (r, c) = (from / cols, from % cols);
            let mut moved = slope.sets();
            moved[k] &= !(1 << from);
            // Slides, one square further each time, then off the board.
            let steps: Vec<Option<usize>> = match side {
                Side::Left => (c + 1..=cols)
                    .map(|x| (x < cols).then_some(r * cols + x))
                    .collect(),
                Side::Right => (0..=c)
                    .rev()
                    .map(|x| (x > 0).then(|| r * cols + x - 1))
                    .collect(),
            };
            for to in steps {
                match to {
                    None => out.push(slope.with_sets(moved).trimmed()),
                    Some(to) if all & 1 << to == 0 => {
                        let mut slid = moved;
                        slid[k] |= 1 << to;
                        out.push(slope.with_sets(slid).trimmed());
                    }
                    Some(_) => break,
                }
            }
            // A jump down over an opposing skier onto an empty square.
            if skier.jumper && r + 2 < rows {
                let (over, to) = (from + cols, from + 2 * cols);
                if slope.of(side.opponent()) & 1 << over != 0 && all & 1 << to == 0 {
                    let mut jumped = moved;
                    let (their_jumper, their_slipper) = match side {
                        Side::Left => (2, 3),
                        Side::Right => (0, 1),
                    };
                    jumped[their_jumper] &= !(1 << over);
                    jumped[their_slipper] |= 1 << over;
                    jumped[k] |= 1 << to;
                    out.push(slope.with_sets(jumped).trimmed());
                }
            }
        }
    }

    fn components(&self, slope: &Slope, parts: &mut Vec<Slope>) {
        let start = parts.len();
        let trimmed = slope.trimmed();
        if slope.jump_possible() {
            if trimmed != *slope {
                parts.push(trimmed);
            }
            return;
        }
        // No jump ever: the rows are independent, and a row splits between
        // a Right skier and the next skier to its right if that is a Left
        // one (neither ever passes the other, and no skier passes either).
        let cols = slope.cols();
        let row = |set: u64, r: usize| board::shr(set, r * cols) & low_bits(cols);
        for r in 0..slope.rows() {
            let (left, right) = (row(slope.of(Side::Left), r), row(slope.of(Side::Right), r));
            let mut segment = |first: usize, last: usize| {
                let cut = |set: u64| (set >> first) & low_bits(last + 1 - first);
                let mut skiers = [0u64; 4];
                // No skier jumps again: slippers and jumpers are alike.
                skiers[1] = cut(left);
                skiers[3] = cut(right);
                if skiers[1] | skiers[3] != 0 {
                    parts.push(Slope::new(1, last + 1 - first, skiers));
                }
            };
            let mut first = 0;
            let mut previous: Option<(usize, Side)> = None;
            for c in 0..cols {
                let side = if left >> c & 1 == 1 {
                    Side::Left
                } else if right >> c & 1 == 1 {
                    Side::Right
                } else {
                    continue;
                };
                if let Some((p, Side::Right)) = previous
                    && side == Side::Left
                {
                    segment(first, p);
                    first = c;
                }
                previous = Some((c, side));
            }
            segment(first, cols.saturating_sub(1));
        }
        board::drop_if_whole(parts, start, slope);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(positions: &[Slope]) -> Vec<String> {
        positions.iter().map(Slope::to_string).collect()
    }

    #[test]
    fn skiers_slide_their_way_and_jumpers_jump_down() {
        let slope = SkiJumps::parse("L..|R..|...").expect("a board");
        let mut out = Vec::new();
        SkiJumps.options(&slope, Side::Left, &mut out);
        assert_eq!(
            strings(&out),
            [".L.|R..|...", "..L|R..|...", "R..|...", "r..|L.."]
        );
        out.clear();
        SkiJumps.options(&slope, Side::Right, &mut out);
        assert_eq!(strings(&out), ["L..|...|..."]);
    }

    #[test]
    fn without_jumps_rows_split() {
        let slope = SkiJumps::parse("..L.|R...").expect("a board");
        let mut parts = Vec::new();
        SkiJumps.components(&slope, &mut parts);
        assert_eq!(strings(&parts), ["..l.", "r..."]);
        // `R` then `L` part ways; `L` then `R` block each other.
        let slope = SkiJumps::parse(".R.L.R|L.R...").expect("a board");
        parts.clear();
        SkiJumps.components(&slope, &mut parts);
        assert_eq!(strings(&parts), [".r", "l.r", "l.r..."]);
    }
}
