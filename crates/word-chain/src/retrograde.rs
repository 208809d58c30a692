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
//! O(N + 52³) time and memory, no recursion; O(N log N) below 52³/16
//! words, whose vertices are numbered first.

use crate::{MAX_LEN, MIN_LEN, Verdict};
use std::io::{self, Write};

/// The number of three-letter strings.
const CODES: usize = 52 * 52 * 52;

/// Below this many words the vertices are the codes in use, numbered
/// ([`DenseGraph::compact`], O(N log N)), rather than all 52³ codes: the
/// tables of all codes cost more than sorting so few (a tiny dictionary
/// took half a millisecond).
const FEW_WORDS: usize = CODES / 16;

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

/// How many of the 8 bytes of `x` (little-endian: the first byte lowest)
/// are letters a–z or A–Z before the first other byte.
#[inline]
fn leading_letters(x: u64) -> usize {
    const EACH: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x80 * EACH;
    // A byte is a letter if it is below 0x80 and, with bit 5 set (lower
    // case), lies in 'a'..='z'. On 7 bits, adding 0x1F carries into bit 7
    // from 'a' (0x61) up, adding 0x05 from '{' (0x7B) up; no sum leaves its
    // byte.
    let low = (x | (0x20 * EACH)) & !HIGH;
    let from_a = low + 0x1F * EACH;
    let past_z = low + 0x05 * EACH;
    let letters = from_a & !past_z & !x & HIGH;
    ((!letters & HIGH).trailing_zeros() / 8) as usize
}

/// The code of three letters, below 52³.
#[inline]
fn code(a: u8, b: u8, c: u8) -> u32 {
    let class = |x: u8| u32::from(CLASS[usize::from(x)]);
    (class(a) * 52 + class(b)) * 52 + class(c)
}

/// The game graph over the codes of all three-letter strings, being built:
/// one move per word.
pub(crate) struct DenseGraph {
    /// Per word: the code of its first three letters.
    from: Vec<u32>,
    /// Per word: the code of its last three letters.
    to: Vec<u32>,
}

impl DenseGraph {
    pub(crate) fn with_capacity(words: usize) -> Self {
        DenseGraph {
            from: Vec::with_capacity(words),
            to: Vec::with_capacity(words),
        }
    }

    /// Adds the move of a word checked with [`crate::check_word`].
    #[inline]
    pub(crate) fn add_word(&mut self, w: &[u8]) {
        let n = w.len();
        self.from.push(code(w[0], w[1], w[2]));
        self.to.push(code(w[n - 3], w[n - 2], w[n - 1]));
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
            // Eight bytes at once while they are there: the word is the run
            // of letters they start with, and the byte after it must be a
            // space (9 bytes: a word of 8 letters and its end).
            let len = match input.get(p..p + 9) {
                Some(bytes) => {
                    let eight: [u8; 8] = bytes[..8].try_into().expect("8 bytes");
                    let len = leading_letters(u64::from_le_bytes(eight));
                    if CLASS[usize::from(bytes[len])] != SPACE {
                        return None;
                    }
                    len
                }
                None => {
                    let start = p;
                    let mut end = p;
                    while class(end).is_some_and(|c| c < 52) {
                        end += 1;
                    }
                    if class(end).is_some_and(|c| c != SPACE) {
                        return None;
                    }
                    end - start
                }
            };
            if !(MIN_LEN..=MAX_LEN).contains(&len) {
                return None;
            }
            graph.add_word(&input[p..p + len]);
            p += len;
        }
        input[p..]
            .iter()
            .all(u8::is_ascii_whitespace)
            .then_some(graph)
    }

    /// Decides every vertex: a vertex with no move is a loss, one with a
    /// move to a loss is a win, one whose moves all lead to wins is a loss
    /// (the proof is in `cgt_core::loopy`); what is never decided is a draw.
    pub(crate) fn solve(self) -> Verdicts {
        if self.from.len() < FEW_WORDS {
            let (graph, vertices) = self.compact();
            graph.solve_on(vertices)
        } else {
            self.solve_on(CODES)
        }
    }

    /// The same graph with its vertices numbered 0.. in the order of the
    /// codes in use, and their number.
    fn compact(self) -> (Self, usize) {
        let DenseGraph { mut from, mut to } = self;
        let mut used: Vec<u32> = from.iter().chain(&to).copied().collect();
        used.sort_unstable();
        used.dedup();
        for code in from.iter_mut().chain(&mut to) {
            // Every code is in `used`: this is its place.
            *code = used.partition_point(|&c| c < *code) as u32;
        }
        (DenseGraph { from, to }, used.len())
    }

    /// [`DenseGraph::solve`] on the vertices `0..codes`, every code of a
    /// move below `codes`.
    fn solve_on(self, codes: usize) -> Verdicts {
        let DenseGraph { from, to } = self;
        // Per vertex: while undecided, the number of its moves not yet known
        // to lead to a win; then WIN or LOSS.
        let mut state = vec![0_u32; codes];
        // Counting sort of the moves by target: after it, the sources of
        // the moves into v are incoming[first_in[v]..first_in[v + 1]].
        let mut first_in = vec![0_u32; codes + 1];
        // One table at a time: each fits in the cache, both do not.
        for &f in &from {
            state[f as usize] += 1;
        }
        for &t in &to {
            first_in[t as usize] += 1;
        }
        let mut total = 0_u32;
        for count in &mut first_in[..codes] {
            total += *count;
            *count = total;
        }
        first_in[codes] = total;
        let mut incoming = vec![0_u32; from.len()];
        for (&f, &t) in from.iter().zip(&to) {
            let slot = &mut first_in[t as usize];
            *slot -= 1;
            incoming[*slot as usize] = f;
        }
        // The decided vertices to process, each with IS_WIN if a win; each
        // enters once, when decided. The queue lives in the memory of
        // `from`, no longer needed (its old values are never read: a slot
        // is written before `tail` passes it).
        const IS_WIN: u32 = 1 << 31;
        let mut queue = from;
        let mut tail = 0;
        // The vertices without moves are lost; those with a move into them
        // are queued (written without branches, as `state` is random).
        for (v, s) in state.iter_mut().enumerate() {
            let lost = *s == 0;
            *s = if lost { LOSS } else { *s };
            if tail == queue.len() {
                queue.push(0);
            }
            queue[tail] = v as u32;
            tail += usize::from(lost && first_in[v] < first_in[v + 1]);
        }
        // The order of processing does not change which vertices get
        // decided. The updates are written without branches on the state
        // (which is random), so that the processor runs ahead over several
        // cache misses.
        // The vertices are taken a batch at a time, their ranges of
        // sources looked up first: independent loads, which the processor
        // overlaps.
        const BATCH: usize = 16;
        let mut head = 0;
        while head < tail {
            let batch = &queue[head..tail.min(head + BATCH)];
            let mut ranges = [(0_u32, 0_u32); BATCH];
            for (range, &entry) in ranges.iter_mut().zip(batch) {
                let u = (entry & !IS_WIN) as usize;
                *range = (first_in[u], first_in[u + 1]);
            }
            let mut wins = [false; BATCH];
            for (won, &entry) in wins.iter_mut().zip(batch) {
                *won = entry & IS_WIN != 0;
            }
            let taken = batch.len();
            head += taken;
            for (&(start, end), &won) in ranges[..taken].iter().zip(&wins) {
                let sources = &incoming[start as usize..end as usize];
                // Room for every source, as each is written before it counts.
                if queue.len() <= tail + sources.len() {
                    queue.resize(tail + sources.len() + 1, 0);
                }
                if won {
                    // Each source loses an option; with none left, it is lost.
                    for &p in sources {
                        let s = state[p as usize];
                        let undecided = s != WIN && s != LOSS;
                        let left = s - u32::from(undecided);
                        let lost = undecided && left == 0;
                        state[p as usize] = if lost { LOSS } else { left };
                        queue[tail] = p;
                        tail += usize::from(lost);
                    }
                } else {
                    // Each undecided source can move to this loss: a win.
                    for &p in sources {
                        let s = state[p as usize];
                        let undecided = s != WIN && s != LOSS;
                        state[p as usize] = if undecided { WIN } else { s };
                        queue[tail] = p | IS_WIN;
                        tail += usize::from(undecided);
                    }
                }
            }
        }
        Verdicts { state, to }
    }
}

/// The solved graph: the state of every vertex, and where each word leads.
pub(crate) struct Verdicts {
    state: Vec<u32>,
    to: Vec<u32>,
}

impl Verdicts {
    /// The verdict when Takahashi opens with word `i` (Aoki is to move at
    /// the vertex it leads to).
    pub(crate) fn verdict(&self, i: usize) -> Verdict {
        match self.state[self.to[i] as usize] {
            LOSS => Verdict::Takahashi,
            WIN => Verdict::Aoki,
            _ => Verdict::Draw,
        }
    }

    /// The number of words.
    pub(crate) fn len(&self) -> usize {
        self.to.len()
    }

    /// Writes one line per word, in pieces of at most 64 KiB.
    pub(crate) fn write<W: Write>(&self, out: &mut W) -> io::Result<()> {
        /// Each line padded to 10 bytes, so that every copy has one size.
        const LINES: [[u8; 10]; 3] = [*b"Takahashi\n", *b"Aoki\n\0\0\0\0\0", *b"Draw\n\0\0\0\0\0"];
        const LENGTHS: [usize; 3] = [10, 5, 5];
        const PIECE: usize = 1 << 16;
        let mut piece = vec![0_u8; PIECE + 10];
        let mut len = 0;
        // One byte per vertex: a table small enough for the cache, as the
        // words look it up in random order.
        let line_of: Vec<u8> = self
            .state
            .iter()
            .map(|&s| match s {
                LOSS => 0,
                WIN => 1,
                _ => 2,
            })
            .collect();
        for &t in &self.to {
            let line = usize::from(line_of[t as usize]);
            piece[len..len + 10].copy_from_slice(&LINES[line]);
            len += LENGTHS[line];
            if len >= PIECE {
                out.write_all(&piece[..len])?;
                len = 0;
            }
        }
        out.write_all(&piece[..len])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition: letters counted one byte at a time.
    fn leading_letters_slowly(x: u64) -> usize {
        x.to_le_bytes()
            .iter()
            .take_while(|b| b.is_ascii_alphabetic())
            .count()
    }

    #[test]
    fn leading_letters_counts_the_letters_before_the_first_other_byte() {
        // Every byte value at every place, after letters and before
        // letters or other bytes; then random words of 8 bytes.
        for b in 0..=255_u8 {
            for place in 0..8 {
                for fill in [b'a', b'Z', b'z', b'A', b' ', 0xFF] {
                    let mut bytes = [b'm'; 8];
                    bytes[place] = b;
                    bytes[place + 1..].fill(fill);
                    let x = u64::from_le_bytes(bytes);
                    assert_eq!(leading_letters(x), leading_letters_slowly(x), "{bytes:?}");
                }
            }
        }
        let mut x = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Bias the bytes towards letters, so that long runs occur.
            let y = (x & 0x5F5F_5F5F_5F5F_5F5F) | 0x4040_4040_4040_4040;
            for z in [x, y] {
                assert_eq!(leading_letters(z), leading_letters_slowly(z), "{z:#x}");
            }
        }
    }

    #[test]
    fn the_class_table_follows_its_definition() {
        for b in 0..=255_u8 {
            let expected = match b {
                b'a'..=b'z' => b - b'a',
                b'A'..=b'Z' => b - b'A' + 26,
                _ if b.is_ascii_whitespace() => SPACE,
                _ => OTHER,
            };
            assert_eq!(CLASS[usize::from(b)], expected, "byte {b}");
        }
    }

    /// The vertices numbered by the codes in use decide as all the codes
    /// do, at the sizes either is used for (the exhaustive tests see only
    /// the first; random dictionaries, on both sides of [`FEW_WORDS`]).
    #[test]
    fn numbered_vertices_decide_as_all_codes_do() {
        let mut rng = cgt_testkit::generate::Rng::new(7);
        let mut next = |below: u64| rng.below(below);
        let mut seen = std::collections::HashSet::new();
        for words in [
            1,
            2,
            5,
            40,
            300,
            300,
            FEW_WORDS - 1,
            FEW_WORDS,
            3 * FEW_WORDS,
        ] {
            // Few letters, so that moves meet and cycles form; all of them
            // in the large dictionaries, which then spread over the codes.
            let letters = if words > 300 { 52 } else { 2 + next(5) as u8 };
            let mut graph = DenseGraph::with_capacity(words);
            for _ in 0..words {
                let len = MIN_LEN + next((MAX_LEN - MIN_LEN + 1) as u64) as usize;
                let word: Vec<u8> = (0..len)
                    .map(|_| {
                        b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                            [next(u64::from(letters)) as usize]
                    })
                    .collect();
                graph.add_word(&word);
            }
            let copy = DenseGraph {
                from: graph.from.clone(),
                to: graph.to.clone(),
            };
            let (numbered, vertices) = copy.compact();
            assert!(vertices <= 2 * words);
            let numbered = numbered.solve_on(vertices);
            let all = graph.solve_on(CODES);
            let verdicts = |v: &Verdicts| (0..v.len()).map(|i| v.verdict(i)).collect::<Vec<_>>();
            let expected = verdicts(&all);
            assert_eq!(
                verdicts(&numbered),
                expected,
                "{words} words of {letters} letters"
            );
            seen.extend(expected);
        }
        assert_eq!(seen.len(), 3, "every verdict occurs: {seen:?}");
    }
}
