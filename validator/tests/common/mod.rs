//! Helpers shared by the integration tests: running the `deckplan` binary,
//! a scratch pack of one page, and the SARIF schema. Each test binary uses
//! the part its tests need.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// Runs the `deckplan` binary with `args` in `dir`, without colour.
pub fn deckplan_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_deckplan"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("the deckplan binary runs")
}

/// What a command printed on standard output.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// What a command printed on standard error.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A pack of one page in a fresh folder of its own, removed when dropped.
pub struct TempPack {
    /// The pack folder.
    pub root: PathBuf,
}

impl TempPack {
    /// Writes `pack` and `page` (as `book1/page1.toml`) into a fresh folder
    /// named after the test binary and `test`.
    pub fn new(test: &str, pack: &str, page: &str) -> Self {
        let root = std::env::temp_dir().join(format!(
            "deckplan-{}-{}-{test}",
            env!("CARGO_CRATE_NAME"),
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("book1")).unwrap();
        std::fs::write(root.join("pack.toml"), pack).unwrap();
        std::fs::write(root.join("book1/page1.toml"), page).unwrap();
        Self { root }
    }

    /// A path inside the pack.
    pub fn path(&self, relative: &str) -> PathBuf {
        self.root.join(relative)
    }
}

impl Drop for TempPack {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// The official SARIF 2.1.0 JSON Schema (OASIS, draft-07), unchanged.
///
/// Where it comes from: `src/schema.json` of the `serde-sarif` 0.8.0 crate on
/// crates.io (MIT), which ships the OASIS file as published in the SARIF
/// technical committee's repository (its `$id` is
/// `https://raw.githubusercontent.com/oasis-tcs/sarif-spec/master/Schemata/sarif-schema-2.1.0.json`).
/// OASIS publishes the schema for anyone to copy and redistribute.
const SARIF_SCHEMA: &str = include_str!("../data/sarif-schema-2.1.0.json");

/// The `language` pattern as OASIS published it has a stray `]`, which is
/// not a valid ECMA-262 regular expression, so `jsonschema` refuses to compile
/// the schema. Microsoft's SARIF SDK (the reference implementation) ships the
/// corrected pattern below; the fix is applied in memory so the committed
/// file stays byte-for-byte the published one.
const BROKEN_LANGUAGE_PATTERN: &str = "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$";
const FIXED_LANGUAGE_PATTERN: &str = "^[a-zA-Z]{2}(-[a-zA-Z]{2})?$";

fn validator() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        assert_eq!(SARIF_SCHEMA.matches(BROKEN_LANGUAGE_PATTERN).count(), 2);
        let text = SARIF_SCHEMA.replace(BROKEN_LANGUAGE_PATTERN, FIXED_LANGUAGE_PATTERN);
        let schema: serde_json::Value = serde_json::from_str(&text).unwrap();
        jsonschema::options()
            .should_validate_formats(true)
            .build(&schema)
            .unwrap()
    })
}

/// Every schema violation in `log`.
pub fn sarif_errors(log: &serde_json::Value) -> Vec<String> {
    validator()
        .iter_errors(log)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

/// Fails the test with every schema violation in `log`.
pub fn assert_valid_sarif(log: &serde_json::Value) {
    assert_eq!(sarif_errors(log), Vec::<String>::new());
}
