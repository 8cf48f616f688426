//! L002: a page's lint setting for a check whose findings are all elsewhere.

use std::collections::BTreeSet;

use deckplan_schema::enormity::{Pack, PageId};

use super::{CheckMeta, Finding, list_some};

declare_check! {
    /// ## What it checks
    /// A page file's `[lint]` table sets checks for the findings filed under that page.
    /// When a page sets a check that has no finding on that page but has findings
    /// elsewhere — on another page, or in `pack.toml` — the setting covers nothing, and
    /// the finding it was meant for is still reported (or still set by another table).
    ///
    /// ## Why it matters
    /// A join's findings are filed under the page laid against the other, and an
    /// unreachable area under the page of its first space: an allow put in the page the
    /// author was looking at can miss them, and the finding comes back.
    ///
    /// ## Example
    /// ```toml
    /// # book1/page1.toml, while the red line is drawn on L1p2
    /// [lint]
    /// idle-edge-feature = { level = "allow", reason = "the red line is printed" }
    /// ```
    ///
    /// ## How to fix
    /// Move the setting to the `[lint]` table of the page the help line names, or to
    /// `pack.toml`'s to cover the whole pack.
    code: "L002",
    name: "misplaced-lint-setting",
    severity: Warning,
}

/// Reports page settings whose check has findings, none of them on that page.
pub fn check(pack: &Pack, found: &[(CheckMeta, Finding)], out: &mut Vec<Finding>) {
    for page in pack.pages.values() {
        for (name, setting) in &page.lint.checks {
            let elsewhere: BTreeSet<String> = found
                .iter()
                .filter(|(meta, _)| meta.name == name)
                .map(|(_, f)| f)
                .filter(|f| super::filed_page(f) != Some(page.id))
                .map(|f| where_filed(super::filed_page(f)))
                .collect();
            let here = found
                .iter()
                .any(|(meta, f)| meta.name == name && super::filed_page(f) == Some(page.id));
            if here || elsewhere.is_empty() {
                continue;
            }
            let places: Vec<String> = elsewhere.into_iter().collect();
            out.push(
                Finding::in_file(
                    &page.source,
                    Some(setting.name_span),
                    format!(
                        "`{name}` is set for {}, but none of its findings is on {}: they are filed \
                     under {}",
                        page.id,
                        page.id,
                        list_some(&places, 3)
                    ),
                )
                .help(format!(
                    "move the setting to the `[lint]` table of {}, or to pack.toml's to cover \
                     the whole pack",
                    list_some(&places, 3)
                )),
            );
        }
    }
}

/// Where a finding is filed, for the message: a page, or `pack.toml`.
fn where_filed(page: Option<PageId>) -> String {
    page.map_or_else(|| "pack.toml".to_string(), |id| id.to_string())
}
