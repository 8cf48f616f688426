//! deckplan's findings, fixes and symbols in the protocol's terms.

use std::collections::HashMap;

use lsp_types::{
    DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, TextEdit, Uri,
    WorkspaceEdit,
};

use super::support::{Symbol, SymbolKind, TextFix};
use super::text::Lines;
use crate::diagnostic::{Diagnostic, Severity};

/// Where findings come from, as editors show it.
pub const SOURCE: &str = "deckplan";

/// The message of a finding as the editor shows it: lint's message, the
/// board place, and the help on a line of its own.
pub fn message(diagnostic: &Diagnostic) -> String {
    let mut text = diagnostic.message.clone();
    if let Some(place) = &diagnostic.place {
        text.push_str(&format!(" (at {place})"));
    }
    if let Some(help) = &diagnostic.help {
        text.push_str("\nhelp: ");
        text.push_str(help);
    }
    text
}

/// A finding, its spans placed by the text it was found in; `uri` is its
/// file's.
pub fn diagnostic(diagnostic: &Diagnostic, lines: &Lines<'_>, uri: &Uri) -> lsp_types::Diagnostic {
    let range = diagnostic
        .span
        .map_or_else(lsp_types::Range::default, |span| lines.range(span));
    let related: Vec<DiagnosticRelatedInformation> = diagnostic
        .labels
        .iter()
        .map(|label| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), lines.range(label.span)),
            message: label.message.clone(),
        })
        .collect();
    lsp_types::Diagnostic {
        range,
        severity: Some(match diagnostic.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(diagnostic.code.to_string())),
        code_description: None,
        source: Some(SOURCE.to_string()),
        message: message(diagnostic),
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: Some(serde_json::json!({ "name": diagnostic.name })),
    }
}

/// A fix as a workspace edit, each file's spans placed by `lines_of` (its
/// text as the editor holds it); `None` when a file cannot be placed.
// The protocol's own type keys edits by `Uri`, whose cached parts clippy
// takes for interior mutability; it is never changed while a key.
#[allow(clippy::mutable_key_type)]
pub fn workspace_edit(
    fix: &TextFix,
    mut place: impl FnMut(&std::path::Path) -> Option<(Uri, String)>,
    encoding: super::text::Encoding,
) -> Option<WorkspaceEdit> {
    let mut changes: HashMap<Uri, Vec<TextEdit>> = HashMap::new();
    let mut texts: HashMap<std::path::PathBuf, (Uri, String)> = HashMap::new();
    for edit in &fix.edits {
        if !texts.contains_key(&edit.path) {
            texts.insert(edit.path.clone(), place(&edit.path)?);
        }
        let (uri, text) = texts.get(&edit.path)?;
        let lines = Lines::new(text, encoding);
        changes
            .entry(uri.clone())
            .or_default()
            .push(TextEdit::new(lines.range(edit.span), edit.text.clone()));
    }
    Some(WorkspaceEdit {
        changes: Some(changes),
        ..WorkspaceEdit::default()
    })
}

/// A symbol and its children, placed in its file.
#[allow(deprecated)] // `deprecated` must be named to build the struct.
pub fn symbol(symbol: &Symbol, lines: &Lines<'_>) -> lsp_types::DocumentSymbol {
    let range = lines.range(symbol.span);
    // The name must lie inside the whole, or clients refuse the outline.
    let inside =
        symbol.span.start <= symbol.name_span.start && symbol.name_span.end <= symbol.span.end;
    let selection_range = if inside {
        lines.range(symbol.name_span)
    } else {
        range
    };
    let children: Vec<_> = symbol
        .children
        .iter()
        .map(|c| self::symbol(c, lines))
        .collect();
    lsp_types::DocumentSymbol {
        name: if symbol.name.is_empty() {
            "?".to_string()
        } else {
            symbol.name.clone()
        },
        detail: symbol.detail.clone(),
        kind: match symbol.kind {
            SymbolKind::Board => lsp_types::SymbolKind::MODULE,
            SymbolKind::File => lsp_types::SymbolKind::FILE,
            SymbolKind::Part => lsp_types::SymbolKind::STRUCT,
            SymbolKind::Link => lsp_types::SymbolKind::EVENT,
            SymbolKind::Feature => lsp_types::SymbolKind::FIELD,
            SymbolKind::Group => lsp_types::SymbolKind::NAMESPACE,
        },
        tags: None,
        deprecated: None,
        range,
        selection_range,
        children: (!children.is_empty()).then_some(children),
    }
}
