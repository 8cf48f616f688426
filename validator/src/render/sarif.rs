//! SARIF 2.1.0 output, the format code-scanning services (GitHub code
//! scanning, Azure DevOps, IDE viewers) read.
//!
//! One run, whose driver lists a rule for each code that appears, documented
//! from `deckplan explain`, and one result per finding. File locations are
//! relative to `%SRCROOT%` (the folder deckplan ran in) so the log means the
//! same thing on every machine; `originalUriBaseIds` says where that was.
//! Columns count Unicode characters, as everywhere in deckplan, so the run
//! declares `columnKind: unicodeCodePoints` instead of SARIF's default of
//! UTF-16 code units.
//!
//! The log is written with small serde structs rather than a SARIF crate: the
//! handful of objects needed is smaller than such a dependency, and a test
//! validates the output against the official schema.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;

use crate::diagnostic::{Diagnostic, Severity};
use crate::explain;
use crate::render::{one_line, place_fields, range, slash_path};
use crate::ruleset::LintOutcome;

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";
const SRCROOT: &str = "%SRCROOT%";

#[derive(Serialize)]
struct Log {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: [Run; 1],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run {
    tool: Tool,
    original_uri_base_ids: BTreeMap<&'static str, BaseUri>,
    column_kind: &'static str,
    results: Vec<SarifResult>,
}

#[derive(Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    version: &'static str,
    semantic_version: &'static str,
    information_uri: &'static str,
    rules: Vec<Rule>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BaseUri {
    #[serde(skip_serializing_if = "Option::is_none")]
    uri: Option<String>,
    description: Text,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Rule {
    id: &'static str,
    name: &'static str,
    short_description: Text,
    full_description: Text,
    #[serde(skip_serializing_if = "Option::is_none")]
    help: Option<Help>,
    default_configuration: Configuration,
}

#[derive(Serialize)]
struct Text {
    text: String,
}

#[derive(Serialize)]
struct Help {
    text: String,
    markdown: String,
}

#[derive(Serialize)]
struct Configuration {
    level: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult {
    rule_id: &'static str,
    rule_index: usize,
    level: &'static str,
    message: Text,
    locations: [Location; 1],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related_locations: Vec<Location>,
    #[serde(skip_serializing_if = "Properties::is_empty")]
    properties: Properties,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<usize>,
    physical_location: PhysicalLocation,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<Text>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    region: Region,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactLocation {
    uri: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    uri_base_id: Option<&'static str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: u32,
    start_column: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_column: Option<u32>,
}

#[derive(Serialize)]
struct Properties {
    #[serde(skip_serializing_if = "Option::is_none")]
    page: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    place: Option<String>,
    /// The place field by field (see [`place_fields`]).
    #[serde(rename = "boardPlace", skip_serializing_if = "Option::is_none")]
    board_place: Option<serde_json::Value>,
}

impl Properties {
    fn is_empty(&self) -> bool {
        self.page.is_none() && self.place.is_none() && self.board_place.is_none()
    }
}

const fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// The outcome as a pretty-printed SARIF log, ending in a newline.
///
/// `src_root` is the absolute folder that relative paths in the diagnostics
/// start from (the working directory); with `None` the log still names
/// `%SRCROOT%` but leaves its location to the consumer.
pub fn render(outcome: &LintOutcome, src_root: Option<&Path>) -> String {
    let mut codes: BTreeMap<&'static str, &Diagnostic> = BTreeMap::new();
    for diagnostic in &outcome.diagnostics {
        codes.entry(diagnostic.code).or_insert(diagnostic);
    }
    let rule_index: BTreeMap<&str, usize> = codes
        .keys()
        .enumerate()
        .map(|(index, code)| (*code, index))
        .collect();
    let rules = codes.values().map(|d| rule(d)).collect();
    let results = outcome
        .diagnostics
        .iter()
        .map(|d| result(d, rule_index.get(d.code).copied().unwrap_or_default()))
        .collect();
    let log = Log {
        schema: SCHEMA,
        version: "2.1.0",
        runs: [Run {
            tool: Tool {
                driver: Driver {
                    name: "deckplan",
                    version: env!("CARGO_PKG_VERSION"),
                    semantic_version: env!("CARGO_PKG_VERSION"),
                    information_uri: env!("CARGO_PKG_REPOSITORY"),
                    rules,
                },
            },
            original_uri_base_ids: BTreeMap::from([(
                SRCROOT,
                BaseUri {
                    uri: src_root.filter(|p| p.is_absolute()).map(folder_uri),
                    description: Text {
                        text: "The folder deckplan was run in; file paths are relative to it."
                            .to_string(),
                    },
                },
            )]),
            column_kind: "unicodeCodePoints",
            results,
        }],
    };
    // Plain structs of strings, integers and string-keyed maps always serialize.
    let mut text = serde_json::to_string_pretty(&log).unwrap_or_else(|_| "{}".to_string());
    text.push('\n');
    text
}

/// The rule entry for a code, documented from `deckplan explain` when the
/// code is registered there.
fn rule(diagnostic: &Diagnostic) -> Rule {
    let kind = kind(diagnostic.name);
    let doc = explain::find(diagnostic.code).filter(|doc| doc.code == diagnostic.code);
    Rule {
        id: diagnostic.code,
        name: diagnostic.name,
        full_description: Text {
            text: doc
                .as_ref()
                .and_then(|doc| what_it_checks(&doc.doc))
                .unwrap_or_else(|| kind.clone()),
        },
        short_description: Text { text: kind },
        help: doc.map(|doc| Help {
            text: doc.doc.clone(),
            markdown: doc.doc,
        }),
        default_configuration: Configuration {
            level: level(diagnostic.severity),
        },
    }
}

/// `unknown-key` → `Unknown key`: what kind of finding a code reports.
fn kind(name: &str) -> String {
    let words = name.replace('-', " ");
    let mut chars = words.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The "What it checks" section of an explain page, as one paragraph.
fn what_it_checks(doc: &str) -> Option<String> {
    let (_, rest) = doc.split_once("## What it checks")?;
    let section = rest.split("\n## ").next().unwrap_or(rest);
    let text = section.split_whitespace().collect::<Vec<_>>().join(" ");
    (!text.is_empty()).then_some(text)
}

fn result(diagnostic: &Diagnostic, rule_index: usize) -> SarifResult {
    let (start, end) = range(diagnostic);
    let artifact = || artifact_location(diagnostic.file.path());
    SarifResult {
        rule_id: diagnostic.code,
        rule_index,
        level: level(diagnostic.severity),
        message: Text {
            text: one_line(diagnostic),
        },
        locations: [Location {
            id: None,
            physical_location: PhysicalLocation {
                artifact_location: artifact(),
                region: Region {
                    start_line: start.line,
                    start_column: start.column,
                    end_line: Some(end.line),
                    end_column: Some(end.column),
                },
            },
            message: None,
        }],
        related_locations: diagnostic
            .labels
            .iter()
            .enumerate()
            .map(|(id, label)| {
                let at = diagnostic.file.line_col(label.span.start);
                Location {
                    id: Some(id),
                    physical_location: PhysicalLocation {
                        artifact_location: artifact(),
                        region: Region {
                            start_line: at.line,
                            start_column: at.column,
                            end_line: None,
                            end_column: None,
                        },
                    },
                    message: Some(Text {
                        text: label.message.clone(),
                    }),
                }
            })
            .collect(),
        properties: Properties {
            page: diagnostic.board(),
            place: diagnostic.place.map(|place| place.to_string()),
            board_place: diagnostic.place.as_ref().map(place_fields),
        },
    }
}

/// A relative path becomes a URI relative to `%SRCROOT%`; a path outside the
/// working directory (printed absolute) becomes a `file:` URI of its own.
fn artifact_location(path: &Path) -> ArtifactLocation {
    if path.is_absolute() {
        ArtifactLocation {
            uri: absolute_uri(path),
            uri_base_id: None,
        }
    } else {
        ArtifactLocation {
            uri: percent_encode(&slash_path(path), false),
            uri_base_id: Some(SRCROOT),
        }
    }
}

fn absolute_uri(path: &Path) -> String {
    let path = slash_path(path);
    let rooted = if path.starts_with('/') {
        path
    } else {
        format!("/{path}")
    };
    format!("file://{}", percent_encode(&rooted, true))
}

/// A base URI must end in `/` to be a folder others resolve against.
fn folder_uri(path: &Path) -> String {
    let mut uri = absolute_uri(path);
    if !uri.ends_with('/') {
        uri.push('/');
    }
    uri
}

/// Percent-encodes everything but unreserved characters and `/` (and `:`,
/// for a Windows drive letter in an absolute URI; in a relative one it would
/// read as a scheme).
fn percent_encode(text: &str, keep_colon: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        let keep = byte.is_ascii_alphanumeric()
            || matches!(byte, b'-' | b'.' | b'_' | b'~' | b'/')
            || (keep_colon && byte == b':');
        if keep {
            out.push(char::from(byte));
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::render::tests::{outcome, warning};

    #[test]
    fn uris_are_relative_and_encoded() {
        assert_eq!(
            percent_encode("a b/ré#1.toml", false),
            "a%20b/r%C3%A9%231.toml"
        );
        assert_eq!(percent_encode("C:/maps", true), "C:/maps");
        assert_eq!(percent_encode("C:/maps", false), "C%3A/maps");
        let location = artifact_location(Path::new("pack/book1/page1.toml"));
        assert_eq!(location.uri, "pack/book1/page1.toml");
        assert_eq!(location.uri_base_id, Some(SRCROOT));
    }

    #[test]
    fn rules_are_documented_from_explain_and_unknown_codes_still_get_one() {
        let mut format_error = warning();
        format_error.code = "F002";
        format_error.name = "unknown-key";
        format_error.severity = Severity::Error;
        let log: serde_json::Value = serde_json::from_str(&render(
            &outcome(vec![warning(), format_error]),
            Some(Path::new("/home/designer/maps dir")),
        ))
        .unwrap();
        let run = &log["runs"][0];
        assert_eq!(
            run["originalUriBaseIds"]["%SRCROOT%"]["uri"],
            "file:///home/designer/maps%20dir/"
        );
        let rules = &run["tool"]["driver"]["rules"];
        assert_eq!(rules[0]["id"], "F002");
        assert_eq!(rules[0]["shortDescription"]["text"], "Unknown key");
        assert_eq!(
            rules[0]["fullDescription"]["text"],
            "That every key is one the format knows. Map files are strict: a misspelt key is an error, not silently ignored."
        );
        assert!(
            rules[0]["help"]["markdown"]
                .as_str()
                .unwrap()
                .contains("## How to fix")
        );
        assert_eq!(rules[0]["defaultConfiguration"]["level"], "error");
        assert_eq!(rules[1]["id"], "Z901");
        assert_eq!(rules[1]["fullDescription"]["text"], "Unreachable space");
        assert_eq!(rules[1]["defaultConfiguration"]["level"], "warning");
        let results = &run["results"];
        assert_eq!(results[0]["ruleIndex"], 1);
        assert_eq!(results[0]["level"], "warning");
        assert_eq!(results[1]["ruleIndex"], 0);
        assert_eq!(results[0]["properties"]["place"], "L1p2 C3");
        assert_eq!(
            results[0]["relatedLocations"][0]["message"]["text"],
            "grid drawn here"
        );
    }
}
