//! One memory ceiling for every command on inputs within the limits
//! (`docs/robustness.md`, "Memory"): the largest legal input of each game is
//! checked under `ulimit -v`, so a command that needs more address space than
//! the ceiling fails here with an allocation failure, not on a CI machine.
//!
//! Threads take address space of their own (a stack, an allocator arena), so
//! the commands run with two, as on the two-core machines CI runs on.

#![cfg(target_os = "linux")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::PathBuf;
use std::process::{Command, Output};

/// The ceiling `docs/robustness.md` states, in MiB of address space.
const CEILING_MIB: u64 = 2560;

/// Longest free text, as the limits allow.
fn longest_text() -> String {
    "W".repeat(4096)
}

/// A work folder, removed on drop.
struct Work {
    root: PathBuf,
}

impl Work {
    fn new(test: &str) -> Self {
        let root =
            std::env::temp_dir().join(format!("deckplan-memory-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        Self { root }
    }

    fn write(&self, relative: &str, text: &str) {
        let path = self.root.join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// Runs `deckplan` with at most `mib` MiB of address space and two threads.
    fn run_within(&self, mib: u64, args: &[&str]) -> Output {
        Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v {} && exec \"$0\" \"$@\"", mib * 1024))
            .arg(env!("CARGO_BIN_EXE_deckplan"))
            .args(args)
            .current_dir(&self.root)
            .env("NO_COLOR", "1")
            .env("RAYON_NUM_THREADS", "2")
            .output()
            .expect("the deckplan binary runs")
    }

    /// Runs a command under the ceiling and returns its exit code and the
    /// last line of its standard output; a command that ran out of address
    /// space (killed, or an allocation failure) fails the test.
    fn under_ceiling(&self, args: &[&str]) -> (i32, String) {
        let output = self.run_within(CEILING_MIB, args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            !stderr.contains("memory allocation"),
            "{args:?} ran out of memory: {stderr}"
        );
        let code = output
            .status
            .code()
            .unwrap_or_else(|| panic!("{args:?} was killed: {:?} {stderr}", output.status));
        let stdout = String::from_utf8_lossy(&output.stdout);
        (code, stdout.lines().last().unwrap_or("").to_string())
    }
}

impl Drop for Work {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// The letters of row `row` (from 0): `A`, …, `Z`, `AA`, …
fn row_letters(row: usize) -> String {
    let mut letters = Vec::new();
    let mut n = row + 1;
    while n > 0 {
        let digit = (n - 1) % 26;
        letters.push(char::from(b'A' + u8::try_from(digit).unwrap()));
        n = (n - 1) / 26;
    }
    letters.iter().rev().collect()
}

/// The largest legal Enormity page: 2000 × 2000 open spaces (the page and
/// pack space limits), with 249,999 terrain tiles and a spacer start — 250,000
/// features, the limit — in a file just under 16 MiB.
fn largest_enormity_pack(work: &Work) {
    work.write(
        "enormity/pack.toml",
        "format = 1\nname = \"Big\"\nruleset = \"enormity\"\nstart = \"L1p1\"\npages = [\"book1/page1.toml\"]\n\n[[books]]\nnumber = 1\n\n[[locations]]\ndesignation = \"SR\"\nname = \"Solar Ring\"\n",
    );
    let side = 2000;
    let mut page =
        String::from("format = 1\nbook = 1\npage = 1\nlocation = \"SR\"\n\ngrid = \"\"\"\n");
    let open = ".".repeat(side);
    for row in (0..side).rev() {
        page.push_str(&format!("{} {open}\n", row_letters(row)));
    }
    page.push_str("\"\"\"\n\n[spaces]\nspacer_starts = [\"A1\"]\nterrain = [\n");
    for n in 0..249_999 {
        page.push_str(&format!(
            "    {{ spaces = [\"{}{}\"], keywords = [\"cover\"] }},\n",
            row_letters(n / side),
            n % side + 1
        ));
    }
    page.push_str("]\n");
    assert!(page.len() <= 16 * 1024 * 1024);
    work.write("enormity/book1/page1.toml", &page);
}

/// The largest legal Nemesis ship: 1,000 rooms (the limit), corridors,
/// technical corridor networks and entrances, every name as long as allowed.
fn largest_nemesis_pack(work: &Work) {
    let text = longest_text();
    work.write(
        "nemesis/pack.toml",
        &format!("format = 1\nname = \"{text}\"\nruleset = \"nemesis\"\nship = \"ship.toml\"\n"),
    );
    let mut ship =
        format!("format = 1\nruleset = \"nemesis\"\nname = \"{text}\"\nboard = \"{text}\"\n");
    let rooms = 1000;
    for i in 0..rooms {
        ship.push_str(&format!(
            "\n[[rooms]]\nid = \"r{i}\"\nkind = \"1\"\nname = \"{text}\"\nat = [{}, {}]\n",
            i % 99,
            i / 99
        ));
    }
    for i in 0..rooms {
        ship.push_str(&format!(
            "\n[[corridors]]\nbetween = [\"r{i}\", \"r{}\"]\nnumbers = [1, 2]\ndoor = true\n",
            (i + 1) % rooms
        ));
    }
    for i in 0..rooms {
        ship.push_str(&format!(
            "\n[[networks]]\nid = \"n{i}\"\nat = [{}, {}]\n\n[[technical_entrances]]\nroom = \"r{i}\"\nnumbers = [3, 4]\nnetwork = \"n{i}\"\n",
            i % 99,
            i / 99
        ));
    }
    for pod in 1..=4 {
        ship.push_str(&format!(
            "\n[[escape_pods]]\nnumber = {pod}\nsection = \"{}\"\nroom = \"r{pod}\"\n",
            if pod % 2 == 1 { "A" } else { "B" }
        ));
    }
    let tiles: String = (0..20).map(|_| format!("    \"{text}\",\n")).collect();
    ship.push_str(&format!(
        "\n[tiles]\none = [\n{tiles}]\ntwo = [\n{tiles}]\n"
    ));
    work.write("nemesis/ship.toml", &ship);
}

/// The largest legal galaxy: 8 rings with every position a custom tile, 256
/// custom tiles (the limit) with long names and planets, 217 home seats and
/// 256 modifiers, in a file just under 16 MiB.
fn largest_ti4_pack(work: &Work) {
    let text = longest_text();
    let off_board: Vec<String> = (217..256).map(|i| (1000 + i).to_string()).collect();
    let mut galaxy = format!(
        "format = 1\nruleset = \"ti4\"\nname = \"{text}\"\nrings = 8\noff_board = [{}]\n\n[tiles]\n",
        off_board.join(", ")
    );
    for position in 0..217 {
        galaxy.push_str(&format!("{position} = {}\n", 1000 + position));
    }
    for seat in 0..217 {
        galaxy.push_str(&format!(
            "\n[[homes]]\nseat = {}\nposition = {seat}\n",
            seat + 1
        ));
    }
    let planets: String = (0..13)
        .map(|_| format!("    {{ name = \"{text}\", resources = 2, influence = 1 }},\n"))
        .collect();
    for i in 0..256 {
        galaxy.push_str(&format!(
            "\n[[custom]]\nnumber = {}\nname = \"{text}\"\noff_board = {}\nwormholes = [\"alpha\"]\nanomalies = [\"nebula\"]\nplanets = [\n{planets}]\n",
            1000 + i,
            i >= 217
        ));
    }
    for _ in 0..256 {
        galaxy.push_str(&format!(
            "\n[[modifiers]]\nname = \"{text}\"\njoin = [\"alpha\", \"beta\"]\n"
        ));
    }
    assert!(galaxy.len() <= 16 * 1024 * 1024);
    work.write("ti4/pack.toml", &galaxy);
}

/// The largest legal Battlestations ship: 400 modules (the limit) of 9 × 9
/// squares, all ladders, on 8 levels (the limit), every name as long as
/// allowed.
fn largest_battlestations_pack(work: &Work) {
    let text = longest_text();
    work.write(
        "battlestations/pack.toml",
        &format!(
            "format = 1\nname = \"{text}\"\nruleset = \"battlestations\"\nship = \"ship.toml\"\n"
        ),
    );
    let levels: Vec<String> = (0..8).map(|l| format!("\"l{l}\"")).collect();
    let mut ship = format!(
        "format = 1\nruleset = \"battlestations\"\nname = \"{text}\"\nmodule_size = 9\nforward = \"north\"\nlevels = [{}]\n",
        levels.join(", ")
    );
    let squares: String = (0..9).map(|_| "    \"HHHHHHHHH\",\n").collect();
    for i in 0..400 {
        let slot = i / 8;
        ship.push_str(&format!(
            "\n[[modules]]\nid = \"m{i}\"\nrole = \"science\"\nname = \"{text}\"\nlevel = \"l{}\"\nat = [{}, {}]\nsquares = [\n{squares}]\n",
            i % 8,
            slot % 10,
            slot / 10
        ));
    }
    work.write("battlestations/ship.toml", &ship);
}

/// What a game's largest legal input is, and what each command makes of it.
struct Largest {
    /// Writes the input below a folder named after the game.
    write: fn(&Work),
    /// Commands on that folder (`{}` stands for it), each with its exit code
    /// and, where given, the last line of its output.
    runs: &'static [(&'static [&'static str], i32, Option<&'static str>)],
}

/// Each registered game's largest input, by ruleset name.
const LARGEST: &[(&str, Largest)] = &[
    (
        "enormity",
        // The heaviest input of all: lint builds its graphs for 4,000,000
        // open spaces (1.6 GiB of address space measured in a release build).
        Largest {
            write: largest_enormity_pack,
            runs: &[(
                &["lint", "{}"],
                0,
                Some("Checked 1 page in 1 pack: 0 errors, 2 warnings."),
            )],
        },
    ),
    (
        "nemesis",
        Largest {
            write: largest_nemesis_pack,
            runs: &[
                (
                    &["lint", "{}"],
                    1,
                    Some("Checked 1 ship in 1 pack: 206 errors, 0 warnings."),
                ),
                (&["lint", "{}", "--format", "json"], 1, None),
                (&["fmt", "--check", "{}"], 1, None),
                (
                    &["show", "{}"],
                    0,
                    Some(
                        "(~network: its technical corridors; [door]: a Door token stands in the corridor)",
                    ),
                ),
                (&["render", "{}", "-o", "ship.svg"], 2, None),
            ],
        },
    ),
    (
        "ti4",
        Largest {
            write: largest_ti4_pack,
            runs: &[
                (
                    &["lint", "{}"],
                    1,
                    Some("Checked 1 galaxy in 1 pack: 200 errors, 200 warnings."),
                ),
                (&["fmt", "--check", "{}"], 1, None),
                (&["export", "--map-string", "{}"], 0, None),
                (&["render", "{}", "-o", "galaxy.svg"], 2, None),
            ],
        },
    ),
    (
        "battlestations",
        Largest {
            write: largest_battlestations_pack,
            runs: &[
                (
                    &["lint", "{}"],
                    1,
                    Some("Checked 1 ship in 1 pack: 5 errors, 0 warnings."),
                ),
                (
                    &["fmt", "--check", "{}"],
                    0,
                    Some("2 files already formatted."),
                ),
                (&["show", "{}"], 0, None),
                (&["render", "{}", "-o", "ship.svg"], 2, None),
            ],
        },
    ),
];

/// Every registered game's largest input, one game after another (two of
/// them at once could pass the ceiling together). A game that fails is
/// named, and the others still run.
#[test]
fn the_largest_input_of_every_game_runs_under_the_ceiling() {
    let mut failed = Vec::new();
    for (ruleset, largest) in deckplan_tests::games::each(LARGEST) {
        let game = ruleset.name();
        let run = std::panic::catch_unwind(|| {
            let work = Work::new(game);
            (largest.write)(&work);
            for (args, code, last) in largest.runs {
                let args: Vec<&str> = args
                    .iter()
                    .map(|arg| if *arg == "{}" { game } else { arg })
                    .collect();
                let (found, found_last) = work.under_ceiling(&args);
                assert_eq!(found, *code, "{args:?}");
                if let Some(last) = last {
                    assert_eq!(found_last, *last, "{args:?}");
                }
            }
        });
        if run.is_err() {
            failed.push(game);
        }
    }
    assert_eq!(
        failed,
        Vec::<&str>::new(),
        "games over the ceiling or answering otherwise"
    );
}

/// The ceiling is enforced: the same lint under a fortieth of it fails to
/// allocate, so the tests above would catch a command that needs more.
#[test]
fn a_command_past_the_limit_fails_to_allocate() {
    let work = Work::new("enforced");
    largest_nemesis_pack(&work);
    let output = work.run_within(CEILING_MIB / 40, &["lint", "nemesis"]);
    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("memory allocation"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
