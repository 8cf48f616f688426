//! A real editor against `deckplan lsp`: Neovim's built-in client, headless,
//! driven by `tests/lsp/neovim.lua`, opens a copy of a bundled page with a
//! misspelt key, gets its diagnostic, applies the server's code action and
//! writes the file, which then lints clean.
//!
//! Skips, saying so, when `nvim` is not installed; CI installs it.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::Path;
use std::process::Command;

use deckplan_tests::files::copy_dir;

const PACK: &str = "derelict-meridian-tithe";

#[test]
fn neovim_gets_the_diagnostic_applies_the_fix_and_the_page_lints_clean() {
    if Command::new("nvim").arg("--version").output().is_err() {
        println!("SKIPPED: nvim is not installed (CI installs Debian's neovim)");
        return;
    }
    let root = std::env::temp_dir().join(format!("deckplan-neovim-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    copy_dir(&manifest.join("../maps").join(PACK), &root.join(PACK));
    let page = root.join(PACK).join("book1/page1.toml");
    let saved = std::fs::read_to_string(&page).unwrap();
    let broken = saved.replace("\ntitle = ", "\ntitel = ");
    assert_ne!(broken, saved);
    std::fs::write(&page, &broken).unwrap();
    // Neovim's logs, swap files and state stay in the work folder.
    let state = root.join("nvim-state");

    let output = Command::new("nvim")
        .args(["--headless", "--clean", "-i", "NONE", "-c"])
        .arg(format!(
            "luafile {}",
            manifest.join("tests/lsp/neovim.lua").display()
        ))
        .env("DECKPLAN", env!("CARGO_BIN_EXE_deckplan"))
        .env("PAGE", &page)
        .env("XDG_STATE_HOME", &state)
        .env("XDG_CACHE_HOME", &state)
        .env("XDG_DATA_HOME", &state)
        .current_dir(&root)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{said}");
    assert!(
        said.contains("diagnostic 5:1 unknown key `titel`\nhelp: did you mean `title`?"),
        "{said}"
    );
    assert!(said.contains("action: Replace titel with title"), "{said}");
    assert!(said.contains("\ndone"), "{said}");

    // What Neovim wrote is the page as it was, and lint finds nothing.
    assert_eq!(std::fs::read_to_string(&page).unwrap(), saved);
    let lint = Command::new(env!("CARGO_BIN_EXE_deckplan"))
        .args(["lint", PACK])
        .current_dir(&root)
        .output()
        .unwrap();
    assert!(lint.status.success());
    assert_eq!(
        String::from_utf8_lossy(&lint.stdout),
        "Checked 8 pages in 1 pack: no problems.\n"
    );
    std::fs::remove_dir_all(&root).unwrap();
}
