//! Reading and writing a TOML map file the same way in every game: the
//! `format` version, serde's messages rephrased in a map author's terms,
//! limits on free text, and quoting in the canonical writers.
//!
//! Each game's resolver reads its raw types through
//! [`document::read_file`](crate::document::read_file) and checks its texts
//! with [`text_problems`], so a misspelt key or an over-long name reads the
//! same whatever the game.

use std::fmt::Write as _;

use toml::Spanned;

use crate::error::{FormatCode, FormatError};
use crate::limits;
use crate::source::Span;
use crate::suggest;

/// The only `format` version this build reads and writes, in every game's files.
pub const FORMAT_VERSION: i64 = 1;

/// A spanned string, the type of every coordinate and name in a raw file.
pub type Text = Spanned<String>;

/// The span of a spanned value.
pub fn span_of<T>(spanned: &Spanned<T>) -> Span {
    Span::from_range(spanned.span())
}

/// What is wrong with a free-text value (a name, a title): empty when it is
/// `required`, or longer than the limit. Every game's resolver checks text here.
pub fn text_problems(value: &Spanned<String>, what: &str, required: bool) -> Vec<FormatError> {
    let text = value.get_ref();
    let mut problems = Vec::new();
    if required && text.trim().is_empty() {
        problems.push(FormatError::new(
            FormatCode::InvalidValue,
            format!("{what} is empty"),
            Some(span_of(value)),
        ));
    }
    if text.chars().count() > limits::MAX_TEXT_CHARS {
        problems.push(FormatError::new(
            FormatCode::LimitExceeded,
            format!(
                "{what} is longer than {} characters",
                limits::MAX_TEXT_CHARS
            ),
            Some(span_of(value)),
        ));
    }
    problems
}

/// The error for a `format` other than the `supported` one.
pub(crate) fn version_error(found: String, span: Span, supported: i64) -> FormatError {
    FormatError::new(
        FormatCode::UnsupportedVersion,
        format!("`format = {found}` is not supported; this version of deckplan reads `format = {supported}`"),
        Some(span),
    )
    .with_help(format!(
        "upgrade deckplan, or write the file in format {supported} (see docs/format.md)"
    ))
}

/// The error for a `format` other than the `supported` one, the same in
/// every game's files.
pub fn version_problem(format: &Spanned<i64>, supported: i64) -> Option<FormatError> {
    (*format.get_ref() != supported)
        .then(|| version_error(format.get_ref().to_string(), span_of(format), supported))
}

/// The error for a file of the game called `game` (ruleset `ruleset`) that
/// names another ruleset.
pub fn ruleset_problem(value: &Text, ruleset: &str, game: &str) -> Option<FormatError> {
    (value.get_ref() != ruleset).then(|| {
        FormatError::new(
            FormatCode::InvalidValue,
            format!(
                "this is a {game} file, but it names the ruleset `{}`",
                value.get_ref()
            ),
            Some(span_of(value)),
        )
        .with_help(format!("write `ruleset = \"{ruleset}\"`"))
    })
}

/// Serde's messages, rephrased: unknown keys get a suggestion, type names are
/// the ones a TOML author knows.
pub(crate) fn translate_toml_error(error: &toml::de::Error, text: &str) -> FormatError {
    let span = error.span().map(Span::from_range);
    let message = error.message().trim_end();
    if message == "duplicate key" {
        let key = error
            .span()
            .and_then(|range| text.get(range))
            .filter(|key| !key.is_empty() && !key.contains('\n'));
        let message = key.map_or_else(
            || "invalid TOML: duplicate key".to_string(),
            |key| format!("invalid TOML: duplicate key `{key}`"),
        );
        return FormatError::new(FormatCode::Syntax, message, span)
            .with_help("a key appears once in each table; remove one of them");
    }
    if let Some(rest) = message.strip_prefix("unknown field `") {
        let (key, expected) = rest.split_once('`').unwrap_or((rest, ""));
        let known: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
        return unknown_key(key, span, &known).0;
    }
    if let Some(rest) = message.strip_prefix("missing field `") {
        let key = rest.split('`').next().unwrap_or(rest);
        // A key missing from the top level comes with an empty span at the
        // start of the file: it concerns the whole file, not its first line.
        let span = span.filter(|span| span.end > span.start);
        return FormatError::new(
            FormatCode::InvalidValue,
            format!("missing key `{key}`"),
            span,
        )
        .with_help(format!(
            "add `{key} = …`; docs/format.md lists the required keys"
        ));
    }
    let data_error = [
        "invalid type",
        "invalid value",
        "invalid length",
        "unknown variant",
    ]
    .iter()
    .any(|prefix| message.starts_with(prefix));
    if data_error {
        let message = plain_types(message);
        let help = if message.starts_with("invalid type: string") && message.ends_with("an integer")
        {
            Some("write a whole number without quotes, like `1`")
        } else if message.ends_with("expected an array") {
            Some("write a list in square brackets, like `[\"…\"]`")
        } else {
            None
        };
        return FormatError::new(FormatCode::InvalidValue, message, span)
            .with_optional_help(help.map(str::to_string));
    }
    FormatError::new(
        FormatCode::Syntax,
        format!("invalid TOML: {}", first_line(message)),
        span,
    )
}

/// The error for an unknown key of a table whose keys are `known`, with a
/// "did you mean" when one is close, and the key it suggests.
pub(crate) fn unknown_key<'k>(
    key: &str,
    span: Option<Span>,
    known: &[&'k str],
) -> (FormatError, Option<&'k str>) {
    let best = suggest::closest(key, known.iter().copied());
    let help = match best {
        Some(best) => format!("did you mean `{best}`?"),
        None if known.is_empty() => "this table takes no keys".to_string(),
        None => format!(
            "expected one of {}",
            known
                .iter()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let error = FormatError::new(FormatCode::UnknownKey, format!("unknown key `{key}`"), span)
        .with_help(help);
    (error, best)
}

fn first_line(message: &str) -> &str {
    message.lines().next().unwrap_or(message)
}

/// Replaces Rust type names in serde messages with TOML ones.
fn plain_types(message: &str) -> String {
    let mut text = first_line(message).to_string();
    for (rust, plain) in [
        ("expected i64", "expected an integer"),
        ("expected a sequence", "expected an array"),
        ("expected a map", "expected a table"),
        ("sequence", "array"),
    ] {
        text = text.replace(rust, plain);
    }
    if let Some(index) = text.find("expected struct ") {
        text.truncate(index);
        text.push_str("expected a table");
    }
    text
}

/// A bare key when TOML allows one, else a quoted key.
pub fn key(name: &str) -> String {
    let bare = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if bare { name.to_string() } else { quote(name) }
}

/// A TOML basic string: the one way every canonical writer quotes text.
/// Quotes and backslashes are escaped, line breaks, tabs and carriage
/// returns by name (`\n`, `\t`, `\r`), every other control character as
/// `\uXXXX`; the result is one line whatever the text holds.
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    escape_into(&mut out, text, Breaks::Escaped);
    out.push('"');
    out
}

/// Text with line breaks as a TOML multi-line basic string, so notes read as
/// paragraphs in the file; single lines as a basic string ([`quote`]).
/// Everything but the line breaks is escaped as [`quote`] escapes it.
pub(crate) fn quote_multiline(text: &str) -> String {
    if !text.contains('\n') {
        return quote(text);
    }
    let mut out = String::from("\"\"\"\n");
    escape_into(&mut out, text, Breaks::Kept);
    out.push_str("\"\"\"");
    out
}

/// Whether a quoted string keeps its line breaks (a multi-line string) or
/// escapes them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Breaks {
    Escaped,
    Kept,
}

/// Appends `text` escaped for the inside of a basic string.
fn escape_into(out: &mut String, text: &str, breaks: Breaks) {
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' if breaks == Breaks::Kept => out.push('\n'),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// The value of `v` in a one-key TOML document, read by the `toml` crate.
    fn read_back(written: &str) -> String {
        let table: toml::Table = toml::from_str(&format!("v = {written}\n"))
            .unwrap_or_else(|e| panic!("{written} is not a TOML string: {e}"));
        table
            .get("v")
            .and_then(toml::Value::as_str)
            .unwrap_or_else(|| panic!("{written} is not read as a string"))
            .to_string()
    }

    #[test]
    fn quoted_text_reads_back_as_itself() {
        let mut samples: Vec<String> = [
            "",
            "plain",
            "say \"hi\"",
            "\"\"\"",
            r"back\slash",
            r"ends with \",
            r#"\""#,
            "'single' and ''' three",
            "two\nlines",
            "\n",
            "\n\nleading and trailing\n",
            "tab\there",
            "crlf\r\nand a lone\rreturn",
            "\u{7f} DEL",
            "C1 \u{80}\u{85}\u{9b}\u{9f}",
            "é ñ 漢字 🚀 e\u{301}",
            "\u{2028}\u{2029}\u{feff}\u{fffd}\u{e000}\u{10ffff}",
            "x\u{1b}]0;pwned\u{7}\n::error title=evil::",
        ]
        .map(String::from)
        .to_vec();
        // Every control character on its own, between letters, and every
        // character below U+0800 in one string.
        let controls = (0u32..0x20).chain(0x7f..0xa0).filter_map(char::from_u32);
        samples.extend(controls.map(|c| format!("a{c}b")));
        samples.push((0u32..0x800).filter_map(char::from_u32).collect());
        for text in &samples {
            let basic = quote(text);
            assert!(basic.starts_with('"') && basic.ends_with('"'), "{basic}");
            assert!(
                !basic.chars().any(char::is_control),
                "a raw control character in {basic:?}"
            );
            assert_eq!(&read_back(&basic), text, "{basic}");
            assert_eq!(&read_back(&quote_multiline(text)), text);
        }
    }

    #[test]
    fn the_two_forms_differ_only_in_line_breaks() {
        assert_eq!(quote("a \"b\"\t\\"), r#""a \"b\"\t\\""#);
        assert_eq!(quote("one\ntwo\r\u{1}"), r#""one\ntwo\r\u0001""#);
        assert_eq!(quote_multiline("one line"), quote("one line"));
        assert_eq!(
            quote_multiline("one\ntwo \"\t\u{1}"),
            "\"\"\"\none\ntwo \\\"\\t\\u0001\"\"\""
        );
    }
}
