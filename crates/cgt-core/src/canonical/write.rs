//! CGSuite's notation written as CGSuite 2.x writes it: the order of
//! options, uptimal expansions, switches, `Tiny` and `Miny`, and bars
//! ([`GameStore::display`]).

use super::memo::walk;
use super::uptimal::Uptimal;
use super::{GameId, GameStore};
use crate::dyadic::Dyadic;
use rustc_hash::FxHashMap;
use std::cmp::Ordering;
use std::fmt::Write as _;

/// The most bars CGSuite writes in a row before it opens braces again.
const MAX_BARS: usize = 4;

/// How a game is written.
#[derive(Clone, Debug)]
enum Form {
    /// A number, a nimber or an uptimal written without braces.
    Compact(Uptimal),
    /// `+-A` or `+-{A,B}`: the Left options, sorted.
    Switch(Vec<GameId>),
    /// `xTiny(s)` (`tiny`) or `xMiny(s)`: the number `x` and the subscript `s`.
    Tiny {
        tiny: bool,
        translate: GameId,
        subscript: GameId,
    },
    /// Braces, with the Left and Right options sorted.
    Braces(Vec<GameId>, Vec<GameId>),
}

/// Where a number, a nimber or an uptimal sits in CGSuite's order (every
/// other game comes after them, by its options).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Number(Dyadic),
    Nimber(u64),
    Uptimal(UptimalKey),
}

/// An uptimal as an ordered key.
#[derive(Clone, Debug, PartialEq, Eq)]
struct UptimalKey(Uptimal);

impl PartialOrd for UptimalKey {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for UptimalKey {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.cmp(&other.0)
    }
}

/// Lists of options compared as CGSuite does: element by element, a list
/// that ends first being smaller.
fn list_order(a: &[usize], b: &[usize]) -> Ordering {
    a.cmp(b)
}

/// One print: the games written, their forms and ranks in CGSuite's order.
struct Writer<'s> {
    store: &'s mut GameStore,
    forms: FxHashMap<GameId, Form>,
    uptimals: FxHashMap<GameId, Option<Uptimal>>,
    rank: FxHashMap<GameId, usize>,
    bars: FxHashMap<GameId, usize>,
}

/// The longest written form [`GameStore::display`] keeps for next time.
pub(super) const WRITTEN_KEPT: usize = 256;

impl GameStore {
    /// `g` written as CGSuite 2.x writes it, character for character:
    /// `+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}` for the empty 4 × 4 Domineering
    /// board.
    ///
    /// - Options come in CGSuite's deterministic order: numbers first
    ///   (ascending), then nimbers, then *uptimals* (`x + a₁·↑ + a₂·↑² + … + *m`,
    ///   by number, then coefficients, then length, then star), then every other
    ///   game, compared by its sorted Left options and then its sorted Right
    ///   options, the same way. Printing is a function of the value.
    /// - Numbers, nimbers and uptimals are written compactly (`5/8*`, `^^`,
    ///   `v3*2`, `^<3>`, `1v[2]*`); a switch `{A, B | -A, -B}` as `+-{A,B}` (one
    ///   option: `+-A`); `{x || x | y}` with `mean(y) < x` as `xTiny(x - y)` and
    ///   its negative as `xMiny(…)`; every other game in braces, an option with
    ///   one option on a side written inside its parent with one more bar, up to
    ///   four bars, where braces start again.
    /// - Where CGSuite wraps a term in parentheses (the one option of a switch
    ///   when that is not a plain number, nimber or up), so does this.
    ///
    /// What is written reads back as the same game ([`GameStore::parse`]).
    ///
    /// Writing may add games to the store (the subscripts of `Tiny`, the
    /// negatives and sums that tell a switch or an uptimal), as CGSuite's
    /// does.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.parse("{2||2|0}").expect("valid");
    /// assert_eq!(store.display(g), "2Tiny(2)");
    /// let g = store.parse("{1|-1}").expect("valid");
    /// assert_eq!(store.display(g), "+-1");
    /// let g = store.parse("{0|v*}").expect("valid");
    /// assert_eq!(store.display(g), "^<2>");
    /// // The order of options is CGSuite's, whatever order they were given in.
    /// let a = store.parse("{{1||1|0},{2|1}|-5}").expect("valid");
    /// let b = store.parse("{{2|1},{1||1|0}|-5}").expect("valid");
    /// assert_eq!(store.display(a), store.display(b));
    /// ```
    ///
    /// # Complexity
    /// Linear in the written text, plus sorting the followers of `g` once
    /// for each level of nesting; a game written before (in up to 256
    /// bytes) is copied from the store's memo.
    pub fn display(&mut self, g: GameId) -> String {
        if let Some(text) = self.memos.written.get(&g) {
            return text.to_string();
        }
        let text = self.write_afresh(g);
        if text.len() <= WRITTEN_KEPT {
            self.memos.written.insert(g, text.clone().into_boxed_str());
        }
        text
    }

    /// [`GameStore::display`], refused before any writing when the written
    /// form would be longer than [`GameStore::MAX_WRITTEN`] bytes (by
    /// [`GameStore::written_length`]): a canonical form shares its
    /// followers, its written form repeats them, and that can double with
    /// every level (`partizan_subtraction(150;[1,3],[2,3])` is made in
    /// milliseconds and written in gigabytes).
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::{GameStore, ValueError};
    /// let mut store = GameStore::new();
    /// let g = store.parse("{2||2|0}").expect("valid");
    /// assert_eq!(store.display_within(g), Ok("2Tiny(2)".to_owned()));
    /// // *40 heated by 13/4 is a few hundred games, written in about 2^40 bytes.
    /// let (star, t) = (store.nimber(40), store.parse("13/4").expect("valid"));
    /// let hot = store.heat(star, t).expect("made");
    /// assert!(matches!(store.display_within(hot), Err(ValueError::TooLongToWrite { .. })));
    /// ```
    ///
    /// # Errors
    /// [`ValueError::TooLongToWrite`] past the limit.
    pub fn display_within(&mut self, g: GameId) -> Result<String, super::ValueError> {
        let length = self.written_length(g);
        if length > Self::MAX_WRITTEN {
            return Err(super::ValueError::TooLongToWrite { length });
        }
        Ok(self.display(g))
    }

    /// The most bytes [`GameStore::display_within`] writes: 64 MiB, a second
    /// or two of writing.
    pub const MAX_WRITTEN: u128 = 1 << 26;

    /// About how many bytes [`GameStore::display`] writes for `g`, at least
    /// as many (saturated at `u128::MAX`): a number, nimber or compact
    /// uptimal at most 64, any other game its braces and, for each option,
    /// the option's length and two bytes (a comma or bars). Counted over
    /// the followers once each, without writing.
    pub fn written_length(&mut self, g: GameId) -> u128 {
        let mut lengths: FxHashMap<GameId, u128> = FxHashMap::default();
        // (game, whether its options were pushed)
        let mut stack = vec![(g, false)];
        while let Some((h, expanded)) = stack.pop() {
            if lengths.contains_key(&h) {
                continue;
            }
            let compact = self.nus(h).is_some() || self.uptimal(h).is_some_and(|u| u.is_compact());
            let Some((left, right)) = self.stored_options(h).filter(|_| !compact) else {
                lengths.insert(h, 64);
                continue;
            };
            let options: Vec<GameId> = left.iter().chain(right).copied().collect();
            if expanded {
                let total = options.iter().fold(2u128, |sum, o| {
                    sum.saturating_add(lengths.get(o).copied().unwrap_or(0))
                        .saturating_add(2)
                });
                lengths.insert(h, total);
            } else {
                stack.push((h, true));
                stack.extend(
                    options
                        .into_iter()
                        .filter(|o| !lengths.contains_key(o))
                        .map(|o| (o, false)),
                );
            }
        }
        lengths.get(&g).copied().unwrap_or(0)
    }

    fn write_afresh(&mut self, g: GameId) -> String {
        let mut writer = Writer::new(self);
        writer.prepare(&[g]);
        writer.write(g, true, false)
    }

    /// `g` written as an option inside a loopy game's braces (CGSuite's
    /// `appendTo` with its `forceBrackets` and `forceParens`), and the bars
    /// it takes there (0 if it is braced or not braced at all).
    pub(crate) fn display_inside(
        &mut self,
        g: GameId,
        brackets: bool,
        parens: bool,
    ) -> (String, usize) {
        let mut writer = Writer::new(self);
        writer.prepare(&[g]);
        let bars = match writer.forms.get(&g) {
            Some(Form::Braces(..)) if !brackets => writer.inline_bars(g),
            _ => 0,
        };
        (writer.write(g, brackets, parens), bars)
    }

    /// `games` sorted in CGSuite's deterministic order of short games (the
    /// order options are written in).
    pub(crate) fn sort_for_display(&mut self, games: &mut [GameId]) {
        let mut writer = Writer::new(self);
        writer.prepare(games);
        games.sort_by_key(|g| writer.rank[g]);
    }
}

impl<'s> Writer<'s> {
    fn new(store: &'s mut GameStore) -> Self {
        Writer {
            store,
            forms: FxHashMap::default(),
            uptimals: FxHashMap::default(),
            rank: FxHashMap::default(),
            bars: FxHashMap::default(),
        }
    }
}

impl Writer<'_> {
    /// Finds the form of every game to be written (adding the subscripts
    /// of Tiny and Miny), then ranks them all in CGSuite's order.
    fn prepare(&mut self, roots: &[GameId]) {
        let mut stack = roots.to_vec();
        let mut order = Vec::new();
        while let Some(g) = stack.pop() {
            if self.forms.contains_key(&g) {
                continue;
            }
            let form = self.form(g);
            match &form {
                Form::Compact(_) => {}
                Form::Switch(options) => stack.extend(options.iter().copied()),
                Form::Tiny {
                    translate,
                    subscript,
                    ..
                } => stack.extend([*translate, *subscript]),
                Form::Braces(left, right) => stack.extend(left.iter().chain(right).copied()),
            }
            // Every option is ranked, whatever its form.
            if let Some((left, right)) = self.store.stored_options(g) {
                stack.extend(left.iter().chain(right).copied());
            }
            order.push(g);
            self.forms.insert(g, form);
        }
        self.rank_all(&order);
        self.sort_options(&order);
    }

    /// How `g` is written, its options not yet sorted.
    fn form(&mut self, g: GameId) -> Form {
        let uptimal = self.uptimal(g);
        if let Some(u) = uptimal.as_ref().filter(|u| u.is_compact()) {
            return Form::Compact(u.clone());
        }
        let (left, right) = {
            let (l, r) = self
                .store
                .stored_options(g)
                .expect("a game that is not x + n·↑ + *m is a tree");
            (l.to_vec(), r.to_vec())
        };
        if left.len() == right.len() && self.store.neg(g) == g {
            return Form::Switch(left);
        }
        if uptimal.is_none() {
            if let Some(form) = self.tiny_form(&left, &right) {
                return form;
            }
        }
        Form::Braces(left, right)
    }

    fn uptimal(&mut self, g: GameId) -> Option<Uptimal> {
        if let Some(u) = self.uptimals.get(&g) {
            return u.clone();
        }
        let u = self.store.uptimal(g);
        self.uptimals.insert(g, u.clone());
        u
    }

    /// `{x || x | y}` with `mean(y) < x` is `xTiny(x - y)`; `{y | x || x}`
    /// with `mean(y) > x` is `xMiny(y - x)` (CGSuite's `isNumberTiny`).
    fn tiny_form(&mut self, left: &[GameId], right: &[GameId]) -> Option<Form> {
        let ([l], [r]) = (left, right) else {
            return None;
        };
        let (l, r) = (*l, *r);
        let store = &mut *self.store;
        if let Some(x) = store.as_number(l) {
            let (inner_left, inner_right) = (
                store.left_options(r).ok()?.to_vec(),
                store.right_options(r).ok()?.to_vec(),
            );
            if let ([a], [y]) = (&inner_left[..], &inner_right[..]) {
                if *a == l && store.mean(*y).ok()? < x {
                    let minus_y = store.neg(*y);
                    let subscript = store.add(minus_y, l).ok()?;
                    return Some(Form::Tiny {
                        tiny: true,
                        translate: l,
                        subscript,
                    });
                }
            }
        }
        if let Some(x) = store.as_number(r) {
            let (inner_left, inner_right) = (
                store.left_options(l).ok()?.to_vec(),
                store.right_options(l).ok()?.to_vec(),
            );
            if let ([y], [b]) = (&inner_left[..], &inner_right[..]) {
                if *b == r && store.mean(*y).ok()? > x {
                    let subscript = store.sub(*y, r).ok()?;
                    return Some(Form::Tiny {
                        tiny: false,
                        translate: r,
                        subscript,
                    });
                }
            }
        }
        None
    }

    /// Ranks `games` (and their options, which they include) in CGSuite's
    /// order: numbers, nimbers and uptimals by their values; then the other
    /// games level by level, each by the ranks of its sorted options.
    fn rank_all(&mut self, games: &[GameId]) {
        let mut intrinsic: Vec<(Key, GameId)> = Vec::new();
        let mut others: Vec<GameId> = Vec::new();
        for &g in games {
            match self.intrinsic_key(g) {
                Some(key) => intrinsic.push((key, g)),
                None => others.push(g),
            }
        }
        intrinsic.sort();
        for (i, (_, g)) in intrinsic.iter().enumerate() {
            self.rank.insert(*g, i);
        }
        let base = intrinsic.len();
        // Height: 1 + the highest option that is not ranked by its value.
        let mut height: FxHashMap<GameId, usize> = FxHashMap::default();
        for &g in &others {
            let mut state = (&*self, &mut height);
            walk(
                &mut state,
                g,
                |(w, height), h| {
                    if w.rank.contains_key(&h) {
                        Some(Ok(0))
                    } else {
                        height.get(&h).map(|&k| Ok(k))
                    }
                },
                |(w, _), h, out| {
                    let (left, right) = w.store.stored_options(h).expect("a tree");
                    out.extend(left.iter().chain(right));
                },
                |(_, height), h, heights| {
                    let k = heights.iter().max().map_or(1, |&k| k + 1);
                    height.insert(h, k);
                    Ok(k)
                },
            )
            .expect("heights do not fail");
        }
        let levels = others.iter().map(|g| height[g]).max().unwrap_or(0);
        let mut ranked: Vec<GameId> = Vec::new();
        for level in 1..=levels {
            ranked.extend(others.iter().copied().filter(|g| height[g] == level));
            // Every option of these is ranked by now: sort them by their
            // sorted options' ranks, and rank them again.
            let mut keyed: Vec<(Vec<usize>, Vec<usize>, GameId)> = ranked
                .iter()
                .map(|&g| {
                    let (left, right) = self.store.stored_options(g).expect("a tree");
                    let mut l: Vec<usize> = left.iter().map(|o| self.rank[o]).collect();
                    let mut r: Vec<usize> = right.iter().map(|o| self.rank[o]).collect();
                    l.sort_unstable();
                    r.sort_unstable();
                    (l, r, g)
                })
                .collect();
            keyed.sort_by(|a, b| list_order(&a.0, &b.0).then_with(|| list_order(&a.1, &b.1)));
            ranked = keyed.iter().map(|k| k.2).collect();
            for (i, &g) in ranked.iter().enumerate() {
                self.rank.insert(g, base + i);
            }
        }
    }

    /// The key of a number, a nimber or an uptimal; `None` for other games.
    fn intrinsic_key(&mut self, g: GameId) -> Option<Key> {
        if let Some(n) = self.store.nus(g) {
            return Some(if n.is_number() {
                Key::Number(n.number)
            } else if n.number == Dyadic::ZERO && n.ups == 0 {
                Key::Nimber(n.nim)
            } else {
                Key::Uptimal(UptimalKey(Uptimal::of_nus(n)))
            });
        }
        self.uptimal(g).map(|u| Key::Uptimal(UptimalKey(u)))
    }

    /// Sorts the options of every switch and braced game by rank.
    fn sort_options(&mut self, games: &[GameId]) {
        for g in games {
            let rank = &self.rank;
            match self.forms.get_mut(g) {
                Some(Form::Switch(options)) => options.sort_by_key(|o| rank[o]),
                Some(Form::Braces(left, right)) => {
                    left.sort_by_key(|o| rank[o]);
                    right.sort_by_key(|o| rank[o]);
                }
                _ => {}
            }
        }
    }

    /// The bars `g` takes when written without braces inside its parent
    /// (CGSuite's `appendTo` with `forceBrackets` false): one more than its
    /// sides' written inline, or 0 when it has braces or a form of its own.
    fn inline_bars(&mut self, g: GameId) -> usize {
        walk(
            self,
            g,
            |w, h| match w.forms.get(&h) {
                Some(Form::Braces(..)) => w.bars.get(&h).map(|&b| Ok(b)),
                _ => Some(Ok(0)),
            },
            |w, h, out| {
                if let Some(Form::Braces(left, right)) = w.forms.get(&h) {
                    out.extend(
                        [left, right]
                            .iter()
                            .filter(|side| side.len() == 1)
                            .map(|side| side[0]),
                    );
                }
            },
            |w, h, _| {
                let bars = w.bars_between(h);
                let inline = if bars == MAX_BARS { 0 } else { bars };
                w.bars.insert(h, inline);
                Ok(inline)
            },
        )
        .expect("counting bars does not fail")
    }

    /// The run of bars between the sides of a braced game (its options'
    /// inline bars known by now).
    fn bars_between(&self, g: GameId) -> usize {
        let Some(Form::Braces(left, right)) = self.forms.get(&g) else {
            return 0;
        };
        [left, right]
            .iter()
            .map(|side| match side.as_slice() {
                // Games with a form of their own (not braced) take no bars.
                [one] => self.bars.get(one).copied().unwrap_or(0) + 1,
                _ => 1,
            })
            .max()
            .unwrap_or(1)
    }

    /// Writes `root`, with an explicit stack of what is left to write.
    fn write(&mut self, root: GameId, brackets: bool, parens: bool) -> String {
        enum Task {
            Game {
                g: GameId,
                brackets: bool,
                parens: bool,
            },
            Text(&'static str),
            Bars(usize),
        }
        let mut out = String::new();
        let mut stack = vec![Task::Game {
            g: root,
            brackets,
            parens,
        }];
        while let Some(task) = stack.pop() {
            let (g, brackets, parens) = match task {
                Task::Text(text) => {
                    out.push_str(text);
                    continue;
                }
                Task::Bars(n) => {
                    out.extend(std::iter::repeat_n('|', n));
                    continue;
                }
                Task::Game {
                    g,
                    brackets,
                    parens,
                } => (g, brackets, parens),
            };
            let form = self.forms[&g].clone();
            match form {
                Form::Compact(u) => write_uptimal(&mut out, &u, parens),
                Form::Switch(options) => {
                    out.push_str("+-");
                    let many = options.len() > 1;
                    if many {
                        stack.push(Task::Text("}"));
                    }
                    for (i, &o) in options.iter().enumerate().rev() {
                        stack.push(Task::Game {
                            g: o,
                            brackets: true,
                            parens: !many,
                        });
                        if i > 0 {
                            stack.push(Task::Text(","));
                        }
                    }
                    if many {
                        stack.push(Task::Text("{"));
                    }
                }
                Form::Tiny {
                    tiny,
                    translate,
                    subscript,
                } => {
                    if parens {
                        out.push('(');
                        stack.push(Task::Text(")"));
                    }
                    stack.push(Task::Text(")"));
                    stack.push(Task::Game {
                        g: subscript,
                        brackets: true,
                        parens: false,
                    });
                    stack.push(Task::Text(if tiny { "Tiny(" } else { "Miny(" }));
                    if translate != self.store.zero() {
                        stack.push(Task::Game {
                            g: translate,
                            brackets: false,
                            parens: false,
                        });
                    }
                }
                Form::Braces(left, right) => {
                    self.inline_bars(g);
                    let bars = self.bars_between(g);
                    let braces = brackets || bars == MAX_BARS;
                    if braces {
                        stack.push(Task::Text("}"));
                    }
                    push_side(
                        &mut stack,
                        &right,
                        |o, brackets| Task::Game {
                            g: o,
                            brackets,
                            parens: false,
                        },
                        || Task::Text(","),
                    );
                    stack.push(Task::Bars(bars));
                    push_side(
                        &mut stack,
                        &left,
                        |o, brackets| Task::Game {
                            g: o,
                            brackets,
                            parens: false,
                        },
                        || Task::Text(","),
                    );
                    if braces {
                        stack.push(Task::Text("{"));
                    }
                }
            }
        }
        out
    }
}

/// Pushes one side's options, to be written in order with commas between;
/// each is braced when the side has more than one.
fn push_side<T>(
    stack: &mut Vec<T>,
    side: &[GameId],
    game: impl Fn(GameId, bool) -> T,
    comma: impl Fn() -> T,
) {
    let many = side.len() > 1;
    for (i, &o) in side.iter().enumerate().rev() {
        stack.push(game(o, many));
        if i > 0 {
            stack.push(comma());
        }
    }
}

/// Writes a number, a nimber or a compact uptimal as CGSuite does: the
/// number, then the ups (`^`, `^^`, `^3`, `^<3>`, `^[3]`, or `v`…), then the
/// star; in parentheses when asked and it is not a plain number, nimber or
/// multiple of an up.
fn write_uptimal(out: &mut String, u: &Uptimal, parens: bool) {
    let length = u.coefficients.len();
    let plain = (length == 0 && (u.nim == 0 || u.number == Dyadic::ZERO))
        || (u.number == Dyadic::ZERO && u.nim == 0);
    if parens && !plain {
        out.push('(');
    }
    if u.number != Dyadic::ZERO || (u.nim == 0 && length == 0) {
        let _ = write!(out, "{}", u.number);
    }
    if length == 1 {
        let a = u.coefficients[0];
        out.push_str(match a {
            2 => "^^",
            -2 => "vv",
            a if a > 0 => "^",
            _ => "v",
        });
        if a.unsigned_abs() > 2 {
            let _ = write!(out, "{}", a.unsigned_abs());
        }
    } else if length > 1 {
        out.push(if u.coefficients[length - 1] > 0 {
            '^'
        } else {
            'v'
        });
        let (open, close) = if u.is_unit() { ('<', '>') } else { ('[', ']') };
        let _ = write!(out, "{open}{length}{close}");
    }
    match u.nim {
        0 => {}
        1 => out.push('*'),
        m => {
            let _ = write!(out, "*{m}");
        }
    }
    if parens && !plain {
        out.push(')');
    }
}
