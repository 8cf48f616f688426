//! Writers killed at random moments: after every kill, each file `deckplan
//! fmt` or `deckplan render` writes is either the old content or the new, and
//! parses. Saves go through a temporary file renamed over the target, so a
//! kill can only leave a stray temporary file, never a torn map.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use deckplan_schema::SourceFile;

/// How many times each writer is killed.
const KILLS: usize = 40;

/// A scratch folder, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("deckplan-kill-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A small random number generator (xorshift), seeded per test.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// A page of `side` × `side` spaces, not in canonical form.
fn unformatted_page(number: u16, side: usize) -> String {
    let mut text = format!("format=1\nbook=1\npage={number}\nlocation=\"SR\"\ngrid=\"\"\"\n");
    for _ in 0..side {
        text.push_str(&".".repeat(side));
        text.push('\n');
    }
    text.push_str("\"\"\"\n[spaces]\nspacer_starts=[\"A1\"]\n");
    text
}

fn write_pack(dir: &Path, pages: u16, side: usize) {
    let list: Vec<String> = (1..=pages)
        .map(|p| format!("\"book1/page{p}.toml\""))
        .collect();
    std::fs::create_dir_all(dir.join("book1")).unwrap();
    std::fs::write(
        dir.join("pack.toml"),
        format!(
            "format = 1\nname = \"Kill\"\nruleset = \"enormity\"\nstart = \"L1p1\"\npages = [{}]\n\n[[books]]\nnumber = 1\n\n[[locations]]\ndesignation = \"SR\"\nname = \"Solar Ring\"\n",
            list.join(", ")
        ),
    )
    .unwrap();
    for p in 1..=pages {
        std::fs::write(
            dir.join(format!("book1/page{p}.toml")),
            unformatted_page(p, side),
        )
        .unwrap();
    }
}

/// Runs `deckplan` to the end and returns how long it took.
fn time_run(dir: &Path, args: &[&str]) -> Duration {
    let started = Instant::now();
    let status = Command::new(env!("CARGO_BIN_EXE_deckplan"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.code().is_some_and(|c| c <= 1), "{args:?}: {status}");
    started.elapsed()
}

/// Starts `deckplan` and kills it after `after`.
fn run_and_kill(dir: &Path, args: &[&str], after: Duration) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_deckplan"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn fmt_killed_at_random_moments_leaves_every_page_old_or_new() {
    let scratch = Scratch::new("fmt");
    let (pages, side) = (12u16, 120usize);
    // The new content of each page: what an uninterrupted run writes.
    let done = scratch.0.join("done");
    write_pack(&done, pages, side);
    let full = time_run(&done, &["fmt", "."]);
    let new: Vec<String> = (1..=pages)
        .map(|p| std::fs::read_to_string(done.join(format!("book1/page{p}.toml"))).unwrap())
        .collect();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut untouched, mut mixed, mut finished) = (0, 0, 0);
    for kill in 0..KILLS {
        let dir = scratch.0.join(format!("run{kill}"));
        write_pack(&dir, pages, side);
        let micros = u64::try_from(full.as_micros()).unwrap_or(u64::MAX);
        run_and_kill(
            &dir,
            &["fmt", "."],
            Duration::from_micros(rng.below(micros)),
        );
        let mut formatted = 0;
        for p in 1..=pages {
            let path = dir.join(format!("book1/page{p}.toml"));
            let text = std::fs::read_to_string(&path).unwrap();
            let old = unformatted_page(p, side);
            let index = usize::from(p - 1);
            assert!(
                text == old || text == new[index],
                "kill {kill}: {} is neither the old nor the new content",
                path.display()
            );
            formatted += usize::from(text == new[index]);
            let loaded =
                deckplan_schema::enormity::load::page_from_source(&SourceFile::new("p.toml", text));
            assert!(loaded.is_clean(), "kill {kill}: page {p} does not parse");
        }
        match formatted {
            0 => untouched += 1,
            n if n == usize::from(pages) => finished += 1,
            _ => mixed += 1,
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
    eprintln!(
        "fmt killed {KILLS} times: {untouched} before a write, {mixed} between writes, {finished} after the last"
    );
}

#[test]
fn render_killed_at_random_moments_leaves_the_old_or_the_new_picture() {
    let scratch = Scratch::new("render");
    let pack = scratch.0.join("pack");
    write_pack(&pack, 1, 150);
    let args = ["render", "pack/book1/page1.toml", "-o", "page.svg"];
    let full = time_run(&scratch.0, &args);
    let new = std::fs::read_to_string(scratch.0.join("page.svg")).unwrap();
    assert!(new.trim_end().ends_with("</svg>"));
    let old = "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n";
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for kill in 0..KILLS {
        std::fs::write(scratch.0.join("page.svg"), old).unwrap();
        let micros = u64::try_from(full.as_micros()).unwrap_or(u64::MAX);
        run_and_kill(&scratch.0, &args, Duration::from_micros(rng.below(micros)));
        let text = std::fs::read_to_string(scratch.0.join("page.svg")).unwrap();
        assert!(text == old || text == new, "kill {kill}: a torn picture");
    }
}
