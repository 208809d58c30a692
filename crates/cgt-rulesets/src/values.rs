//! The values of ruleset positions as terms of a game expression: one
//! [`ValueMemo`] per ruleset, and the copy of a value from a memo's store
//! into the expression's store.

use crate::ParseError;
use crate::clobber::Clobber;
use crate::domineering::Domineering;
use crate::hackenbush::Hackenbush;
use crate::toppling::Toppling;
use cgt_core::canonical::{GameId, GameStore, ValueError};
use cgt_core::partizan::{PartizanGame, ValueMemo};
use std::collections::HashMap;

/// The rulesets' names as they appear in expressions.
pub const NAMES: [&str; 4] = ["domineering", "hackenbush", "clobber", "toppling"];

/// Values of ruleset positions, memoised per ruleset, for
/// [`GameStore::parse_with`]: `domineering(..#|...)`, `hackenbush(l(r;lr))`,
/// `clobber(xo.|oxx)`, `toppling(lrrl)`.
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
/// assert_eq!(store.display(sum).to_string(), "{3/2|-1/2}");
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
    let value = memo.value(&position).map_err(|e| e.to_string())?;
    import(store, memo.store_mut(), value).map_err(|e| e.to_string())
}

/// Copies the game `root` of the store `from` into the store `to`: its
/// canonical form, built bottom-up with an explicit stack; numbers are
/// copied as numbers (an integer's tree is as deep as the integer).
///
/// # Example
/// ```
/// use cgt_core::canonical::GameStore;
/// use cgt_rulesets::values::import;
/// let mut from = GameStore::new();
/// let g = from.parse("{1|*}").unwrap();
/// let mut to = GameStore::new();
/// let copy = import(&mut to, &mut from, g).unwrap();
/// assert_eq!(to.display(copy).to_string(), from.display(g).to_string());
/// ```
///
/// # Errors
/// If building a form in `to` overflows.
///
/// # Complexity
/// One [`GameStore::game`] per distinct subgame that is not a number.
pub fn import(
    to: &mut GameStore,
    from: &mut GameStore,
    root: GameId,
) -> Result<GameId, ValueError> {
    let mut copied: HashMap<GameId, GameId> = HashMap::new();
    let mut stack = vec![(root, false)];
    while let Some((g, children_done)) = stack.pop() {
        if copied.contains_key(&g) {
            continue;
        }
        if let Some(x) = from.as_number(g) {
            copied.insert(g, to.number(x));
            continue;
        }
        let left = from.left_options(g).to_vec();
        let right = from.right_options(g).to_vec();
        if !children_done {
            stack.push((g, true));
            let options = left.iter().chain(&right);
            stack.extend(
                options
                    .filter(|o| !copied.contains_key(o))
                    .map(|&o| (o, false)),
            );
            continue;
        }
        let left: Vec<GameId> = left.iter().map(|o| copied[o]).collect();
        let right: Vec<GameId> = right.iter().map(|o| copied[o]).collect();
        copied.insert(g, to.game(&left, &right)?);
    }
    Ok(copied[&root])
}
