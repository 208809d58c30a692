//! The verdicts alone, by retrograde analysis over all 52³ three-letter
//! strings: what the judge binary needs and nothing more.
//!
//! [`WordChain`](crate::WordChain) numbers the strings in use and solves
//! with [`cgt_core::loopy::solve_moves`], which also finds every
//! position's remoteness and a best move. A verdict needs neither, so here
//! a vertex is the string's own code (no numbering), the moves into each
//! vertex are grouped by one counting sort, and a vertex's state is one
//! `u32`. The words are read straight from the input's bytes, one pass for
//! the checks and both codes. The tests compare these verdicts with
//! `WordChain`'s and with the literal game.
//!
//! # Complexity
//! O(N + 52³) time and memory, no recursion.

use crate::{MAX_LEN, MIN_LEN, Verdict};
use std::io::{self, Write};

/// The number of three-letter strings.
const CODES: usize = 52 * 52 * 52;

/// The class of a byte: a letter's number (a–z 0..26, A–Z 26..52), or
/// [`SPACE`] for ASCII whitespace (as `u8::is_ascii_whitespace`), or
/// [`OTHER`].
const CLASS: [u8; 256] = {
    let mut class = [OTHER; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        if byte.is_ascii_lowercase() {
            class[b] = byte - b'a';
        } else if byte.is_ascii_uppercase() {
            class[b] = byte - b'A' + 26;
        } else if byte.is_ascii_whitespace() {
            class[b] = SPACE;
        }
        b += 1;
    }
    class
};
const SPACE: u8 = 64;
const OTHER: u8 = 128;

/// A vertex's state once it is decided as a loss for the player to move
/// (never an undecided count: there are fewer than `u32::MAX` moves).
const LOSS: u32 = u32::MAX;
/// A vertex's state once it is decided as a win (an undecided vertex has at
/// least one move not yet known to be a win, so its count is never 0).
const WIN: u32 = 0;

/// The code of three letters, below 52³.
#[inline]
fn code(a: u8, b: u8, c: u8) -> u32 {
    let class = |x: u8| u32::from(CLASS[usize::from(x)]);
    (class(a) * 52 + class(b)) * 52 + class(c)
}

/// The game graph over the codes of all three-letter strings, being built:
/// one move per word.
pub(crate) struct DenseGraph {
    /// Per word: the codes of its first and its last three letters.
    moves: Vec<(u32, u32)>,
    /// Per code: the number of words that begin with it.
    out_degree: Vec<u32>,
    /// Per code: the number of words that end with it (one more entry,
    /// for the counting sort).
    in_degree: Vec<u32>,
}

impl DenseGraph {
    pub(crate) fn with_capacity(words: usize) -> Self {
        DenseGraph {
            moves: Vec::with_capacity(words),
            out_degree: vec![0; CODES],
            in_degree: vec![0; CODES + 1],
        }
    }

    #[inline]
    fn add(&mut self, from: u32, to: u32) {
        self.out_degree[from as usize] += 1;
        self.in_degree[to as usize] += 1;
        self.moves.push((from, to));
    }

    /// Adds the move of a word checked with [`crate::check_word`].
    pub(crate) fn add_word(&mut self, w: &[u8]) {
        let n = w.len();
        self.add(code(w[0], w[1], w[2]), code(w[n - 3], w[n - 2], w[n - 1]));
    }

    /// Reads `n` words from `input[at..]` and then the end of the input,
    /// straight from the bytes. `None` if anything is not so (a word of a
    /// wrong length or with another byte, too few words, a token after
    /// them): then the caller reads again with `Tokens` to say what.
    pub(crate) fn read(input: &[u8], at: usize, n: usize) -> Option<Self> {
        let class = |p: usize| input.get(p).map(|&b| CLASS[usize::from(b)]);
        let mut graph = DenseGraph::with_capacity(n);
        let mut p = at;
        for _ in 0..n {
            while class(p) == Some(SPACE) {
                p += 1;
            }
            let start = p;
            while class(p).is_some_and(|c| c < 52) {
                p += 1;
            }
            if !(MIN_LEN..=MAX_LEN).contains(&(p - start)) || class(p).is_some_and(|c| c != SPACE) {
                return None;
            }
            graph.add_word(&input[start..p]);
        }
        input[p..]
            .iter()
            .all(u8::is_ascii_whitespace)
            .then_some(graph)
    }

    /// Decides every vertex: a vertex with no move is a loss, one with a
    /// move to a loss is a win, one whose moves all lead to wins is a loss
    /// (the proof is in `cgt_core::loopy`); what is never decided is a draw.
    /// The order in which decided vertices are processed does not change
    /// which vertices get decided, so a stack serves.
    pub(crate) fn solve(self) -> Verdicts {
        let DenseGraph {
            moves,
            out_degree: mut state,
            in_degree: mut first_in,
        } = self;
        // Counting sort of the moves by target: after it, the sources of
        // the moves into v are incoming[first_in[v]..first_in[v + 1]].
        let mut total = 0_u32;
        for count in &mut first_in[..CODES] {
            total += *count;
            *count = total;
        }
        first_in[CODES] = total;
        let mut incoming = vec![0_u32; moves.len()];
        for &(from, to) in &moves {
            let slot = &mut first_in[to as usize];
            *slot -= 1;
            incoming[*slot as usize] = from;
        }
        let mut stack: Vec<u32> = Vec::with_capacity(CODES.min(2 * moves.len()));
        for (v, s) in state.iter_mut().enumerate() {
            if *s == 0 {
                *s = LOSS;
                if first_in[v] < first_in[v + 1] {
                    stack.push(v as u32);
                }
            }
        }
        while let Some(u) = stack.pop() {
            let u = u as usize;
            let won = state[u] == WIN;
            for &p in &incoming[first_in[u] as usize..first_in[u + 1] as usize] {
                let s = &mut state[p as usize];
                if *s == WIN || *s == LOSS {
                    continue;
                }
                if won {
                    *s -= 1;
                    if *s > 0 {
                        continue;
                    }
                    *s = LOSS;
                } else {
                    *s = WIN;
                }
                stack.push(p);
            }
        }
        let verdict = moves
            .iter()
            .map(|&(_, to)| match state[to as usize] {
                // Aoki is to move after the opening word.
                LOSS => Verdict::Takahashi,
                WIN => Verdict::Aoki,
                _ => Verdict::Draw,
            })
            .collect();
        Verdicts { verdict }
    }
}

/// The verdict of every opening word.
pub(crate) struct Verdicts {
    pub(crate) verdict: Vec<Verdict>,
}

impl Verdicts {
    /// Writes one line per word, in pieces of at most 64 KiB.
    pub(crate) fn write<W: Write>(&self, out: &mut W) -> io::Result<()> {
        const PIECE: usize = 1 << 16;
        let mut text = Vec::with_capacity(PIECE + 16);
        for v in &self.verdict {
            text.extend_from_slice(v.as_str().as_bytes());
            text.push(b'\n');
            if text.len() >= PIECE {
                out.write_all(&text)?;
                text.clear();
            }
        }
        out.write_all(&text)
    }
}
