//! The README is true when pasted: every `deckplan` command in its shell
//! blocks runs, in the order written, in a folder holding copies of `maps/`
//! and `docs/examples/` (and a home folder of its own), and exits as a reader would expect — 0, or the exit
//! code listed below with the reason the README gives.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};
use std::process::Command;

use deckplan_tests::files::copy_dir;

/// Commands that show a failure on purpose, by how they start, with their
/// exit code.
const EXPECTED_FAILURES: &[(&str, i32)] = &[
    // A board imported from GraphML has no escape pods; the README says N007 follows.
    ("deckplan lint my-ship", 1),
];

/// The commands of the README's `sh` blocks that run `deckplan`, with line
/// continuations joined and trailing comments removed.
fn readme_commands(readme: &str) -> Vec<String> {
    let mut commands = Vec::new();
    let mut in_block = false;
    let mut pending = String::new();
    for line in readme.lines() {
        if line.starts_with("```") {
            in_block = line == "```sh";
            continue;
        }
        if !in_block {
            continue;
        }
        let line = without_comment(line);
        if let Some(head) = line.strip_suffix('\\') {
            pending.push_str(head);
            continue;
        }
        pending.push_str(&line);
        let command = std::mem::take(&mut pending).trim().to_string();
        if command.starts_with("deckplan ") {
            commands.push(command);
        }
    }
    commands
}

/// A shell line without its `#` comment (a `#` after a blank, outside quotes).
fn without_comment(line: &str) -> String {
    let mut quote = None;
    let mut previous = ' ';
    for (at, c) in line.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '#') if previous.is_whitespace() => return line[..at].trim_end().to_string(),
            _ => {}
        }
        previous = c;
    }
    line.trim_end().to_string()
}

#[test]
fn comments_and_continuations_are_read_as_a_shell_would() {
    let readme = "```sh\ndeckplan a \"x # y\" # comment\ndeckplan b \\\n    --c\ncargo d\n```\n\
                  deckplan outside a block\n```toml\ndeckplan = 1\n```\n";
    assert_eq!(
        readme_commands(readme),
        ["deckplan a \"x # y\"", "deckplan b     --c"]
    );
}

#[test]
fn every_deckplan_command_of_the_readme_runs_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let commands = readme_commands(&readme);
    let work = std::env::temp_dir().join(format!("deckplan-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    copy_dir(&root.join("maps"), &work.join("maps"));
    copy_dir(&root.join("docs/examples"), &work.join("docs/examples"));
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_deckplan"));
    let path = std::env::join_paths(
        std::iter::once(binary.parent().unwrap().to_path_buf()).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )),
    )
    .unwrap();
    // The install lines write into the home folder: give them one of their
    // own, with the folders a shell's completions usually live in.
    let home = work.join("home");
    for dir in [
        ".local/share/bash-completion/completions",
        ".zfunc",
        ".config/fish/completions",
    ] {
        std::fs::create_dir_all(home.join(dir)).unwrap();
    }
    let mut failures = Vec::new();
    for command in &commands {
        let output = Command::new("sh")
            .arg("-c")
            .arg(command)
            .current_dir(&work)
            .env("PATH", &path)
            .env("HOME", &home)
            .env("PROFILE", home.join("profile.ps1"))
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let expected = EXPECTED_FAILURES
            .iter()
            .find(|(start, _)| command.starts_with(start))
            .map_or(0, |&(_, code)| code);
        if output.status.code() != Some(expected) {
            failures.push(format!(
                "{command}\n  exit {:?}, expected {expected}\n  {}",
                output.status.code(),
                String::from_utf8_lossy(&output.stderr).trim_end()
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    assert!(
        failures.is_empty(),
        "README commands that fail:\n{}",
        failures.join("\n")
    );
    // Every listed failure is still in the README, and the README has the
    // commands of every game (a broken reader would find none).
    for (start, _) in EXPECTED_FAILURES {
        assert!(commands.iter().any(|c| c.starts_with(start)), "{start}");
    }
    assert!(commands.len() > 50, "{commands:#?}");
}
