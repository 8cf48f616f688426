//! `deckplan-editor`'s command line without a window: `--screenshot-to`
//! refuses a pack it cannot show before opening any window, and usage
//! errors exit 2.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::process::Command;

fn editor(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_deckplan-editor"))
        .args(args)
        // No display: a pack that cannot be shown is refused before one is needed.
        .env_remove("DISPLAY")
        .output()
        .expect("the editor binary runs")
}

#[test]
fn a_screenshot_of_a_pack_that_cannot_be_shown_fails_with_the_reason() {
    let dir = std::env::temp_dir().join(format!("deckplan-editor-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("pack")).unwrap();
    std::fs::write(
        dir.join("pack/pack.toml"),
        "format = 1\nname = \"X\"\nruleset = \"chess\"\n",
    )
    .unwrap();
    let shot = dir.join("shot.png");
    let output = editor(&[
        dir.join("pack").to_str().unwrap(),
        "--screenshot-to",
        shot.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot be shown"), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "unknown ruleset `chess`; deckplan knows {}",
            deckplan_validator::ruleset::REGISTRY.listed()
        )),
        "{stderr}"
    );
    assert!(!shot.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_errors_exit_2_and_help_exits_0() {
    let output = editor(&["--screenshot-to"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("--screenshot-to needs a file"));
    let output = editor(&["--frobnicate"]);
    assert_eq!(output.status.code(), Some(2));
    let output = editor(&["--help"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stdout).contains("--screenshot-to FILE.png"));
}
