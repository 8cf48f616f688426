//! `deckplan completions SHELL` and `deckplan man DIR`: the scripts shells
//! load and the pages `man` reads, for every subcommand, the games' included.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::PathBuf;
use std::process::{Command, Output};

fn deckplan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_deckplan"))
        .args(args)
        .output()
        .unwrap()
}

fn work(test: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("deckplan-shell-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    root
}

/// The subcommands `deckplan --help` lists, `help` aside.
fn subcommands() -> Vec<String> {
    let help = String::from_utf8(deckplan(&["--help"]).stdout).unwrap();
    let commands = help
        .split("Commands:\n")
        .nth(1)
        .unwrap()
        .split("\n\n")
        .next()
        .unwrap();
    commands
        .lines()
        // Continued descriptions are indented further.
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn every_shell_gets_a_completion_script_naming_every_subcommand() {
    let commands = subcommands();
    assert!(commands.iter().any(|c| c == "lsp"), "{commands:?}");
    assert!(commands.iter().any(|c| c == "reach"), "{commands:?}");
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let output = deckplan(&["completions", shell]);
        assert!(output.status.success(), "{shell}");
        let script = String::from_utf8(output.stdout).unwrap();
        for command in &commands {
            assert!(script.contains(command.as_str()), "{shell} lacks {command}");
        }
    }
    let output = deckplan(&["completions", "tcsh"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("invalid value 'tcsh'"));
}

#[test]
fn bash_loads_the_script_and_completes_subcommands_with_it() {
    if Command::new("bash").arg("--version").output().is_err() {
        println!("SKIPPED: bash is not installed");
        return;
    }
    let dir = work("bash");
    let script = dir.join("deckplan.bash");
    std::fs::write(&script, deckplan(&["completions", "bash"]).stdout).unwrap();
    // What bash offers after `deckplan li<TAB>`.
    let probe = format!(
        "source {}; COMP_WORDS=(deckplan li); COMP_CWORD=1; COMP_LINE='deckplan li'; COMP_POINT=11; \
         _deckplan deckplan li deckplan; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display()
    );
    let output = Command::new("bash")
        .args(["--norc", "-c", &probe])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout), "lint\n");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn man_writes_a_page_for_deckplan_and_each_subcommand_inside_the_folder_only() {
    let dir = work("man");
    let out = dir.join("man1");
    std::fs::create_dir_all(&out).unwrap();
    // A link left in the folder is replaced, never written through.
    let outside = dir.join("outside.txt");
    std::fs::write(&outside, "keep me\n").unwrap();
    std::os::unix::fs::symlink(&outside, out.join("deckplan-lint.1")).unwrap();

    let output = deckplan(&["man", out.to_str().unwrap()]);
    assert!(output.status.success());
    let mut expected: Vec<String> = subcommands()
        .iter()
        .map(|c| format!("deckplan-{c}.1"))
        .collect();
    expected.push("deckplan.1".to_string());
    expected.sort();
    let mut written: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(written, expected);
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("wrote {} man pages in {}\n", expected.len(), out.display())
    );
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "keep me\n");
    let lint = std::fs::read_to_string(out.join("deckplan-lint.1")).unwrap();
    assert!(
        !std::fs::symlink_metadata(out.join("deckplan-lint.1"))
            .unwrap()
            .is_symlink()
    );
    assert!(lint.starts_with(".ie \\n(.g .ds Aq \\(aq"), "{lint}");
    assert!(
        lint.contains(&format!(
            ".TH deckplan-lint 1  \"deckplan {}\" \n",
            env!("CARGO_PKG_VERSION")
        )),
        "{lint}"
    );
    assert!(lint.contains("\\-\\-format"), "{lint}");
    std::fs::remove_dir_all(dir).unwrap();
}
