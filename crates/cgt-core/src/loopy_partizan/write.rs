//! Stoppers written as CGSuite writes them: short games in the short
//! notation, `on`, `off`, `x over` and `x under` (`5over`, `3/2under`),
//! `+-` for switches, `xTiny(s)` and `xMiny(s)`, the uptimals `^[on]`,
//! `v[on]` and `^<on>`, and every other stopper in braces with `pass` for a
//! move to itself and a name (`a`, `b`, …) for a position met again on the
//! way down: `a{0|{a|-1}}`.

use super::{Graph, LoopyValue, StopperId, StopperStore};
use crate::canonical::{GameId, GameStore};
use crate::dyadic::Dyadic;
use crate::outcome::Side;
use rustc_hash::{FxHashMap, FxHashSet};

/// The most bars CGSuite writes in a row before it opens braces again.
const MAX_BARS: usize = 4;

/// A stopper that is a number with `over` or `under`, `on` or `off`.
enum Pseudonumber {
    On,
    Off,
    /// `x over` (`over` true) or `x under`.
    Over(Dyadic, bool),
}

/// `x ↑[on] *m` (CGSuite's upon forms): `^[on]` or, `uponth`, `^<on>`;
/// `negated` for `v`.
struct Upon {
    uponth: bool,
    number: Dyadic,
    nim: u64,
    negated: bool,
}

/// What is left to write of a game in braces or of a switch.
enum Frame {
    Braces {
        id: StopperId,
        context: usize,
        brackets: bool,
        options: Vec<(Side, StopperId)>,
        next: usize,
        left: String,
        right: String,
        bars: usize,
    },
    Switch {
        id: StopperId,
        options: Vec<StopperId>,
        next: usize,
        out: String,
    },
    Tiny {
        id: StopperId,
        prefix: String,
        parens: bool,
    },
}

/// The positions being written in one naming context (CGSuite starts a new
/// one inside `+-` and `Tiny`): each with its name once a follower has
/// referred back to it.
#[derive(Default)]
struct Context {
    open: FxHashMap<StopperId, Option<String>>,
    named: usize,
}

struct Writer<'a> {
    stoppers: &'a mut StopperStore,
    store: &'a mut GameStore,
    options: FxHashMap<(StopperId, Side), Vec<StopperId>>,
    shorts: FxHashMap<StopperId, Option<GameId>>,
}

impl StopperStore {
    /// The stopper at position `v` of the simplest form of `s`.
    pub fn follower(&mut self, s: StopperId, v: u32) -> StopperId {
        let form = self.form(s).restricted(v).canonically_named();
        self.intern(form)
    }

    /// `s` written as CGSuite writes it: `over` for `{0|pass}`, `3/2under`
    /// for `{pass|3/2}`, `-1/4v[on]` for `{-1/4*|pass}`, `Miny(on)` for
    /// `{on|0||0}`, `+-over` for `+-{0|pass}`, `a{0|{a|-1}}` where no
    /// shorter form applies; a stopper with no cycle is written as the
    /// short game it is ([`GameStore::display`]).
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// use cgt_core::loopy_partizan::{Graph, StopperStore};
    /// use cgt_core::outcome::Side;
    /// let mut graph = Graph::new();
    /// let (over, zero) = (graph.add_position(), graph.add_position());
    /// graph.add_move(over, Side::Left, zero);
    /// graph.add_move(over, Side::Right, over);
    /// let mut stoppers = StopperStore::new();
    /// let mut store = GameStore::new();
    /// let over = stoppers.stopper(&graph, over)?;
    /// assert_eq!(stoppers.display(over, &mut store), "over");
    /// # Ok::<(), cgt_core::loopy_partizan::LoopyError>(())
    /// ```
    pub fn display(&mut self, s: StopperId, store: &mut GameStore) -> String {
        let mut writer = Writer {
            stoppers: self,
            store,
            options: FxHashMap::default(),
            shorts: FxHashMap::default(),
        };
        writer.write(s)
    }
}

impl StopperStore {
    /// A value written as CGSuite writes it: a stopper as
    /// [`StopperStore::display`] writes it, a sided value as `A & B`
    /// (`dud` for `on & off`).
    pub fn display_value(&mut self, value: LoopyValue, store: &mut GameStore) -> String {
        match value {
            LoopyValue::Stopper(s) => self.display(s, store),
            LoopyValue::Sided { onside, offside } => {
                let (on, off) = (self.display(onside, store), self.display(offside, store));
                if on == "on" && off == "off" {
                    "dud".to_string()
                } else {
                    format!("{on} & {off}")
                }
            }
        }
    }
}

/// CGSuite's name for the `n`th named position: `a` to `z`, then `N1`, ….
fn name(n: usize) -> String {
    match u8::try_from(n) {
        Ok(k) if k < 26 => char::from(b'a' + k).to_string(),
        _ => format!("N{}", n - 25),
    }
}

impl Writer<'_> {
    fn short(&mut self, s: StopperId) -> Option<GameId> {
        if let Some(&g) = self.shorts.get(&s) {
            return g;
        }
        let g = self.stoppers.to_short(s, self.store);
        self.shorts.insert(s, g);
        g
    }

    fn number(&mut self, s: StopperId) -> Option<Dyadic> {
        let g = self.short(s)?;
        self.store.as_number(g)
    }

    /// The options of `s` for `side`, in CGSuite's order: short games first
    /// (in the order short games are written in), then the others by their
    /// simplest forms.
    fn options(&mut self, s: StopperId, side: Side) -> Vec<StopperId> {
        if let Some(o) = self.options.get(&(s, side)) {
            return o.clone();
        }
        let targets = self.stoppers.form(s).moves(0, side).to_vec();
        let ids: Vec<StopperId> = targets
            .into_iter()
            .map(|v| self.stoppers.follower(s, v))
            .collect();
        let mut short: Vec<(GameId, StopperId)> = Vec::new();
        let mut loopy: Vec<StopperId> = Vec::new();
        for id in ids {
            match self.short(id) {
                Some(g) => short.push((g, id)),
                None => loopy.push(id),
            }
        }
        let mut games: Vec<GameId> = short.iter().map(|p| p.0).collect();
        self.store.sort_for_display(&mut games);
        let by_game: FxHashMap<GameId, StopperId> = short.into_iter().collect();
        let stoppers = &*self.stoppers;
        loopy.sort_by(|a, b| stoppers.form(*a).cmp(stoppers.form(*b)));
        let sorted: Vec<StopperId> = games.iter().map(|g| by_game[g]).chain(loopy).collect();
        self.options.insert((s, side), sorted.clone());
        sorted
    }

    fn pseudonumber(&mut self, s: StopperId) -> Option<Pseudonumber> {
        let form = self.stoppers.form(s);
        let (left, right) = (
            form.moves(0, Side::Left).to_vec(),
            form.moves(0, Side::Right).to_vec(),
        );
        match (left.as_slice(), right.as_slice()) {
            ([0], []) => Some(Pseudonumber::On),
            ([], [0]) => Some(Pseudonumber::Off),
            (&[x], [0]) if x != 0 => {
                let x = self.stoppers.follower(s, x);
                self.number(x).map(|x| Pseudonumber::Over(x, true))
            }
            ([0], &[x]) if x != 0 => {
                let x = self.stoppers.follower(s, x);
                self.number(x).map(|x| Pseudonumber::Over(x, false))
            }
            _ => None,
        }
    }

    /// Whether some follower of `s` moves back to `s` itself (other than
    /// by a pass): such a game is written in braces with a name.
    fn reentrant(&self, s: StopperId) -> bool {
        let form = self.stoppers.form(s);
        (1..form.len() as u32).any(|v| {
            [Side::Left, Side::Right]
                .iter()
                .any(|&side| form.moves(v, side).contains(&0))
        })
    }

    /// Whether the only cycles are passes (CGSuite's plumtrees).
    fn plumtree(&self, s: StopperId) -> bool {
        let form: &Graph = self.stoppers.form(s);
        let n = form.len();
        let mut remaining = vec![0_usize; n];
        let mut into: Vec<Vec<u32>> = vec![Vec::new(); n];
        for v in 0..n as u32 {
            for side in [Side::Left, Side::Right] {
                for &w in form.moves(v, side) {
                    if w != v {
                        remaining[v as usize] += 1;
                        into[w as usize].push(v);
                    }
                }
            }
        }
        let mut ready: Vec<u32> = (0..n as u32)
            .filter(|&v| remaining[v as usize] == 0)
            .collect();
        let mut peeled = 0;
        while let Some(w) = ready.pop() {
            peeled += 1;
            for &v in &into[w as usize] {
                remaining[v as usize] -= 1;
                if remaining[v as usize] == 0 {
                    ready.push(v);
                }
            }
        }
        peeled == n
    }

    fn under(&mut self) -> StopperId {
        let mut graph = Graph::new();
        let (g, zero) = (graph.add_position(), graph.add_position());
        graph.add_move(g, Side::Left, g);
        graph.add_move(g, Side::Right, zero);
        self.stoppers
            .small_stopper(&graph, g)
            .expect("under is a stopper")
    }

    /// `{x || x | y}` with `y - x <= under` is `xTiny(x - y)`, and `{z | x
    /// || x}` with `x - z <= under` is `xMiny(z - x)` (CGSuite's
    /// `isNumberTiny`): (Tiny?, x, subscript).
    fn tiny(&mut self, s: StopperId) -> Option<(bool, GameId, StopperId)> {
        let (left, right) = (self.options(s, Side::Left), self.options(s, Side::Right));
        let ([l], [r]) = (left.as_slice(), right.as_slice()) else {
            return None;
        };
        let under = self.under();
        for tiny in [true, false] {
            let (number, other) = if tiny { (*l, *r) } else { (*r, *l) };
            if self.number(number).is_none() {
                continue;
            }
            let x = self.short(number)?;
            let (near, far) = if tiny {
                (Side::Left, Side::Right)
            } else {
                (Side::Right, Side::Left)
            };
            let (inner_near, inner_far) = (self.options(other, near), self.options(other, far));
            let ([a], [y]) = (inner_near.as_slice(), inner_far.as_slice()) else {
                continue;
            };
            if *a != number {
                continue;
            }
            // Tiny: y - x <= under, subscript x - y; Miny: x - y <= under,
            // subscript y - x.
            let minus_x = self.stoppers.neg(number);
            let y_minus_x = self.stoppers.add(*y, minus_x).ok()?;
            let x_minus_y = self.stoppers.neg(y_minus_x);
            let (gap, subscript) = if tiny {
                (y_minus_x, x_minus_y)
            } else {
                (x_minus_y, y_minus_x)
            };
            if self.stoppers.le(gap, under).ok()? {
                return Some((tiny, x, subscript));
            }
        }
        None
    }

    /// CGSuite's upon forms of `s` or of its negative.
    fn upon(&mut self, s: StopperId) -> Option<Upon> {
        if let Some(u) = self.upon_of(s, true) {
            return Some(u);
        }
        let minus = self.stoppers.neg(s);
        let u = self.upon_of(minus, true)?;
        Some(Upon {
            number: u.number.checked_neg()?,
            negated: true,
            ..u
        })
    }

    fn upon_of(&mut self, s: StopperId, check_uponth: bool) -> Option<Upon> {
        let (left, right) = (self.options(s, Side::Left), self.options(s, Side::Right));
        if let [r] = right.as_slice() {
            if left.len() <= 2 {
                if let Some((x, 0, m)) =
                    self.short(*r).and_then(|g| self.store.as_number_up_star(g))
                {
                    let fits = if m == 0 {
                        left.len() == 2
                            && left.contains(&s)
                            && left.iter().any(|&o| self.number(o) == Some(x))
                    } else {
                        left == [s]
                    };
                    if fits {
                        return Some(Upon {
                            uponth: false,
                            number: x,
                            nim: m ^ 1,
                            negated: false,
                        });
                    }
                }
            }
            if check_uponth {
                let minus_r = self.stoppers.neg(*r);
                if let Some(u) = self.upon_of(minus_r, false) {
                    if !u.uponth && !u.negated {
                        let wanted = u.nim ^ 1;
                        let minus_number = u.number.checked_neg()?;
                        let mut expected: Vec<GameId> = Vec::new();
                        for n in 0..=wanted {
                            expected.push(self.store.number_up_star(minus_number, 0, n).ok()?);
                        }
                        let mut got: Vec<GameId> = Vec::new();
                        for &o in &left {
                            got.push(self.short(o)?);
                        }
                        expected.sort_unstable();
                        got.sort_unstable();
                        if expected == got {
                            return Some(Upon {
                                uponth: true,
                                number: minus_number,
                                nim: wanted,
                                negated: false,
                            });
                        }
                    }
                }
            }
        }
        None
    }

    fn write(&mut self, root: StopperId) -> String {
        let mut contexts = vec![Context::default()];
        let mut frames: Vec<Frame> = Vec::new();
        let mut on_path: FxHashSet<StopperId> = FxHashSet::default();
        // What the last finished game wrote, and its bars.
        let mut done: Option<(String, usize)> = self.enter(
            root,
            true,
            false,
            0,
            &mut contexts,
            &mut frames,
            &mut on_path,
        );
        loop {
            let Some(frame) = frames.last_mut() else {
                return done.expect("the root is written").0;
            };
            match frame {
                Frame::Braces {
                    id,
                    context,
                    brackets,
                    options,
                    next,
                    left,
                    right,
                    bars,
                } => {
                    if let Some((text, child_bars)) = done.take() {
                        let (side, _) = options[*next - 1];
                        let out = if side == Side::Left {
                            &mut *left
                        } else {
                            &mut *right
                        };
                        out.push_str(&text);
                        *bars = (*bars).max(child_bars);
                    }
                    if *next < options.len() {
                        let (side, child) = options[*next];
                        *next += 1;
                        let many = options.iter().filter(|o| o.0 == side).count() > 1;
                        let out = if side == Side::Left {
                            &mut *left
                        } else {
                            &mut *right
                        };
                        if !out.is_empty() {
                            out.push(',');
                        }
                        if child == *id {
                            out.push_str("pass");
                            continue;
                        }
                        let context = *context;
                        done = self.enter(
                            child,
                            many,
                            false,
                            context,
                            &mut contexts,
                            &mut frames,
                            &mut on_path,
                        );
                        continue;
                    }
                    let (id, context, brackets) = (*id, *context, *brackets);
                    let has_left = options.iter().any(|o| o.0 == Side::Left);
                    let has_right = options.iter().any(|o| o.0 == Side::Right);
                    let slashes = *bars + 1;
                    let (left, right) = (std::mem::take(left), std::mem::take(right));
                    let named = contexts[context].open.remove(&id).flatten();
                    on_path.remove(&id);
                    frames.pop();
                    let braces = brackets
                        || named.is_some()
                        || !has_left
                        || !has_right
                        || slashes == MAX_BARS;
                    let mut out = named.clone().unwrap_or_default();
                    if braces {
                        out.push('{');
                    }
                    out.push_str(&left);
                    out.extend(std::iter::repeat_n('|', slashes));
                    out.push_str(&right);
                    if braces {
                        out.push('}');
                    }
                    done = Some((out, if braces { 0 } else { slashes }));
                }
                Frame::Switch {
                    id,
                    options,
                    next,
                    out,
                } => {
                    if let Some((text, _)) = done.take() {
                        out.push_str(&text);
                    }
                    let many = options.len() > 1;
                    if *next < options.len() {
                        if *next > 0 {
                            out.push(',');
                        }
                        let child = options[*next];
                        *next += 1;
                        contexts.push(Context::default());
                        let context = contexts.len() - 1;
                        done = self.enter(
                            child,
                            true,
                            !many,
                            context,
                            &mut contexts,
                            &mut frames,
                            &mut on_path,
                        );
                        continue;
                    }
                    let mut text = std::mem::take(out);
                    if many {
                        text.push('}');
                    }
                    on_path.remove(id);
                    frames.pop();
                    done = Some((text, 0));
                }
                Frame::Tiny { id, prefix, parens } => {
                    let (text, _) = done.take().expect("the subscript is written");
                    let mut out = std::mem::take(prefix);
                    out.push_str(&text);
                    out.push(')');
                    if *parens {
                        out.push(')');
                    }
                    on_path.remove(id);
                    frames.pop();
                    done = Some((out, 0));
                }
            }
        }
    }

    /// Starts writing `s`: returns what it writes at once, or pushes a
    /// frame for what needs its options written first.
    #[allow(clippy::too_many_arguments)]
    fn enter(
        &mut self,
        s: StopperId,
        brackets: bool,
        parens: bool,
        context: usize,
        contexts: &mut Vec<Context>,
        frames: &mut Vec<Frame>,
        on_path: &mut FxHashSet<StopperId>,
    ) -> Option<(String, usize)> {
        if let Some(g) = self.short(s) {
            return Some(self.store.display_inside(g, brackets, parens));
        }
        if let Some(p) = self.pseudonumber(s) {
            let text = match p {
                Pseudonumber::On => "on".to_string(),
                Pseudonumber::Off => "off".to_string(),
                Pseudonumber::Over(x, over) => {
                    let word = if over { "over" } else { "under" };
                    match (x == Dyadic::ZERO, parens) {
                        (true, _) => word.to_string(),
                        (false, false) => format!("{x}{word}"),
                        (false, true) => format!("({x}{word})"),
                    }
                }
            };
            return Some((text, 0));
        }
        // A game on the way down is written by name, never by a form that
        // starts a new context (which would write it again without end).
        let fresh = !on_path.contains(&s) && !self.reentrant(s);
        if fresh {
            let left = self.options(s, Side::Left);
            let right = self.options(s, Side::Right);
            if left.len() == right.len() && self.stoppers.neg(s) == s {
                on_path.insert(s);
                let many = left.len() > 1;
                frames.push(Frame::Switch {
                    id: s,
                    options: left,
                    next: 0,
                    out: if many {
                        "+-{".to_string()
                    } else {
                        "+-".to_string()
                    },
                });
                return None;
            }
            if self.plumtree(s) {
                if let Some((tiny, x, subscript)) = self.tiny(s) {
                    let mut prefix = String::new();
                    if parens {
                        prefix.push('(');
                    }
                    if x != self.store.zero() {
                        prefix.push_str(&self.store.display_inside(x, false, false).0);
                    }
                    prefix.push_str(if tiny { "Tiny(" } else { "Miny(" });
                    on_path.insert(s);
                    frames.push(Frame::Tiny {
                        id: s,
                        prefix,
                        parens,
                    });
                    contexts.push(Context::default());
                    let context = contexts.len() - 1;
                    return self.enter(subscript, true, false, context, contexts, frames, on_path);
                }
            }
        }
        if let Some(u) = self.upon(s) {
            let mut text = String::new();
            if u.number != Dyadic::ZERO {
                text.push_str(&u.number.to_string());
            }
            text.push(if u.negated { 'v' } else { '^' });
            text.push_str(if u.uponth { "<on>" } else { "[on]" });
            match u.nim {
                0 => {}
                1 => text.push('*'),
                m => text.push_str(&format!("*{m}")),
            }
            return Some((text, 0));
        }
        let open = &mut contexts[context];
        if let Some(existing) = open.open.get_mut(&s) {
            let label = existing.get_or_insert_with(|| {
                open.named += 1;
                name(open.named - 1)
            });
            return Some((label.clone(), 0));
        }
        open.open.insert(s, None);
        on_path.insert(s);
        let options: Vec<(Side, StopperId)> = [Side::Left, Side::Right]
            .into_iter()
            .flat_map(|side| self.options(s, side).into_iter().map(move |o| (side, o)))
            .collect();
        frames.push(Frame::Braces {
            id: s,
            context,
            brackets,
            options,
            next: 0,
            left: String::new(),
            right: String::new(),
            bars: 0,
        });
        None
    }
}
