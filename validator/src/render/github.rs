//! GitHub Actions workflow commands: each finding becomes an annotation on the
//! pull request's changed lines, without uploading SARIF.
//!
//! ```text
//! ::error file=book1/page1.toml,line=14,col=1,endLine=14,endColumn=5,title=F002 unknown-key::unknown key `dors` (at L1p1) — did you mean `doors`?
//! ```
//!
//! The runner splits a command at `::` and its properties at `,`, and ends it
//! at a newline, so values are escaped the way the Actions toolkit does
//! (`escapeData` / `escapeProperty` in `@actions/core`).

use std::fmt::Write as _;

use crate::diagnostic::{Diagnostic, Severity};
use crate::render::{escape_controls, one_line, range, slash_path};
use crate::ruleset::LintOutcome;

/// One workflow command per finding, then the summary as plain text.
pub fn render(outcome: &LintOutcome) -> String {
    let mut out = String::new();
    for diagnostic in &outcome.diagnostics {
        render_one(&mut out, diagnostic);
    }
    out.push_str(&outcome.summary());
    out.push('\n');
    out
}

fn render_one(out: &mut String, diagnostic: &Diagnostic) {
    let command = match diagnostic.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let (start, end) = range(diagnostic);
    let _ = writeln!(
        out,
        "::{command} file={},line={},col={},endLine={},endColumn={},title={}::{}",
        escape_property(&slash_path(diagnostic.file.path())),
        start.line,
        start.column,
        end.line,
        end.column,
        escape_property(&format!("{} {}", diagnostic.code, diagnostic.name)),
        escape_data(&one_line(diagnostic)),
    );
}

/// Escapes a command's message: `%` first, so the escapes it adds stay
/// literal; then every other control character, so text from a map cannot
/// send escape sequences to a log viewer.
fn escape_data(text: &str) -> String {
    let text = text
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A");
    escape_controls(&text).into_owned()
}

/// Escapes a property value, which also must not contain `:` or `,`.
fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::render::tests::{outcome, warning};

    #[test]
    fn a_warning_is_a_warning_command() {
        let text = render(&outcome(vec![warning()]));
        assert_eq!(
            text,
            "::warning file=pack/book1/page1.toml,line=2,col=3,endLine=2,endColumn=5,\
             title=Z901 unreachable-space::C3 cannot be reached from any spacer start \
             (at L1p2 C3) — open a door, or remove the space\n\
             Checked 2 pages in 1 pack: 0 errors, 1 warning.\n"
        );
    }

    #[test]
    fn escapes_follow_the_actions_toolkit() {
        assert_eq!(escape_data("50% a:b,c\r\nd"), "50%25 a:b,c%0D%0Ad");
        assert_eq!(escape_property("50% a:b,c\nd"), "50%25 a%3Ab%2Cc%0Ad");
        let mut diagnostic = warning();
        diagnostic.message = "line one\nline two".to_string();
        diagnostic.place = None;
        diagnostic.help = None;
        diagnostic.file = deckplan_schema::SourceFile::new("a,b:c.toml", String::new());
        diagnostic.span = None;
        let text = render(&outcome(vec![diagnostic]));
        assert!(
            text.starts_with(
                "::warning file=a%2Cb%3Ac.toml,line=1,col=1,endLine=1,endColumn=1,\
                 title=Z901 unreachable-space::line one%0Aline two\n"
            ),
            "{text}"
        );
    }
}
