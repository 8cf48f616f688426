//! The `deckplan` command line. Exit codes follow linters: 0 clean (warnings
//! allowed), 1 lint errors or files that need formatting, 2 usage, I/O or
//! internal failure.

use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use clap::{Parser, Subcommand, ValueEnum};
use deckplan_schema::{FileError, Page, PageId, json_schema, load};
use deckplan_validator::diagnostic::{Diagnostic, Severity};
use deckplan_validator::render::human::{self, Colour};
use deckplan_validator::{explain, fmt, lint, show, targets};

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
    },
    /// Draw a page, or a whole pack laid out by its joins, as a PNG or SVG for printing.
    Render(RenderArgs),
    /// Write pages in another tool's format (Tiled JSON maps).
    Export(ExportArgs),
    /// Read a page from another tool's format (a Tiled JSON map) as a page file.
    Import(ImportArgs),
}

#[derive(Clone, Copy, ValueEnum)]
enum OutputFormat {
    /// Compiler-style text with source excerpts.
    Human,
}

#[derive(Clone, Copy, ValueEnum)]
enum DenyLevel {
    /// Fail on warnings as well as errors.
    Warnings,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
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
            format: OutputFormat::Human,
            deny,
        } => {
            let outcome = lint::lint_paths(&paths)?;
            print!(
                "{}",
                human::render(&outcome.diagnostics, &outcome.summary(), colour())
            );
            let failing = |d: &Diagnostic| d.severity == Severity::Error || deny.is_some();
            Ok(exit(outcome.diagnostics.iter().any(failing)))
        }
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
        Command::Explain { code: None } => {
            for doc in explain::all_codes() {
                println!("{}  {}", doc.code, doc.name);
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Explain { code: Some(query) } => match explain::find(&query) {
            Some(doc) => {
                println!("# {} {}\n\n{}", doc.code, doc.name, doc.doc.trim_end());
                Ok(ExitCode::SUCCESS)
            }
            None => bail!("unknown code `{query}`; `deckplan explain` lists them all"),
        },
        Command::Render(args) => run_render(&args),
        Command::Export(args) => run_export(&args),
        Command::Import(args) => run_import(&args),
    }
}

fn run_fmt(check: bool, paths: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let results = fmt::format_paths(paths)?;
    let mut errors = Vec::new();
    let mut changed = 0;
    for file in results {
        errors.extend(file.errors.into_iter().map(Diagnostic::from));
        let Some(canonical) = file.canonical.filter(|_| file.changed) else {
            continue;
        };
        changed += 1;
        if check {
            println!("would reformat {}", file.path.display());
        } else {
            deckplan_schema::save::write_atomically(&file.path, &canonical)
                .with_context(|| format!("cannot write {}", file.path.display()))?;
            println!("formatted {}", file.path.display());
        }
    }
    if !errors.is_empty() {
        let summary = format!("{} could not be formatted.", plural_files(errors.len()));
        eprint!("{}", human::render(&errors, &summary, colour()));
    }
    if check && changed > 0 {
        println!(
            "{} would be reformatted; run `deckplan fmt` to fix.",
            plural_files(changed)
        );
    }
    Ok(exit(!errors.is_empty() || (check && changed > 0)))
}

/// Pages wider or taller than this are refused: the drawing would not fit a terminal.
const MAX_SHOW_SIDE: u16 = 400;

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
    if !errors.is_empty() {
        let diagnostics: Vec<Diagnostic> = errors.into_iter().map(Diagnostic::from).collect();
        let summary = "Fix these problems to draw every page.";
        eprint!("{}", human::render(&diagnostics, summary, colour()));
    }
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

fn plural_files(n: usize) -> String {
    if n == 1 {
        "1 file".to_string()
    } else {
        format!("{n} files")
    }
}

fn exit(failed: bool) -> ExitCode {
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

// ---------------------------------------------------------------------------
// render, export, import

#[derive(clap::Args)]
#[command(after_help = "Examples:
  deckplan render maps/derelict-meridian-tithe/book1/page1.toml -o page.png --coords --legend
  deckplan render maps/derelict-meridian-tithe --layout -o pack.png --dpi 100
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
    /// Row letters and column numbers in the margins.
    #[arg(long)]
    coords: bool,
    /// A legend of the symbols on the page, and what consoles and arrows lead to.
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
struct ImportArgs {
    /// Read a Tiled JSON map (`.tmj`) written by `deckplan export --tiled` or edited in Tiled.
    #[arg(long, value_name = "FILE", required = true)]
    tiled: PathBuf,
    /// The page file to write; without it the page is printed.
    #[arg(short, long)]
    output: Option<PathBuf>,
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
    if failed {
        let diagnostics: Vec<Diagnostic> = errors.into_iter().map(Diagnostic::from).collect();
        let summary = "Pages with problems are left out; fix them to draw every page.";
        eprint!("{}", human::render(&diagnostics, summary, colour()));
    }
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
            if args.coords || args.legend {
                eprintln!("note: --coords and --legend apply to single pages, not to a layout");
            }
            let layout_style = layout::LayoutStyle {
                title: !args.no_title,
                page_labels: true,
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
    use deckplan_validator::draw::layout;
    use deckplan_validator::export::tiled;
    let (source, failed) = load_source(&args.path)?;
    let Some(source) = source else {
        return Ok(exit(true));
    };
    let out = &args.tiled;
    let single = match (source, &args.page) {
        (Source::Page(page), _) => Some(*page),
        (Source::Pack(pack), Some(wanted)) => Some(pack_page(pack, wanted)?),
        (Source::Pack(pack), None) => {
            std::fs::create_dir_all(out)
                .with_context(|| format!("cannot create {}", out.display()))?;
            let tileset = "spaces.tiles.png";
            let placed = layout::layout(&pack);
            let mut maps = Vec::new();
            for (i, (id, page)) in pack.pages.iter().enumerate() {
                let file = format!("{id}.tmj");
                tiled::write_page(page, &out.join(&file), tileset, i == 0)?;
                println!("wrote {}", out.join(&file).display());
                if let Some(origin) = placed.origins.get(id) {
                    maps.push((file, *origin, page.size));
                }
            }
            let world = out.join("pack.world");
            tiled::write_json(&tiled::world(&maps), &world)?;
            println!("wrote {}", world.display());
            None
        }
    };
    if let Some(page) = single {
        if out.extension().and_then(|e| e.to_str()) != Some("tmj") {
            bail!(
                "a Tiled map is a `.tmj` file, like `{}`",
                out.with_extension("tmj").display()
            );
        }
        tiled::write_page(&page, out, &tiled::tileset_name(out), true)?;
        println!("wrote {}", out.display());
    }
    Ok(exit(failed))
}

fn run_import(args: &ImportArgs) -> anyhow::Result<ExitCode> {
    use deckplan_validator::export::tiled::{self, TiledError};
    let json = std::fs::read_to_string(&args.tiled)
        .with_context(|| format!("cannot read {}", args.tiled.display()))?;
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
            deckplan_schema::save::write_atomically(path, &text)
                .with_context(|| format!("cannot write {}", path.display()))?;
            println!("wrote {}", path.display());
        }
        None => print!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}
