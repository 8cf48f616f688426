//! Build once: the editor's own build turns on the same features of every
//! shared crate as `cargo test --workspace` does, so running the editor
//! after the tests (or the tests after the editor) compiles nothing twice.
//! Cargo keys each compiled crate by its features; a feature that only a
//! test-only dependency asks for makes the two builds differ, and
//! everything above that crate is compiled again.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

/// Each package of a `cargo tree` with its features turned on.
fn features(args: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let output = Command::new(env!("CARGO"))
        .arg("tree")
        .args(args)
        .args(["--locked", "--offline", "--prefix", "none", "-f", "{p}|{f}"])
        .current_dir(root)
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut found: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        // A package seen before is marked ` (*)`.
        let line = line.replace(" (*)", "");
        let Some((package, list)) = line.split_once('|') else {
            continue;
        };
        found.entry(package.to_string()).or_default().extend(
            list.split(',')
                .filter(|f| !f.is_empty())
                .map(str::to_string),
        );
    }
    found
}

#[test]
fn the_editor_builds_with_the_features_the_tests_build_with() {
    let everything = features(&["--workspace"]);
    let editor = features(&["-p", "deckplan-editor", "-e", "no-dev"]);
    let differ: Vec<String> = editor
        .iter()
        .filter_map(|(package, own)| {
            let shared = everything.get(package)?;
            (shared != own).then(|| {
                let extra: Vec<&String> = shared.difference(own).collect();
                format!("{package}: the tests also turn on {extra:?}")
            })
        })
        .collect();
    assert!(editor.len() > 100, "{} packages", editor.len());
    assert!(
        differ.is_empty(),
        "ask for these in editor/Cargo.toml:\n{}",
        differ.join("\n")
    );
}
