//! The impartial variant of every partizan ruleset: the same positions,
//! where either player may make any move Left or Right could make (CGSuite's
//! `game.variant.ImpartialVariantGame`, whose options are a position's Left
//! and Right options together; MCGS's `[impartial G]` sections,
//! `src/impartial_game_wrapper.h` at v1.5: "The impartial game moves are the
//! union of the black and white moves").
//!
//! The registry makes one for each partizan ruleset of its list, named
//! `impartial_` and the ruleset's name (`impartial_clobber(xo.|oxx)`), by
//! looping over the list: nothing here names a ruleset. A position is read,
//! written and moved in by the ruleset's own memo; its value is the nimber
//! of its Grundy value, the mex of its options' Grundy values, each
//! position split first into the ruleset's components (an impartial sum's
//! Grundy value is the XOR of its parts').
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
//! // Either player moves a stone onto an adjacent stone of the other colour.
//! assert_eq!(value("impartial_clobber", "xo"), "*");
//! // Two apart: * + * = 0, the player to move loses.
//! assert_eq!(value("impartial_clobber", "xo.xo"), "0");
//! // Impartial Domineering is Cram.
//! assert_eq!(value("impartial_domineering", "...|..."), value("cram", "...|..."));
//! ```
//!
//! # Complexity
//! Each distinct component reached is valued once; the search keeps its
//! own stack, so its depth is not the machine's.

use crate::ParseError;
use crate::registry::{Engine, Kind, Ruleset};
use crate::terms::{RulesetMemo, TermError, Unvalued};
use cgt_core::canonical::{GameId, GameStore, ValueError};
use cgt_core::outcome::Side;
use rustc_hash::FxHashMap;

/// The impartial variant of `base` if it is a short partizan ruleset:
/// named `impartial_` and its name, its class `Impartial` and its class's
/// name, with its layout and its example's position.
pub(crate) fn of(base: &Ruleset) -> Option<Ruleset> {
    let Engine::Short(make) = base.engine else {
        return None;
    };
    if base.kind != Kind::Partizan {
        return None;
    }
    // Made once, for the life of the program (the registry's list).
    let leak = |text: String| -> &'static str { Box::leak(text.into_boxed_str()) };
    Some(Ruleset {
        name: leak(format!("impartial_{}", base.name)),
        class_name: leak(format!("Impartial{}", base.class_name)),
        kind: Kind::Impartial,
        layout: base.layout,
        solver_budget: base.solver_budget,
        rules: leak(format!(
            "impartial variant of `{}`: either player makes any move Left or Right could \
             make there ({})",
            base.name, base.rules
        )),
        example: leak(format!("impartial_{}", base.example)),
        engine: Engine::ImpartialVariant(make),
    })
}

/// A partizan ruleset's memo played impartially: positions and moves are
/// the base memo's, both sides' moves open to either player.
pub(crate) struct ImpartialVariantMemo {
    base: Box<dyn RulesetMemo>,
    /// Grundy values of the components valued, by the base memo's number.
    grundy: FxHashMap<usize, u64>,
}

/// A component whose options are being valued.
struct Frame {
    component: usize,
    options: Vec<usize>,
    next: usize,
    seen: Vec<u64>,
}

impl ImpartialVariantMemo {
    pub(crate) fn new(base: Box<dyn RulesetMemo>) -> Self {
        ImpartialVariantMemo {
            base,
            grundy: FxHashMap::default(),
        }
    }

    /// Both sides' options of position `id`, each once, Left's first.
    fn moves(&mut self, id: usize, out: &mut Vec<usize>) {
        self.base.whole_options(id, Side::Left, out);
        let lefts = out.len();
        let mut rights = Vec::new();
        self.base.whole_options(id, Side::Right, &mut rights);
        for r in rights {
            if !out[..lefts].contains(&r) {
                out.push(r);
            }
        }
    }

    /// The components of position `id` (itself when it does not split).
    fn components(&mut self, id: usize) -> Vec<usize> {
        let mut parts = Vec::new();
        self.base.components(id, &mut parts);
        if parts.is_empty() {
            parts.push(id);
        }
        parts
    }

    /// The Grundy value of position `id`, or the first component of it
    /// not yet valued.
    fn known(&mut self, id: usize) -> Result<u64, usize> {
        if let Some(&g) = self.grundy.get(&id) {
            return Ok(g);
        }
        let mut g = 0;
        for part in self.components(id) {
            match self.grundy.get(&part) {
                Some(&v) => g ^= v,
                None => return Err(part),
            }
        }
        Ok(g)
    }

    /// The Grundy value of position `id`: an explicit stack of components
    /// whose options are being valued.
    fn grundy_of(&mut self, store: &mut GameStore, id: usize) -> Result<u64, ValueError> {
        let mut stack: Vec<Frame> = Vec::new();
        loop {
            if stack.is_empty() {
                match self.known(id) {
                    Ok(g) => return Ok(g),
                    Err(part) => {
                        let frame = self.frame(part);
                        stack.push(frame);
                    }
                }
            }
            let top = stack.last_mut().expect("a frame");
            if top.next < top.options.len() {
                let option = top.options[top.next];
                match self.known(option) {
                    Ok(g) => {
                        let top = stack.last_mut().expect("a frame");
                        top.seen.push(g);
                        top.next += 1;
                    }
                    Err(part) => {
                        if store.should_stop() {
                            return Err(ValueError::Interrupted);
                        }
                        let frame = self.frame(part);
                        stack.push(frame);
                    }
                }
            } else {
                let done = stack.pop().expect("a frame");
                let g = mex(done.seen);
                self.grundy.insert(done.component, g);
            }
        }
    }

    fn frame(&mut self, component: usize) -> Frame {
        let mut options = Vec::new();
        self.moves(component, &mut options);
        Frame {
            component,
            options,
            next: 0,
            seen: Vec::new(),
        }
    }
}

/// The least value not in `seen`.
fn mex(mut seen: Vec<u64>) -> u64 {
    seen.sort_unstable();
    seen.dedup();
    let mut m = 0;
    for v in seen {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

impl RulesetMemo for ImpartialVariantMemo {
    fn value(&mut self, store: &mut GameStore, argument: &str) -> Result<GameId, TermError> {
        let id = self.base.read(argument).map_err(TermError::Position)?;
        let g = self.grundy_of(store, id).map_err(TermError::Value)?;
        Ok(store.nimber(g))
    }

    fn read(&mut self, argument: &str) -> Result<usize, ParseError> {
        self.base.read(argument)
    }

    fn whole_options(&mut self, id: usize, _: Side, out: &mut Vec<usize>) {
        self.moves(id, out);
    }

    fn components(&mut self, id: usize, out: &mut Vec<usize>) {
        self.base.components(id, out);
    }

    /// Impartial positions are always valued, as the other impartial
    /// rulesets are.
    fn split(
        &mut self,
        store: &mut GameStore,
        id: usize,
        _: usize,
        _: &mut Unvalued,
    ) -> Result<GameId, ValueError> {
        let g = self.grundy_of(store, id)?;
        Ok(store.nimber(g))
    }

    fn options(
        &mut self,
        store: &mut GameStore,
        id: usize,
        _: Side,
        _: usize,
        out: &mut Vec<(Unvalued, GameId)>,
    ) -> Result<(), ValueError> {
        let mut options = Vec::new();
        self.moves(id, &mut options);
        for option in options {
            let g = self.grundy_of(store, option)?;
            out.push((Unvalued::new(), store.nimber(g)));
        }
        Ok(())
    }

    fn value_within(
        &mut self,
        store: &mut GameStore,
        id: usize,
        _: usize,
    ) -> Result<Option<GameId>, ValueError> {
        let g = self.grundy_of(store, id)?;
        Ok(Some(store.nimber(g)))
    }

    fn write(&self, id: usize) -> String {
        self.base.write(id)
    }

    fn positions(&self) -> usize {
        self.grundy.len()
    }
}

#[cfg(test)]
mod tests {
    use super::mex;

    #[test]
    fn mex_is_the_least_missing_value() {
        assert_eq!(mex(vec![]), 0);
        assert_eq!(mex(vec![1, 2]), 0);
        assert_eq!(mex(vec![2, 0, 1, 1, 4]), 3);
    }
}
