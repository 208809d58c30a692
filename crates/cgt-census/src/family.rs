//! The families a census sweeps: every octal code up to a length, every
//! subtraction set up to a size, or a file of games one per line.

use cgt_lab::Game;
use std::collections::HashMap;

/// The most digits `octal:K` takes: 8^6 codes is already a long census.
pub const MAX_OCTAL_DIGITS: usize = 6;
/// The largest `subtraction:K`: 2^16 sets.
pub const MAX_SUBTRACTION: usize = 16;
/// The most positions a ruleset family lists.
pub const MAX_POSITIONS: usize = 1 << 16;

/// One game of a family, as the family spells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// The game as the family spells it (`0.70`, `S(1,3)`, a file's line).
    pub game: String,
    /// The earlier member that is the same game, if any: this one is not
    /// run, its row says `same_as` instead.
    pub same_as: Option<String>,
}

/// The members of the family `text`, in order.
///
/// - `octal:K` (K in 1..=6): every code `0.d1…dj` with 1 ≤ j ≤ K and digits
///   0–7, but not the all-zero ones (no move at all). The digit before the
///   point is 0: a nonzero d0 (4: split a heap without taking any) is not an
///   octal game of the tables. A code with trailing zeros is the shorter
///   code (`0.70` is `0.7`: the digit 0 allows no move), so it is listed
///   with `same_as` and run once. Distinct digit strings otherwise give
///   different moves (each bit of d_j is a move no other bit makes), so
///   nothing else is merged.
/// - `subtraction:K` (K in 1..=16): every nonempty subtraction set within
///   1..=K, `S(1)`, `S(2)`, `S(1,2)`, … in the order of the set's bits.
/// - `NAME:RxC` (a ruleset of the registry whose positions are a grid) or
///   `NAME:N` (one whose positions are a strip): every board of R rows and
///   C columns, or every strip of 1 to N cells, over the characters its
///   cells may hold (at most 2^16 positions), as terms `NAME(…)` that
///   `eval` reads; a position the ruleset refuses gets a failed row.
/// - anything else: a file, one game per line (blank lines and lines
///   starting with `#` skipped); with `heap`, each line must be a heap game
///   ([`Game::parse`]) and one equal to an earlier line (`0.70` after
///   `0.7`, `S(1,2)` after `0.33`) is `same_as` it; otherwise the lines are
///   expressions, and only equal lines are merged.
///
/// # Errors
/// One line: what was expected, and where (the file and line).
///
/// # Example
/// ```
/// let members = cgt_census::family::members("octal:2", true).unwrap();
/// assert_eq!(members.len(), 7 + 63);
/// assert_eq!(members[7].game, "0.01");
/// let seventy = members.iter().find(|m| m.game == "0.70").unwrap();
/// assert_eq!(seventy.same_as.as_deref(), Some("0.7"));
/// ```
pub fn members(text: &str, heap: bool) -> Result<Vec<Member>, String> {
    if let Some(k) = text.strip_prefix("octal:") {
        let k = k
            .parse::<usize>()
            .ok()
            .filter(|k| (1..=MAX_OCTAL_DIGITS).contains(k))
            .ok_or_else(|| {
                format!("census: octal:K expected K in 1..={MAX_OCTAL_DIGITS}, found \"{text}\"")
            })?;
        return Ok(octal(k));
    }
    if let Some(k) = text.strip_prefix("subtraction:") {
        let k = k
            .parse::<usize>()
            .ok()
            .filter(|k| (1..=MAX_SUBTRACTION).contains(k))
            .ok_or_else(|| {
                format!(
                    "census: subtraction:K expected K in 1..={MAX_SUBTRACTION}, found \"{text}\""
                )
            })?;
        return Ok(subtraction(k));
    }
    if let Some((name, size)) = text.split_once(':')
        && let Some(ruleset) = cgt_rulesets::registry::find(name)
    {
        return positions(text, ruleset, size);
    }
    let contents = std::fs::read_to_string(text).map_err(|e| {
        format!(
            "census: expected FAMILY octal:K, subtraction:K or a file of games, found \"{text}\" ({e})"
        )
    })?;
    from_lines(text, &contents, heap)
}

/// `octal:k`, shortest codes first.
fn octal(k: usize) -> Vec<Member> {
    let mut members = Vec::new();
    for length in 1..=k {
        let count = 8usize.pow(length as u32);
        for n in 1..count {
            let digits: String = (0..length)
                .rev()
                .map(|place| char::from(b'0' + ((n >> (3 * place)) & 7) as u8))
                .collect();
            let stripped = digits.trim_end_matches('0');
            let same_as = (stripped.len() < digits.len()).then(|| format!("0.{stripped}"));
            members.push(Member {
                game: format!("0.{digits}"),
                same_as,
            });
        }
    }
    members
}

/// `subtraction:k`: the sets by their bits, S(1) = 1, S(2) = 2, S(1,2) = 3, ….
fn subtraction(k: usize) -> Vec<Member> {
    (1u32..1 << k)
        .map(|bits| {
            let set: Vec<String> = (0..k as u32)
                .filter(|i| bits >> i & 1 == 1)
                .map(|i| (i + 1).to_string())
                .collect();
            Member {
                game: format!("S({})", set.join(",")),
                same_as: None,
            }
        })
        .collect()
}

/// `NAME:RxC` or `NAME:N`: the ruleset's boards or strips of that size.
fn positions(
    text: &str,
    ruleset: &cgt_rulesets::registry::Ruleset,
    size: &str,
) -> Result<Vec<Member>, String> {
    use cgt_rulesets::registry::Layout;
    let number = |t: &str| t.parse::<usize>().ok().filter(|&n| (1..=16).contains(&n));
    let too_many = || format!("census: {text}: more than {MAX_POSITIONS} positions");
    // Each position as its cells, rows split by `|`.
    let shapes: Vec<(usize, usize)> = match ruleset.layout {
        Layout::Grid { .. } => {
            let (rows, cols) = size
                .split_once('x')
                .and_then(|(r, c)| Some((number(r)?, number(c)?)))
                .ok_or_else(|| {
                    format!(
                        "census: {text}: expected {}:RxC (R and C in 1..=16)",
                        ruleset.name
                    )
                })?;
            vec![(rows, cols)]
        }
        Layout::Strip { .. } => {
            let n = number(size).ok_or_else(|| {
                format!("census: {text}: expected {}:N (N in 1..=16)", ruleset.name)
            })?;
            (1..=n).map(|c| (1, c)).collect()
        }
        _ => {
            return Err(format!(
                "census: {text}: a ruleset family needs a ruleset on a grid or a strip; {} is \
                 written as {}",
                ruleset.name,
                ruleset.layout.name()
            ));
        }
    };
    let cells: Vec<char> = ruleset.layout.cells().unwrap_or(".").chars().collect();
    let mut members = Vec::new();
    for (rows, cols) in shapes {
        let count = rows * cols;
        let total = u32::try_from(count)
            .ok()
            .and_then(|c| cells.len().checked_pow(c))
            .filter(|&t| t + members.len() <= MAX_POSITIONS)
            .ok_or_else(too_many)?;
        for mut n in 0..total {
            let mut position = String::with_capacity(count + rows);
            for cell in 0..count {
                if cell > 0 && cell % cols == 0 {
                    position.push('|');
                }
                position.push(cells[n % cells.len()]);
                n /= cells.len();
            }
            members.push(Member {
                game: format!("{}({position})", ruleset.name),
                same_as: None,
            });
        }
    }
    Ok(members)
}

/// The lines of the file `name`.
fn from_lines(name: &str, contents: &str, heap: bool) -> Result<Vec<Member>, String> {
    let mut members = Vec::new();
    // What makes two lines the same game, to the first line that has it.
    let mut seen: HashMap<String, String> = HashMap::new();
    for (number, line) in contents.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let key = if heap {
            let game = Game::parse(line).map_err(|e| format!("{name}:{}: {e}", number + 1))?;
            match game.code() {
                Some(code) => code.to_string(),
                None => game.name().to_owned(),
            }
        } else {
            line.to_owned()
        };
        let same_as = seen.get(&key).cloned();
        if same_as.is_none() {
            seen.insert(key, line.to_owned());
        }
        members.push(Member {
            game: line.to_owned(),
            same_as,
        });
    }
    if members.is_empty() {
        return Err(format!(
            "census: {name}: expected games, one per line, found none"
        ));
    }
    Ok(members)
}

/// What a member is resumed by: a member run once under another name by
/// its own spelling; one that is run by its game's name as the command
/// writes it (`0.16` for `.16`), the `game` of its row. `heap`: the
/// family's games are heap games.
pub fn member_key(member: &Member, heap: bool) -> String {
    match &member.same_as {
        Some(_) => format!("same_as {}", member.game),
        None => game_key(&member.game, heap),
    }
}

/// What a row is resumed by: as [`member_key`] for its member.
pub fn row_key(row: &crate::Row, heap: bool) -> Option<String> {
    let game = row.game()?;
    Some(match row.get("same_as") {
        Some(_) => format!("same_as {game}"),
        None => game_key(&game, heap),
    })
}

/// A heap game's name as the commands write it; an expression as it is.
fn game_key(game: &str, heap: bool) -> String {
    match Game::parse(game) {
        Ok(parsed) if heap => parsed.name().to_owned(),
        _ => game.to_owned(),
    }
}

/// The rows of `members` in the family's order, one for each member that
/// has one among `rows` (the first, should a journal hold two).
pub fn in_order(members: &[Member], rows: &[crate::Row], heap: bool) -> Vec<crate::Row> {
    let mut by_key: HashMap<String, &crate::Row> = HashMap::new();
    for row in rows {
        if let Some(key) = row_key(row, heap) {
            by_key.entry(key).or_insert(row);
        }
    }
    members
        .iter()
        .filter_map(|m| by_key.get(&member_key(m, heap)).map(|r| (*r).clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn octal_codes_are_each_listed_once_and_trailing_zeros_point_back() {
        let listed = members("octal:3", true).unwrap();
        assert_eq!(listed.len(), 7 + 63 + 511);
        let run: Vec<&Member> = listed.iter().filter(|m| m.same_as.is_none()).collect();
        // Each code with its last digit nonzero: 7 · (1 + 8 + 64).
        assert_eq!(run.len(), 511);
        for m in &listed {
            if let Some(target) = &m.same_as {
                assert!(run.iter().any(|r| &r.game == target), "{m:?}");
                assert_eq!(m.game.trim_end_matches('0'), target);
            }
        }
        assert!(members("octal:0", true).is_err());
        assert!(members("octal:7", true).is_err());
    }

    #[test]
    fn a_rulesets_boards_come_from_the_registry() {
        let ruleset = cgt_rulesets::registry::names()
            .filter_map(cgt_rulesets::registry::find)
            .find(|r| matches!(r.layout, cgt_rulesets::registry::Layout::Grid { .. }))
            .unwrap();
        let cells = ruleset.layout.cells().unwrap().chars().count();
        let boards = members(&format!("{}:2x2", ruleset.name), false).unwrap();
        assert_eq!(boards.len(), cells.pow(4));
        assert!(
            boards
                .iter()
                .all(|m| m.game.len() == ruleset.name.len() + 7)
        );
        assert!(members(&format!("{}:9x9", ruleset.name), false).is_err());
        assert!(members(&format!("{}:2", ruleset.name), false).is_err());
    }

    #[test]
    fn subtraction_sets_and_files() {
        let sets = members("subtraction:3", true).unwrap();
        let names: Vec<&str> = sets.iter().map(|m| m.game.as_str()).collect();
        assert_eq!(
            names,
            [
                "S(1)", "S(2)", "S(1,2)", "S(3)", "S(1,3)", "S(2,3)", "S(1,2,3)"
            ]
        );
        let lines = from_lines("f", "# a comment\n0.7\n\n0.70\nS(1,2)\n0.33\n", true).unwrap();
        let same: Vec<Option<&str>> = lines.iter().map(|m| m.same_as.as_deref()).collect();
        assert_eq!(same, [None, Some("0.7"), None, Some("S(1,2)")]);
        let error = from_lines("f", "0.7\n0.9x\n", true).unwrap_err();
        assert!(error.starts_with("f:2: "), "{error}");
        assert!(from_lines("f", "# nothing\n", true).is_err());
    }
}
