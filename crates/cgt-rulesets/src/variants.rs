//! CGSuite's three variants of any ruleset (`game.variant`: `Ruleset`'s
//! `ImpartialVariant`, `DicoticVariant` and `TwistedVariant`), played on
//! the positions of any short ruleset of the [registry](crate::registry).
//! A variant's position is a term of the base ruleset:
//! `impartial(domineering(..|..))`.
//!
//! - **impartial** `i(G) = {i(G^L), i(G^R) | i(G^L), i(G^R)}`: either
//!   player may make either player's moves (MCGS's `[impartial clobber]`
//!   and the like are this game); the value is a nimber, and a sum splits
//!   as the base's positions do (CGSuite's `ImpartialVariantGame` splits
//!   by its base's `Decomposition`). `impartial(domineering(X))` is
//!   `cram(X)`.
//! - **dicotic** `d(G) = {d(G^L) | d(G^R)}` when both players have a move
//!   in `G`, else `0`: nobody may move once either cannot (the all-small
//!   variant). The position is played whole, never split: a part where one
//!   player cannot move does not end the sum.
//! - **twisted** `t(G) = {-t(G^L) | -t(G^R)}`: Left and Right trade roles
//!   after every move. Played whole, never split. After a move the
//!   position is the negative of a twisted base position, written with a
//!   `-` before the base's term (`twisted(-domineering(..))`, which is
//!   `-twisted(domineering(..))`, since `t(-G) = -t(G)`).
//!
//! The base may be any short ruleset but a variant (a variant of a
//! variant is refused): `impartial` of an impartial game is the game
//! itself, and so are `dicotic` and `twisted` of one.
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_rulesets::Rulesets;
//!
//! let (mut store, mut rulesets) = (GameStore::new(), Rulesets::new());
//! let mut value = |name: &str, position: &str| {
//!     let v = rulesets.resolve(&mut store, name, position).unwrap().unwrap();
//!     store.display(v)
//! };
//! // CGSuite's Cram is Domineering's impartial variant.
//! assert_eq!(value("impartial", "domineering(...|...|..#)"), value("cram", "...|...|..#"));
//! // Blue-red Hackenbush `lr` is 1/2: Left moves to 0, Right to `l`, where
//! // Right has no move, so the dicotic variant ends there: {0|0}.
//! assert_eq!(value("dicotic", "hackenbush(lr)"), "*");
//! // Twisted: the roles swap after each move. In `lr` Left moves to 0,
//! // Right to `l` with the roles swapped, where Left has no move and Right
//! // one: -1. So {0|-1}, a hot game where `lr` is the number 1/2.
//! assert_eq!(value("twisted", "hackenbush(lr)"), "{0|-1}");
//! ```

use crate::ParseError;
use crate::registry::{self, Layout};
use crate::terms::{RulesetMemo, TermError, Unvalued, nimber_until, value_if_small};
use cgt_core::canonical::{GameId, GameStore, ValueError};
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_core::outcome::Side;
use cgt_core::partizan::{PartizanGame, ValueMemo};
use rustc_hash::FxHashSet;
use std::cell::RefCell;

/// One of CGSuite's variants of a ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Either player may make either player's moves.
    Impartial,
    /// Nobody may move once either player cannot.
    Dicotic,
    /// Left and Right trade roles after every move.
    Twisted,
}

/// A variant's position: a position of the base ruleset, kept by number
/// in the base's memo, and whether Left and Right have traded roles (the
/// negative of the twisted base position; only in the twisted variant).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Turned {
    base: usize,
    swapped: bool,
}

/// A variant's rules over a base ruleset's memo, which reads, keeps and
/// moves in the base's positions (mutably: it keeps each position met, so
/// it sits in a cell for the `&self` of the game traits).
struct VariantGame {
    variant: Variant,
    base: RefCell<Box<dyn RulesetMemo>>,
}

impl VariantGame {
    /// The base positions `side` moves to from `id`, by number.
    fn base_moves(&self, id: usize, side: Side, out: &mut Vec<usize>) {
        self.base.borrow_mut().whole_options(id, side, out);
    }
}

impl PartizanGame for VariantGame {
    type Position = Turned;

    fn options(&self, p: &Turned, side: Side, out: &mut Vec<Turned>) {
        let mut moves = Vec::new();
        match self.variant {
            Variant::Impartial => {
                self.base_moves(p.base, Side::Left, &mut moves);
                self.base_moves(p.base, Side::Right, &mut moves);
            }
            Variant::Dicotic => {
                self.base_moves(p.base, side.opponent(), &mut moves);
                if moves.is_empty() {
                    return;
                }
                moves.clear();
                self.base_moves(p.base, side, &mut moves);
            }
            Variant::Twisted => {
                let mover = if p.swapped { side.opponent() } else { side };
                self.base_moves(p.base, mover, &mut moves);
            }
        }
        let swapped = self.variant == Variant::Twisted && !p.swapped;
        out.extend(moves.into_iter().map(|base| Turned { base, swapped }));
    }
}

impl ImpartialGame for VariantGame {
    type Position = Turned;

    fn options(&self, p: &Turned, out: &mut Vec<Turned>) {
        PartizanGame::options(self, p, Side::Left, out);
    }

    fn components(&self, p: &Turned, parts: &mut Vec<Turned>) {
        let mut ids = Vec::new();
        self.base.borrow_mut().components(p.base, &mut ids);
        parts.extend(ids.into_iter().map(|base| Turned {
            base,
            swapped: false,
        }));
    }
}

/// How a variant over one base ruleset is valued: the Grundy search for
/// the impartial variant, canonical forms for the others.
enum Search {
    Grundy(GrundyMemo<VariantGame>),
    Values(ValueMemo<VariantGame>),
}

impl Search {
    fn game(&self) -> &VariantGame {
        match self {
            Search::Grundy(memo) => memo.game(),
            Search::Values(memo) => memo.game(),
        }
    }
}

/// The variant over one base ruleset.
struct OverBase {
    name: &'static str,
    search: Search,
}

/// The positions a variant's memo met, kept by number, each once: a
/// base's positions are numbered densely by its own memo, so a position's
/// number is found in a vector by the base's number, not by hashing it
/// (the search of impartial sums asks it of every option it makes).
#[derive(Default)]
struct KeptTurned {
    positions: Vec<(usize, Turned)>,
    /// By base, at `2 * p.base + p.swapped`: one more than the position's
    /// number, 0 when it is not kept.
    numbers: Vec<Vec<usize>>,
}

impl KeptTurned {
    /// The number of `position`, kept now if it was not.
    fn id(&mut self, (b, p): (usize, Turned)) -> usize {
        if self.numbers.len() <= b {
            self.numbers.resize_with(b + 1, Vec::new);
        }
        let numbers = &mut self.numbers[b];
        let at = 2 * p.base + usize::from(p.swapped);
        if numbers.len() <= at {
            numbers.resize((at + 1).max(2 * numbers.len()), 0);
        }
        if numbers[at] == 0 {
            self.positions.push((b, p));
            numbers[at] = self.positions.len();
        }
        numbers[at] - 1
    }

    /// The position numbered `id`.
    fn position(&self, id: usize) -> &(usize, Turned) {
        &self.positions[id]
    }
}

/// A variant's memo for the registry: one search per base ruleset met,
/// and the positions kept by number, each once.
struct VariantMemo {
    variant: Variant,
    bases: Vec<OverBase>,
    /// Positions as the base's index and its position.
    kept: KeptTurned,
    /// The kept positions whose value did not come within a budget.
    too_big: FxHashSet<usize>,
    /// By position number, its components as a range of `parts` (start
    /// plus one, then length; 0: not asked yet): a position met as an
    /// option of many others is split once.
    split: Vec<(u32, u32)>,
    parts: Vec<usize>,
}

/// The memo of `variant`, for the [registry](crate::registry).
pub(crate) fn variant_memo(variant: Variant) -> Box<dyn RulesetMemo> {
    Box::new(VariantMemo {
        variant,
        bases: Vec::new(),
        kept: KeptTurned::default(),
        too_big: FxHashSet::default(),
        split: Vec::new(),
        parts: Vec::new(),
    })
}

/// `NAME(POSITION)` of a short ruleset that is not a variant, maybe after
/// a `-`: the ruleset's name, the position's text, where it starts (in
/// characters) and whether the `-` is there.
fn split_term(text: &str, negative_allowed: bool) -> Result<(&str, &str, usize, bool), ParseError> {
    let start = text.trim_start();
    let mut at = text.chars().count() - start.chars().count();
    let mut rest = start.trim_end();
    let negative = rest.starts_with('-');
    if negative {
        if !negative_allowed {
            return Err(ParseError::new(
                at,
                "expected a ruleset's name (a `-` only in a twisted position)",
            ));
        }
        let after = rest[1..].trim_start();
        at += rest.chars().count() - after.chars().count();
        rest = after;
    }
    let expected = || {
        ParseError::new(
            at,
            "expected a term NAME(POSITION) of a short ruleset (`domineering(..|..)`)",
        )
    };
    let open = rest.find('(').ok_or_else(expected)?;
    let name = rest[..open].trim_end();
    if !rest.ends_with(')') || name.is_empty() {
        return Err(expected());
    }
    let inner = &rest[open + 1..rest.len() - 1];
    let inner_at = at + rest[..=open].chars().count();
    Ok((name, inner, inner_at, negative))
}

impl VariantMemo {
    /// Reads a term of a base ruleset: the base's index and the position.
    fn parse(&mut self, argument: &str) -> Result<(usize, Turned), ParseError> {
        let twisted = self.variant == Variant::Twisted;
        let (name, inner, inner_at, swapped) = split_term(argument, twisted)?;
        let ruleset = registry::find(name)
            .filter(|r| r.loopy().is_none() && !matches!(r.layout, Layout::Term))
            .ok_or_else(|| {
                let at = inner_at - name.chars().count() - 1;
                ParseError::new(
                    at,
                    format!(
                        "expected the name of a short ruleset that is not a variant, found `{name}`"
                    ),
                )
            })?;
        let b = match self.bases.iter().position(|b| b.name == ruleset.name) {
            Some(b) => b,
            None => {
                let base = ruleset
                    .memo()
                    .ok_or_else(|| ParseError::new(0, "a short ruleset"))?;
                let game = VariantGame {
                    variant: self.variant,
                    base: RefCell::new(base),
                };
                let search = match self.variant {
                    Variant::Impartial => Search::Grundy(GrundyMemo::new(game)),
                    Variant::Dicotic | Variant::Twisted => Search::Values(ValueMemo::new(game)),
                };
                self.bases.push(OverBase {
                    name: ruleset.name,
                    search,
                });
                self.bases.len() - 1
            }
        };
        let id = self.bases[b]
            .search
            .game()
            .base
            .borrow_mut()
            .read(inner)
            .map_err(|e| {
                ParseError::new(
                    inner_at + e.position(),
                    format!("{} position: {}", ruleset.name, e.message()),
                )
            })?;
        Ok((b, Turned { base: id, swapped }))
    }

    /// The value of a position within `budget` new positions (the Grundy
    /// search always finishes, stopped only by the store's interrupt).
    fn value_of(
        &mut self,
        store: &mut GameStore,
        (b, p): (usize, Turned),
        budget: usize,
    ) -> Result<Option<GameId>, ValueError> {
        match &mut self.bases[b].search {
            Search::Grundy(memo) => nimber_until(memo, store, &p).map(Some),
            Search::Values(memo) => memo.value_within(store, &p, budget),
        }
    }
}

impl RulesetMemo for VariantMemo {
    fn value(&mut self, store: &mut GameStore, argument: &str) -> Result<GameId, TermError> {
        let position = self.parse(argument).map_err(TermError::Position)?;
        let value = self
            .value_of(store, position, usize::MAX)
            .map_err(TermError::Value)?;
        Ok(value.expect("an unbounded search ends with the value"))
    }

    fn read(&mut self, argument: &str) -> Result<usize, ParseError> {
        let position = self.parse(argument)?;
        Ok(self.kept.id(position))
    }

    fn whole_options(&mut self, id: usize, side: Side, out: &mut Vec<usize>) {
        let (b, p) = *self.kept.position(id);
        let mut options = Vec::new();
        PartizanGame::options(self.bases[b].search.game(), &p, side, &mut options);
        out.extend(options.into_iter().map(|o| self.kept.id((b, o))));
    }

    fn split(
        &mut self,
        store: &mut GameStore,
        id: usize,
        budget: usize,
        parts: &mut Unvalued,
    ) -> Result<GameId, ValueError> {
        // A position's value, or (past the budget) the position as a part
        // left to search.
        if self.too_big.contains(&id) {
            parts.push(id);
            return Ok(store.zero());
        }
        let (b, p) = *self.kept.position(id);
        let value = match &mut self.bases[b].search {
            // As the plain rulesets do.
            Search::Values(memo) => value_if_small(memo, store, &p, budget)?,
            Search::Grundy(_) => self.value_of(store, (b, p), budget)?,
        };
        match value {
            Some(v) => Ok(v),
            None => {
                self.too_big.insert(id);
                parts.push(id);
                Ok(store.zero())
            }
        }
    }

    fn value_within(
        &mut self,
        store: &mut GameStore,
        id: usize,
        budget: usize,
    ) -> Result<Option<GameId>, ValueError> {
        let position = *self.kept.position(id);
        self.value_of(store, position, budget)
    }

    fn write(&self, id: usize) -> String {
        let (b, p) = *self.kept.position(id);
        let base = &self.bases[b];
        let sign = if p.swapped { "-" } else { "" };
        let text = base.search.game().base.borrow().write(p.base);
        format!("{sign}{}({text})", base.name)
    }

    fn positions(&self) -> usize {
        self.bases
            .iter()
            .map(|b| match &b.search {
                Search::Grundy(memo) => memo.len(),
                Search::Values(memo) => memo.len(),
            })
            .sum()
    }
    fn components(&mut self, id: usize, out: &mut Vec<usize>) {
        if let Some(&(start, len)) = self.split.get(id)
            && start > 0
        {
            let start = start as usize - 1;
            out.extend_from_slice(&self.parts[start..start + len as usize]);
            return;
        }
        let (b, p) = *self.kept.position(id);
        let mut parts = Vec::new();
        if let Search::Grundy(memo) = &self.bases[b].search {
            ImpartialGame::components(memo.game(), &p, &mut parts);
        }
        let from = out.len();
        out.extend(parts.into_iter().map(|part| self.kept.id((b, part))));
        // Kept while the numbers fit the range's words.
        let start = u32::try_from(self.parts.len() + 1);
        let len = u32::try_from(out.len() - from);
        if let (Ok(start), Ok(len)) = (start, len) {
            if self.split.len() <= id {
                self.split.resize(id + 1, (0, 0));
            }
            self.split[id] = (start, len);
            self.parts.extend_from_slice(&out[from..]);
        }
    }

    fn impartial(&self) -> bool {
        self.variant == Variant::Impartial
    }

    fn grundy_known(&self, id: usize) -> Option<u64> {
        let (b, p) = *self.kept.position(id);
        match &self.bases[b].search {
            Search::Grundy(memo) if !memo.is_empty() => memo.known(&p).map(|g| g.value()),
            Search::Grundy(_) => None,
            Search::Values(_) => None,
        }
    }

    fn grundy_within(
        &mut self,
        store: &mut GameStore,
        id: usize,
        budget: usize,
    ) -> Result<Option<u64>, ValueError> {
        let (b, p) = *self.kept.position(id);
        match &mut self.bases[b].search {
            Search::Grundy(memo) => crate::terms::grundy_within(memo, store, &p, budget),
            Search::Values(_) => Ok(None),
        }
    }
}
