//! The values of ruleset positions as terms of a game expression: one
//! [`ValueMemo`] per ruleset, each building its values in the expression's
//! own store (never a store of its own, so nothing is copied).

use crate::ParseError;
use crate::clobber::Clobber;
use crate::domineering::Domineering;
use crate::hackenbush::Hackenbush;
use crate::toppling::Toppling;
use cgt_core::canonical::{GameId, GameStore};
use cgt_core::partizan::{PartizanGame, ValueMemo};

/// The rulesets' names as they appear in expressions.
pub const NAMES: [&str; 4] = ["domineering", "hackenbush", "clobber", "toppling"];

/// Values of ruleset positions, memoised per ruleset, for
/// [`GameStore::parse_with`]: `domineering(..#|...)`, `hackenbush(l(r;lr))`,
/// `clobber(xo.|oxx)`, `toppling(lrrl)`.
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
    domineering: Option<ValueMemo<Domineering>>,
    hackenbush: Option<ValueMemo<Hackenbush>>,
    clobber: Option<ValueMemo<Clobber>>,
    toppling: Option<ValueMemo<Toppling>>,
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
        let result = match name {
            "domineering" => value_in(
                name,
                &mut self.domineering,
                Domineering,
                Domineering::parse(argument),
                store,
            ),
            "hackenbush" => value_in(
                name,
                &mut self.hackenbush,
                Hackenbush,
                Hackenbush::parse(argument),
                store,
            ),
            "clobber" => value_in(
                name,
                &mut self.clobber,
                Clobber,
                Clobber::parse(argument),
                store,
            ),
            "toppling" => value_in(
                name,
                &mut self.toppling,
                Toppling,
                Toppling::parse(argument),
                store,
            ),
            _ => return None,
        };
        Some(result)
    }
}

fn value_in<G: PartizanGame>(
    name: &str,
    memo: &mut Option<ValueMemo<G>>,
    game: G,
    position: Result<G::Position, ParseError>,
    store: &mut GameStore,
) -> Result<GameId, String> {
    let position = position.map_err(|e| format!("{name} position: {e}"))?;
    let memo = memo.get_or_insert_with(|| ValueMemo::new(game));
    memo.value(store, &position).map_err(|e| e.to_string())
}
