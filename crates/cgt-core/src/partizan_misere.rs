//! Partizan games in misère play (the last player to move loses): the
//! outcome of a game or a sum from its literal form, and comparison modulo
//! the dead-ending universe.
//!
//! Normal play's canonical form loses what misère play needs, so this
//! module keeps games as *literal forms* ([`Forms`]): each game by the
//! sets of its options as written (`{0|}` is not simplified away), each
//! form kept once. A sum is a list of forms, never multiplied out.
//!
//! - [`MisereSearch`]: who wins a sum of forms with each player moving
//!   first, by minimax with a table of the sums seen (one with no move
//!   wins). Iterative; stops at a limit of sums or when the caller's check
//!   says so.
//! - [`DeadEndingOrder`]: G ≥ H modulo the dead-ending universe E (games
//!   whose every end follower is a dead end: a player who cannot move now
//!   never can again there). E is parental and dense, so by Larsson,
//!   Nowakowski and Santos's theory of absolute universes G ≥ H (mod E)
//!   exactly when
//!   1. every H^L has a G^L ≥ H^L, or an H^LR ≤ G;
//!   2. every G^R has an H^R ≤ G^R, or a G^RL ≥ H;
//!   3. if H is a Left end, Left wins G + X moving first for every Left
//!      end X of E;
//!   4. if G is a Right end, Right wins H + X moving first for every
//!      Right end X of E.
//!
//!   The ends of E are dead ends, and among the Left dead ends born by day
//!   n every one but 0 is ≥ the *perfect murder* M_n = {| 0, M_1, …,
//!   M_(n−1)} (Right can stop the count whenever he likes); Left's wins in
//!   G + X only grow with X, and a Left dead end deeper than G's birthday
//!   plays in G + X as M_n does. So 3 asks only X = 0 and X = M_n with n
//!   past G's birthday, and 4 the conjugates in H: a finite, recursive test
//!   (Larsson, Milley, Nowakowski, Renault and Santos, "Recursive
//!   comparison tests for dicot and dead-ending games under misère play",
//!   Integers 21B, 2021, where the M_n are named; Milley and Renault, "Dead
//!   ends in misère play: the misère monoid of canonical numbers",
//!   Discrete Math. 2013). For Left dead ends the test is the one of
//!   [`dead_ending`](crate::dead_ending).
//!
//! # Example
//! ```
//! use cgt_core::outcome::Outcome;
//! use cgt_core::partizan_misere::{DeadEndingOrder, Forms, MisereSearch};
//!
//! let mut forms = Forms::new();
//! let one = forms.parse("{0|}")?;
//! let mut search = MisereSearch::new();
//! // In misère play Left, to move on 1 alone, must move and then loses.
//! assert_eq!(search.outcome(&forms, &one, &mut || false)?, Outcome::R);
//! // 1 + (−1) = {−1 | 1} is not 0 as a form, yet equals it modulo
//! // dead-ending games (Milley and Renault: integers have inverses there).
//! let g = forms.parse_one("1 - 1")?;
//! let zero = forms.zero();
//! assert_ne!(g, zero);
//! let mut order = DeadEndingOrder::new();
//! assert!(order.eq(&mut forms, g, zero, &mut || false)?);
//! // 1 and 0 are incomparable there.
//! let one = forms.parse_one("1")?;
//! assert!(!order.ge(&mut forms, one, zero, &mut || false)?);
//! assert!(!order.ge(&mut forms, zero, one, &mut || false)?);
//! # Ok::<(), cgt_core::partizan_misere::MisereError>(())
//! ```

use crate::canonical::{GameId, GameStore, NotationError, literal_at};
use crate::notation::{BraceReader, Cursor, Joiner};
use crate::outcome::{Outcome, Side};
use rustc_hash::FxHashMap;
use std::fmt;

/// A literal game form in one [`Forms`] store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FormId(u32);

impl FormId {
    /// The index of the form in its store (options come before the forms
    /// that have them).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Why a misère answer could not be given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MisereError {
    /// The text does not read: what was expected, and where.
    Notation(NotationError),
    /// The store would pass its limit of forms.
    TooManyForms {
        /// The limit.
        limit: usize,
    },
    /// The search would pass its limit of sums.
    TooManySums {
        /// The limit.
        limit: usize,
    },
    /// Stopped by the caller's check.
    Interrupted,
    /// A game compared modulo dead-ending games is not one: it has an end
    /// follower that is not a dead end.
    NotDeadEnding,
}

impl fmt::Display for MisereError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Notation(e) => e.fmt(f),
            Self::TooManyForms { limit } => write!(
                f,
                "the game has more than {limit} forms (positions): too large for a misère search"
            ),
            Self::TooManySums { limit } => write!(
                f,
                "the misère search passed {limit} sums: too large"
            ),
            Self::Interrupted => f.write_str("interrupted"),
            Self::NotDeadEnding => f.write_str(
                "not a dead-ending game (a follower where a player cannot move lets them move again later): comparison is modulo dead-ending games",
            ),
        }
    }
}

impl std::error::Error for MisereError {}

impl From<NotationError> for MisereError {
    fn from(e: NotationError) -> Self {
        Self::Notation(e)
    }
}

/// What is known of one form when it is made.
#[derive(Clone, Debug)]
struct Node {
    left: Box<[FormId]>,
    right: Box<[FormId]>,
    birthday: u32,
    /// Whether Left has a move here or in some follower.
    left_somewhere: bool,
    /// Whether Right has a move here or in some follower.
    right_somewhere: bool,
    /// Whether every end follower (this one too) is a dead end.
    dead_ending: bool,
}

/// Literal partizan game forms, each kept once by its sets of options.
///
/// # Complexity
/// Making a form hashes its options; what is known of it (birthday,
/// whether it is dead-ending) is computed then, from its options'.
#[derive(Clone, Debug)]
pub struct Forms {
    nodes: Vec<Node>,
    by_options: FxHashMap<(Key, Key), FormId>,
    limit: usize,
}

impl Default for Forms {
    fn default() -> Self {
        Self::new()
    }
}

impl Forms {
    /// The default limit of forms in a store.
    pub const DEFAULT_LIMIT: usize = 4_000_000;

    /// A store holding 0, of at most [`Forms::DEFAULT_LIMIT`] forms.
    pub fn new() -> Self {
        Self::with_limit(Self::DEFAULT_LIMIT)
    }

    /// A store holding 0, of at most `limit` forms.
    pub fn with_limit(limit: usize) -> Self {
        let mut forms = Forms {
            nodes: Vec::new(),
            by_options: FxHashMap::default(),
            limit: limit.max(1),
        };
        // The store holds no form yet, so the limit cannot be reached.
        let _ = forms.form(&[], &[]);
        forms
    }

    /// How many forms the store holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the store holds only 0 (it always holds 0).
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// The form 0 = { | }.
    pub fn zero(&self) -> FormId {
        FormId(0)
    }

    /// `side`'s options of `g`.
    pub fn options(&self, g: FormId, side: Side) -> &[FormId] {
        let node = &self.nodes[g.index()];
        match side {
            Side::Left => &node.left,
            Side::Right => &node.right,
        }
    }

    /// The birthday of `g`: the length of its longest run of moves.
    pub fn birthday(&self, g: FormId) -> u32 {
        self.nodes[g.index()].birthday
    }

    /// Whether `g` is a dead end of `side`'s: that player has no move in
    /// `g` nor in any follower (a Left dead end: 0, −1, {|0,−1}, …).
    pub fn is_dead_end(&self, g: FormId, side: Side) -> bool {
        let node = &self.nodes[g.index()];
        match side {
            Side::Left => !node.left_somewhere,
            Side::Right => !node.right_somewhere,
        }
    }

    /// Whether `g` is dead-ending: every follower in which a player has no
    /// move is one in which that player never has a move again.
    pub fn is_dead_ending(&self, g: FormId) -> bool {
        self.nodes[g.index()].dead_ending
    }

    /// The form with these options (in any order, repeats ignored).
    ///
    /// # Errors
    /// [`MisereError::TooManyForms`] past the store's limit.
    pub fn form(&mut self, left: &[FormId], right: &[FormId]) -> Result<FormId, MisereError> {
        let set = |options: &[FormId]| {
            let mut v = options.to_vec();
            v.sort_unstable();
            v.dedup();
            v.into_boxed_slice()
        };
        let key = (set(left), set(right));
        if let Some(&g) = self.by_options.get(&key) {
            return Ok(g);
        }
        if self.nodes.len() >= self.limit || self.nodes.len() >= u32::MAX as usize {
            return Err(MisereError::TooManyForms { limit: self.limit });
        }
        let (l, r) = (&key.0, &key.1);
        let all = || l.iter().chain(r.iter()).map(|o| &self.nodes[o.index()]);
        let birthday = all().map(|n| n.birthday + 1).max().unwrap_or(0);
        let left_somewhere = !l.is_empty() || all().any(|n| n.left_somewhere);
        let right_somewhere = !r.is_empty() || all().any(|n| n.right_somewhere);
        let dead_ending = all().all(|n| n.dead_ending)
            && (!l.is_empty() || !left_somewhere)
            && (!r.is_empty() || !right_somewhere);
        let g = FormId(self.nodes.len() as u32);
        self.nodes.push(Node {
            left: key.0.clone(),
            right: key.1.clone(),
            birthday,
            left_somewhere,
            right_somewhere,
            dead_ending,
        });
        self.by_options.insert(key, g);
        Ok(g)
    }

    /// The conjugate −G: Left's and Right's options swapped, all the way
    /// down.
    ///
    /// # Errors
    /// [`MisereError::TooManyForms`] past the store's limit.
    pub fn neg(&mut self, g: FormId) -> Result<FormId, MisereError> {
        let mut done: FxHashMap<FormId, FormId> = FxHashMap::default();
        let mut stack = vec![g];
        while let Some(&f) = stack.last() {
            if done.contains_key(&f) {
                stack.pop();
                continue;
            }
            let node = &self.nodes[f.index()];
            let missing: Vec<FormId> = node
                .left
                .iter()
                .chain(node.right.iter())
                .filter(|o| !done.contains_key(o))
                .copied()
                .collect();
            if !missing.is_empty() {
                stack.extend(missing);
                continue;
            }
            let left: Vec<FormId> = node.right.iter().map(|o| done[o]).collect();
            let right: Vec<FormId> = node.left.iter().map(|o| done[o]).collect();
            let n = self.form(&left, &right)?;
            done.insert(f, n);
            stack.pop();
        }
        Ok(done[&g])
    }

    /// The form of the disjunctive sum G + H, multiplied out (its
    /// positions are pairs of theirs).
    ///
    /// # Errors
    /// [`MisereError::TooManyForms`] past the store's limit.
    pub fn add(&mut self, g: FormId, h: FormId) -> Result<FormId, MisereError> {
        let mut done: FxHashMap<(FormId, FormId), FormId> = FxHashMap::default();
        let mut stack = vec![(g, h)];
        while let Some(&(a, b)) = stack.last() {
            if done.contains_key(&(a, b)) {
                stack.pop();
                continue;
            }
            let mut sides: [Vec<(FormId, FormId)>; 2] = [Vec::new(), Vec::new()];
            for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
                sides[k].extend(self.options(a, side).iter().map(|&x| (x, b)));
                sides[k].extend(self.options(b, side).iter().map(|&y| (a, y)));
            }
            let before = stack.len();
            for pair in sides.iter().flatten() {
                if !done.contains_key(pair) {
                    stack.push(*pair);
                }
            }
            if stack.len() > before {
                continue;
            }
            let left: Vec<FormId> = sides[0].iter().map(|p| done[p]).collect();
            let right: Vec<FormId> = sides[1].iter().map(|p| done[p]).collect();
            let s = self.form(&left, &right)?;
            done.insert((a, b), s);
            stack.pop();
        }
        Ok(done[&(g, h)])
    }

    /// The literal form of a canonical game of `store` (a number, a
    /// nimber, ups: their canonical form is their definition).
    ///
    /// # Errors
    /// [`MisereError::TooManyForms`] past the store's limit (a number in
    /// the millions has millions of followers).
    pub fn from_canonical(
        &mut self,
        store: &mut GameStore,
        g: GameId,
    ) -> Result<FormId, MisereError> {
        let limit = self.limit;
        // A game born on day d has at least d + 1 followers: a number in
        // the millions is refused before its chain is walked.
        if store.birthday(g) >= limit as u128 {
            return Err(MisereError::TooManyForms { limit });
        }
        let mut done: FxHashMap<GameId, FormId> = FxHashMap::default();
        let mut stack = vec![g];
        let overflow = |_| MisereError::TooManyForms { limit };
        while let Some(&c) = stack.last() {
            if done.contains_key(&c) {
                stack.pop();
                continue;
            }
            let left = store.options(c, Side::Left).map_err(overflow)?.to_vec();
            let right = store.options(c, Side::Right).map_err(overflow)?.to_vec();
            let before = stack.len();
            for o in left.iter().chain(&right) {
                if !done.contains_key(o) {
                    stack.push(*o);
                }
            }
            if stack.len() > before {
                if stack.len() > self.limit {
                    return Err(MisereError::TooManyForms { limit: self.limit });
                }
                continue;
            }
            let l: Vec<FormId> = left.iter().map(|o| done[o]).collect();
            let r: Vec<FormId> = right.iter().map(|o| done[o]).collect();
            let f = self.form(&l, &r)?;
            done.insert(c, f);
            stack.pop();
        }
        Ok(done[&g])
    }

    /// The perfect murder M_n = {| 0, M_1, …, M_(n−1)}: the Left dead end
    /// in which Right may stop after any number of moves up to n.
    ///
    /// # Errors
    /// [`MisereError::TooManyForms`] past the store's limit.
    pub fn perfect_murder(&mut self, n: u32) -> Result<FormId, MisereError> {
        let mut below = vec![self.zero()];
        for _ in 0..n {
            let next = self.form(&[], &below)?;
            below.push(next);
        }
        Ok(below[below.len() - 1])
    }

    /// Reads a sum in CGSuite's notation as literal forms: its top-level
    /// terms, each a form (`{0|} + {|0}` is two terms). See
    /// [`Forms::parse_with`].
    ///
    /// # Errors
    /// As [`Forms::parse_with`].
    pub fn parse(&mut self, text: &str) -> Result<Vec<FormId>, MisereError> {
        self.parse_with(text, &mut |_, _, _| None)
    }

    /// Reads one game as one form: a sum is multiplied out.
    ///
    /// # Errors
    /// As [`Forms::parse_with`].
    pub fn parse_one(&mut self, text: &str) -> Result<FormId, MisereError> {
        let parts = self.parse(text)?;
        self.sum(&parts)
    }

    /// The form of the sum of `parts` (0 for none).
    ///
    /// # Errors
    /// [`MisereError::TooManyForms`] past the store's limit.
    pub fn sum(&mut self, parts: &[FormId]) -> Result<FormId, MisereError> {
        let mut total = self.zero();
        for &p in parts {
            total = if total == self.zero() {
                p
            } else {
                self.add(total, p)?
            };
        }
        Ok(total)
    }

    /// Reads a sum in CGSuite's short notation as literal forms, its
    /// top-level terms apart: braces keep their options as written
    /// (`{0, -1 |}` keeps its dominated option), a number, nimber or up stands for
    /// its usual form (`2` = {1|}, `*` = {0|0}, `^` = {0|*}), `-G` is the
    /// conjugate, `+-G` is {G | -G}, `Tiny(G)` is {0 || 0 | -G} and
    /// `Miny(G)` is {G | 0 || 0}; a term `name(argument)` goes to
    /// `resolve(forms, name, argument)` (`None`: an unknown name;
    /// `Some(Err(message))`: a bad argument, placed at it).
    ///
    /// # Errors
    /// [`MisereError::Notation`]: what was expected and where;
    /// [`MisereError::TooManyForms`] past the store's limit.
    #[allow(clippy::type_complexity)]
    pub fn parse_with(
        &mut self,
        text: &str,
        resolve: &mut dyn FnMut(&mut Forms, &str, &str) -> Option<Result<FormId, MisereError>>,
    ) -> Result<Vec<FormId>, MisereError> {
        let chars: Vec<char> = text.chars().collect();
        let mut reader = Reader {
            text: Cursor::new(&chars, 0),
            forms: self,
            store: GameStore::new(),
            resolve,
        };
        let parts = reader.expression()?;
        reader.text.skip_space();
        if !reader.text.at_end() {
            return Err(reader
                .text
                .error_here("expected `+`, `-` or the end")
                .into());
        }
        Ok(parts)
    }
}

/// The reader of [`Forms::parse_with`]: the grammar of the canonical
/// reader, building literal forms.
struct Reader<'f, 'r, 'c> {
    text: Cursor<'c>,
    forms: &'f mut Forms,
    store: GameStore,
    #[allow(clippy::type_complexity)]
    resolve: &'r mut dyn FnMut(&mut Forms, &str, &str) -> Option<Result<FormId, MisereError>>,
}

impl Reader<'_, '_, '_> {
    fn negate(&mut self, parts: Vec<FormId>) -> Result<Vec<FormId>, MisereError> {
        parts.into_iter().map(|p| self.forms.neg(p)).collect()
    }

    /// expression := [sign] term (('+' | '-' | '+-') term)*, as parts.
    fn expression(&mut self) -> Result<Vec<FormId>, MisereError> {
        self.text.skip_space();
        let mut parts = self.signed_term()?;
        loop {
            self.text.skip_space();
            match self.text.joiner() {
                Some(Joiner::Switch) => parts.push(self.switch()?),
                Some(Joiner::Plus) => parts.extend(self.signed_term()?),
                Some(Joiner::Minus) => {
                    let t = self.signed_term()?;
                    parts.extend(self.negate(t)?);
                }
                None => return Ok(parts),
            }
        }
    }

    /// One option between braces: an expression made one form.
    fn one(&mut self) -> Result<FormId, MisereError> {
        let parts = self.expression()?;
        self.forms.sum(&parts)
    }

    fn signed_term(&mut self) -> Result<Vec<FormId>, MisereError> {
        if self.text.at_switch() {
            return Ok(vec![self.switch()?]);
        }
        match self.text.peek() {
            Some('-') => {
                self.text.pos += 1;
                self.text.skip_space();
                if self.text.peek().is_some_and(|c| c.is_ascii_digit()) {
                    Ok(vec![self.literal(true)?])
                } else {
                    let t = self.term()?;
                    self.negate(t)
                }
            }
            Some('+') => {
                self.text.pos += 1;
                self.text.skip_space();
                self.term()
            }
            _ => self.term(),
        }
    }

    /// `+-G` = {G | -G}; `+-{A, B}` = {A, B | -A, -B}.
    fn switch(&mut self) -> Result<FormId, MisereError> {
        self.text.enter()?;
        self.text.switch_sign();
        self.text.skip_space();
        let options = if self.text.peek() == Some('{') {
            self.switch_options()?
        } else {
            let t = self.term()?;
            vec![self.forms.sum(&t)?]
        };
        self.text.leave();
        let negatives = options
            .iter()
            .map(|&o| self.forms.neg(o))
            .collect::<Result<Vec<_>, _>>()?;
        self.forms.form(&options, &negatives)
    }

    fn term(&mut self) -> Result<Vec<FormId>, MisereError> {
        self.text.skip_space();
        match self.text.peek() {
            Some('(') => {
                self.text.open()?;
                let parts = self.expression()?;
                self.text.close(')')?;
                Ok(parts)
            }
            Some('{') => Ok(vec![self.braced_game()?]),
            Some('±') => Ok(vec![self.switch()?]),
            Some('+') if self.text.peek_at(1) == Some('-') => Ok(vec![self.switch()?]),
            Some(c) if c.is_ascii_digit() || c == '^' || c == '*' || c == '↑' || c == '↓' => {
                Ok(vec![self.literal(false)?])
            }
            Some(c) if c.is_alphabetic() => {
                if self.at_downs() {
                    Ok(vec![self.literal(false)?])
                } else {
                    Ok(vec![self.call()?])
                }
            }
            _ => Err(self.text.error_here("expected a game").into()),
        }
    }

    fn at_downs(&self) -> bool {
        let mut k = 0;
        while self.text.peek_at(k) == Some('v') {
            k += 1;
        }
        k > 0
            && !self
                .text
                .peek_at(k)
                .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '(')
    }

    /// A number, ups and a star, juxtaposed, by the canonical reader:
    /// their canonical forms are their literal forms.
    fn literal(&mut self, negative: bool) -> Result<FormId, MisereError> {
        let (g, end) = literal_at(&mut self.store, self.text.chars, self.text.pos, negative)?;
        self.text.pos = end;
        self.forms.from_canonical(&mut self.store, g)
    }

    /// `name(argument)`: Tiny, Miny, or the resolver's.
    fn call(&mut self) -> Result<FormId, MisereError> {
        let start = self.text.pos;
        let name = self.text.word();
        self.text.pos += name.chars().count();
        self.text.skip_space();
        if self.text.peek() != Some('(') {
            return Err(NotationError::new(
                start,
                format!("unknown word `{name}`: expected a game"),
            )
            .into());
        }
        let open = self.text.pos;
        if matches!(name.as_str(), "Tiny" | "tiny" | "Miny" | "miny") {
            self.text.open()?;
            let g = self.one()?;
            self.text.close(')')?;
            let zero = self.forms.zero();
            let tiny = name.eq_ignore_ascii_case("tiny");
            let inner = if tiny {
                let neg = self.forms.neg(g)?;
                self.forms.form(&[zero], &[neg])?
            } else {
                self.forms.form(&[g], &[zero])?
            };
            return if tiny {
                self.forms.form(&[zero], &[inner])
            } else {
                self.forms.form(&[inner], &[zero])
            };
        }
        let end = self.text.closing_paren(open)?;
        let argument: String = self.text.chars[open + 1..end].iter().collect();
        match (self.resolve)(self.forms, &name, &argument) {
            None => Err(NotationError::new(start, format!("unknown name `{name}`")).into()),
            Some(Err(MisereError::Notation(e))) => {
                Err(NotationError::new(open + 1, e.message().to_owned()).into())
            }
            Some(Err(e)) => Err(e),
            Some(Ok(g)) => {
                self.text.pos = end + 1;
                Ok(g)
            }
        }
    }
}

impl<'c> BraceReader<'c> for Reader<'_, '_, 'c> {
    type Game = FormId;
    type Error = MisereError;

    fn text(&mut self) -> &mut Cursor<'c> {
        &mut self.text
    }

    fn option(&mut self) -> Result<FormId, MisereError> {
        self.one()
    }

    fn make(
        &mut self,
        _open: usize,
        left: &[FormId],
        right: &[FormId],
    ) -> Result<FormId, MisereError> {
        self.forms.form(left, right)
    }
}

/// A set of options, or a sum of forms as the search keys it (sorted,
/// without zeros).
type Key = Box<[FormId]>;

/// Who wins sums of literal forms in misère play, by search with a table
/// of the sums seen.
///
/// # Complexity
/// Each (sum, player) reached is expanded once; the sums reached are at
/// most the product of the parts' follower counts.
#[derive(Clone, Debug)]
pub struct MisereSearch {
    table: FxHashMap<(Key, Side), bool>,
    limit: usize,
}

impl Default for MisereSearch {
    fn default() -> Self {
        Self::new()
    }
}

/// A sum being searched: its children not yet known.
struct Frame {
    key: Key,
    side: Side,
    children: Vec<Key>,
    next: usize,
}

impl MisereSearch {
    /// The default limit of (sum, player) entries in the table.
    pub const DEFAULT_LIMIT: usize = 20_000_000;

    /// A search of at most [`MisereSearch::DEFAULT_LIMIT`] sums.
    pub fn new() -> Self {
        Self::with_limit(Self::DEFAULT_LIMIT)
    }

    /// A search of at most `limit` sums.
    pub fn with_limit(limit: usize) -> Self {
        MisereSearch {
            table: FxHashMap::default(),
            limit,
        }
    }

    /// How many (sum, player) entries the table holds.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    fn key(forms: &Forms, parts: &[FormId]) -> Key {
        let mut k: Vec<FormId> = parts
            .iter()
            .copied()
            .filter(|&p| {
                !(forms.options(p, Side::Left).is_empty()
                    && forms.options(p, Side::Right).is_empty())
            })
            .collect();
        k.sort_unstable();
        k.into_boxed_slice()
    }

    fn children(forms: &Forms, key: &Key, side: Side) -> Vec<Key> {
        let mut out = Vec::new();
        for (i, &p) in key.iter().enumerate() {
            if i > 0 && key[i - 1] == p {
                continue;
            }
            for &o in forms.options(p, side) {
                let mut next = key.to_vec();
                next[i] = o;
                out.push(Self::key(forms, &next));
            }
        }
        out
    }

    /// Whether the player `side`, to move on the sum of `parts`, wins in
    /// misère play (a player with no move wins).
    ///
    /// # Errors
    /// [`MisereError::TooManySums`] past the limit,
    /// [`MisereError::Interrupted`] when `interrupt` says so (asked every
    /// few thousand sums).
    pub fn mover_wins(
        &mut self,
        forms: &Forms,
        parts: &[FormId],
        side: Side,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<bool, MisereError> {
        let root = Self::key(forms, parts);
        if let Some(&w) = self.table.get(&(root.clone(), side)) {
            return Ok(w);
        }
        let mut expanded = 0usize;
        let children = Self::children(forms, &root, side);
        let mut stack = vec![Frame {
            key: root.clone(),
            side,
            children,
            next: 0,
        }];
        while let Some(frame) = stack.last_mut() {
            let opponent = frame.side.opponent();
            let mut result = None;
            if frame.children.is_empty() {
                result = Some(true);
            }
            while result.is_none() && frame.next < frame.children.len() {
                match self
                    .table
                    .get(&(frame.children[frame.next].clone(), opponent))
                {
                    Some(false) => result = Some(true),
                    Some(true) => frame.next += 1,
                    None => break,
                }
            }
            if result.is_none() && frame.next == frame.children.len() {
                result = Some(false);
            }
            if let Some(w) = result {
                let (key, side) = (frame.key.clone(), frame.side);
                stack.pop();
                if self.table.len() >= self.limit {
                    return Err(MisereError::TooManySums { limit: self.limit });
                }
                self.table.insert((key, side), w);
                continue;
            }
            let child = frame.children[frame.next].clone();
            expanded += 1;
            if expanded % 4096 == 0 && interrupt() {
                return Err(MisereError::Interrupted);
            }
            let children = Self::children(forms, &child, opponent);
            stack.push(Frame {
                key: child,
                side: opponent,
                children,
                next: 0,
            });
        }
        Ok(self.table[&(root, side)])
    }

    /// The misère outcome class of the sum of `parts`: L, R, N or P.
    ///
    /// # Errors
    /// As [`MisereSearch::mover_wins`].
    pub fn outcome(
        &mut self,
        forms: &Forms,
        parts: &[FormId],
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Outcome, MisereError> {
        let left = self.mover_wins(forms, parts, Side::Left, interrupt)?;
        let right = self.mover_wins(forms, parts, Side::Right, interrupt)?;
        Ok(Outcome::from_first_player_wins(left, right))
    }
}

/// The order of dead-ending games modulo the dead-ending universe, by the
/// recursive test of the module's doc, each pair decided once.
///
/// # Complexity
/// A pair needs the pairs of its options and followers two moves down
/// (each decided once), and for an end, two searches of a sum with a
/// perfect murder.
#[derive(Clone, Debug, Default)]
pub struct DeadEndingOrder {
    memo: FxHashMap<(FormId, FormId), bool>,
    search: MisereSearch,
}

impl DeadEndingOrder {
    /// An order with nothing decided yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether G ≥ H modulo dead-ending games: Left does at least as well
    /// in G + X as in H + X, moving first and second, for every
    /// dead-ending X.
    ///
    /// # Errors
    /// [`MisereError::NotDeadEnding`] when G or H is not dead-ending; as
    /// [`MisereSearch::mover_wins`] for the searches.
    pub fn ge(
        &mut self,
        forms: &mut Forms,
        g: FormId,
        h: FormId,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<bool, MisereError> {
        if !forms.is_dead_ending(g) || !forms.is_dead_ending(h) {
            return Err(MisereError::NotDeadEnding);
        }
        let mut stack = vec![(g, h)];
        let mut decided = 0usize;
        while let Some(&(a, b)) = stack.last() {
            if self.memo.contains_key(&(a, b)) {
                stack.pop();
                continue;
            }
            let needed = Self::needed(forms, a, b);
            let before = stack.len();
            stack.extend(needed.into_iter().filter(|p| !self.memo.contains_key(p)));
            if stack.len() > before {
                continue;
            }
            let answer = self.decide(forms, a, b, interrupt)?;
            self.memo.insert((a, b), answer);
            stack.pop();
            decided += 1;
            if decided % 1024 == 0 && interrupt() {
                return Err(MisereError::Interrupted);
            }
        }
        Ok(self.memo[&(g, h)])
    }

    /// The pairs the maintenance conditions of G ≥ H ask about.
    fn needed(forms: &Forms, g: FormId, h: FormId) -> Vec<(FormId, FormId)> {
        let mut out = Vec::new();
        for &hl in forms.options(h, Side::Left) {
            out.extend(forms.options(g, Side::Left).iter().map(|&gl| (gl, hl)));
            out.extend(forms.options(hl, Side::Right).iter().map(|&hlr| (g, hlr)));
        }
        for &gr in forms.options(g, Side::Right) {
            out.extend(forms.options(h, Side::Right).iter().map(|&hr| (gr, hr)));
            out.extend(forms.options(gr, Side::Left).iter().map(|&grl| (grl, h)));
        }
        out
    }

    fn decide(
        &mut self,
        forms: &mut Forms,
        g: FormId,
        h: FormId,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<bool, MisereError> {
        let known = |a: FormId, b: FormId| self.memo.get(&(a, b)).copied().unwrap_or(false);
        let left_kept = forms.options(h, Side::Left).iter().all(|&hl| {
            forms.options(g, Side::Left).iter().any(|&gl| known(gl, hl))
                || forms
                    .options(hl, Side::Right)
                    .iter()
                    .any(|&hlr| known(g, hlr))
        });
        let right_kept = left_kept
            && forms.options(g, Side::Right).iter().all(|&gr| {
                forms
                    .options(h, Side::Right)
                    .iter()
                    .any(|&hr| known(gr, hr))
                    || forms
                        .options(gr, Side::Left)
                        .iter()
                        .any(|&grl| known(grl, h))
            });
        if !right_kept {
            return Ok(false);
        }
        // The ends: X = 0 and the perfect murder past G's (or H's)
        // birthday are the Left (Right) dead ends that matter.
        if forms.options(h, Side::Left).is_empty() {
            let murder = forms.perfect_murder(forms.birthday(g) + 2)?;
            for parts in [vec![g], vec![g, murder]] {
                if !self
                    .search
                    .mover_wins(forms, &parts, Side::Left, interrupt)?
                {
                    return Ok(false);
                }
            }
        }
        if forms.options(g, Side::Right).is_empty() {
            let murder = forms.perfect_murder(forms.birthday(h) + 2)?;
            let murder = forms.neg(murder)?;
            for parts in [vec![h], vec![h, murder]] {
                if !self
                    .search
                    .mover_wins(forms, &parts, Side::Right, interrupt)?
                {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// Whether G = H modulo dead-ending games (G ≥ H and H ≥ G).
    ///
    /// # Errors
    /// As [`DeadEndingOrder::ge`].
    pub fn eq(
        &mut self,
        forms: &mut Forms,
        g: FormId,
        h: FormId,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<bool, MisereError> {
        Ok(self.ge(forms, g, h, interrupt)? && self.ge(forms, h, g, interrupt)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dead_ending::LeftDeadEnds;

    fn never() -> bool {
        false
    }

    /// Every form born by day 2 (256 of them), day 1's first.
    fn born_by_day_two(forms: &mut Forms) -> Vec<FormId> {
        let zero = forms.zero();
        let mut day1 = vec![zero];
        for (l, r) in [(true, false), (false, true), (true, true)] {
            let pick = |b: bool| if b { vec![zero] } else { vec![] };
            day1.push(forms.form(&pick(l), &pick(r)).unwrap());
        }
        let mut all = Vec::new();
        for lmask in 0u32..16 {
            for rmask in 0u32..16 {
                let pick = |m: u32| {
                    (0..4)
                        .filter(|i| m >> i & 1 == 1)
                        .map(|i| day1[i])
                        .collect::<Vec<_>>()
                };
                all.push(forms.form(&pick(lmask), &pick(rmask)).unwrap());
            }
        }
        all
    }

    /// For each game, Left's results in G + X over every X of `xs`: bit
    /// 2k, Left wins moving first; bit 2k + 1, Left wins moving second.
    fn left_results(forms: &Forms, games: &[FormId], xs: &[FormId]) -> Vec<Vec<bool>> {
        let mut search = MisereSearch::new();
        games
            .iter()
            .map(|&g| {
                xs.iter()
                    .flat_map(|&x| {
                        let first = search
                            .mover_wins(forms, &[g, x], Side::Left, &mut never)
                            .unwrap();
                        let second = !search
                            .mover_wins(forms, &[g, x], Side::Right, &mut never)
                            .unwrap();
                        [first, second]
                    })
                    .collect()
            })
            .collect()
    }

    /// Left does at least as well with `g`'s results as with `h`'s.
    fn at_least(g: &[bool], h: &[bool]) -> bool {
        g.iter().zip(h).all(|(&a, &b)| a || !b)
    }

    #[test]
    fn literal_forms_keep_what_canonical_forms_drop() {
        let mut forms = Forms::new();
        let one = forms.parse_one("1").unwrap();
        assert_eq!(forms.parse_one("{0|}").unwrap(), one);
        // {0, -1 |} is 1 in normal play (-1 is dominated); kept here.
        let g = forms.parse_one("{0, -1|}").unwrap();
        assert_eq!(forms.options(g, Side::Left).len(), 2);
        let parts = forms.parse("{0|} + {|0} - 1").unwrap();
        assert_eq!(parts.len(), 3);
        let minus_one = forms.parse_one("{|0}").unwrap();
        assert_eq!(parts[2], minus_one);
        let error = forms.parse("{0|").unwrap_err();
        assert_eq!(
            error.to_string(),
            "at character 4: expected `}`, found the end"
        );
    }

    #[test]
    fn outcomes_of_small_games() {
        let mut forms = Forms::new();
        let mut search = MisereSearch::new();
        let mut outcome = |text: &str| {
            let parts = forms.parse(text).unwrap();
            search.outcome(&forms, &parts, &mut never).unwrap()
        };
        // Whoever cannot move wins: 0 is N, * is P, 1 is R, -1 is L.
        assert_eq!(outcome("0"), Outcome::N);
        assert_eq!(outcome("*"), Outcome::P);
        assert_eq!(outcome("1"), Outcome::R);
        assert_eq!(outcome("-1"), Outcome::L);
        // 1 + (-1): each player's one move is forced, and the one who
        // moved first is the first left without a move.
        assert_eq!(outcome("1 - 1"), Outcome::N);
        // Misère Nim: with a heap above 1, as in normal play (nim-sum 0
        // loses); with heaps of 1 only, an even number wins.
        assert_eq!(outcome("*2 + *2"), Outcome::P);
        assert_eq!(outcome("* + *"), Outcome::N);
        assert_eq!(outcome("*2 + *3"), Outcome::N);
        assert_eq!(outcome("*2 + *2 + *"), Outcome::N);
        // {0, * | 0} as written: Left may move to *, then Right must move.
        assert_eq!(outcome("{0, *|0}"), Outcome::L);
        // {0, -1 |} is 1 in normal play, yet not R: Left moving first goes
        // to -1, Right must move to 0, and Left has no move.
        assert_eq!(outcome("{0, -1|}"), Outcome::N);
    }

    #[test]
    fn interrupted_and_limited_searches_stop() {
        let mut forms = Forms::new();
        let parts = forms
            .parse("*9 + *9 + *9 + *9 + *9 + *9 + *9 + *9 + *9")
            .unwrap();
        let mut search = MisereSearch::new();
        let mut asked = 0;
        let mut stop = || {
            asked += 1;
            true
        };
        let stopped = search.mover_wins(&forms, &parts, Side::Left, &mut stop);
        assert_eq!(stopped, Err(MisereError::Interrupted));
        let mut small = MisereSearch::with_limit(10);
        let limited = small.mover_wins(&forms, &parts, Side::Left, &mut never);
        assert_eq!(limited, Err(MisereError::TooManySums { limit: 10 }));
        let mut tiny_store = Forms::with_limit(5);
        assert_eq!(
            tiny_store.parse("{{{{{{0|}|}|}|}|}|}"),
            Err(MisereError::TooManyForms { limit: 5 })
        );
        // Refused by its birthday, before a chain of 10^18 is walked.
        assert_eq!(
            Forms::new().parse("1000000000000000000"),
            Err(MisereError::TooManyForms {
                limit: Forms::DEFAULT_LIMIT
            })
        );
    }

    #[test]
    fn the_order_on_left_dead_ends_is_the_dead_end_order() {
        let mut ends = LeftDeadEnds::new();
        let day3 = ends.born_by(3);
        let mut forms = Forms::new();
        let mut form_of = FxHashMap::default();
        // Options have smaller ids than the dead ends that have them.
        let mut all: Vec<_> = day3.clone();
        let mut k = 0;
        while k < all.len() {
            let options = ends.options(all[k]).to_vec();
            all.extend(options);
            k += 1;
        }
        all.sort_unstable();
        all.dedup();
        for d in all {
            let right: Vec<FormId> = ends.options(d).iter().map(|o| form_of[o]).collect();
            let f = forms.form(&[], &right).unwrap();
            form_of.insert(d, f);
        }
        let mut order = DeadEndingOrder::new();
        for &g in &day3 {
            for &h in &day3 {
                let ours = order
                    .ge(&mut forms, form_of[&g], form_of[&h], &mut never)
                    .unwrap();
                assert_eq!(ours, ends.ge(g, h), "{g:?} >= {h:?}");
            }
        }
    }

    #[test]
    fn the_order_agrees_with_a_misere_search_on_games_born_by_day_two() {
        let mut forms = Forms::new();
        let games = dead_ending_by_day_two(&mut forms);
        assert_eq!(games.len(), 232);
        // The X: every dead-ending game born by day 2.
        let results = left_results(&forms, &games, &games);
        let (ge, not_ge, told_apart) = tally(&mut forms, &games, &results);
        println!(
            "day 2: {ge} pairs G ≥ H (mod E), {not_ge} not; an X born by day 2 tells {told_apart} of those apart"
        );
        // Of the 48084 pairs the order says are not ≥, an X born by day 2
        // shows 44183 (92%); the rest need a larger X: with 3000 X born by
        // day 3 all but 96 are shown (the ignored test below), and the
        // order's "no" comes from a condition the theory proves necessary.
        assert!(told_apart * 10 >= not_ge * 9, "{told_apart} of {not_ge}");
        assert_eq!((ge, not_ge, told_apart), (5740, 48084, 44183));
    }

    #[test]
    fn the_order_agrees_with_a_misere_search_on_sampled_day_three_games() {
        let mut forms = Forms::new();
        let day2 = dead_ending_by_day_two(&mut forms);
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut games = Vec::new();
        while games.len() < 120 {
            let mut pick = |count: u64| {
                (0..next() % count)
                    .map(|_| day2[(next() % day2.len() as u64) as usize])
                    .collect::<Vec<_>>()
            };
            let (left, right) = (pick(4), pick(4));
            let g = forms.form(&left, &right).unwrap();
            if forms.is_dead_ending(g) && forms.birthday(g) == 3 && !games.contains(&g) {
                games.push(g);
            }
        }
        // The X: every dead-ending game born by day 2, and the perfect
        // murders born by days 3 to 5 with their conjugates.
        let mut xs = day2.clone();
        xs.extend(
            games
                .iter()
                .map(|&g| forms.neg(g).unwrap())
                .collect::<Vec<_>>(),
        );
        xs.extend(games.iter().copied());
        for n in 3..=5 {
            let m = forms.perfect_murder(n).unwrap();
            xs.push(m);
            xs.push(forms.neg(m).unwrap());
        }
        let results = left_results(&forms, &games, &xs);
        let (ge, not_ge, told_apart) = tally(&mut forms, &games, &results);
        println!(
            "day 3 sample: {ge} pairs G ≥ H (mod E), {not_ge} not; an X tells {told_apart} of those apart"
        );
        // 850 ≥, 13550 not, 12708 (94%) of those shown by these X.
        assert!(told_apart * 10 >= not_ge * 9, "{told_apart} of {not_ge}");
        assert_eq!((ge, not_ge, told_apart), (850, 13550, 12708));
    }

    /// The dead-ending games among those born by day 2.
    fn dead_ending_by_day_two(forms: &mut Forms) -> Vec<FormId> {
        let all = born_by_day_two(forms);
        all.into_iter()
            .filter(|&g| forms.is_dead_ending(g))
            .collect()
    }

    /// Over every ordered pair (G, H) of `games`: the pairs the order says
    /// G ≥ H (mod E), where every X must agree (asserted), the pairs it
    /// says not, and how many of those an X of `results` tells apart.
    fn tally(forms: &mut Forms, games: &[FormId], results: &[Vec<bool>]) -> (usize, usize, usize) {
        let mut order = DeadEndingOrder::new();
        let (mut ge, mut not_ge, mut told_apart) = (0, 0, 0);
        for (i, &g) in games.iter().enumerate() {
            for (j, &h) in games.iter().enumerate() {
                let apart = !at_least(&results[i], &results[j]);
                if order.ge(forms, g, h, &mut never).unwrap() {
                    ge += 1;
                    assert!(!apart, "G ≥ H (mod E) but an X says not: {i} {j}");
                } else {
                    not_ge += 1;
                    told_apart += usize::from(apart);
                }
            }
        }
        (ge, not_ge, told_apart)
    }

    /// A fixed xorshift: the same sample every run.
    fn xorshift(seed: u64) -> impl FnMut() -> u64 {
        let mut state = seed;
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    /// Run in release (`cargo test --release -p cgt-core --lib
    /// partizan_misere -- --ignored`, about 10 s): with 3000 dead-ending X
    /// born by day 3 besides those born by day 2, the pairs of games born
    /// by day 2 that the order says are not ≥ are told apart by an X for
    /// all but 96 of 48084, and every G ≥ H still holds against every X.
    #[test]
    #[ignore = "release only: about 10 s"]
    fn with_x_born_by_day_three_nearly_every_not_ge_pair_is_told_apart() {
        let mut forms = Forms::new();
        let day2 = dead_ending_by_day_two(&mut forms);
        let mut next = xorshift(0x1234_5678_9abc_def1);
        let mut xs = day2.clone();
        while xs.len() < day2.len() + 3000 {
            let mut pick = |count: u64| {
                (0..next() % count)
                    .map(|_| day2[(next() % day2.len() as u64) as usize])
                    .collect::<Vec<_>>()
            };
            let (left, right) = (pick(6), pick(6));
            let x = forms.form(&left, &right).unwrap();
            if forms.is_dead_ending(x) {
                xs.push(x);
            }
        }
        let results = left_results(&forms, &day2, &xs);
        let (_, not_ge, told_apart) = tally(&mut forms, &day2, &results);
        println!("day 2 with X born by day 3: {told_apart} of {not_ge} not-≥ pairs told apart");
        assert_eq!((not_ge, told_apart), (48084, 47988));
    }
}
