//! Partizan misère play of what `eval` reads: [`MisereGames`] reads an
//! expression (notation and ruleset positions, and sums of them) as
//! literal forms, never as canonical forms (which lose the misère
//! outcome), and answers with `cgt-core`'s
//! [`partizan_misere`](cgt_core::partizan_misere): the misère outcome of
//! the sum, and G ≥ H modulo dead-ending games.
//!
//! A ruleset position becomes the form of its own game tree, by the
//! ruleset's move generator (each position it reaches made once); a term
//! in notation keeps the options it is written with; a sum stays a list of
//! its terms for the search (inside braces it is multiplied out).
//!
//! # Example
//! ```
//! use cgt_core::outcome::Outcome;
//! use cgt_rulesets::misere::MisereGames;
//!
//! let mut games = MisereGames::new();
//! let mut never = || false;
//! // A 1 × 2 Domineering strip: Left's one move is forced, so in misère
//! // play Left, moving first, loses; Right, with no move, wins at once.
//! assert_eq!(games.outcome("domineering(.|.)", &mut never)?, Outcome::R);
//! assert_eq!(games.outcome("domineering(.|.) + {|0}", &mut never)?, Outcome::N);
//! // In normal play {0, -1|} is 1, R in misère play; as written, Left
//! // may move to -1, Right must then move, and Left is left without one.
//! assert_eq!(games.outcome("{0, -1|}", &mut never)?, Outcome::N);
//! assert_eq!(games.outcome("1", &mut never)?, Outcome::R);
//! assert_eq!(games.outcome("*", &mut never)?, Outcome::P);
//! // Modulo dead-ending games, Left likes the strip as much as 1.
//! assert!(games.equal("domineering(.|.)", "1", &mut never)?);
//! # Ok::<(), cgt_core::partizan_misere::MisereError>(())
//! ```
//!
//! # Complexity
//! Building a position's form visits each position it reaches once (up to
//! the forms' limit); the search and the order are `cgt-core`'s.

use crate::registry::RULESETS;
use crate::terms::RulesetMemo;
use cgt_core::canonical::NotationError;
use cgt_core::outcome::{Outcome, Side};
use cgt_core::partizan_misere::{DeadEndingOrder, FormId, Forms, MisereError, MisereSearch};
use rustc_hash::FxHashMap;

/// A ruleset's memo (its positions by number), and the form of each of
/// its positions built so far.
type Built = Option<(Box<dyn RulesetMemo>, FxHashMap<usize, FormId>)>;

/// Literal forms of expressions, with the search and the order that
/// answer about them; keep one for many questions (what it has built, it
/// keeps).
pub struct MisereGames {
    forms: Forms,
    search: MisereSearch,
    order: DeadEndingOrder,
    /// By ruleset, in the order of [`RULESETS`].
    memos: Vec<Built>,
}

impl Default for MisereGames {
    fn default() -> Self {
        Self::new()
    }
}

impl MisereGames {
    /// Nothing read yet; the forms and the search at their default limits.
    pub fn new() -> Self {
        MisereGames {
            forms: Forms::new(),
            search: MisereSearch::new(),
            order: DeadEndingOrder::new(),
            memos: RULESETS.iter().map(|_| None).collect(),
        }
    }

    /// The forms read so far.
    pub fn forms(&self) -> &Forms {
        &self.forms
    }

    /// Reads `expr` as the literal forms of its top-level terms.
    ///
    /// # Errors
    /// [`MisereError::Notation`] where it does not read (an unknown name,
    /// a bad position, a loopy ruleset); [`MisereError::TooManyForms`] for
    /// a game too large.
    pub fn read(&mut self, expr: &str) -> Result<Vec<FormId>, MisereError> {
        let memos = &mut self.memos;
        self.forms.parse_with(expr, &mut |forms, name, argument| {
            let index = RULESETS.iter().position(|r| r.name == name)?;
            Some(position_form(memos, forms, index, argument))
        })
    }

    /// Whether the player `side`, moving first on `expr`, wins in misère
    /// play.
    ///
    /// # Errors
    /// As [`MisereGames::read`]; the search's limit or `interrupt`.
    pub fn mover_wins(
        &mut self,
        expr: &str,
        side: Side,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<bool, MisereError> {
        let parts = self.read(expr)?;
        self.search.mover_wins(&self.forms, &parts, side, interrupt)
    }

    /// The misère outcome class of `expr`.
    ///
    /// # Errors
    /// As [`MisereGames::mover_wins`].
    pub fn outcome(
        &mut self,
        expr: &str,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Outcome, MisereError> {
        let parts = self.read(expr)?;
        self.search.outcome(&self.forms, &parts, interrupt)
    }

    /// Whether G ≥ H modulo dead-ending games (each a whole expression).
    ///
    /// # Errors
    /// As [`MisereGames::read`]; [`MisereError::NotDeadEnding`] when G or
    /// H is not dead-ending.
    pub fn ge(
        &mut self,
        g: &str,
        h: &str,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<bool, MisereError> {
        let (g, h) = (self.one(g)?, self.one(h)?);
        self.order.ge(&mut self.forms, g, h, interrupt)
    }

    /// Whether G = H modulo dead-ending games.
    ///
    /// # Errors
    /// As [`MisereGames::ge`].
    pub fn equal(
        &mut self,
        g: &str,
        h: &str,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<bool, MisereError> {
        let (g, h) = (self.one(g)?, self.one(h)?);
        self.order.eq(&mut self.forms, g, h, interrupt)
    }

    /// `expr` as one form (a sum multiplied out).
    ///
    /// # Errors
    /// As [`MisereGames::read`].
    pub fn one(&mut self, expr: &str) -> Result<FormId, MisereError> {
        let parts = self.read(expr)?;
        self.forms.sum(&parts)
    }

    /// The literal form of a canonical game of `store` (its canonical form
    /// taken as written).
    ///
    /// # Errors
    /// [`MisereError::TooManyForms`] past the forms' limit.
    pub fn from_canonical(
        &mut self,
        store: &mut cgt_core::canonical::GameStore,
        g: cgt_core::canonical::GameId,
    ) -> Result<FormId, MisereError> {
        self.forms.from_canonical(store, g)
    }

    /// The misère outcome class of the sum of `parts`, forms of this store.
    ///
    /// # Errors
    /// As [`MisereSearch::outcome`].
    pub fn outcome_of(
        &mut self,
        parts: &[FormId],
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Outcome, MisereError> {
        self.search.outcome(&self.forms, parts, interrupt)
    }

    /// Whether G ≥ H modulo dead-ending games, for forms of this store.
    ///
    /// # Errors
    /// As [`DeadEndingOrder::ge`].
    pub fn ge_forms(
        &mut self,
        g: FormId,
        h: FormId,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<bool, MisereError> {
        self.order.ge(&mut self.forms, g, h, interrupt)
    }
}

/// The form of `name(argument)`, a ruleset position, from its game tree.
fn position_form(
    memos: &mut [Built],
    forms: &mut Forms,
    index: usize,
    argument: &str,
) -> Result<FormId, MisereError> {
    let not_here = |message: String| MisereError::Notation(NotationError::new(0, message));
    let name = RULESETS[index].name;
    let slot = &mut memos[index];
    if slot.is_none() {
        let Some(memo) = RULESETS[index].memo() else {
            return Err(not_here(format!(
                "{name} is a loopy ruleset: misère play here is for short games"
            )));
        };
        *slot = Some((memo, FxHashMap::default()));
    }
    let Some((memo, built)) = slot.as_mut() else {
        unreachable!("filled above")
    };
    let root = memo
        .read(argument)
        .map_err(|e| not_here(format!("{name} position: {e}")))?;
    let mut stack = vec![root];
    let (mut left, mut right) = (Vec::new(), Vec::new());
    let mut visited = 0usize;
    while let Some(&id) = stack.last() {
        if built.contains_key(&id) {
            stack.pop();
            continue;
        }
        left.clear();
        right.clear();
        memo.whole_options(id, Side::Left, &mut left);
        memo.whole_options(id, Side::Right, &mut right);
        let before = stack.len();
        stack.extend(
            left.iter()
                .chain(&right)
                .filter(|o| !built.contains_key(o))
                .copied(),
        );
        if stack.len() > before {
            visited += 1;
            if visited > Forms::DEFAULT_LIMIT {
                return Err(MisereError::TooManyForms {
                    limit: Forms::DEFAULT_LIMIT,
                });
            }
            continue;
        }
        let l: Vec<FormId> = left.iter().map(|o| built[o]).collect();
        let r: Vec<FormId> = right.iter().map(|o| built[o]).collect();
        let f = forms.form(&l, &r)?;
        built.insert(id, f);
        stack.pop();
    }
    Ok(built[&root])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kayles::Kayles;
    use cgt_core::misere::MisereMemo;

    fn never() -> bool {
        false
    }

    #[test]
    fn kayles_outcomes_agree_with_the_impartial_misere_search() {
        let mut memo = MisereMemo::new(Kayles);
        let mut games = MisereGames::new();
        for a in 0..=8u32 {
            for b in 0..=5u32 {
                let rows = Kayles::parse(&format!("{a},{b}")).unwrap();
                let expected = memo.outcome(&rows);
                let whole = games
                    .outcome(&format!("kayles({a},{b})"), &mut never)
                    .unwrap();
                let parts = games
                    .outcome(&format!("kayles({a}) + kayles({b})"), &mut never)
                    .unwrap();
                assert_eq!((whole, parts), (expected, expected), "{a},{b}");
            }
        }
    }

    #[test]
    fn errors_say_where() {
        let mut games = MisereGames::new();
        let error = games.outcome("1 + clobber(xq)", &mut never).unwrap_err();
        assert_eq!(
            error.to_string(),
            "at character 13: clobber position: at character 2: expected 'x', 'o', '.' or '|', found 'q'"
        );
        let error = games.outcome("backsliding(tt.f)", &mut never).unwrap_err();
        assert_eq!(
            error.to_string(),
            "at character 13: backsliding is a loopy ruleset: misère play here is for short games"
        );
        let error = games.outcome("nothing(1)", &mut never).unwrap_err();
        assert_eq!(error.to_string(), "at character 1: unknown name `nothing`");
        // {-1|}: Right cannot move, and after Left's move he can.
        let error = games.ge("{-1|}", "0", &mut never).unwrap_err();
        assert_eq!(error, MisereError::NotDeadEnding);
    }
}
