//! A line diff (longest common subsequence) for snapshot review.

/// One line of a diff.
#[derive(Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// In both.
    Same(&'a str),
    /// Only in the old text.
    Removed(&'a str),
    /// Only in the new text.
    Added(&'a str),
}

/// The lines of `old` and `new`, aligned on a longest common subsequence.
///
/// O(n·m) time and memory: snapshots are short.
pub fn diff<'a>(old: &'a str, new: &'a str) -> Vec<Line<'a>> {
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    // lcs[i][j]: the LCS length of a[i..] and b[j..].
    let mut lcs = vec![vec![0_usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut lines = Vec::new();
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            lines.push(Line::Same(a[i]));
            i += 1;
            j += 1;
        } else if i < a.len() && (j == b.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            lines.push(Line::Removed(a[i]));
            i += 1;
        } else {
            lines.push(Line::Added(b[j]));
            j += 1;
        }
    }
    lines
}

/// The diff as text: `-` removed, `+` added, two spaces for context.
pub fn render(old: &str, new: &str) -> String {
    render_in(old, new, false)
}

/// The diff as text, with removed lines red and added lines green when
/// `colour` is set (for a terminal).
pub fn render_in(old: &str, new: &str, colour: bool) -> String {
    let (red, green, reset) = if colour {
        ("\x1b[31m", "\x1b[32m", "\x1b[0m")
    } else {
        ("", "", "")
    };
    diff(old, new)
        .into_iter()
        .map(|line| match line {
            Line::Same(s) => format!("  {s}\n"),
            Line::Removed(s) => format!("{red}- {s}{reset}\n"),
            Line::Added(s) => format!("{green}+ {s}{reset}\n"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_line_is_removed_then_added() {
        assert_eq!(
            diff("a\nb\nc\n", "a\nx\nc\n"),
            [
                Line::Same("a"),
                Line::Removed("b"),
                Line::Added("x"),
                Line::Same("c")
            ]
        );
        assert_eq!(render("", "new"), "+ new\n");
        assert_eq!(render("old", ""), "- old\n");
        assert_eq!(
            render_in("a\nb", "a\nc", true),
            "  a\n\x1b[31m- b\x1b[0m\n\x1b[32m+ c\x1b[0m\n"
        );
    }
}
