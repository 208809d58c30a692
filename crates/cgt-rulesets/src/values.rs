//! The values of ruleset positions as terms of a game expression:
//! [`Rulesets`], one memo per ruleset of the [registry](crate::registry),
//! each building its values in the expression's own store (never a store
//! of its own, so nothing is copied).

use crate::registry::RULESETS;
use crate::terms::{RulesetMemo, TermError};
use cgt_core::canonical::{GameId, GameStore};
use cgt_core::outcome::Side;
use std::collections::HashMap;
use std::collections::hash_map::Entry;

/// Values of ruleset positions, memoised per ruleset, for
/// [`GameStore::parse_with`]: every ruleset of [`RULESETS`], as
/// `domineering(..#|...)`, `hackenbush(l(r;lr))`, `clobber(xo.|oxx)`, ….
///
/// The values are built in the store passed to [`Rulesets::resolve`]: keep
/// one `Rulesets` beside one store, and a position valued again costs a
/// look-up and adds no game (with another store, the memos start over).
///
/// # Example
/// ```
/// use cgt_core::canonical::GameStore;
/// use cgt_rulesets::Rulesets;
///
/// let mut store = GameStore::new();
/// let mut rulesets = Rulesets::new();
/// let sum = store
///     .parse_with("domineering(..|..) + hackenbush(lr)", &mut |s, name, arg| {
///         rulesets.resolve(s, name, arg)
///     })
///     .expect("a valid expression");
/// // The 2 × 2 square is ±1; the blue-red stalk is 1/2.
/// let expected = store.parse("{3/2|-1/2}").expect("notation");
/// assert_eq!(sum, expected);
/// assert_eq!(store.display(sum), "{3/2|-1/2}");
/// // The same position again adds nothing to the store.
/// let games = store.len();
/// let again = store
///     .parse_with("domineering(..|..)", &mut |s, name, arg| rulesets.resolve(s, name, arg))
///     .expect("a valid expression");
/// assert_eq!(store.display(again), "+-1");
/// assert_eq!(store.len(), games);
/// ```
#[derive(Default)]
pub struct Rulesets {
    memos: HashMap<&'static str, Box<dyn RulesetMemo>>,
}

impl Rulesets {
    /// Nothing computed yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// The value of the position `argument` of the ruleset `name` in
    /// `store`: `None` if `name` is not a ruleset, `Some(Err(message))` if
    /// the position does not read or its value overflows. The message of a
    /// position that does not read is `NAME position: at character k: ...`,
    /// k counted from 1 at the first character after `(`.
    pub fn resolve(
        &mut self,
        store: &mut GameStore,
        name: &str,
        argument: &str,
    ) -> Option<Result<GameId, String>> {
        let (name, memo) = self.memo(name)?;
        Some(memo.value(store, argument).map_err(|e| match e {
            TermError::Position(e) => format!("{name} position: {e}"),
            TermError::Value(e) => e.to_string(),
        }))
    }

    /// [`resolve`](Self::resolve) within a budget: the value of the
    /// position if it takes at most `budget` positions not valued before,
    /// `Some(Ok(None))` when it would take more. The positions valued on the
    /// way are kept, so asking again goes on from them: a caller that wants
    /// to stop a long search (on Ctrl-C, say) asks in steps.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// use cgt_rulesets::Rulesets;
    ///
    /// let (mut store, mut rulesets) = (GameStore::new(), Rulesets::new());
    /// let value = loop {
    ///     match rulesets.value_within(&mut store, "domineering", "....|....", 10) {
    ///         Some(Ok(Some(value))) => break value,
    ///         Some(Ok(None)) => continue, // here a caller may stop instead
    ///         _ => unreachable!("a ruleset and a position that reads"),
    ///     }
    /// };
    /// assert_eq!(store.display(value), "Miny(2)");
    /// ```
    pub fn value_within(
        &mut self,
        store: &mut GameStore,
        name: &str,
        argument: &str,
        budget: usize,
    ) -> Option<Result<Option<GameId>, String>> {
        let (name, memo) = self.memo(name)?;
        let id = match memo.read(argument) {
            Ok(id) => id,
            Err(e) => return Some(Err(format!("{name} position: {e}"))),
        };
        Some(
            memo.value_within(store, id, budget)
                .map_err(|e| e.to_string()),
        )
    }

    /// The position `argument` of ruleset `name` as the ruleset writes it
    /// (the form its reader reads back), and the positions `side` can move
    /// to, written likewise. `None` if `name` is not a ruleset; the error
    /// is [`resolve`](Self::resolve)'s.
    ///
    /// # Example
    /// ```
    /// use cgt_core::outcome::Side;
    /// use cgt_rulesets::Rulesets;
    ///
    /// let mut rulesets = Rulesets::new();
    /// let (position, moves) = rulesets.moves("toppling", "lr", Side::Left).unwrap().unwrap();
    /// assert_eq!(position, "lr");
    /// assert_eq!(moves, ["", "r"]);
    /// ```
    pub fn moves(
        &mut self,
        name: &str,
        argument: &str,
        side: Side,
    ) -> Option<Result<(String, Vec<String>), String>> {
        let (name, memo) = self.memo(name)?;
        let id = match memo.read(argument) {
            Ok(id) => id,
            Err(e) => return Some(Err(format!("{name} position: {e}"))),
        };
        let mut options = Vec::new();
        memo.whole_options(id, side, &mut options);
        let written = options.iter().map(|&o| memo.write(o)).collect();
        Some(Ok((memo.write(id), written)))
    }

    /// The position `argument` of ruleset `name` as the ruleset writes it:
    /// the form its reader reads back, the same for every way of writing
    /// one position. `None` if `name` is not a ruleset; the error is
    /// [`resolve`](Self::resolve)'s.
    ///
    /// # Example
    /// ```
    /// let mut rulesets = cgt_rulesets::Rulesets::new();
    /// let written = rulesets.written("domineering", " .. | .# ").unwrap();
    /// assert_eq!(written.as_deref(), Ok("..|.#"));
    /// ```
    pub fn written(&mut self, name: &str, argument: &str) -> Option<Result<String, String>> {
        let (name, memo) = self.memo(name)?;
        Some(
            memo.read(argument)
                .map(|id| memo.write(id))
                .map_err(|e| format!("{name} position: {e}")),
        )
    }

    /// How many positions of every ruleset have been valued (searched)
    /// so far: each position once, however often it was asked for.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// use cgt_rulesets::Rulesets;
    ///
    /// let (mut store, mut rulesets) = (GameStore::new(), Rulesets::new());
    /// assert_eq!(rulesets.positions(), 0);
    /// rulesets.resolve(&mut store, "domineering", "..|..").unwrap().unwrap();
    /// let searched = rulesets.positions();
    /// assert!(searched >= 3); // the square, a 1 × 2 or 2 × 1 strip, nothing
    /// rulesets.resolve(&mut store, "domineering", "..|..").unwrap().unwrap();
    /// assert_eq!(rulesets.positions(), searched);
    /// ```
    pub fn positions(&self) -> usize {
        self.memos.values().map(|term| term.positions()).sum()
    }

    fn memo(&mut self, name: &str) -> Option<(&'static str, &mut Box<dyn RulesetMemo>)> {
        let ruleset = RULESETS.iter().find(|r| r.name == name)?;
        let memo = match self.memos.entry(ruleset.name) {
            Entry::Occupied(memo) => memo.into_mut(),
            Entry::Vacant(slot) => slot.insert(ruleset.memo()?),
        };
        Some((ruleset.name, memo))
    }
}
