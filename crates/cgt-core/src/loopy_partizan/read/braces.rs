//! Braces in the loopy notation: `{…}` and named `a{…}`, options split by
//! commas and runs of bars, `pass` among them.

use super::Reader;
use crate::notation::{BraceToken, NotationError};
use crate::outcome::Side;

/// One item between braces.
enum Item {
    Option(u32),
    Pass,
    Comma(usize),
    Bars(usize, usize),
}

impl Reader<'_, '_, '_> {
    /// `{…}`, perhaps named: options split by commas and runs of bars.
    pub(super) fn braces(&mut self, name: Option<String>) -> Result<u32, NotationError> {
        let open = self.text.pos;
        self.text.open()?;
        let v = self.position();
        if let Some(name) = name {
            self.open.push((name, v));
        }
        let named = self.open.last().is_some_and(|&(_, p)| p == v);
        let mut items = Vec::new();
        loop {
            match self.text.brace_token(false)? {
                BraceToken::Close => break,
                BraceToken::Comma(at) => items.push(Item::Comma(at)),
                BraceToken::Bars { at, count } => items.push(Item::Bars(at, count)),
                BraceToken::Option if self.text.word() == "pass" => {
                    let at = self.text.pos;
                    self.text.pos += 4;
                    self.text.skip_space();
                    if !matches!(self.text.peek(), Some(',' | '|' | '}')) {
                        return Err(NotationError::about_loopy(
                            at,
                            "`pass` is a move: it stands alone among the options",
                        ));
                    }
                    items.push(Item::Pass);
                }
                BraceToken::Option => {
                    let o = self.expression()?;
                    items.push(Item::Option(o));
                }
            }
        }
        self.text.leave();
        if named {
            self.open.pop();
        }
        if !items.iter().any(|i| matches!(i, Item::Bars(..))) {
            return Err(NotationError::new(open, "expected `|` between the braces"));
        }
        self.build(open, v, &items)?;
        Ok(v)
    }

    /// Gives `v` the options of `items`, splitting at the longest run of
    /// bars; the items on each side of it with bars of their own are games
    /// of their own (`{a || b | c}` is `{a | {b | c}}`).
    fn build(&mut self, open: usize, v: u32, items: &[Item]) -> Result<(), NotationError> {
        // An explicit stack of (position, items) still to build.
        let mut work: Vec<(u32, Vec<usize>)> = vec![(v, (0..items.len()).collect())];
        while let Some((target, indices)) = work.pop() {
            let longest = indices
                .iter()
                .filter_map(|&i| match items[i] {
                    Item::Bars(_, n) => Some(n),
                    _ => None,
                })
                .max()
                .expect("bars");
            let splits: Vec<usize> = indices
                .iter()
                .copied()
                .filter(|&i| matches!(items[i], Item::Bars(_, n) if n == longest))
                .collect();
            if splits.len() > 1 {
                let Item::Bars(at, _) = items[splits[1]] else {
                    unreachable!()
                };
                return Err(NotationError::new(
                    at,
                    "expected one run of the most bars between braces",
                ));
            }
            let split = splits[0];
            for (side, part) in [
                (
                    Side::Left,
                    indices
                        .iter()
                        .copied()
                        .filter(|&i| i < split)
                        .collect::<Vec<_>>(),
                ),
                (
                    Side::Right,
                    indices
                        .iter()
                        .copied()
                        .filter(|&i| i > split)
                        .collect::<Vec<_>>(),
                ),
            ] {
                // A side with bars of its own is one game, commas binding
                // tighter than bars (`{0||||0,*2|||a}` is `{0||||{0,*2|||a}}`),
                // as CGSuite reads and writes it.
                if part.iter().any(|&i| matches!(items[i], Item::Bars(..))) {
                    let inner = self.position();
                    self.graph.add_move(target, side, inner);
                    work.push((inner, part));
                    continue;
                }
                // Options separated by single commas.
                let mut expect_option = true;
                for &i in &part {
                    match items[i] {
                        Item::Option(o) if expect_option => {
                            self.graph.add_move(target, side, o);
                            expect_option = false;
                        }
                        Item::Pass if expect_option => {
                            self.graph.add_move(target, side, target);
                            expect_option = false;
                        }
                        Item::Comma(at) if !expect_option => {
                            let _ = at;
                            expect_option = true;
                        }
                        Item::Comma(at) => {
                            return Err(NotationError::new(at, "expected an option before `,`"));
                        }
                        _ => return Err(NotationError::new(open, "expected `,` between options")),
                    }
                }
                if expect_option && !part.is_empty() {
                    return Err(NotationError::new(open, "expected an option after `,`"));
                }
            }
        }
        Ok(())
    }
}
