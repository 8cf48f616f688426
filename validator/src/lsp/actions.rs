//! The fixes every game shares, as text edits: the "did you mean" of a
//! finding put in place of what it names, and a `[lint]` line that allows a
//! check, its reason left empty for the author to fill in (an empty reason is
//! itself an error, so the exception cannot go in unexplained).
//!
//! The suggestion is read back from the help text, whose form every reader
//! and check writes the same way: "did you mean `X`?" or "did you mean `X`
//! or `Y`?". It replaces the finding's span only when that span is one word
//! or one quoted value on one line, the quotes kept, so a help text of any
//! other shape offers nothing rather than a wrong edit.

use std::path::Path;

use deckplan_schema::Span;
use deckplan_schema::toml_file::key;

use super::outline::{Outline, Step, Value};
use super::support::{FileEdit, TextFix};
use crate::diagnostic::Diagnostic;

/// The candidates of a "did you mean" in a help text, in order.
pub fn suggestions(help: &str) -> Vec<&str> {
    let Some((_, asked)) = help.rsplit_once("did you mean ") else {
        return Vec::new();
    };
    let Some(asked) = asked.trim_end().strip_suffix('?') else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for part in asked.split(" or ") {
        match part
            .trim()
            .strip_prefix('`')
            .and_then(|p| p.strip_suffix('`'))
        {
            Some(candidate) if !candidate.contains('`') && !candidate.is_empty() => {
                found.push(candidate);
            }
            // Not the form every site writes: offer nothing.
            _ => return Vec::new(),
        }
    }
    found
}

/// The "did you mean" of `diagnostic`, each candidate a fix that replaces
/// the finding's span in `text` (the file at `path`).
pub fn did_you_mean(path: &Path, text: &str, diagnostic: &Diagnostic) -> Vec<TextFix> {
    let (Some(span), Some(help)) = (diagnostic.span, diagnostic.help.as_deref()) else {
        return Vec::new();
    };
    let Some(written) = text.get(span.start as usize..span.end as usize) else {
        return Vec::new();
    };
    let one_word =
        !written.is_empty() && !written.contains(['\n', '=', '[', ']', '{', '}', ',', '#']);
    if !one_word {
        return Vec::new();
    }
    let candidates = suggestions(help);
    let preferred = candidates.len() == 1;
    candidates
        .into_iter()
        .map(|candidate| {
            let replacement = requote(written, candidate);
            TextFix {
                title: format!("Replace {written} with {replacement}"),
                edits: vec![FileEdit {
                    path: path.to_path_buf(),
                    span,
                    text: replacement,
                }],
                preferred,
            }
        })
        .collect()
}

/// `candidate` quoted the way `written` is (a key may be bare, a value is a
/// string).
fn requote(written: &str, candidate: &str) -> String {
    for quote in ['"', '\''] {
        if written.len() >= 2 && written.starts_with(quote) && written.ends_with(quote) {
            return if quote == '"' {
                deckplan_schema::toml_file::quote(candidate)
            } else {
                format!("'{candidate}'")
            };
        }
    }
    if written.starts_with(['"', '\'']) {
        deckplan_schema::toml_file::quote(candidate)
    } else {
        key(candidate)
    }
}

/// The edit that sets check `name` to `allow` in the `[lint]` table of the
/// file at `path` with `text`, the reason left empty; `None` when the table
/// already sets the check, or is written in a form other than a `[lint]`
/// table (an inline table, dotted keys).
pub fn allow_edit(path: &Path, text: &str, name: &str) -> Option<FileEdit> {
    let outline = Outline::of(text);
    let lint = [Step::Key("lint".to_string())];
    let line = format!("{} = {{ level = \"allow\", reason = \"\" }}", key(name));
    let edit = |at: usize, inserted: String| FileEdit {
        path: path.to_path_buf(),
        span: Span::from_range(at..at),
        text: inserted,
    };
    let Some(table) = outline.get(&lint) else {
        if outline.entries.iter().any(|e| e.path.starts_with(&lint)) {
            // Dotted keys (`lint.name = …`): a table would be a second one.
            return None;
        }
        // No table yet: `[lint]` comes last in every game's canonical form.
        let mut inserted = String::new();
        if !text.is_empty() && !text.ends_with('\n') {
            inserted.push('\n');
        }
        if !text.trim().is_empty() {
            inserted.push('\n');
        }
        inserted.push_str("[lint]\n");
        inserted.push_str(&line);
        inserted.push('\n');
        return Some(edit(text.len(), inserted));
    };
    let header = text.get(table.span.start as usize..)?;
    if table.value != Value::Table || !header.starts_with('[') || table.key_span.is_some() {
        return None;
    }
    let settings: Vec<_> = outline.children(&lint).collect();
    if settings
        .iter()
        .any(|e| e.path.last() == Some(&Step::Key(name.to_string())))
    {
        return None;
    }
    // In name order, as the canonical writer keeps them.
    let line_start = |at: u32| {
        text.get(..at as usize)
            .and_then(|s| s.rfind('\n'))
            .map_or(0, |i| i + 1)
    };
    let next = settings.iter().find(|e| match e.path.last() {
        Some(Step::Key(other)) => other.as_str() > name,
        _ => false,
    });
    let at = match next {
        Some(entry) => line_start(entry.key_span.unwrap_or(entry.span).start),
        None => {
            let end = table.span.end as usize;
            text.get(end..)
                .and_then(|s| s.find('\n'))
                .map_or(text.len(), |i| end + i + 1)
        }
    };
    let mut inserted = String::new();
    if at == text.len() && !text.ends_with('\n') {
        inserted.push('\n');
    }
    inserted.push_str(&line);
    inserted.push('\n');
    Some(edit(at, inserted))
}

/// The edits that turn `before` (the file at `path`) into `after`, one per
/// changed run of lines: a fix a game makes on its model and writes back
/// with its canonical writer changes only the lines it touched, when the file
/// was in canonical form.
pub fn rewrite(path: &Path, before: &str, after: &str) -> Vec<FileEdit> {
    let starts: Vec<usize> = std::iter::once(0)
        .chain(before.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let line_start = |line: usize| {
        starts
            .get(line)
            .copied()
            .unwrap_or(before.len())
            .min(before.len())
    };
    let diff = similar::TextDiff::from_lines(before, after);
    let new_lines: Vec<&str> = diff.new_slices().to_vec();
    diff.ops()
        .iter()
        .filter(|op| op.tag() != similar::DiffTag::Equal)
        .map(|op| {
            let old = op.old_range();
            let new = op.new_range();
            FileEdit {
                path: path.to_path_buf(),
                span: Span::from_range(line_start(old.start)..line_start(old.end)),
                text: new_lines.get(new).unwrap_or_default().concat(),
            }
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    fn apply(text: &str, edit: &FileEdit) -> String {
        let mut out = text.to_string();
        out.replace_range(edit.span.start as usize..edit.span.end as usize, &edit.text);
        out
    }

    #[test]
    fn a_rewrite_touches_only_the_lines_that_change() {
        let path = Path::new("/p/page.toml");
        let before = "a = 1\nb = [1]\nc = 3\nd = 4\n";
        let after = "a = 1\nb = [1, 2]\nc = 3\nd = 4\ne = 5\n";
        let edits = rewrite(path, before, after);
        assert_eq!(edits.len(), 2);
        assert_eq!(edits[0].text, "b = [1, 2]\n");
        assert_eq!(edits[0].span, Span::from_range(6..14));
        let mut out = before.to_string();
        for edit in edits.iter().rev() {
            out.replace_range(edit.span.start as usize..edit.span.end as usize, &edit.text);
        }
        assert_eq!(out, after);
    }

    #[test]
    fn suggestions_are_read_from_the_help_text_form() {
        assert_eq!(suggestions("did you mean `doors`?"), ["doors"]);
        assert_eq!(
            suggestions("`C` is not a face: did you mean `84A0` or `84B0`?"),
            ["84A0", "84B0"]
        );
        assert!(suggestions("use `allow`, `warn` or `deny`").is_empty());
        assert!(suggestions("did you mean the door?").is_empty());
    }

    #[test]
    fn a_replacement_keeps_the_quotes() {
        assert_eq!(requote("dors", "doors"), "doors");
        assert_eq!(requote("\"hlem\"", "helm"), "\"helm\"");
        assert_eq!(requote("'hlem'", "helm"), "'helm'");
        assert_eq!(requote("nmae", "a b"), "\"a b\"");
    }

    #[test]
    fn the_allow_line_goes_in_name_order_or_in_a_new_table() {
        let path = Path::new("/p/pack.toml");
        let text = "format = 1\n\n[lint]\nalpha = { level = \"warn\", reason = \"x\" }\nzulu = { level = \"deny\", reason = \"y\" }\n";
        let edit = allow_edit(path, text, "misaligned-join").unwrap();
        assert_eq!(
            apply(text, &edit),
            "format = 1\n\n[lint]\nalpha = { level = \"warn\", reason = \"x\" }\nmisaligned-join = { level = \"allow\", reason = \"\" }\nzulu = { level = \"deny\", reason = \"y\" }\n"
        );
        let edit = allow_edit(path, text, "zz").unwrap();
        assert!(apply(text, &edit).ends_with("zulu = { level = \"deny\", reason = \"y\" }\nzz = { level = \"allow\", reason = \"\" }\n"));
        assert_eq!(allow_edit(path, text, "alpha"), None);
        let text = "format = 1\nname = \"x\"";
        assert_eq!(
            apply(text, &allow_edit(path, text, "helm-facing").unwrap()),
            "format = 1\nname = \"x\"\n\n[lint]\nhelm-facing = { level = \"allow\", reason = \"\" }\n"
        );
        let text = "[lint]\n";
        assert_eq!(
            apply(text, &allow_edit(path, text, "a").unwrap()),
            "[lint]\na = { level = \"allow\", reason = \"\" }\n"
        );
        assert_eq!(allow_edit(path, "lint = { }\n", "a"), None);
        assert_eq!(allow_edit(path, "lint.b = { }\n", "a"), None);
    }
}
