//! Sprouts (Conway and Paterson, 1967; *Winning Ways*, ch. 17): spots on
//! paper; a move draws a line from a spot to a spot (or to itself) that
//! crosses no line, and puts a new spot on it; a spot takes at most three
//! lines. The player who cannot move loses. Impartial: its values are
//! nimbers.
//!
//! A position is written as Lemoine and Viennot's program GLOP writes one
//! ("Computer analysis of Sprouts with nimbers", 2010/2012, after
//! Applegate, Jacobson and Sleator, "Computer analysis of Sprouts", 1991):
//! each *land* (a group of regions that share no spot with another) ends
//! with `]`, each region of a land with `}`, each boundary of a region with
//! `.`; a boundary lists its spots in the order a walk along it with the
//! region on the left meets them. A spot is `0` (no line yet: three lives;
//! alone on its boundary), `1` (one line: two lives), `2` (two lines, one
//! life, met once in the whole position) or a letter `A`–`Z`, `a`–`z`
//! (two lines, one life, met twice: twice on one boundary or in two
//! regions; a letter names one spot within its land). A trailing `!` is
//! read and ignored, and so is a dead spot `3` (three lines; the
//! unabbreviated notation of Applegate et al. keeps them). `sprouts(n)` is `n` fresh spots, `0.0.…}]`; the
//! empty position is written `0`.
//!
//! Positions are kept as the papers simplify them so that the search
//! meets each position once: spots with no life left and regions where no
//! move is left are dropped; a one-life spot met once is a `2`; lands are
//! separate games (the Grundy value of a position is the nim-sum of its
//! lands'); boundaries are turned to start where they read least, regions
//! and lands sorted, letters named in order of reading, and of a position
//! and its mirror image (every boundary walked the other way) the one that
//! reads least is kept. Positions the papers would call equal may still
//! be written two ways; that costs search, never a wrong value.
//!
//! A move in a region joins two of its sites (or one spot with two lives to
//! itself). Joining two boundaries merges them into one; joining a
//! boundary to itself cuts the region in two, and each other boundary of
//! the region goes to either side: every way is a move.
//!
//! # Example
//! ```
//! use cgt_core::impartial::GrundyMemo;
//! use cgt_rulesets::sprouts::Sprouts;
//!
//! let mut memo = GrundyMemo::new(Sprouts);
//! // One spot and two spots: the second player wins (Winning Ways, ch. 17).
//! assert!(!memo.mover_wins(&Sprouts::parse("1")?));
//! assert!(!memo.mover_wins(&Sprouts::parse("2")?));
//! // Three spots: the first player wins.
//! assert!(memo.mover_wins(&Sprouts::parse("0.0.0.}]")?));
//! assert_eq!(Sprouts::parse("2")?.to_string(), "0.0.}]");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```
//!
//! # Complexity
//! A move in a region with `k` other boundaries has up to `2^k` ways to
//! share them; a region holds at most [`MAX_BOUNDARIES`] boundaries.

use crate::parse::{ParseError, found};
use cgt_core::impartial::ImpartialGame;
use std::fmt;

/// The most fresh spots `sprouts(n)` may have.
pub const MAX_SPOTS: usize = 12;
/// The most lives (three a fresh spot) a position may hold: as many as
/// [`MAX_SPOTS`] fresh spots.
pub const MAX_LIVES: usize = 3 * MAX_SPOTS;
/// The most spots a position's text may write (dead ones included).
pub const MAX_WRITTEN: usize = 200;
/// The most boundaries a region may have.
pub const MAX_BOUNDARIES: usize = MAX_SPOTS;

/// The rules of Sprouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sprouts;

/// A Sprouts position, simplified: its text in the notation, lands sorted,
/// each ending with `]` (empty for no land).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Spots(Box<[u8]>);

impl Spots {
    /// Its lands, one position each.
    pub fn lands(&self) -> impl Iterator<Item = Spots> + '_ {
        self.0
            .split_inclusive(|&c| c == b']')
            .map(|land| Spots(land.into()))
    }

    /// Whether no land is left: no move.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for Spots {
    /// `0.0.}]`, or `0` for the empty position: as [`Sprouts::parse`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("0");
        }
        // The text is ASCII by construction.
        f.write_str(&String::from_utf8_lossy(&self.0))
    }
}

/// A drawing as the moves need it: every spot's lives, and each region as
/// its boundaries, each the spots (by number) of its sites in order.
#[derive(Clone, Debug, Default)]
struct Drawing {
    lives: Vec<u8>,
    regions: Vec<Vec<Vec<u8>>>,
}

/// Whether `c` names a spot met twice.
fn is_letter(c: u8) -> bool {
    c.is_ascii_alphabetic()
}

/// The `k`th letter: `A`–`Z`, then `a`–`z`.
fn letter(k: usize) -> u8 {
    if k < 26 {
        b'A' + k as u8
    } else {
        b'a' + (k - 26) as u8
    }
}

impl Sprouts {
    /// Reads a position: `n` fresh spots (at most [`MAX_SPOTS`]), or the
    /// notation of the module's documentation (`0.1A.}A2.}]`).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::sprouts::Sprouts;
    /// assert_eq!(Sprouts::parse("0.AB.}AB.}]!")?.to_string(), "0.AB.}AB.}]");
    /// let error = Sprouts::parse("0.A.}]").unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "at character 3: spot 'A' is met once in its land (a letter is a spot met twice; write 2 for one met once)"
    /// );
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Spots, ParseError> {
        let trimmed = text.trim();
        let lead = text.chars().take_while(|c| c.is_whitespace()).count();
        if !trimmed.is_empty() && trimmed.chars().all(|c| c.is_ascii_digit()) {
            let n = trimmed
                .parse::<usize>()
                .ok()
                .filter(|&n| n <= MAX_SPOTS)
                .ok_or_else(|| ParseError::new(lead, format!("at most {MAX_SPOTS} fresh spots")))?;
            let drawing = Drawing {
                lives: vec![3; n],
                regions: if n == 0 {
                    Vec::new()
                } else {
                    vec![(0..n as u8).map(|s| vec![s]).collect()]
                },
            };
            return Ok(drawing.simplified());
        }
        read_notation(text).map(|d| d.simplified())
    }
}

/// A letter's spot as read so far in its land: the spot, the region and
/// boundary (indices) and character where it was first met, and how often.
type Met = (u8, usize, usize, usize, u8);

/// Reads the notation, checking what the moves rely on: a `0` alone on its
/// boundary, a letter met twice in its land (twice in one region only on
/// one boundary), the counts bounded.
fn read_notation(text: &str) -> Result<Drawing, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut drawing = Drawing::default();
    let mut total_lives = 0usize;
    // Within the land being read: each letter's spot, where it was met
    // (region, boundary, character) and how often.
    let mut letters: Vec<Option<Met>> = vec![None; 52];
    let (mut region, mut boundary): (Vec<Vec<u8>>, Vec<u8>) = (Vec::new(), Vec::new());
    let mut ended = false;
    let mut i = 0;
    let error = |at: usize, what: String| ParseError::new(at, what);
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if ended {
            if c == '!' && chars[i + 1..].iter().all(|c| c.is_whitespace()) {
                break;
            }
            if c != '!' {
                ended = false;
            } else {
                return Err(error(i, format!("expected the end, {}", found(Some(c)))));
            }
        }
        let lives = match c {
            '3' => Some(0),
            '0' => Some(3),
            '1' => Some(2),
            '2' => Some(1),
            c if c.is_ascii_alphabetic() => Some(1),
            _ => None,
        };
        if let Some(lives) = lives {
            if drawing.lives.len() == MAX_WRITTEN {
                return Err(error(
                    i,
                    format!("a position has at most {MAX_WRITTEN} spots written"),
                ));
            }
            total_lives += usize::from(lives);
            if total_lives > MAX_LIVES {
                return Err(error(
                    i,
                    format!("a position holds at most {MAX_LIVES} lives"),
                ));
            }
            let spot = if c.is_ascii_alphabetic() {
                let k = if c.is_ascii_uppercase() {
                    c as usize - 'A' as usize
                } else {
                    26 + c as usize - 'a' as usize
                };
                let r = drawing.regions.len();
                let b = region.len();
                match &mut letters[k] {
                    None => {
                        drawing.lives.push(1);
                        let s = (drawing.lives.len() - 1) as u8;
                        letters[k] = Some((s, r, b, i, 1));
                        s
                    }
                    Some((s, r0, b0, _, count)) => {
                        if *count == 2 {
                            return Err(error(
                                i,
                                format!("spot {c:?} is met a third time in its land"),
                            ));
                        }
                        if *r0 == r && *b0 != b {
                            return Err(error(
                                i,
                                format!(
                                    "spot {c:?} is met on two boundaries of one region \
                                     (a spot is on one boundary of a region)"
                                ),
                            ));
                        }
                        total_lives -= 1;
                        *count = 2;
                        *s
                    }
                }
            } else {
                if c == '0' && !boundary.is_empty() {
                    return Err(error(
                        i,
                        "a spot with no line (0) is alone on its boundary".to_string(),
                    ));
                }
                drawing.lives.push(lives);
                (drawing.lives.len() - 1) as u8
            };
            if boundary
                .first()
                .is_some_and(|&s| drawing.lives[usize::from(s)] == 3)
            {
                return Err(error(
                    i,
                    "a spot with no line (0) is alone on its boundary".to_string(),
                ));
            }
            boundary.push(spot);
            i += 1;
            continue;
        }
        match c {
            '.' => {
                if boundary.is_empty() {
                    return Err(error(i, "expected a spot, found '.'".to_string()));
                }
                if region.len() == MAX_BOUNDARIES {
                    return Err(error(
                        i,
                        format!("a region has at most {MAX_BOUNDARIES} boundaries"),
                    ));
                }
                region.push(std::mem::take(&mut boundary));
            }
            '}' => {
                if !boundary.is_empty() {
                    return Err(error(
                        i,
                        "expected '.' to end the boundary, found '}'".into(),
                    ));
                }
                drawing.regions.push(std::mem::take(&mut region));
            }
            ']' => {
                if !boundary.is_empty() || !region.is_empty() {
                    return Err(error(i, "expected '}' to end the region, found ']'".into()));
                }
                if let Some((_, _, _, at, _)) = letters.iter().flatten().find(|l| l.4 == 1) {
                    let name = chars[*at];
                    return Err(error(
                        *at,
                        format!(
                            "spot {name:?} is met once in its land (a letter is a spot \
                             met twice; write 2 for one met once)"
                        ),
                    ));
                }
                letters.iter_mut().for_each(|l| *l = None);
                ended = true;
            }
            c => {
                let expected = if boundary.is_empty() {
                    "a spot (0, 1, 2, 3 or a letter), '}' or ']'"
                } else {
                    "a spot (0, 1, 2, 3 or a letter) or '.'"
                };
                return Err(error(i, format!("expected {expected}, {}", found(Some(c)))));
            }
        }
        i += 1;
    }
    if !ended {
        let what = if !boundary.is_empty() {
            "'.' to end the boundary"
        } else if !region.is_empty() {
            "'}' to end the region"
        } else if drawing.regions.is_empty() {
            "a spot or a number of fresh spots"
        } else {
            "']' to end the land"
        };
        return Err(error(
            chars.len(),
            format!("expected {what}, found the end"),
        ));
    }
    Ok(drawing)
}

impl Drawing {
    /// The drawing a simplified position's text describes (letters named
    /// within each land).
    fn of(spots: &Spots) -> Drawing {
        let mut drawing = Drawing::default();
        let mut named: [u8; 52] = [u8::MAX; 52];
        let (mut region, mut boundary) = (Vec::new(), Vec::new());
        for &c in spots.0.iter() {
            match c {
                b'.' => region.push(std::mem::take(&mut boundary)),
                b'}' => drawing.regions.push(std::mem::take(&mut region)),
                b']' => named = [u8::MAX; 52],
                c => {
                    let spot = if is_letter(c) {
                        let k = if c.is_ascii_uppercase() {
                            usize::from(c - b'A')
                        } else {
                            26 + usize::from(c - b'a')
                        };
                        if named[k] == u8::MAX {
                            drawing.lives.push(1);
                            named[k] = (drawing.lives.len() - 1) as u8;
                        }
                        named[k]
                    } else {
                        drawing.lives.push(3 - (c - b'0'));
                        (drawing.lives.len() - 1) as u8
                    };
                    boundary.push(spot);
                }
            }
        }
        drawing
    }

    /// Whether a move is left in `region`: a spot with two lives, or two
    /// spots with one.
    fn has_move(&self, region: &[Vec<u8>]) -> bool {
        let mut first = None;
        for &s in region.iter().flatten() {
            match self.lives[usize::from(s)] {
                0 => {}
                1 => match first {
                    None => first = Some(s),
                    Some(f) if f != s => return true,
                    Some(_) => {}
                },
                _ => return true,
            }
        }
        false
    }

    /// The position, simplified and written (see the module's documentation).
    fn simplified(mut self) -> Spots {
        for region in &mut self.regions {
            for boundary in region.iter_mut() {
                boundary.retain(|&s| self.lives[usize::from(s)] > 0);
            }
            region.retain(|b| !b.is_empty());
        }
        let regions: Vec<Vec<Vec<u8>>> = std::mem::take(&mut self.regions)
            .into_iter()
            .filter(|r| self.has_move(r))
            .collect();
        // How often each spot is met, and in which region last.
        let mut met = vec![0u8; self.lives.len()];
        let mut home = vec![usize::MAX; self.lives.len()];
        // Lands: regions joined by a spot met in both.
        let mut land: Vec<usize> = (0..regions.len()).collect();
        for (r, region) in regions.iter().enumerate() {
            for &s in region.iter().flatten() {
                let s = usize::from(s);
                met[s] += 1;
                if home[s] != usize::MAX && home[s] != r {
                    let (a, b) = (root(&land, home[s]), root(&land, r));
                    land[a.max(b)] = a.min(b);
                }
                home[s] = r;
            }
        }
        let mut lands: Vec<Vec<&Vec<Vec<u8>>>> = Vec::new();
        let mut index = vec![usize::MAX; regions.len()];
        for (r, region) in regions.iter().enumerate() {
            let top = root(&land, r);
            if index[top] == usize::MAX {
                index[top] = lands.len();
                lands.push(Vec::new());
            }
            lands[index[top]].push(region);
        }
        let mut codes: Vec<Vec<u8>> = lands
            .iter()
            .map(|l| {
                let ahead = land_code(l, &self.lives, &met, false);
                let mirrored = land_code(l, &self.lives, &met, true);
                ahead.min(mirrored)
            })
            .collect();
        codes.sort_unstable();
        Spots(codes.concat().into())
    }

    /// Every option, simplified, pushed onto `out`.
    fn moves(&self, out: &mut Vec<Spots>) {
        for (r, region) in self.regions.iter().enumerate() {
            let sites: Vec<(usize, usize)> = region
                .iter()
                .enumerate()
                .flat_map(|(b, boundary)| (0..boundary.len()).map(move |i| (b, i)))
                .collect();
            for (a, &(b1, i1)) in sites.iter().enumerate() {
                for &(b2, i2) in &sites[a..] {
                    let (x, y) = (region[b1][i1], region[b2][i2]);
                    let same_site = (b1, i1) == (b2, i2);
                    let (lx, ly) = (self.lives[usize::from(x)], self.lives[usize::from(y)]);
                    if (same_site && lx < 2) || (!same_site && (x == y || lx == 0 || ly == 0)) {
                        continue;
                    }
                    let mut next = Drawing {
                        lives: self.lives.clone(),
                        regions: Vec::with_capacity(self.regions.len() + 1),
                    };
                    next.lives[usize::from(x)] -= 1;
                    next.lives[usize::from(y)] -= 1;
                    let v = next.lives.len() as u8;
                    next.lives.push(1);
                    next.regions.extend(
                        self.regions
                            .iter()
                            .enumerate()
                            .filter(|&(k, _)| k != r)
                            .map(|(_, region)| region.clone()),
                    );
                    let others: Vec<&Vec<u8>> = region
                        .iter()
                        .enumerate()
                        .filter(|&(b, _)| b != b1 && b != b2)
                        .map(|(_, boundary)| boundary)
                        .collect();
                    if b1 == b2 {
                        let boundary = &region[b1];
                        let mut inside = boundary[i1..=i2].to_vec();
                        inside.push(v);
                        let mut outside = if same_site && lx == 3 {
                            vec![x]
                        } else {
                            let mut walk = boundary[i2..].to_vec();
                            walk.extend_from_slice(&boundary[..=i1]);
                            walk
                        };
                        outside.push(v);
                        for mask in 0..1usize << others.len() {
                            let mut one = vec![inside.clone()];
                            let mut two = vec![outside.clone()];
                            for (k, &other) in others.iter().enumerate() {
                                if mask >> k & 1 == 1 {
                                    one.push(other.clone());
                                } else {
                                    two.push(other.clone());
                                }
                            }
                            let mut split = next.clone();
                            split.regions.push(one);
                            split.regions.push(two);
                            out.push(split.simplified());
                        }
                    } else {
                        let mut merged = self.walk(&region[b1], i1);
                        merged.push(v);
                        merged.extend(self.walk(&region[b2], i2));
                        merged.push(v);
                        let mut joined = vec![merged];
                        joined.extend(others.into_iter().cloned());
                        next.regions.push(joined);
                        out.push(next.simplified());
                    }
                }
            }
        }
    }

    /// The sites met walking `boundary` from site `i` round to it again,
    /// where a line is about to leave it: a spot with no line is met once.
    fn walk(&self, boundary: &[u8], i: usize) -> Vec<u8> {
        if boundary.len() == 1 && self.lives[usize::from(boundary[0])] == 3 {
            return boundary.to_vec();
        }
        let mut walk = boundary[i..].to_vec();
        walk.extend_from_slice(&boundary[..=i]);
        walk
    }
}

/// The representative of `r` in the union-find `parent`.
fn root(parent: &[usize], mut r: usize) -> usize {
    while parent[r] != r {
        r = parent[r];
    }
    r
}

/// A land's text: each boundary turned to read least (letters alike),
/// boundaries and regions sorted likewise, then letters named in reading
/// order. `mirrored`: every boundary walked the other way.
fn land_code(regions: &[&Vec<Vec<u8>>], lives: &[u8], met: &[u8], mirrored: bool) -> Vec<u8> {
    let symbol = |s: u8| -> u8 {
        let s = usize::from(s);
        match lives[s] {
            3 => b'0',
            2 => b'1',
            _ if met[s] == 1 => b'2',
            _ => b'A',
        }
    };
    // Each region: its boundaries as (symbols, spots), turned and sorted.
    let mut shaped: Vec<(Vec<u8>, Vec<Vec<u8>>)> = regions
        .iter()
        .map(|region| {
            let mut boundaries: Vec<(Vec<u8>, Vec<u8>)> = region
                .iter()
                .map(|boundary| {
                    let mut spots = boundary.clone();
                    if mirrored {
                        spots.reverse();
                    }
                    let symbols: Vec<u8> = spots.iter().map(|&s| symbol(s)).collect();
                    let turn = (0..spots.len())
                        .min_by(|&a, &b| {
                            symbols[a..]
                                .iter()
                                .chain(&symbols[..a])
                                .cmp(symbols[b..].iter().chain(&symbols[..b]))
                        })
                        .unwrap_or(0);
                    spots.rotate_left(turn);
                    let symbols = spots.iter().map(|&s| symbol(s)).collect();
                    (symbols, spots)
                })
                .collect();
            boundaries.sort();
            let mut key = Vec::new();
            for (symbols, _) in &boundaries {
                key.extend_from_slice(symbols);
                key.push(b'.');
            }
            (key, boundaries.into_iter().map(|(_, s)| s).collect())
        })
        .collect();
    shaped.sort();
    let mut names: Vec<Option<u8>> = vec![None; lives.len()];
    let mut next = 0;
    let mut code = Vec::new();
    for (_, boundaries) in &shaped {
        for boundary in boundaries {
            for &s in boundary {
                let c = symbol(s);
                if c == b'A' {
                    let name = names[usize::from(s)].get_or_insert_with(|| {
                        next += 1;
                        letter(next - 1)
                    });
                    code.push(*name);
                } else {
                    code.push(c);
                }
            }
            code.push(b'.');
        }
        code.push(b'}');
    }
    code.push(b']');
    code
}

impl ImpartialGame for Sprouts {
    type Position = Spots;

    /// Every line through a region between two sites with lives, each way
    /// of sharing the region's other boundaries; each option simplified,
    /// each once.
    fn options(&self, position: &Spots, out: &mut Vec<Spots>) {
        let mut options = Vec::new();
        Drawing::of(position).moves(&mut options);
        options.sort_unstable();
        options.dedup();
        out.extend(options);
    }

    fn components(&self, position: &Spots, parts: &mut Vec<Spots>) {
        if position.lands().nth(1).is_some() {
            parts.extend(position.lands());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_written_as_they_read() {
        for text in ["0", "0.}]", "0.0.0.}]", "0.AB.}AB.}]", "1A.}1A.}]"] {
            let spots = Sprouts::parse(text).expect(text);
            assert_eq!(spots.to_string(), text, "{text}");
        }
        for (text, at) in [
            ("", 0),
            ("13", 0),
            ("0.", 2),
            ("00.}]", 1),
            ("0.}]x", 5),
            ("A.}]", 0),
            ("AAA.}]", 2),
            ("AB.AB.}]", 3),
            ("0.}]!!", 4),
        ] {
            assert_eq!(
                Sprouts::parse(text).map_err(|e| e.position()),
                Err(at),
                "{text}"
            );
        }
    }

    #[test]
    fn one_spot_has_its_two_options() {
        // A loop round the spot, a spot on it: `0` inside and `AB` both
        // sides; nothing else.
        let mut out = Vec::new();
        Sprouts.options(&Sprouts::parse("1").expect("one spot"), &mut out);
        let texts: Vec<String> = out.iter().map(ToString::to_string).collect();
        assert_eq!(texts, ["AB.}AB.}]"]);
    }
}
