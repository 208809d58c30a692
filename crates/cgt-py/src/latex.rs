//! A value's CGSuite notation as LaTeX, for Jupyter's `_repr_latex_`:
//! ↑ as `\uparrow`, ⋆ as `\ast`, `1/2` as `\frac{1}{2}`, `+-` as `\pm`.

/// `text` (as `GameStore::display` writes it) as Jupyter shows LaTeX: in
/// math mode, between dollars.
pub(crate) fn math(text: &str) -> String {
    format!("${}$", latex(text))
}

/// `text` (as `GameStore::display` writes it) in LaTeX math mode, without
/// the dollars.
pub(crate) fn latex(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() * 2);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let numerator: String = chars[start..i].iter().collect();
            if i + 1 < chars.len() && chars[i] == '/' && chars[i + 1].is_ascii_digit() {
                let start = i + 1;
                i = start;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let denominator: String = chars[start..i].iter().collect();
                out.push_str(&format!("\\frac{{{numerator}}}{{{denominator}}}"));
            } else {
                out.push_str(&numerator);
            }
            continue;
        }
        if c.is_ascii_alphabetic() && c != 'v' {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_alphabetic() {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            out.push_str(&format!("\\mathrm{{{word}}}"));
            continue;
        }
        match c {
            '{' => out.push_str("\\{"),
            '}' => out.push_str("\\}"),
            '|' => out.push_str("\\mid "),
            '^' => out.push_str("{\\uparrow}"),
            'v' => out.push_str("{\\downarrow}"),
            '*' => out.push_str("{\\ast}"),
            '<' => out.push_str("\\langle "),
            '>' => out.push_str("\\rangle "),
            '+' if chars.get(i + 1) == Some(&'-') => {
                out.push_str("\\pm ");
                i += 1;
            }
            '#' | '$' | '%' | '&' | '_' | '~' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
        i += 1;
    }
    out
}
