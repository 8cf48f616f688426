//! `deckplan fmt`: rewrite map files in canonical form, or (`--check`) list
//! the files that would change, (`--diff`) with a unified diff of each.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::reformat;
use crate::render::{escape_controls, human};
use anyhow::Context as _;

use super::{exit, plural, styling};

/// The arguments of `deckplan fmt`.
#[derive(clap::Args)]
pub struct FmtArgs {
    /// Change nothing: list the files that would change and exit 1 if any would.
    #[arg(long)]
    check: bool,
    /// With `--check`, or alone (it changes nothing either): print a unified
    /// diff of each file that would change.
    #[arg(long)]
    diff: bool,
    /// Pack folders, folders of packs, `pack.toml` files or page files.
    #[arg(default_value = ".")]
    paths: Vec<PathBuf>,
}

/// Formats the files, or checks that they are formatted.
pub fn run(args: &FmtArgs) -> anyhow::Result<ExitCode> {
    let check = args.check || args.diff;
    let results = reformat::format_paths(&args.paths)?;
    let mut errors = Vec::new();
    // Files, not errors: a file now reports every error it has.
    let mut unformattable: usize = 0;
    let mut changed: usize = 0;
    let mut unchanged: usize = 0;
    for file in results {
        unformattable += usize::from(!file.errors.is_empty());
        errors.extend(file.errors);
        let Some(canonical) = file.canonical else {
            continue;
        };
        if !file.changed {
            unchanged += 1;
            continue;
        }
        changed += 1;
        if check {
            println!(
                "would reformat {}",
                escape_controls(&file.path.display().to_string())
            );
            if args.diff {
                print!("{}", diff(&file.path, &file.write_to, &canonical)?);
            }
        } else {
            // The real file: a page reached through a link inside the pack
            // stays a link.
            deckplan_schema::save::write_atomically(&file.write_to, &canonical)
                .with_context(|| format!("cannot write {}", file.path.display()))?;
            println!(
                "formatted {}",
                escape_controls(&file.path.display().to_string())
            );
        }
    }
    if !errors.is_empty() {
        let summary = format!("{} could not be formatted.", plural(unformattable, "file"));
        human::render_to(&mut std::io::stderr().lock(), &errors, &summary, styling())?;
    }
    println!("{}", summary(check, changed, unchanged));
    Ok(exit(!errors.is_empty() || (check && changed > 0)))
}

/// The unified diff from the file at `read_from` (its real path, already
/// confined to its pack by the loader) to its canonical text, headed with
/// `shown`, the path as the user sees it.
fn diff(
    shown: &std::path::Path,
    read_from: &std::path::Path,
    canonical: &str,
) -> anyhow::Result<String> {
    let current = deckplan_schema::confine::read_text(
        read_from,
        shown,
        deckplan_schema::limits::MAX_FILE_BYTES,
    )?;
    Ok(unified(shown, &current, canonical))
}

/// The unified diff of `before` to `after`, three lines of context, headed
/// `a/PATH` and `b/PATH` like `git diff`.
fn unified(shown: &std::path::Path, before: &str, after: &str) -> String {
    let shown = shown.display().to_string();
    let name = escape_controls(&shown);
    similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .missing_newline_hint(true)
        .to_string()
}

/// The closing line: how many files changed (or would) and how many were
/// already in canonical form, so a clean run says what it looked at.
fn summary(check: bool, changed: usize, unchanged: usize) -> String {
    match (check, changed) {
        (_, 0) => format!("{} already formatted.", plural(unchanged, "file")),
        (true, _) => format!(
            "{} would be reformatted, {unchanged} already formatted; run `deckplan fmt` to fix.",
            plural(changed, "file")
        ),
        (false, _) => format!(
            "Reformatted {}, {unchanged} already formatted.",
            plural(changed, "file")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::{summary, unified};

    #[test]
    fn the_diff_is_unified_with_the_paths_as_shown() {
        let before = "format = 1\nname  = \"x\"\n";
        let after = "format = 1\nname = \"x\"\n";
        assert_eq!(
            unified(std::path::Path::new("p/pack.toml"), before, after),
            "--- a/p/pack.toml\n+++ b/p/pack.toml\n@@ -1,2 +1,2 @@\n format = 1\n-name  = \"x\"\n+name = \"x\"\n"
        );
    }

    #[test]
    fn the_summary_counts_changed_and_unchanged_files() {
        assert_eq!(summary(true, 0, 8), "8 files already formatted.");
        assert_eq!(summary(false, 0, 1), "1 file already formatted.");
        assert_eq!(
            summary(true, 2, 6),
            "2 files would be reformatted, 6 already formatted; run `deckplan fmt` to fix."
        );
        assert_eq!(
            summary(false, 1, 7),
            "Reformatted 1 file, 7 already formatted."
        );
    }
}
