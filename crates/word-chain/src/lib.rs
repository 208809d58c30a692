//! Shiritori with three-letter links: who wins a word chain, or whether it
//! never ends.
//!
//! Sources: AtCoder ABC 209 E "Shiritori". The statement, with the judge's
//! limits, is in this crate's `README.md`.
//!
//! # Rules
//! A dictionary of N words. After a word w is said, the next player must say
//! a dictionary word that begins with the last three characters of w
//! (case-sensitive; any word may be said any number of times). A player who
//! cannot say a word loses. For each i, Takahashi starts by saying word i,
//! then Aoki answers, and so on. Both play optimally: first avoid losing,
//! then try to win; a game that never ends is a draw.
//!
//! # Judge format
//! Input: `N`, then N words. Output: N lines, `Takahashi`, `Aoki` or `Draw`.
//! Judge limits: 1 ≤ N ≤ 2·10^5; each word has 3 to 8 characters, each in
//! a–z or A–Z. A word of another length or with another character, or fewer
//! words than N, or a token after the last word, is malformed (exit status
//! 2). Duplicate words are allowed. This crate accepts any N ≥ 1 that fits
//! in memory and in `u32`.
//!
//! # Idea
//! What a player may say depends only on the last three characters said.
//! Make each three-letter string a vertex and each word a move from its
//! first three letters to its last three: a position "the player to move
//! must begin with x" is the vertex x, and saying word w moves to the vertex
//! of w's last three letters. This graph has cycles, so the game is
//! solved by retrograde analysis ([`cgt_core::loopy`]): vertices with no
//! word are losses, a vertex with a move to a loss is a win, a vertex whose
//! moves all lead to wins is a loss, and the rest are draws (the proof is in
//! that module). After Takahashi says word i, Aoki is to move at the vertex
//! of its last three letters: Takahashi wins if that vertex is a loss, Aoki
//! if it is a win; otherwise it is a draw.
//!
//! [`WordChain`] also gives the number of moves left and a best reply.
//! The judge function [`solve`] needs only the verdicts, and computes them
//! alone ([`verdicts`]): its vertices are the codes of all 52³ strings,
//! with one `u32` of state each, and it reads each word's bytes once.
//!
//! The tests check every answer, and every best reply, against a search of
//! the literal game whose positions are "the word said last" (the `brute`
//! module of the `testkit` feature), on every dictionary of at most 3 words
//! of 3 or 4 letters from {a, A} and of at most 2 words of 3 to 6 letters;
//! [`verdicts`] and [`solve`] also against [`WordChain`] on random
//! dictionaries of up to 5 000 words over 1 to 5 letters and at the judge's
//! limit, and the judge's reader against the tokenizer's on malformed input.
//!
//! # Complexity
//! O(N + 52³) time and memory: [`WordChain`] numbers the 52³ three-letter
//! strings through one table, so its game graph has at most 2N vertices
//! in use and N moves; [`verdicts`] uses all 52³. No recursion.
//!
//! # Example
//! ```
//! use word_chain::{Verdict, WordChain};
//! // The first sample: "abcd" leads to "bcda", which leads to nothing;
//! // "ada" may follow itself forever.
//! let game = WordChain::new(&["abcd", "bcda", "ada"]).unwrap();
//! assert_eq!(game.verdict(0), Verdict::Aoki);
//! assert_eq!(game.verdict(1), Verdict::Takahashi);
//! assert_eq!(game.verdict(2), Verdict::Draw);
//! // After "abcd" Aoki answers "bcda", and Takahashi has no word left.
//! assert_eq!(game.best_reply(0), Some(1));
//! assert_eq!(game.best_reply(1), None);
//! assert_eq!(game.best_reply(2), Some(2));
//! // Aoki wins after "abcd" with one more word: the game lasts 1 more move.
//! assert_eq!(game.moves_left(0), Some(1));
//! ```

use cgt_core::loopy::{LoopyOutcome, LoopySolution, solve_moves};
use cgt_judge::{InputError, JudgeError, Tokens};
use std::fmt;
use std::io::Write;

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[cfg(feature = "testkit")]
pub mod brute;
#[cfg(feature = "testkit")]
pub mod problem;
mod retrograde;

/// The shortest word the rules allow.
pub const MIN_LEN: usize = 3;
/// The longest word the rules allow.
pub const MAX_LEN: usize = 8;

/// The judge's limit on N.
pub const MAX_JUDGE_WORDS: usize = 200_000;

/// The result of the game that begins with one word said by Takahashi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Takahashi (who said the first word) wins.
    Takahashi,
    /// Aoki wins.
    Aoki,
    /// Best play never ends.
    Draw,
}

impl Verdict {
    /// The judge's word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Takahashi => "Takahashi",
            Verdict::Aoki => "Aoki",
            Verdict::Draw => "Draw",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a word is not a dictionary word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WordError {
    /// The dictionary is empty (N ≥ 1).
    Empty,
    /// More than `u32::MAX - 1` words.
    TooManyWords,
    /// A word shorter than 3 or longer than 8 characters.
    Length {
        /// The word's index (0-based).
        word: usize,
        /// Its length.
        len: usize,
    },
    /// A character outside a–z, A–Z.
    Character {
        /// The word's index (0-based).
        word: usize,
        /// The offending byte.
        byte: u8,
    },
}

impl fmt::Display for WordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WordError::Empty => write!(f, "the dictionary has no word"),
            WordError::TooManyWords => write!(f, "too many words"),
            WordError::Length { word, len } => write!(
                f,
                "word {} has {len} characters, not {MIN_LEN} to {MAX_LEN}",
                word + 1
            ),
            WordError::Character { word, byte } => write!(
                f,
                "word {} has the character {:?}, not a letter a-z or A-Z",
                word + 1,
                char::from(*byte)
            ),
        }
    }
}

impl std::error::Error for WordError {}

/// The number of a letter: a–z are 0..26, A–Z are 26..52.
fn letter(byte: u8) -> Option<u32> {
    match byte {
        b'a'..=b'z' => Some(u32::from(byte - b'a')),
        b'A'..=b'Z' => Some(u32::from(byte - b'A') + 26),
        _ => None,
    }
}

/// The number of a three-letter string of valid letters, below 52³.
fn code(three: &[u8]) -> u32 {
    three
        .iter()
        .fold(0, |acc, &b| acc * 52 + letter(b).unwrap_or(0))
}

/// Checks that `word` (index `i`) is a dictionary word.
///
/// # Errors
/// [`WordError::Length`] or [`WordError::Character`].
pub fn check_word(i: usize, word: &[u8]) -> Result<(), WordError> {
    if !(MIN_LEN..=MAX_LEN).contains(&word.len()) {
        return Err(WordError::Length {
            word: i,
            len: word.len(),
        });
    }
    match word.iter().find(|&&b| letter(b).is_none()) {
        Some(&byte) => Err(WordError::Character { word: i, byte }),
        None => Ok(()),
    }
}

/// The game graph being built: each word as the codes of its first and
/// last three letters; then the codes are numbered in order of first use
/// (so at most 2N vertices), one move per word.
struct Links {
    moves: Vec<(u32, u32)>,
}

impl Links {
    fn with_capacity(words: usize) -> Self {
        Links {
            moves: Vec::with_capacity(words),
        }
    }

    /// Adds the move of a checked word.
    fn add(&mut self, word: &[u8]) {
        self.moves
            .push((code(&word[..3]), code(&word[word.len() - 3..])));
    }

    fn solve(mut self) -> WordChain {
        // Numbered in one tight loop after reading, so that the processor
        // overlaps the table's cache misses.
        let mut vertex_of = vec![u32::MAX; 52 * 52 * 52];
        let mut vertices = 0_u32;
        for (from, to) in &mut self.moves {
            for end in [from, to] {
                let slot = &mut vertex_of[*end as usize];
                if *slot == u32::MAX {
                    *slot = vertices;
                    vertices += 1;
                }
                *end = *slot;
            }
        }
        let solution = solve_moves(vertices as usize, &self.moves);
        let end = self.moves.into_iter().map(|(_, to)| to).collect();
        WordChain { end, solution }
    }
}

/// A solved dictionary: the verdict of every opening word and the best
/// replies.
#[derive(Clone, Debug)]
pub struct WordChain {
    /// Per word: the vertex of its last three letters.
    end: Vec<u32>,
    solution: LoopySolution,
}

impl WordChain {
    /// Solves the game on `words`.
    ///
    /// # Errors
    /// A [`WordError`] for an empty dictionary or an invalid word.
    ///
    /// # Complexity
    /// O(N + 52³).
    pub fn new<W: AsRef<[u8]>>(words: &[W]) -> Result<Self, WordError> {
        if words.is_empty() {
            return Err(WordError::Empty);
        }
        if words.len() >= u32::MAX as usize {
            return Err(WordError::TooManyWords);
        }
        for (i, w) in words.iter().enumerate() {
            check_word(i, w.as_ref())?;
        }
        Ok(Self::new_unchecked(words.iter().map(AsRef::as_ref)))
    }

    /// Solves the game on words already checked with [`check_word`].
    fn new_unchecked<'a>(words: impl ExactSizeIterator<Item = &'a [u8]>) -> Self {
        let mut graph = Links::with_capacity(words.len());
        for w in words {
            graph.add(w);
        }
        graph.solve()
    }
    /// The number of words.
    pub fn len(&self) -> usize {
        self.end.len()
    }

    /// Whether the dictionary is empty (never: [`WordChain::new`] rejects
    /// that).
    pub fn is_empty(&self) -> bool {
        self.end.is_empty()
    }

    /// The value of the position after word `i` is said, for Aoki, who is to
    /// move there.
    pub fn value_after(&self, i: usize) -> LoopyOutcome {
        self.solution.value(self.end[i] as usize)
    }

    /// Who wins when Takahashi opens with word `i`.
    pub fn verdict(&self, i: usize) -> Verdict {
        match self.value_after(i) {
            LoopyOutcome::Loss(_) => Verdict::Takahashi,
            LoopyOutcome::Win(_) => Verdict::Aoki,
            LoopyOutcome::Draw => Verdict::Draw,
        }
    }

    /// The number of words said after word `i` under best play (the winner
    /// hurries, the loser delays); `None` for a draw.
    pub fn moves_left(&self, i: usize) -> Option<u32> {
        self.value_after(i).remoteness()
    }

    /// Aoki's best answer to word `i` (a word index): a word after which
    /// Takahashi loses soonest if Aoki wins; the one that delays longest if
    /// Aoki loses; one that keeps the draw in a draw. `None` if no word
    /// begins with the last three letters of word `i`.
    pub fn best_reply(&self, i: usize) -> Option<usize> {
        self.solution.best_move(self.end[i] as usize)
    }
}

/// The verdict of every opening word, without the rest of [`WordChain`]:
/// what the judge binary computes, faster than [`WordChain::new`].
///
/// # Errors
/// As [`WordChain::new`].
///
/// # Example
/// ```
/// use word_chain::{Verdict, verdicts};
/// let found = verdicts(&["abcd", "bcda", "ada"]).unwrap();
/// assert_eq!(found, [Verdict::Aoki, Verdict::Takahashi, Verdict::Draw]);
/// ```
///
/// # Complexity
/// O(N + 52³).
pub fn verdicts<W: AsRef<[u8]>>(words: &[W]) -> Result<Vec<Verdict>, WordError> {
    if words.is_empty() {
        return Err(WordError::Empty);
    }
    if words.len() >= u32::MAX as usize {
        return Err(WordError::TooManyWords);
    }
    let mut graph = retrograde::DenseGraph::with_capacity(words.len());
    for (i, w) in words.iter().enumerate() {
        check_word(i, w.as_ref())?;
        graph.add_word(w.as_ref());
    }
    let solved = graph.solve();
    Ok((0..solved.len()).map(|i| solved.verdict(i)).collect())
}

/// The judge function: reads the dictionary, writes one verdict per word.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input; [`JudgeError::Output`] if
/// `out` fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// word_chain::solve(b"3\nabcd\nbcda\nada\n", &mut out).unwrap();
/// assert_eq!(out, b"Aoki\nTakahashi\nDraw\n");
/// ```
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let n = Tokens::new(input).count_in(WORDS_N, 1..=u32::MAX as usize - 1, 1)?;
    // The words straight from the bytes after N, the first token.
    let after_n = match input.iter().position(|b| !b.is_ascii_whitespace()) {
        Some(start) => input[start..]
            .iter()
            .position(u8::is_ascii_whitespace)
            .map_or(input.len(), |len| start + len),
        None => input.len(),
    };
    let graph = match retrograde::DenseGraph::read(input, after_n, n) {
        Some(graph) => graph,
        None => {
            // Something is off: the checked reader says what and where.
            let mut graph = retrograde::DenseGraph::with_capacity(n);
            read(input, |_, word| graph.add_word(word))?;
            graph
        }
    };
    graph.solve().write(out)?;
    Ok(())
}

/// What the count of words is called in error messages.
const WORDS_N: &str = "the number of words N";

/// Reads the judge input: `word(N, word)` gets each word, checked.
fn read<'a>(input: &'a [u8], mut word: impl FnMut(usize, &'a [u8])) -> Result<(), InputError> {
    let mut tokens = Tokens::new(input);
    let n = tokens.count_in(WORDS_N, 1..=u32::MAX as usize - 1, 1)?;
    for i in 0..n {
        let token = tokens.expect_token("a word")?;
        if let Err(e) = check_word(i, token.text) {
            return Err(tokens.error_at(&token, format!("expected a word: {e}")));
        }
        word(n, token.text);
    }
    tokens.finish()?;
    Ok(())
}

/// The words of a valid judge input.
///
/// # Errors
/// As [`solve`], on malformed input.
///
/// # Example
/// ```
/// assert_eq!(word_chain::parse(b"2 abc ABCD").unwrap(), ["abc", "ABCD"]);
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<String>, InputError> {
    let mut words = Vec::new();
    read(input, |n, w| {
        words.reserve(n.saturating_sub(words.len()));
        words.push(String::from_utf8_lossy(w).into_owned());
    })?;
    Ok(words)
}

/// The judge input of `words`: the format [`solve`] reads.
///
/// # Example
/// ```
/// assert_eq!(word_chain::render(&["abc".to_owned(), "bcd".to_owned()]), "2\nabc\nbcd\n");
/// ```
pub fn render(words: &[String]) -> String {
    let mut text = String::with_capacity(words.len() * 9 + 8);
    text.push_str(&words.len().to_string());
    text.push('\n');
    for w in words {
        text.push_str(w);
        text.push('\n');
    }
    text
}
