//! JSON string literals, the one writer behind every `--json` of the `cgt`
//! command, the explorer's API and the census's rows.

use std::fmt::Write;

/// `text` as a JSON string literal, quotes included (RFC 8259: `"` and `\`
/// escaped, `\n`, `\r`, `\t` by their short escapes, other control
/// characters as `\u00XX`).
///
/// # Example
/// ```
/// assert_eq!(cgt_lab::json::string("a\"b\n"), "\"a\\\"b\\n\"");
/// ```
#[must_use]
pub fn string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    push_string(&mut out, text);
    out
}

/// [`string`] written at the end of `out`: no copy of `text` on the way (a
/// value `eval` writes can be gigabytes).
pub fn push_string(out: &mut String, text: &str) {
    out.reserve(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_backslashes_and_control_characters_are_escaped() {
        assert_eq!(string("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
        assert_eq!(string("\t\r\u{1}é"), "\"\\t\\r\\u0001é\"");
        let mut out = String::from("[");
        push_string(&mut out, "x");
        assert_eq!(out, "[\"x\"");
    }
}
