//! The `deckplan` command line. Exit codes follow linters: 0 clean (warnings
//! allowed), 1 lint errors or files that need formatting, 2 usage, I/O or
//! internal failure.

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use clap::{Parser, Subcommand, ValueEnum};
use deckplan_schema::{FileError, Page, PageId, json_schema, load};
use deckplan_validator::diagnostic::Diagnostic;
use deckplan_validator::render::human::{self, Colour};
use deckplan_validator::render::{escape_controls, github, json, sarif};
use deckplan_validator::{explain, fmt, lint, show, targets};
use indicatif::{ProgressBar, ProgressStyle};

#[derive(Parser)]
#[command(
    name = "deckplan",
    version,
    about = "Author, validate and render the Location maps of grid-based board games",
    after_help = "Exit codes: 0 clean (warnings allowed), 1 problems found, 2 usage or I/O failure."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check map packs and pages; exits 1 when there are errors.
    Lint {
        /// Pack folders, folders of packs, `pack.toml` files or page files.
        #[arg(default_value = ".")]
        paths: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
        format: OutputFormat,
        /// Treat warnings as errors (`--deny warnings`).
        #[arg(long, value_name = "warnings")]
        deny: Option<DenyLevel>,
        /// Also write a PNG of every page with problems, each problem drawn and
        /// labelled with its code, into this folder (a CI artifact for reviewers).
        #[arg(long, value_name = "DIR")]
        annotate: Option<PathBuf>,
    },
    /// Rewrite map files in canonical form.
    Fmt {
        /// Change nothing: list the files that would change and exit 1 if any would.
        #[arg(long)]
        check: bool,
        /// Pack folders, folders of packs, `pack.toml` files or page files.
        #[arg(default_value = ".")]
        paths: Vec<PathBuf>,
    },
    /// Print the JSON Schema of page files (default) or of `pack.toml`.
    Schema {
        /// The schema of page files.
        #[arg(long, conflicts_with = "pack")]
        page: bool,
        /// The schema of `pack.toml`.
        #[arg(long)]
        pack: bool,
    },
    /// Draw a page in the terminal: a page file, or a pack's pages.
    Show {
        /// A page file, a pack folder or a `pack.toml`.
        path: PathBuf,
        /// With a pack, draw only this page (e.g. `L1p2`).
        #[arg(long)]
        page: Option<String>,
    },
    /// Explain a diagnostic code (`F002`) or name (`unknown-key`); without one, list them all.
    Explain {
        /// The code or name.
        code: Option<String>,
        /// Print the documentation of every code as Markdown (the text of docs/checks.md).
        #[arg(long, conflicts_with = "code")]
        markdown: bool,
    },
    /// Show where a Spacer can move: every reachable space with a shortest path.
    Reach(ReachArgs),
    /// Move a Blip toward a Spacer (a Noise move) or along its patrol arrow,
    /// and say where it stops and whether it is revealed.
    Blip(BlipArgs),
    /// Whether the miniature on one space has line of sight to another, and what blocks it.
    Los(LosArgs),
    /// Draw a page, or a whole pack laid out by its joins, as a PNG or SVG for printing.
    Render(RenderArgs),
    /// Write pages in another tool's format (Tiled JSON maps).
    Export(ExportArgs),
    /// Read a page (a Tiled JSON map) or a whole pack (a Tiled world) from another tool's format.
    Import(ImportArgs),
}

#[derive(Clone, Copy, ValueEnum)]
enum OutputFormat {
    /// Compiler-style text with source excerpts.
    Human,
    /// One JSON document with every finding and a summary.
    Json,
    /// SARIF 2.1.0, for code-scanning services.
    Sarif,
    /// GitHub Actions annotations.
    Github,
}

#[derive(Clone, Copy, ValueEnum)]
enum DenyLevel {
    /// Fail on warnings as well as errors.
    Warnings,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    deckplan_validator::pipe::run(|| run(cli))
}

/// Whether to colour output: only on a terminal, and never with `NO_COLOR` set.
fn colour() -> Colour {
    let no_colour = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    Colour(!no_colour && std::io::stdout().is_terminal())
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Lint {
            paths,
            format,
            deny,
            annotate,
        } => run_lint(&paths, format, deny.is_some(), annotate.as_deref()),
        Command::Fmt { check, paths } => run_fmt(check, &paths),
        Command::Schema { pack, .. } => {
            let schema = if pack {
                json_schema::pack_schema()
            } else {
                json_schema::page_schema()
            };
            println!("{}", serde_json::to_string_pretty(&schema)?);
            Ok(ExitCode::SUCCESS)
        }
        Command::Show { path, page } => run_show(&path, page.as_deref()),
        Command::Explain { markdown: true, .. } => {
            print!("{}", explain::markdown());
            Ok(ExitCode::SUCCESS)
        }
        Command::Explain { code: None, .. } => {
            for doc in explain::all_codes() {
                println!("{}  {:<30} {}", doc.code, doc.name, doc.severity.name());
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Explain {
            code: Some(query), ..
        } => match explain::find(&query) {
            Some(doc) => {
                println!("# {} {}\n\n{}", doc.code, doc.name, doc.doc.trim_end());
                Ok(ExitCode::SUCCESS)
            }
            None => bail!("unknown code `{query}`; `deckplan explain` lists them all"),
        },
        Command::Render(args) => run_render(&args),
        Command::Export(args) => run_export(&args),
        Command::Import(args) => run_import(&args),
        Command::Reach(args) => run_reach(&args),
        Command::Blip(args) => run_blip(&args),
        Command::Los(args) => run_los(&args),
    }
}

fn run_lint(
    paths: &[PathBuf],
    format: OutputFormat,
    deny_warnings: bool,
    annotate: Option<&Path>,
) -> anyhow::Result<ExitCode> {
    let outcome = lint::lint_paths_with_progress(paths, &mut Bar::default())?;
    // The findings are printed before the pictures are drawn, so a picture
    // that cannot be written never hides them.
    let output = match format {
        OutputFormat::Human => {
            let mut stdout = std::io::stdout().lock();
            human::render_to(
                &mut stdout,
                &outcome.diagnostics,
                &outcome.summary(),
                colour(),
            )?;
            String::new()
        }
        OutputFormat::Json => json::render(&outcome),
        OutputFormat::Sarif => {
            let cwd = std::env::current_dir().ok();
            sarif::render(&outcome, cwd.as_deref())
        }
        OutputFormat::Github => github::render(&outcome),
    };
    print!("{output}");
    if let Some(dir) = annotate {
        annotate_pages(paths, &outcome.diagnostics, dir)?;
    }
    Ok(exit(outcome.fails(deny_warnings)))
}

/// Writes one picture per page with problems. With several packs, each gets
/// its own subfolder (page ids repeat between packs). Said on stderr, so JSON
/// or SARIF on stdout stays clean.
fn annotate_pages(paths: &[PathBuf], diagnostics: &[Diagnostic], dir: &Path) -> anyhow::Result<()> {
    let packs: Vec<PathBuf> = targets::collect(paths)?
        .into_iter()
        .filter_map(|t| match t {
            targets::Target::Pack(pack) => Some(pack),
            targets::Target::Page(_) => None,
        })
        .collect();
    let mut written = 0;
    for pack_dir in &packs {
        let Some(pack) = load::load_pack(pack_dir)?.value else {
            continue;
        };
        let own: Vec<Diagnostic> = diagnostics
            .iter()
            .filter(|d| pack_dir == Path::new(".") || d.file.path().starts_with(pack_dir))
            .cloned()
            .collect();
        let out = match (packs.len(), pack_dir.file_name()) {
            (1, _) | (_, None) => dir.to_path_buf(),
            // A folder of our own below DIR: never through a link planted there.
            (_, Some(name)) => deckplan_schema::save::create_dir_within(dir, Path::new(name))
                .with_context(|| format!("cannot create a folder in {}", dir.display()))?,
        };
        let pictures =
            deckplan_validator::export::annotated::write_lint_pictures(&pack.pages, &own, &out)?;
        for (id, why) in &pictures.too_large {
            eprintln!("note: no picture of {id}: {why}");
        }
        written += pictures.written.len();
    }
    eprintln!(
        "wrote {written} annotated page picture(s) to {}",
        dir.display()
    );
    Ok(())
}

/// Runs of at most this many targets (packs or lone page files) finish before
/// a bar would be worth drawing.
const PROGRESS_MIN_TARGETS: usize = 20;

/// A progress bar on stderr, drawn only on a terminal and for long runs, so
/// piped and CI output stays clean.
#[derive(Default)]
struct Bar(Option<ProgressBar>);

impl lint::Progress for Bar {
    fn start(&mut self, targets: usize) {
        if targets <= PROGRESS_MIN_TARGETS || !std::io::stderr().is_terminal() {
            return;
        }
        let bar = ProgressBar::new(targets as u64);
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} {wide_msg}") {
            bar.set_style(style);
        }
        self.0 = Some(bar);
    }

    fn advance(&mut self, target: &targets::Target) {
        if let Some(bar) = &self.0 {
            let (targets::Target::Pack(path) | targets::Target::Page(path)) = target;
            bar.set_message(path.display().to_string());
            bar.inc(1);
        }
    }

    fn finish(&mut self) {
        if let Some(bar) = self.0.take() {
            bar.finish_and_clear();
        }
    }
}

fn run_fmt(check: bool, paths: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let results = fmt::format_paths(paths)?;
    let mut errors = Vec::new();
    let mut changed: usize = 0;
    for file in results {
        errors.extend(file.errors.into_iter().map(Diagnostic::from));
        let Some(canonical) = file.canonical.filter(|_| file.changed) else {
            continue;
        };
        changed += 1;
        if check {
            println!(
                "would reformat {}",
                escape_controls(&file.path.display().to_string())
            );
        } else {
            deckplan_schema::save::write_atomically(&file.write_to, &canonical)
                .with_context(|| format!("cannot write {}", file.path.display()))?;
            println!(
                "formatted {}",
                escape_controls(&file.path.display().to_string())
            );
        }
    }
    if !errors.is_empty() {
        let summary = format!("{} could not be formatted.", plural(errors.len(), "file"));
        human::render_to(&mut std::io::stderr().lock(), &errors, &summary, colour())?;
    }
    if check && changed > 0 {
        println!(
            "{} would be reformatted; run `deckplan fmt` to fix.",
            plural(changed, "file")
        );
    }
    Ok(exit(!errors.is_empty() || (check && changed > 0)))
}

/// Pages wider or taller than this are refused: the drawing would not fit a terminal.
const MAX_SHOW_SIDE: u16 = deckplan_schema::limits::MAX_SHOW_SIDE;

fn run_show(path: &std::path::Path, only: Option<&str>) -> anyhow::Result<ExitCode> {
    let wanted = only
        .map(PageId::parse)
        .transpose()
        .map_err(|e| anyhow::anyhow!(e.message))?;
    let path = targets::relative_to_cwd(path);
    let (pages, errors): (Vec<Page>, Vec<FileError>) =
        if path.is_dir() || path.ends_with(load::PACK_FILE) {
            let loaded = load::load_pack(&path)?;
            (
                loaded
                    .value
                    .map(|p| p.pages.into_values().collect())
                    .unwrap_or_default(),
                loaded.errors,
            )
        } else {
            let loaded = load::load_page(&path)?;
            (loaded.value.into_iter().collect(), loaded.errors)
        };
    print_load_errors(errors, "Fix these problems to draw every page.");
    let style = show::Style { colour: colour().0 };
    let mut drawn = 0;
    for page in pages.iter().filter(|p| wanted.is_none_or(|w| w == p.id)) {
        if page.size.columns > MAX_SHOW_SIDE || page.size.rows > MAX_SHOW_SIDE {
            bail!(
                "{} is {} spaces, too large to draw in a terminal (at most {MAX_SHOW_SIDE} a side)",
                page.id,
                page.size
            );
        }
        if drawn > 0 {
            println!();
        }
        print!("{}", show::draw_page(page, style));
        drawn += 1;
    }
    if let (Some(id), 0) = (wanted, drawn) {
        let known: Vec<String> = pages.iter().map(|p| p.id.to_string()).collect();
        bail!(
            "{} has no page {id}; it has {}",
            path.display(),
            known.join(", ")
        );
    }
    Ok(exit(drawn == 0))
}

/// Prints the problems that kept files from loading, on stderr so that stdout
/// holds only the command's answer.
fn print_load_errors(errors: Vec<FileError>, summary: &str) {
    if errors.is_empty() {
        return;
    }
    let diagnostics: Vec<Diagnostic> = errors.into_iter().map(Diagnostic::from).collect();
    let _ = human::render_to(
        &mut std::io::stderr().lock(),
        &diagnostics,
        summary,
        colour(),
    );
}

/// A count and a noun that takes `s` in the plural: `1 file`, `2 files`.
fn plural<N: PartialEq + From<u8> + std::fmt::Display>(n: N, noun: &str) -> String {
    if n == N::from(1) {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

fn exit(failed: bool) -> ExitCode {
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

// `deckplan reach`: kept together at the end of the file.

use deckplan_validator::board::PageSpace;

/// Output of `deckplan reach`.
#[derive(Clone, Copy, ValueEnum)]
enum ReachFormat {
    /// The map with the reachable spaces marked, then a list.
    Human,
    /// One JSON object.
    Json,
}

/// The arguments of `deckplan reach`.
#[derive(clap::Args)]
struct ReachArgs {
    /// A pack folder or its `pack.toml`.
    pack: PathBuf,
    /// The moving Spacer's space, e.g. `L1p1:C3`.
    #[arg(long, value_name = "PAGE:SPACE")]
    from: String,
    /// The Move action's value.
    #[arg(long = "move", value_name = "N")]
    move_value: u32,
    /// Another Spacer (passed through, never ended on); repeatable.
    #[arg(long = "spacer", value_name = "PAGE:SPACE")]
    spacers: Vec<String>,
    /// An unsuppressed baseline Intruder (blocks the way); repeatable.
    #[arg(long = "intruder", value_name = "PAGE:SPACE")]
    intruders: Vec<String>,
    /// A door opened during the run, e.g. `L1p1:2`; repeatable.
    #[arg(long = "open-door", value_name = "PAGE:NUMBER")]
    open_doors: Vec<String>,
    /// A welded door; repeatable.
    #[arg(long = "welded-door", value_name = "PAGE:NUMBER")]
    welded_doors: Vec<String>,
    /// Explain why this space cannot be reached.
    #[arg(long, value_name = "PAGE:SPACE")]
    why: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReachFormat::Human)]
    format: ReachFormat,
}

fn run_reach(args: &ReachArgs) -> anyhow::Result<ExitCode> {
    use deckplan_validator::board::Board;
    use deckplan_validator::rules::place::{self, format_space};
    use deckplan_validator::rules::spacer_move::{MoveOptions, reach};

    // Format problems in the pack are findings for `reach` (exit 1); `blip`
    // and `los` refuse the question instead (exit 2).
    let Some(pack) = load_rules_pack(&args.pack)? else {
        return Ok(ExitCode::from(1));
    };
    let board = Board::new(&pack);
    let from = place::parse_space(&pack, &args.from)?;
    let pieces = Pieces {
        spacers: &args.spacers,
        intruders: &args.intruders,
        opened: &args.open_doors,
        welded: &args.welded_doors,
        ..Pieces::default()
    };
    let mut state = play_state(&pack, &pieces)?;
    state.spacers.remove(&from);
    let why = args
        .why
        .as_deref()
        .map(|text| place::parse_space(&pack, text))
        .transpose()?;
    let found = reach(&board, &state, from, MoveOptions::new(args.move_value))?;
    let explained = why.map(|w| found.why_not(w).map(|r| (w, r))).transpose()?;

    let mut destinations: Vec<(PageSpace, u32)> = found.destinations().collect();
    destinations.sort_by_key(|(s, d)| (*d, s.page, s.space.reading_order()));
    let tile_name = |page: PageId, index: usize| {
        pack.pages
            .get(&page)
            .and_then(|p| p.spaces.terrain.get(index))
            .map(|t| {
                let keywords: Vec<&str> = t.keywords.iter().map(|k| k.name()).collect();
                match &t.name {
                    Some(name) => format!("“{name}” ({})", keywords.join(", ")),
                    None => format!("a tile ({})", keywords.join(", ")),
                }
            })
            .unwrap_or_default()
    };

    if let ReachFormat::Json = args.format {
        let list: Vec<serde_json::Value> = destinations
            .iter()
            .filter_map(|(to, steps)| {
                let path = found.path(*to)?;
                Some(serde_json::json!({
                    "space": format_space(*to),
                    "steps": steps,
                    "path": path.spaces.iter().map(|s| format_space(*s)).collect::<Vec<_>>(),
                    "terrain": path.terrain.iter().map(|t| serde_json::json!({
                        "at": format_space(t.at),
                        "tile": t.tile,
                        "name": tile_name(t.at.page, t.tile),
                    })).collect::<Vec<_>>(),
                    "triggers": path.triggers.iter().map(|t| serde_json::json!({
                        "leaving": format_space(t.leaving),
                        "intruder": format_space(t.intruder),
                    })).collect::<Vec<_>>(),
                    "reveals": path.reveals.map(|p| p.to_string()),
                }))
            })
            .collect();
        let mut out = serde_json::json!({
            "from": format_space(from),
            "move": args.move_value,
            "destinations": list,
        });
        if let (Some((space, reason)), Some(map)) = (explained, out.as_object_mut()) {
            map.insert(
                "why".to_owned(),
                serde_json::json!({
                    "space": format_space(space),
                    "reachable": reason.is_none(),
                    "steps": found.steps_to(space).filter(|_| reason.is_none()),
                    "reason": reason.map(|r| r.to_string()),
                }),
            );
        }
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(ExitCode::SUCCESS);
    }

    // The map of each page the move touches, marked.
    let mut pages: Vec<PageId> = vec![from.page];
    pages.extend(destinations.iter().map(|(s, _)| s.page));
    pages.extend(why.map(|w| w.page));
    pages.sort();
    pages.dedup();
    let style = show::Style { colour: colour().0 };
    for id in pages {
        let Some(page) = pack.pages.get(&id) else {
            continue;
        };
        if page.size.columns > MAX_SHOW_SIDE || page.size.rows > MAX_SHOW_SIDE {
            println!("({id} is {} spaces, too large to draw)\n", page.size);
            continue;
        }
        let overlay = reach_overlay(id, from, &state, &destinations, why);
        println!("{}", show::draw_page_with(page, style, &overlay));
    }
    println!(
        "{} reachable from {} with move {}:",
        plural(destinations.len(), "space"),
        format_space(from),
        args.move_value
    );
    for (to, steps) in &destinations {
        let Some(path) = found.path(*to) else {
            continue;
        };
        let walked: Vec<String> = path.spaces.iter().map(|s| format_space(*s)).collect();
        let mut line = format!(
            "  {:<10} {steps:>3}  {}",
            format_space(*to),
            walked.join(" ")
        );
        for entry in &path.terrain {
            let name = tile_name(entry.at.page, entry.tile);
            line.push_str(&format!("; enters {name} at {}", format_space(entry.at)));
        }
        for trigger in &path.triggers {
            line.push_str(&format!(
                "; leaving {} triggers the Intruder on {}",
                format_space(trigger.leaving),
                format_space(trigger.intruder)
            ));
        }
        if let Some(page) = path.reveals {
            line.push_str(&format!("; stops on a Location arrow, revealing {page}"));
        }
        println!("{line}");
    }
    if let Some((space, reason)) = explained {
        match reason {
            Some(reason) => println!("\n{} cannot be reached: {reason}.", format_space(space)),
            None => println!(
                "\n{} can be reached in {}.",
                format_space(space),
                plural(found.steps_to(space).unwrap_or_default(), "step")
            ),
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The marks `deckplan reach` draws on one page: the mover, other figures, the
/// steps to each reachable space and the space asked about.
fn reach_overlay(
    page: PageId,
    from: PageSpace,
    state: &deckplan_validator::rules::PlayState,
    destinations: &[(PageSpace, u32)],
    why: Option<PageSpace>,
) -> show::Overlay {
    use show::{Highlight, Mark};
    let mut overlay = show::Overlay::default();
    let mut put = |at: PageSpace, symbol: String, highlight| {
        if at.page == page {
            overlay.marks.insert(at.space, Mark { symbol, highlight });
        }
    };
    for (to, steps) in destinations {
        let symbol = if *steps > 999 {
            "+".to_owned()
        } else {
            steps.to_string()
        };
        put(*to, symbol, Highlight::Green);
    }
    for at in state.spacers.keys() {
        put(*at, "s".to_owned(), Highlight::Yellow);
    }
    for at in state.intruders.keys() {
        put(*at, "i".to_owned(), Highlight::Red);
    }
    if let Some(at) = why {
        put(at, "*".to_owned(), Highlight::Magenta);
    }
    put(from, "@".to_owned(), Highlight::Green);
    overlay.legend = vec![
        (
            "@".to_owned(),
            Highlight::Green,
            "the moving Spacer".to_owned(),
        ),
        (
            "1 2".to_owned(),
            Highlight::Green,
            "reachable, in so many steps (+ past 999)".to_owned(),
        ),
        (
            "s".to_owned(),
            Highlight::Yellow,
            "another Spacer".to_owned(),
        ),
        ("i".to_owned(), Highlight::Red, "an Intruder".to_owned()),
    ];
    if why.is_some() {
        overlay.legend.push((
            "*".to_owned(),
            Highlight::Magenta,
            "the space asked about".to_owned(),
        ));
    }
    overlay
}

/// How the `blip` and `los` commands print their answer.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum RulesFormat {
    /// Plain sentences.
    Human,
    /// One JSON document.
    Json,
}

/// The arguments of `deckplan blip`.
#[derive(clap::Args)]
struct BlipArgs {
    /// A pack folder or its `pack.toml`.
    pack: PathBuf,
    /// The Blip's intersection, e.g. `L1p1:"C3 ne"`.
    #[arg(long)]
    at: String,
    /// The Spacer's space it moves toward (for a patrol, the Priority Target), e.g. `L1p1:E5`.
    #[arg(long)]
    toward: String,
    /// How many intersections it moves (the Noise on its die, or the patrol speed).
    #[arg(long)]
    steps: u32,
    /// Patrol along this arrow (`north`, `east`, `south`, `west`) instead of moving toward the Spacer.
    #[arg(long)]
    patrol: Option<String>,
    /// Another Spacer's space (repeatable).
    #[arg(long = "spacer", value_name = "PLACE")]
    spacers: Vec<String>,
    /// Another Blip's intersection (repeatable).
    #[arg(long = "blip", value_name = "PLACE")]
    blips: Vec<String>,
    /// A welded door, e.g. `L1p1:2` (repeatable).
    #[arg(long = "weld-door", value_name = "DOOR")]
    welded: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = RulesFormat::Human)]
    format: RulesFormat,
}

/// The arguments of `deckplan los`.
#[derive(clap::Args)]
struct LosArgs {
    /// A pack folder or its `pack.toml`.
    pack: PathBuf,
    /// The attacker's space, e.g. `L1p1:C3`.
    #[arg(long)]
    from: String,
    /// The target's space, e.g. `L1p1:H7`.
    #[arg(long)]
    to: String,
    /// An Intruder's space (repeatable).
    #[arg(long = "intruder", value_name = "PLACE")]
    intruders: Vec<String>,
    /// An opened door, e.g. `L1p1:2` (doors are closed at setup; repeatable).
    #[arg(long = "open-door", value_name = "DOOR")]
    opened: Vec<String>,
    /// A welded door (repeatable).
    #[arg(long = "weld-door", value_name = "DOOR")]
    welded: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = RulesFormat::Human)]
    format: RulesFormat,
}

/// Loads the pack a rules question is asked on. Format errors are printed and
/// give `None`: nothing can be answered on a pack that did not load.
fn load_rules_pack(path: &Path) -> anyhow::Result<Option<deckplan_schema::Pack>> {
    let path = targets::relative_to_cwd(path);
    let loaded = load::load_pack(&path)?;
    if !loaded.errors.is_empty() {
        print_load_errors(loaded.errors, "Fix these problems first.");
        return Ok(None);
    }
    loaded
        .value
        .map(Some)
        .with_context(|| format!("{} could not be read", path.display()))
}

/// [`load_rules_pack`] for `blip` and `los`, where a pack that did not load
/// is a failure (exit 2).
fn require_rules_pack(path: &Path) -> anyhow::Result<deckplan_schema::Pack> {
    load_rules_pack(path)?.with_context(|| {
        format!(
            "{} could not be read",
            targets::relative_to_cwd(path).display()
        )
    })
}

/// The figures and doors a rules question names, each flag's places as given.
#[derive(Default)]
struct Pieces<'a> {
    spacers: &'a [String],
    intruders: &'a [String],
    blips: &'a [String],
    opened: &'a [String],
    welded: &'a [String],
}

/// The play state of a rules question: Spacers and unsuppressed baseline
/// Intruders facing north, Blips, and opened and welded doors, every place
/// read by [`place`](deckplan_validator::rules::place) against the pack.
fn play_state(
    pack: &deckplan_schema::Pack,
    pieces: &Pieces<'_>,
) -> anyhow::Result<deckplan_validator::rules::PlayState> {
    use deckplan_schema::Direction;
    use deckplan_validator::rules::{DoorState, Intruder, PlayState, place};

    let mut state = PlayState::default();
    for text in pieces.spacers {
        state
            .spacers
            .insert(place::parse_space(pack, text)?, Direction::North);
    }
    for text in pieces.intruders {
        let intruder = Intruder {
            baseline: true,
            suppressed: false,
            facing: Direction::North,
        };
        state
            .intruders
            .insert(place::parse_space(pack, text)?, intruder);
    }
    for text in pieces.blips {
        state.blips.insert(place::parse_intersection(pack, text)?);
    }
    for (texts, door) in [
        (pieces.opened, DoorState::Open),
        (pieces.welded, DoorState::Welded),
    ] {
        for text in texts {
            state.doors.insert(place::parse_door(pack, text)?, door);
        }
    }
    Ok(state)
}

fn run_blip(args: &BlipArgs) -> anyhow::Result<ExitCode> {
    use deckplan_validator::board::Board;
    use deckplan_validator::rules::{blip_move, place};

    let pack = require_rules_pack(&args.pack)?;
    let at = place::parse_intersection(&pack, &args.at)?;
    let toward = place::parse_space(&pack, &args.toward)?;
    let pieces = Pieces {
        spacers: &args.spacers,
        blips: &args.blips,
        welded: &args.welded,
        ..Pieces::default()
    };
    let mut state = play_state(&pack, &pieces)?;
    let board = Board::new(&pack);
    let patrol = args
        .patrol
        .as_deref()
        .map(deckplan_schema::Direction::parse)
        .transpose()
        .map_err(|e| anyhow::anyhow!(e.message))?;
    let options = match patrol {
        Some(direction) => blip_move::patrol(&board, &state, at, direction, args.steps, toward)?,
        None => {
            state
                .spacers
                .entry(toward)
                .or_insert(deckplan_schema::Direction::North);
            blip_move::move_blip(&board, &state, at, toward, args.steps)?
        }
    };
    if args.format == RulesFormat::Json {
        let json = serde_json::json!({
            "blip": at.to_string(),
            "toward": toward.to_string(),
            "steps": args.steps,
            "patrol": patrol.map(deckplan_schema::Direction::name),
            "options": options.iter().map(blip_move::BlipMove::to_json).collect::<Vec<_>>(),
        });
        println!("{}", serde_json::to_string_pretty(&json)?);
        return Ok(ExitCode::SUCCESS);
    }
    match patrol {
        Some(direction) => println!(
            "Blip on {at}, patrolling {direction} at speed {} (pushes toward {toward}):",
            args.steps
        ),
        None => println!(
            "Blip on {at}, {} toward the Spacer on {toward}:",
            plural(args.steps, "move")
        ),
    }
    let count = options.len();
    for (i, option) in options.iter().enumerate() {
        if count > 1 {
            println!("option {} of {count} (the players choose):", i + 1);
        }
        for line in option.describe(2) {
            println!("{line}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn run_los(args: &LosArgs) -> anyhow::Result<ExitCode> {
    use deckplan_validator::board::Board;
    use deckplan_validator::rules::{los, place};

    let pack = require_rules_pack(&args.pack)?;
    let from = place::parse_space(&pack, &args.from)?;
    let to = place::parse_space(&pack, &args.to)?;
    let pieces = Pieces {
        intruders: &args.intruders,
        opened: &args.opened,
        welded: &args.welded,
        ..Pieces::default()
    };
    let state = play_state(&pack, &pieces)?;
    let board = Board::new(&pack);
    let sight = los::line_of_sight(&board, &state, from, to)?;
    if args.format == RulesFormat::Json {
        let mut json = sight.to_json();
        if let Some(object) = json.as_object_mut() {
            object.insert("from".to_string(), from.to_string().into());
            object.insert("to".to_string(), to.to_string().into());
        }
        println!("{}", serde_json::to_string_pretty(&json)?);
        return Ok(ExitCode::SUCCESS);
    }
    match (sight.visible, sight.line) {
        (true, Some(line)) => println!(
            "{from} has line of sight to {to}: from its {} corner to the target's {} corner.",
            line.from.name(),
            line.to.name()
        ),
        (true, None) => println!("{from} and {to} are the same space."),
        (false, line) => {
            println!("{from} has no line of sight to {to}.");
            if let Some(line) = line {
                println!(
                    "The best line, from its {} corner to the target's {} corner, is blocked by:",
                    line.from.name(),
                    line.to.name()
                );
            }
            for blocker in &sight.blockers {
                println!("  - {blocker}");
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

// ---------------------------------------------------------------------------
// render, export, import

#[derive(clap::Args)]
#[command(after_help = "Examples:
  deckplan render maps/derelict-meridian-tithe/book1/page1.toml -o page.png --coords --legend
  deckplan render maps/derelict-meridian-tithe --layout -o pack.png --dpi 100
  deckplan render maps/derelict-meridian-tithe --layout -o pack.png --coords --legend
  deckplan render maps/derelict-meridian-tithe --page L1p2 -o L1p2.svg --space-size 25mm")]
struct RenderArgs {
    /// A page file, a pack folder or a `pack.toml`.
    path: PathBuf,
    /// The picture to write, `.png` or `.svg`. For a pack without `--page` or
    /// `--layout`, a folder that gets one picture per page.
    #[arg(short, long)]
    output: PathBuf,
    /// With a pack, draw only this page (e.g. `L1p2`).
    #[arg(long, conflicts_with = "layout")]
    page: Option<String>,
    /// With a pack, lay all pages out by their joins in one picture.
    #[arg(long)]
    layout: bool,
    /// Dots per inch of a PNG [default: 300, or less when a layout would be too large].
    #[arg(long)]
    dpi: Option<f64>,
    /// Printed size of one space: `1in`, `25mm`, `2.5cm`, `72pt`.
    #[arg(long, default_value = "1in")]
    space_size: deckplan_validator::export::units::Length,
    /// What is under and around the map.
    #[arg(long, value_enum, default_value_t = BackgroundArg::White)]
    background: BackgroundArg,
    /// Row letters and column numbers in the margins (on a layout, on the
    /// sides of pages that no other page lies against).
    #[arg(long)]
    coords: bool,
    /// A legend of the symbols on the page, and what consoles and arrows lead
    /// to (on a layout, one legend for every page).
    #[arg(long)]
    legend: bool,
    /// Leave out the title above the map.
    #[arg(long)]
    no_title: bool,
    /// The picture format when `-o` is a folder.
    #[arg(long, value_enum, default_value_t = PictureFormat::Png)]
    format: PictureFormat,
}

#[derive(Clone, Copy, ValueEnum)]
enum BackgroundArg {
    /// White paper.
    White,
    /// Transparent (PNG) or none (SVG).
    Transparent,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PictureFormat {
    /// PNG raster picture.
    Png,
    /// SVG vector picture.
    Svg,
}

#[derive(clap::Args)]
#[command(after_help = "Examples:
  deckplan export --tiled page1.tmj maps/derelict-meridian-tithe/book1/page1.toml
  deckplan export --tiled tiled/ maps/derelict-meridian-tithe   (one map per page and a .world file)")]
struct ExportArgs {
    /// A page file, a pack folder or a `pack.toml`.
    path: PathBuf,
    /// Write a Tiled JSON map (`.tmj`); for a whole pack, a folder of maps and a
    /// Tiled world that lays them out.
    #[arg(long, value_name = "OUT", required = true)]
    tiled: PathBuf,
    /// With a pack, export only this page (e.g. `L1p2`).
    #[arg(long)]
    page: Option<String>,
}

#[derive(clap::Args)]
#[command(after_help = "Examples:
  deckplan import --tiled page1.tmj -o book1/page1.toml
  deckplan import --tiled tiled/pack.world -o my-pack   (every map of the world, as a pack folder)")]
struct ImportArgs {
    /// Read a Tiled JSON map (`.tmj`) or a Tiled world (`.world`) written by
    /// `deckplan export --tiled` or edited in Tiled.
    #[arg(long, value_name = "FILE", required = true)]
    tiled: PathBuf,
    /// The page file to write (without it the page is printed); for a world,
    /// the pack folder to write `pack.toml` and the page files into.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Replace files that are already there (otherwise nothing is written).
    #[arg(long)]
    overwrite: bool,
}

/// DPI of PNG pictures when `--dpi` is not given.
const DEFAULT_DPI: f64 = 300.0;

/// What a render or export works on: one page or a pack.
enum Source {
    Page(Box<Page>),
    Pack(deckplan_schema::Pack),
}

/// Loads a page file or a pack, printing load problems; `Ok(None)` when nothing loaded.
/// The flag says whether there were problems.
fn load_source(path: &std::path::Path) -> anyhow::Result<(Option<Source>, bool)> {
    let path = targets::relative_to_cwd(path);
    let (source, errors) = if path.is_dir() || path.ends_with(load::PACK_FILE) {
        let loaded = load::load_pack(&path)?;
        (loaded.value.map(Source::Pack), loaded.errors)
    } else {
        let loaded = load::load_page(&path)?;
        (
            loaded.value.map(|p| Source::Page(Box::new(p))),
            loaded.errors,
        )
    };
    let failed = !errors.is_empty();
    print_load_errors(
        errors,
        "Pages with problems are left out; fix them to draw every page.",
    );
    Ok((source, failed))
}

/// The page `wanted` of a pack, or an error naming the pages it has.
fn pack_page(pack: deckplan_schema::Pack, wanted: &str) -> anyhow::Result<Page> {
    let id = PageId::parse(wanted).map_err(|e| anyhow::anyhow!(e.message))?;
    let known: Vec<String> = pack.pages.keys().map(ToString::to_string).collect();
    let mut pages = pack.pages;
    pages.remove(&id).ok_or_else(|| {
        anyhow::anyhow!(
            "the pack has no page {id} that loaded; it has {}",
            known.join(", ")
        )
    })
}

/// Writes a scene as PNG or SVG, by the format asked for.
fn write_picture(
    scene: &deckplan_validator::draw::Scene,
    args: &RenderArgs,
    format: PictureFormat,
    path: &std::path::Path,
) -> anyhow::Result<()> {
    use deckplan_validator::export::{Background, png, svg, units};
    let background = match args.background {
        BackgroundArg::White => Background::White,
        BackgroundArg::Transparent => Background::Transparent,
    };
    let mut dpi = args.dpi.unwrap_or(DEFAULT_DPI);
    if !(dpi.is_finite() && dpi > 0.0) {
        bail!("--dpi must be a positive number, not {dpi}");
    }
    match format {
        PictureFormat::Png => {
            let (width, height) =
                png::picture_size(scene, units::pixels_per_space(dpi, args.space_size));
            let pixels = width.saturating_mul(height) as f64;
            if args.dpi.is_none() && pixels > png::MAX_PIXELS as f64 {
                // Only the default is lowered; a DPI asked for is kept (and refused).
                dpi = (dpi * (png::MAX_PIXELS as f64 / pixels).sqrt() * 0.99).floor();
                eprintln!(
                    "note: at {DEFAULT_DPI} DPI the picture would be {width} × {height} pixels; drawing it at {dpi} DPI (choose with --dpi)"
                );
            }
            let options = png::RasterOptions {
                px_per_space: units::pixels_per_space(dpi, args.space_size),
                background,
            };
            png::write(scene, &options, Some(dpi), path)?;
        }
        PictureFormat::Svg => {
            let options = svg::SvgOptions {
                space_size: args.space_size,
                background,
            };
            deckplan_schema::save::write_atomically(path, &svg::render(scene, &options))
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
    }
    println!("wrote {}", path.display());
    Ok(())
}

/// The picture format of an output file, by its extension.
fn picture_format(path: &std::path::Path) -> anyhow::Result<PictureFormat> {
    match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
    {
        Some(ext) if ext == "png" => Ok(PictureFormat::Png),
        Some(ext) if ext == "svg" => Ok(PictureFormat::Svg),
        _ => bail!(
            "cannot tell the picture format of {}; name it `.png` or `.svg`",
            path.display()
        ),
    }
}

fn run_render(args: &RenderArgs) -> anyhow::Result<ExitCode> {
    use deckplan_validator::draw::{layout, page};
    let style = page::PageStyle {
        title: !args.no_title,
        coordinates: args.coords,
        legend: args.legend,
    };
    let (source, failed) = load_source(&args.path)?;
    let Some(source) = source else {
        return Ok(exit(true));
    };
    match source {
        Source::Page(page) => {
            if args.layout {
                bail!(
                    "--layout lays out a pack; {} is a page file",
                    args.path.display()
                );
            }
            let scene = page::page_scene(&page, &style);
            write_picture(&scene, args, picture_format(&args.output)?, &args.output)?;
        }
        Source::Pack(pack) if args.layout => {
            let layout_style = layout::LayoutStyle {
                title: !args.no_title,
                page_labels: true,
                coordinates: args.coords,
                legend: args.legend,
            };
            let scene = layout::pack_scene(&pack, &layout_style);
            write_picture(&scene, args, picture_format(&args.output)?, &args.output)?;
        }
        Source::Pack(pack) => match &args.page {
            Some(wanted) => {
                let page = pack_page(pack, wanted)?;
                let scene = page::page_scene(&page, &style);
                write_picture(&scene, args, picture_format(&args.output)?, &args.output)?;
            }
            None => {
                std::fs::create_dir_all(&args.output)
                    .with_context(|| format!("cannot create {}", args.output.display()))?;
                let ext = match args.format {
                    PictureFormat::Png => "png",
                    PictureFormat::Svg => "svg",
                };
                for (id, page) in &pack.pages {
                    let scene = page::page_scene(page, &style);
                    let path = args.output.join(format!("{id}.{ext}"));
                    write_picture(&scene, args, args.format, &path)?;
                }
            }
        },
    }
    Ok(exit(failed))
}

fn run_export(args: &ExportArgs) -> anyhow::Result<ExitCode> {
    use deckplan_validator::export::tiled;
    let (source, failed) = load_source(&args.path)?;
    let Some(source) = source else {
        return Ok(exit(true));
    };
    let out = &args.tiled;
    let single = match (source, &args.page) {
        (Source::Page(page), _) => *page,
        (Source::Pack(pack), Some(wanted)) => pack_page(pack, wanted)?,
        (Source::Pack(pack), None) => {
            let exported = tiled::world::write_world(&pack, out)?;
            for file in &exported.files {
                println!("wrote {}", file.display());
            }
            for note in &exported.notes {
                eprintln!("note: {note}");
            }
            return Ok(exit(failed));
        }
    };
    if out.extension().and_then(|e| e.to_str()) != Some("tmj") {
        bail!(
            "a Tiled map is a `.tmj` file, like `{}`",
            out.with_extension("tmj").display()
        );
    }
    tiled::write_page(&single, out, &tiled::tileset_name(out), true)?;
    println!("wrote {}", out.display());
    Ok(exit(failed))
}

fn run_import(args: &ImportArgs) -> anyhow::Result<ExitCode> {
    use deckplan_validator::export::tiled::{self, TiledError};
    let is_world = args
        .tiled
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("world"));
    if is_world {
        let Some(dir) = &args.output else {
            bail!("a Tiled world imports as a pack folder; name it with -o DIR");
        };
        let imported = match tiled::world::read_world(&args.tiled) {
            Ok(imported) => imported,
            Err(TiledError::World { problems }) => {
                for problem in problems {
                    eprintln!("error: {problem}");
                }
                return Ok(exit(true));
            }
            Err(error) => return Err(error.into()),
        };
        for path in imported.write(dir, args.overwrite)? {
            println!("wrote {}", path.display());
        }
        return Ok(ExitCode::SUCCESS);
    }
    let json = deckplan_schema::confine::read_text(
        &args.tiled,
        &args.tiled,
        deckplan_schema::limits::MAX_TILED_FILE_BYTES,
    )?;
    let text = match tiled::from_tiled(&json) {
        Ok((_, text)) => text,
        Err(error @ (TiledError::Invalid { .. } | TiledError::Page { .. })) => {
            eprintln!("error: {}: {error}", args.tiled.display());
            return Ok(exit(true));
        }
        Err(error) => return Err(anyhow::anyhow!("{}: {error}", args.tiled.display())),
    };
    match &args.output {
        Some(path) => {
            if !args.overwrite && std::fs::symlink_metadata(path).is_ok() {
                bail!(
                    "{} already exists; pass --overwrite to replace it",
                    path.display()
                );
            }
            deckplan_schema::save::write_atomically(path, &text)
                .with_context(|| format!("cannot write {}", path.display()))?;
            println!("wrote {}", path.display());
        }
        None => print!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}
