//! Helpers shared by the integration tests.

use std::sync::OnceLock;

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
