//! The items between braces and how bars split them into a game, shared by
//! the reader of short games (`canonical::read`) and the reader of
//! partizan misère forms (`partizan_misere`): `{a, b | c}`, and any number
//! of bars, `{a || b | c}` being `{a | {b | c}}` (more bars bind looser).

use super::{BraceToken, Cursor, MAX_NESTING, NotationError};

/// One item between braces: an option read, a comma (where), or a run of
/// bars (how many, where).
pub(crate) enum BraceItem<G> {
    Game(G),
    Comma(usize),
    Bars(usize, usize),
}

impl<G> BraceItem<G> {
    /// Whether `items` hold a run of bars.
    pub(crate) fn any_bars(items: &[Self]) -> bool {
        items.iter().any(|i| matches!(i, BraceItem::Bars(..)))
    }
}

/// A reader of braced games: its text, how it reads one option, and how it
/// makes a game of two lists of options. The items and the splitting at
/// bars are this trait's, the same for every reader.
pub(crate) trait BraceReader<'c> {
    /// What an option reads as.
    type Game: Copy;
    /// The reader's error, which a [`NotationError`] becomes.
    type Error: From<NotationError>;

    /// The text being read.
    fn text(&mut self) -> &mut Cursor<'c>;

    /// One option between braces, at the text's position.
    fn option(&mut self) -> Result<Self::Game, Self::Error>;

    /// The game `{left | right}` whose `{` is at `open`.
    fn make(
        &mut self,
        open: usize,
        left: &[Self::Game],
        right: &[Self::Game],
    ) -> Result<Self::Game, Self::Error>;

    /// The game written in braces at the text's `{`: `{left | right}`,
    /// with bars.
    fn braced_game(&mut self) -> Result<Self::Game, Self::Error> {
        let open = self.text().pos;
        self.text().open()?;
        let items = self.brace_items()?;
        self.text().leave();
        self.build_game(open, &items)
    }

    /// The options of a switch written in braces at the text's `{`:
    /// `+-{A, B}` lists two, `+-{A | B}` is one game.
    fn switch_options(&mut self) -> Result<Vec<Self::Game>, Self::Error> {
        let open = self.text().pos;
        self.text().pos += 1;
        let items = self.brace_items()?;
        if BraceItem::any_bars(&items) {
            Ok(vec![self.build_game(open, &items)?])
        } else {
            self.build_side(open, &items)
        }
    }

    /// The items after `{` up to and including the matching `}`.
    fn brace_items(&mut self) -> Result<Vec<BraceItem<Self::Game>>, Self::Error> {
        let mut items = Vec::new();
        loop {
            match self.text().brace_token(true)? {
                BraceToken::Close => return Ok(items),
                BraceToken::Comma(at) => items.push(BraceItem::Comma(at)),
                BraceToken::Bars { at, count } => {
                    if count > MAX_NESTING {
                        return Err(NotationError::new(
                            at,
                            format!("more than {MAX_NESTING} bars in a row"),
                        )
                        .into());
                    }
                    items.push(BraceItem::Bars(count, at));
                }
                BraceToken::Option => {
                    let g = self.option()?;
                    items.push(BraceItem::Game(g));
                }
            }
        }
    }

    /// `{left | right}` split at the (unique) longest run of bars.
    fn build_game(
        &mut self,
        open: usize,
        items: &[BraceItem<Self::Game>],
    ) -> Result<Self::Game, Self::Error> {
        let most = items
            .iter()
            .filter_map(|i| match i {
                BraceItem::Bars(n, _) => Some(*n),
                _ => None,
            })
            .max()
            .unwrap_or(1);
        let mut split = None;
        for (k, item) in items.iter().enumerate() {
            if let BraceItem::Bars(n, at) = item {
                if *n == most {
                    if split.is_some() {
                        return Err(NotationError::new(
                            *at,
                            format!("two runs of {most} bars at one level: add a bar to one"),
                        )
                        .into());
                    }
                    split = Some(k);
                }
            }
        }
        let Some(split) = split else {
            return Err(NotationError::new(open, "expected `|` between the braces").into());
        };
        let left = self.build_side(open, &items[..split])?;
        let right = self.build_side(open, &items[split + 1..])?;
        self.make(open, &left, &right)
    }

    /// One side's options: a comma list, or one game if it has bars.
    fn build_side(
        &mut self,
        open: usize,
        items: &[BraceItem<Self::Game>],
    ) -> Result<Vec<Self::Game>, Self::Error> {
        if BraceItem::any_bars(items) {
            return Ok(vec![self.build_game(open, items)?]);
        }
        let mut options = Vec::new();
        let mut expect_game = true;
        for item in items {
            match (item, expect_game) {
                (BraceItem::Game(g), true) => {
                    options.push(*g);
                    expect_game = false;
                }
                (BraceItem::Comma(_), false) => expect_game = true,
                (BraceItem::Comma(at), true) => {
                    return Err(NotationError::new(*at, "expected an option before `,`").into());
                }
                (BraceItem::Game(_), false) => {
                    return Err(NotationError::new(open, "expected `,` between options").into());
                }
                // No bars on this side (checked above).
                (BraceItem::Bars(..), _) => {}
            }
        }
        if expect_game && !options.is_empty() {
            return Err(NotationError::new(open, "expected an option after `,`").into());
        }
        Ok(options)
    }
}
