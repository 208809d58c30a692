//! CGSuite's notation written.

use super::{GameId, GameStore, Nus};
use crate::dyadic::Dyadic;
use rustc_hash::FxHashMap;
use std::fmt;

impl GameStore {
    /// `g` written in CGSuite's notation (see [`notation`]).
    pub fn display(&self, g: GameId) -> impl fmt::Display + '_ {
        Written {
            store: self,
            game: g,
        }
    }
}

/// `g` written in CGSuite's notation (what [`GameStore::display`] returns).
struct Written<'a> {
    store: &'a GameStore,
    game: GameId,
}

/// Writes `x + n·↑ + *m` as CGSuite does: `5/8*`, `^*`, `v3*2`, `1/2^^*`.
fn write_nus(f: &mut fmt::Formatter<'_>, nus: Nus) -> fmt::Result {
    let mut empty = true;
    if nus.number != Dyadic::ZERO {
        write!(f, "{}", nus.number)?;
        empty = false;
    }
    if nus.ups != 0 {
        let symbol = if nus.ups > 0 { '^' } else { 'v' };
        match nus.ups.unsigned_abs() {
            1 => write!(f, "{symbol}")?,
            2 => write!(f, "{symbol}{symbol}")?,
            n => write!(f, "{symbol}{n}")?,
        }
        empty = false;
    }
    match nus.nim {
        0 => {}
        1 => {
            f.write_str("*")?;
            empty = false;
        }
        m => {
            write!(f, "*{m}")?;
            empty = false;
        }
    }
    if empty {
        f.write_str("0")?;
    }
    Ok(())
}

enum Task {
    /// A game as a term: braces around a game with options.
    Game(GameId),
    /// A game's options and bars without braces (inside a bigger one).
    Inline(GameId, usize),
    Text(&'static str),
    Bars(usize),
}

impl Written<'_> {
    /// The number `x` when `g` is the switch `{x | -x}` (written `+-x`).
    fn switch(&self, g: GameId) -> Option<Dyadic> {
        let (left, right) = self.store.stored_options(g)?;
        if let ([l], [r]) = (left, right) {
            let (a, b) = (self.store.as_number(*l)?, self.store.as_number(*r)?);
            if a > Dyadic::ZERO && a.checked_neg() == Some(b) {
                return Some(a);
            }
        }
        None
    }

    /// The option a side is written as inline: its only option, when that
    /// is a game written with braces.
    fn inline_side(&self, side: &[GameId]) -> Option<GameId> {
        match side {
            [o] if self.store.nus(*o).is_none() && self.switch(*o).is_none() => Some(*o),
            _ => None,
        }
    }

    /// How many bars `g` needs when written inline: one more than the
    /// inline sides it holds (so the longest run of bars splits it).
    fn bars(&self, g: GameId, cache: &mut FxHashMap<GameId, usize>) -> usize {
        let mut stack = vec![g];
        while let Some(&top) = stack.last() {
            if cache.contains_key(&top) {
                stack.pop();
                continue;
            }
            let (left, right) = self.store.stored_options(top).expect("a tree");
            let sides = [self.inline_side(left), self.inline_side(right)];
            let pending: Vec<GameId> = sides
                .iter()
                .flatten()
                .copied()
                .filter(|o| !cache.contains_key(o))
                .collect();
            if pending.is_empty() {
                let inner = sides.iter().flatten().map(|o| cache[o]).max().unwrap_or(0);
                cache.insert(top, inner + 1);
                stack.pop();
            } else {
                stack.extend(pending);
            }
        }
        cache[&g]
    }

    fn push_side(
        &self,
        stack: &mut Vec<Task>,
        side: &[GameId],
        cache: &mut FxHashMap<GameId, usize>,
    ) {
        if let Some(o) = self.inline_side(side) {
            let bars = self.bars(o, cache);
            stack.push(Task::Inline(o, bars));
            return;
        }
        for (k, &o) in side.iter().enumerate().rev() {
            stack.push(Task::Game(o));
            if k > 0 {
                stack.push(Task::Text(","));
            }
        }
    }
}

impl fmt::Display for Written<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut cache = FxHashMap::default();
        let mut stack = vec![Task::Game(self.game)];
        while let Some(task) = stack.pop() {
            match task {
                Task::Text(s) => f.write_str(s)?,
                Task::Bars(n) => {
                    for _ in 0..n {
                        f.write_str("|")?;
                    }
                }
                Task::Game(g) => {
                    if let Some(nus) = self.store.nus(g) {
                        write_nus(f, nus)?;
                    } else if let Some(x) = self.switch(g) {
                        write!(f, "+-{x}")?;
                    } else {
                        let bars = self.bars(g, &mut cache);
                        stack.push(Task::Text("}"));
                        stack.push(Task::Inline(g, bars));
                        stack.push(Task::Text("{"));
                    }
                }
                Task::Inline(g, bars) => {
                    let (left, right) = self
                        .store
                        .stored_options(g)
                        .expect("every stored non-number has its options");
                    self.push_side(&mut stack, right, &mut cache);
                    stack.push(Task::Bars(bars));
                    self.push_side(&mut stack, left, &mut cache);
                }
            }
        }
        Ok(())
    }
}
