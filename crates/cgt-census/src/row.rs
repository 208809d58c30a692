//! One row of a census: a flat JSON object, its keys in order, each value
//! kept as the JSON text the command wrote.

use cgt_lab::json;
use std::fmt::Write as _;

/// A row: the keys of the single command's `--json` object, in its order,
/// then the cost (`seconds`, `peak_memory`); or `game` and `same_as`; or
/// `game`, `status` (`"failed"`), `reason` and the cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Each key and its value as JSON text (`12`, `"0.16"`, `[1,2]`, `null`).
    pub fields: Vec<(String, String)>,
}

impl Row {
    /// A row from the JSON object `text` (one line, as the single commands
    /// and the census write them), keys in their order.
    ///
    /// # Errors
    /// What was expected and at which byte, when `text` is not one JSON
    /// object.
    ///
    /// # Example
    /// ```
    /// let row = cgt_census::Row::parse(r#"{"game":"0.07","period":34,"p":[1,{"a":"}"}]}"#).unwrap();
    /// assert_eq!(row.get("period"), Some("34"));
    /// assert_eq!(row.game(), Some("0.07".to_owned()));
    /// assert_eq!(row.to_json(), r#"{"game":"0.07","period":34,"p":[1,{"a":"}"}]}"#);
    /// ```
    pub fn parse(text: &str) -> Result<Row, String> {
        let bytes = text.trim().as_bytes();
        let text = text.trim();
        let mut at = 0;
        let expect = |at: usize, what: &str| format!("expected {what} at byte {at}");
        let skip_spaces = |at: &mut usize| {
            while bytes.get(*at).is_some_and(u8::is_ascii_whitespace) {
                *at += 1;
            }
        };
        if bytes.first() != Some(&b'{') {
            return Err(expect(0, "'{'"));
        }
        at += 1;
        let mut fields = Vec::new();
        skip_spaces(&mut at);
        if bytes.get(at) == Some(&b'}') {
            at += 1;
        } else {
            loop {
                skip_spaces(&mut at);
                let key_start = at;
                if bytes.get(at) != Some(&b'"') {
                    return Err(expect(at, "a key"));
                }
                at = string_end(bytes, at).ok_or_else(|| expect(at, "a closed string"))?;
                let key =
                    unquote(&text[key_start..at]).ok_or_else(|| expect(key_start, "a key"))?;
                skip_spaces(&mut at);
                if bytes.get(at) != Some(&b':') {
                    return Err(expect(at, "':'"));
                }
                at += 1;
                skip_spaces(&mut at);
                let value_start = at;
                at = value_end(bytes, at).ok_or_else(|| expect(value_start, "a value"))?;
                fields.push((key, text[value_start..at].trim_end().to_owned()));
                skip_spaces(&mut at);
                match bytes.get(at) {
                    Some(b',') => at += 1,
                    Some(b'}') => {
                        at += 1;
                        break;
                    }
                    _ => return Err(expect(at, "',' or '}'")),
                }
            }
        }
        if at != bytes.len() {
            return Err(expect(at, "the end of the line"));
        }
        Ok(Row { fields })
    }

    /// The value of `key`, as JSON text.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The row's game: the `game` key's string.
    pub fn game(&self) -> Option<String> {
        self.get("game").and_then(unquote)
    }

    /// Appends `key` with the JSON text `value`.
    pub fn push(&mut self, key: &str, value: String) {
        self.fields.push((key.to_owned(), value));
    }

    /// The row as one JSON object on one line, keys in order.
    pub fn to_json(&self) -> String {
        let mut line = String::from("{");
        for (i, (key, value)) in self.fields.iter().enumerate() {
            if i > 0 {
                line.push(',');
            }
            let _ = write!(line, "{}:{value}", json::string(key));
        }
        line.push('}');
        line
    }

    /// The row of a member run once under another name.
    pub fn same_as(game: &str, target: &str) -> Row {
        Row {
            fields: vec![
                ("game".to_owned(), json::string(game)),
                ("same_as".to_owned(), json::string(target)),
            ],
        }
    }

    /// The row of a game that failed: `status` `"failed"` and the reason,
    /// with the cost when it is known.
    pub fn failed(game: &str, reason: &str, cost: Cost) -> Row {
        let mut row = Row {
            fields: vec![
                ("game".to_owned(), json::string(game)),
                ("status".to_owned(), "\"failed\"".to_owned()),
                ("reason".to_owned(), json::string(reason)),
            ],
        };
        row.push_cost(cost);
        row
    }

    /// Appends the cost: `seconds` (elapsed, to the millisecond),
    /// `cpu_seconds` (to the hundredth) and `peak_memory` (bytes), each
    /// `null` where it is not known.
    pub fn push_cost(&mut self, cost: Cost) {
        self.push("seconds", format!("{:.3}", cost.seconds));
        let cpu = cost
            .cpu_seconds
            .map_or_else(|| "null".to_owned(), |s| format!("{s:.2}"));
        self.push("cpu_seconds", cpu);
        let peak = cost
            .peak_memory
            .map_or_else(|| "null".to_owned(), |b| b.to_string());
        self.push("peak_memory", peak);
    }
}

/// What one game's run cost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Cost {
    /// Elapsed seconds.
    pub seconds: f64,
    /// Seconds of CPU, user and system, where they are known: on a shared
    /// machine, what the game itself took.
    pub cpu_seconds: Option<f64>,
    /// Peak resident memory in bytes, where it is known.
    pub peak_memory: Option<u64>,
}

/// Where the string starting at `at` (its `"`) ends: just past its closing quote.
fn string_end(bytes: &[u8], at: usize) -> Option<usize> {
    let mut i = at + 1;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// Where the value starting at `at` ends: past a string, a bracketed
/// array or object (brackets inside strings skipped), or a bare word.
fn value_end(bytes: &[u8], at: usize) -> Option<usize> {
    match bytes.get(at)? {
        b'"' => string_end(bytes, at),
        b'[' | b'{' => {
            let mut depth = 0usize;
            let mut i = at;
            while let Some(&b) = bytes.get(i) {
                match b {
                    b'"' => {
                        i = string_end(bytes, i)?;
                        continue;
                    }
                    b'[' | b'{' => depth += 1,
                    b']' | b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            None
        }
        _ => {
            let end = bytes[at..]
                .iter()
                .position(|&b| b == b',' || b == b'}')
                .map_or(bytes.len(), |p| at + p);
            (end > at).then_some(end)
        }
    }
}

/// The text of the JSON string `quoted` (with its quotes), escapes read.
pub fn unquote(quoted: &str) -> Option<String> {
    let inner = quoted.strip_prefix('"')?.strip_suffix('"')?;
    let mut text = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            text.push(c);
            continue;
        }
        match chars.next()? {
            'n' => text.push('\n'),
            't' => text.push('\t'),
            'r' => text.push('\r'),
            'b' => text.push('\u{8}'),
            'f' => text.push('\u{c}'),
            'u' => {
                let hex: String = chars.by_ref().take(4).collect();
                let unit = u32::from_str_radix(&hex, 16).ok()?;
                // Surrogate pairs never come from our writers; one is refused.
                text.push(char::from_u32(unit)?);
            }
            other => text.push(other),
        }
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_back_as_written() {
        let cost = Cost {
            seconds: 1.5,
            cpu_seconds: Some(1.25),
            peak_memory: None,
        };
        let mut row = Row::failed("0.\"7\\", "line\none", cost);
        row.push("x", "[1,[2,{\"k\":\"]\"}]]".to_owned());
        let line = row.to_json();
        assert_eq!(Row::parse(&line).unwrap(), row);
        assert_eq!(row.game().as_deref(), Some("0.\"7\\"));
        assert_eq!(row.get("seconds"), Some("1.500"));
        assert_eq!(row.get("cpu_seconds"), Some("1.25"));
        assert_eq!(row.get("peak_memory"), Some("null"));
        for torn in [
            &line[..line.len() - 1],
            "{\"game\":",
            "{\"a\":1",
            "[1]",
            "{\"a\":1}x",
        ] {
            assert!(Row::parse(torn).is_err(), "{torn}");
        }
        assert_eq!(Row::parse("{}").unwrap().fields, []);
    }
}
