//! Progress on long work: `render` of a pack and `lint` draw a bar or a
//! spinner on a terminal — run here under `script`, which gives the command
//! a terminal — and nothing of it when their output is piped.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::Command;

/// Runs a shell command line under `script`, so it sees a terminal; `None`
/// where `script` (util-linux) is missing.
fn on_a_terminal(dir: &Path, line: &str) -> Option<String> {
    let output = Command::new("script")
        .args(["-qec", line, "/dev/null"])
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .ok()?;
    assert!(output.status.success(), "{line}");
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
}

fn temp(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("deckplan-progress-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn bundled(pack: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps")
        .join(pack);
    path.to_str().unwrap().to_string()
}

#[test]
fn render_of_a_pack_counts_its_pictures_on_a_terminal_only() {
    let dir = temp("render");
    let deckplan = env!("CARGO_BIN_EXE_deckplan");
    let pack = bundled("derelict-meridian-tithe");
    let line = format!("{deckplan} render {pack} -o pictures --dpi 20");
    let Some(terminal) = on_a_terminal(&dir, &line) else {
        eprintln!("note: `script` is not installed; the terminal half of this test is skipped");
        return;
    };
    for done in 1..=8 {
        assert!(terminal.contains(&format!(" {done}/8 ")), "{terminal}");
    }
    assert!(terminal.contains("wrote pictures/L2p4.png"), "{terminal}");
    let piped = Command::new(deckplan)
        .args(["render", &pack, "-o", "piped", "--dpi", "20"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&piped.stdout);
    assert_eq!(
        stdout
            .lines()
            .filter(|l| l.starts_with("wrote piped/"))
            .count(),
        8
    );
    assert_eq!(stdout.lines().count(), 8, "{stdout}");
    assert_eq!(String::from_utf8_lossy(&piped.stderr), "");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn lint_of_a_few_packs_spins_on_a_terminal() {
    let dir = temp("lint");
    let deckplan = env!("CARGO_BIN_EXE_deckplan");
    let line = format!("{deckplan} lint {}", bundled("derelict-meridian-tithe"));
    let Some(terminal) = on_a_terminal(&dir, &line) else {
        eprintln!("note: `script` is not installed; this test is skipped");
        return;
    };
    assert!(terminal.contains("checking 1 target"), "{terminal}");
    assert!(
        terminal.contains("Checked 8 pages in 1 pack: no problems."),
        "{terminal}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
