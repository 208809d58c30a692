//! Strings and Coins in its normal-play form, Nimstring (Berlekamp, *The
//! Dots and Boxes Game*, 2000; *Winning Ways*, ch. 16): coins joined by
//! strings, some strings tied to the ground; a move cuts a string; a
//! player who captures a coin (cuts its last string) must move again; the
//! player who cannot move loses. Dots-and-Boxes is this game on the dual
//! graph: a box is a coin, a line between two boxes a string between their
//! coins, a line on the border a string to the ground.
//!
//! As an impartial game, a move is a turn: any number of capturing cuts,
//! then one cut that captures nothing; the opponent is then to move. A
//! turn whose captures take every string is lost (its player must move
//! again and cannot), so it is no option. (Berlekamp's loony values live
//! inside this game: a player offered a long chain may take it all or
//! leave the last two coins, both options here.)
//!
//! A position is a graph string as the graphs of the registry read it
//! (CGSuite's): `.` a coin, `G` the ground (every `G` is the one ground),
//! `-` a string; or `m,n`, the empty Dots-and-Boxes board of m × n boxes
//! (its m·n coins, each joined to its neighbours and the border's to the
//! ground). A position is played whole: it does not split into parts, and
//! two positions added in an expression are two games of this impartial
//! form side by side, where a turn stays in one (on one board, a turn may
//! capture in one part and cut in another: draw them as one graph).
//!
//! # Example
//! ```
//! use cgt_core::impartial::GrundyMemo;
//! use cgt_rulesets::strings_and_coins::StringsAndCoins;
//!
//! let mut memo = GrundyMemo::new(StringsAndCoins);
//! // A coin tied to the ground twice: cut one, and the opponent must take
//! // the coin and move again, and cannot.
//! assert_eq!(memo.grundy(&StringsAndCoins::parse("G-.-G")?).value(), 1);
//! // A long chain: every cut offers it, and loses.
//! assert!(!memo.mover_wins(&StringsAndCoins::parse("G-.-.-.-G")?));
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```
//!
//! # Complexity
//! A turn's captures are searched as a set of positions, each once: at
//! most one per subset of the strings captures may take.

use crate::graph::{self, MAX_VERTICES, Syntax};
use crate::parse::ParseError;
use cgt_core::impartial::ImpartialGame;
use rustc_hash::FxHashSet;
use std::fmt;

/// The most strings a position may have.
pub const MAX_STRINGS: usize = 160;

/// The ground's number in a string's ends.
const GROUND: u8 = u8::MAX;

/// The rules of Strings and Coins (Nimstring).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StringsAndCoins;

/// A position: its strings `(a, b)`, coins numbered from 0 in order of
/// first appearance, `a < b`, `b` the ground's number for a string to the
/// ground; sorted. Coins with no string are gone.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strings(Vec<(u8, u8)>);

impl Strings {
    /// How many strings are left.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether no string is left.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The strings renumbered (coins by first appearance) and sorted.
    fn new(strings: Vec<(u8, u8)>) -> Strings {
        let mut strings = strings;
        for _ in 0..2 {
            strings.sort_unstable();
            let mut names = [u8::MAX; 256];
            let mut next = 0u8;
            let mut name = |c: u8| -> u8 {
                if c == GROUND {
                    return GROUND;
                }
                if names[usize::from(c)] == u8::MAX {
                    names[usize::from(c)] = next;
                    next += 1;
                }
                names[usize::from(c)]
            };
            for s in &mut strings {
                let (a, b) = (name(s.0), name(s.1));
                *s = (a.min(b), a.max(b));
            }
        }
        strings.sort_unstable();
        Strings(strings)
    }
}

impl fmt::Display for Strings {
    /// Each string a piece, `.:{0}-.:{1}` or `.:{0}-G`, split by `;`: as
    /// [`StringsAndCoins::parse`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, &(a, b)) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(";")?;
            }
            write!(f, ".:{{{a}}}-")?;
            if b == GROUND {
                f.write_str("G")?;
            } else {
                write!(f, ".:{{{b}}}")?;
            }
        }
        Ok(())
    }
}

/// A vertex: a coin or the ground.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Vertex {
    Coin,
    Ground,
}

const SYNTAX: Syntax<Vertex, ()> = Syntax {
    vertex: |c| (c == 'G').then_some(Vertex::Ground),
    plain_vertex: Some(Vertex::Coin),
    edge: |c| (c == '-').then_some(()),
    directed: false,
    vertices: "a vertex ('.' a coin, 'G' the ground)",
    edges: "a string ('-')",
};

impl StringsAndCoins {
    /// Reads a graph string of coins `.`, the ground `G` and strings `-`,
    /// or `m,n`, the empty Dots-and-Boxes board of m × n boxes (at most
    /// 64 boxes).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::strings_and_coins::StringsAndCoins;
    /// assert_eq!(StringsAndCoins::parse("1,2")?.len(), 7);
    /// let error = StringsAndCoins::parse("G-G").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 3: a string joins a coin to a coin or to the ground");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Strings, ParseError> {
        if let Some((m, n)) = text.split_once(',') {
            let lead = text.chars().take_while(|c| c.is_whitespace()).count();
            let size = |s: &str| s.trim().parse::<usize>().ok();
            let (m, n) = match (size(m), size(n)) {
                (Some(m), Some(n)) if m * n <= MAX_VERTICES => (m, n),
                (Some(_), Some(_)) => {
                    return Err(ParseError::new(
                        lead,
                        format!("a board has at most {MAX_VERTICES} boxes"),
                    ));
                }
                _ => {
                    return Err(ParseError::new(
                        lead,
                        "expected a board `m,n` (rows and columns of boxes) or a graph string",
                    ));
                }
            };
            return Ok(board(m, n));
        }
        let read = graph::read(text, &SYNTAX)?;
        if read.edges.len() > MAX_STRINGS {
            return Err(ParseError::new(
                0,
                format!("a position has at most {MAX_STRINGS} strings"),
            ));
        }
        let mut strings = Vec::with_capacity(read.edges.len());
        for &(a, b, ()) in &read.edges {
            let end = |v: usize| match read.labels[v] {
                Vertex::Ground => None,
                Vertex::Coin => Some(v as u8),
            };
            match (end(a), end(b)) {
                (Some(x), Some(y)) if x != y => strings.push((x, y)),
                (Some(x), None) | (None, Some(x)) => strings.push((x, GROUND)),
                _ => {
                    return Err(ParseError::new(
                        read.at[a.max(b)],
                        "a string joins a coin to a coin or to the ground",
                    ));
                }
            }
        }
        Ok(Strings::new(strings))
    }
}

/// The empty m × n Dots-and-Boxes board as strings and coins.
fn board(m: usize, n: usize) -> Strings {
    let coin = |r: usize, c: usize| (r * n + c) as u8;
    let mut strings = Vec::new();
    for r in 0..m {
        for c in 0..n {
            if r + 1 < m {
                strings.push((coin(r, c), coin(r + 1, c)));
            }
            if c + 1 < n {
                strings.push((coin(r, c), coin(r, c + 1)));
            }
            let border = usize::from(r == 0) + usize::from(r + 1 == m);
            let side = usize::from(c == 0) + usize::from(c + 1 == n);
            for _ in 0..border + side {
                strings.push((coin(r, c), GROUND));
            }
        }
    }
    Strings::new(strings)
}

/// Whether coin `c` has a string in `strings`.
fn tied(strings: &[(u8, u8)], c: u8) -> bool {
    strings.iter().any(|&(a, b)| a == c || b == c)
}

impl ImpartialGame for StringsAndCoins {
    type Position = Strings;

    /// Every turn: capturing cuts (each position they reach searched
    /// once), then a cut that captures nothing.
    fn options(&self, position: &Strings, out: &mut Vec<Strings>) {
        let mut reached: FxHashSet<Vec<(u8, u8)>> = FxHashSet::default();
        let mut options: FxHashSet<Strings> = FxHashSet::default();
        let mut stack = vec![position.0.clone()];
        reached.insert(position.0.clone());
        while let Some(strings) = stack.pop() {
            for k in 0..strings.len() {
                if k > 0 && strings[k] == strings[k - 1] {
                    continue;
                }
                let mut next = strings.clone();
                let (a, b) = next.remove(k);
                let captures = !tied(&next, a) || (b != GROUND && !tied(&next, b));
                if !captures {
                    options.insert(Strings::new(next));
                } else if !next.is_empty() && reached.insert(next.clone()) {
                    stack.push(next);
                }
            }
        }
        let mut options: Vec<Strings> = options.into_iter().collect();
        options.sort_unstable();
        out.extend(options);
    }
}
