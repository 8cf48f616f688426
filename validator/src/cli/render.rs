//! `deckplan render`: draw boards as PNG or SVG pictures for printing — one
//! picture of a board, or a folder of pictures of every board of a pack; the
//! game's own options choose further (one page of a pack, or all of them laid
//! out by their joins).

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::ruleset::{DrawCommand, DrawRequest};
use crate::targets;
use anyhow::{Context as _, bail};
use clap::{Args as _, ValueEnum};

use super::{draw_options, exit, print_problems, ruleset_for};
use crate::render::shown_path;

/// The arguments of `deckplan render` every game takes; each game adds its
/// own ([`draw_options`]).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  deckplan render maps/derelict-meridian-tithe/book1/page1.toml -o page.png --coords --legend
  deckplan render maps/derelict-meridian-tithe --layout -o pack.png --dpi 100
  deckplan render maps/derelict-meridian-tithe --layout -o pack.png --coords --legend
  deckplan render maps/derelict-meridian-tithe --page L1p2 -o L1p2.svg --space-size 25mm")]
pub struct RenderArgs {
    /// A page file, a pack folder or a `pack.toml`.
    path: PathBuf,
    /// The picture to write, `.png` or `.svg`. For a pack of several boards
    /// drawn one by one, a folder that gets one picture per board.
    #[arg(short, long)]
    output: PathBuf,
    /// Dots per inch of a PNG [default: 300, lowered to keep the picture within
    /// 4000 pixels a side; give it to print at full size].
    #[arg(long)]
    dpi: Option<f64>,
    /// Printed size of one space: `1in`, `25mm`, `2.5cm`, `72pt`.
    #[arg(long, default_value = "1in")]
    space_size: crate::export::units::Length,
    /// What is under and around the map.
    #[arg(long, value_enum, default_value_t = PaperArg::White)]
    background: PaperArg,
    /// Coordinates: a page's row letters and column numbers in the margins
    /// (on a layout, on the sides no other page lies against), a
    /// Battlestations ship's column letters and row numbers, a TI4 galaxy's
    /// position numbers, a Nemesis ship's room ids.
    #[arg(long)]
    coords: bool,
    /// A legend of the symbols on the page, and what consoles and arrows lead
    /// to (on a layout, one legend for every page), or of a Battlestations
    /// ship's squares; refused for the games drawn without one.
    #[arg(long)]
    legend: bool,
    /// Leave out the title above the map.
    #[arg(long)]
    no_title: bool,
    /// The picture format when `-o` is a folder.
    #[arg(long, value_enum, default_value_t = PictureFormat::Png)]
    format: PictureFormat,
}

/// What is under and around the map.
#[derive(Clone, Copy, ValueEnum)]
enum PaperArg {
    /// White paper.
    White,
    /// Transparent (PNG) or none (SVG).
    Transparent,
}

/// The kind of picture file.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PictureFormat {
    /// PNG raster picture.
    Png,
    /// SVG vector picture.
    Svg,
}

/// DPI of PNG pictures when `--dpi` is not given.
const DEFAULT_DPI: f64 = 300.0;

/// The longest side of a picture when `--dpi` is not given: a layout, a ship
/// or a galaxy at print resolution is many thousands of pixels across, more
/// than a viewer opens comfortably; a picture to print asks for its DPI.
const DEFAULT_MAX_SIDE: u64 = 4000;

/// The DPI of a PNG when none is asked for: 300, lowered so that the picture
/// stays within [`DEFAULT_MAX_SIDE`] and the pixel limit, saying on stderr
/// what was chosen.
fn default_dpi(scene: &crate::draw::Scene, args: &RenderArgs) -> f64 {
    use crate::export::{png, units};
    let size_at =
        |dpi: f64| png::picture_size(scene, units::pixels_per_space(dpi, args.space_size));
    let (width, height) = size_at(DEFAULT_DPI);
    let mut scale: f64 = 1.0;
    let mut why = "";
    let longest = width.max(height);
    if longest > DEFAULT_MAX_SIDE {
        scale = DEFAULT_MAX_SIDE as f64 / longest as f64;
        why = "to keep it within 4000 pixels a side";
    }
    let pixels = width.saturating_mul(height) as f64 * scale * scale;
    if pixels > png::MAX_PIXELS as f64 {
        scale *= (png::MAX_PIXELS as f64 / pixels).sqrt() * 0.99;
        why = "to keep it within the pixel limit";
    }
    if why.is_empty() {
        return DEFAULT_DPI;
    }
    let dpi = (DEFAULT_DPI * scale).floor().max(1.0);
    let (chosen_width, chosen_height) = size_at(dpi);
    eprintln!(
        "note: drawing at {dpi} DPI ({chosen_width} × {chosen_height} pixels) {why}; \
         at {DEFAULT_DPI} DPI it would be {width} × {height} (choose with --dpi)"
    );
    dpi
}

/// Draws what the arguments ask for and writes it; `line` is the process's
/// arguments, where the game's own options are read.
pub fn run(args: &RenderArgs, line: &[OsString]) -> anyhow::Result<ExitCode> {
    let sources = targets::sources_of(&args.path);
    let Some(ruleset) = ruleset_for(&sources, "Fix this problem to draw the pack.") else {
        return Ok(exit(true));
    };
    let options =
        draw_options::parsed(DrawCommand::Render, ruleset, RenderArgs::augment_args, line)?;
    let request = DrawRequest {
        title: !args.no_title,
        coordinates: args.coords,
        legend: args.legend,
        colour: false,
        game: Some(&options),
    };
    let drawing = ruleset.render(&sources, &request)?;
    let failed = !drawing.problems.is_empty();
    print_problems(
        &drawing.problems,
        "Pages with problems are left out; fix them to draw every page.",
    );
    // A pack whose game draws it as one board (a galaxy, a ship) gives one
    // picture when `-o` names a picture file; otherwise a pack is a folder of
    // pictures, unless the game's options asked for one.
    let one_picture = !sources.target().is_pack()
        || drawing.one_picture
        || (drawing.boards.len() == 1 && picture_format(&args.output).is_ok());
    if one_picture {
        if let Some((_, scene)) = drawing.boards.first() {
            write_picture(scene, args, picture_format(&args.output)?, &args.output)?;
            println!("wrote {}", shown_path(&args.output));
        }
        return Ok(exit(failed || drawing.boards.is_empty()));
    }
    if drawing.boards.is_empty() {
        return Ok(exit(true));
    }
    std::fs::create_dir_all(&args.output)
        .with_context(|| format!("cannot create {}", args.output.display()))?;
    let ext = match args.format {
        PictureFormat::Png => "png",
        PictureFormat::Svg => "svg",
    };
    let bar = progress_bar(drawing.boards.len());
    for (name, scene) in &drawing.boards {
        let path = args.output.join(format!("{}.{ext}", file_stem(name)));
        if let Some(bar) = &bar {
            bar.set_message(name.clone());
        }
        write_picture(scene, args, args.format, &path)?;
        match &bar {
            Some(bar) => {
                bar.suspend(|| println!("wrote {}", shown_path(&path)));
                bar.inc(1);
            }
            None => println!("wrote {}", shown_path(&path)),
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok(exit(failed))
}

/// Writes a scene as PNG or SVG, by the format asked for (the caller says
/// it was written).
fn write_picture(
    scene: &crate::draw::Scene,
    args: &RenderArgs,
    format: PictureFormat,
    path: &std::path::Path,
) -> anyhow::Result<()> {
    use crate::export::{Paper, png, svg, units};
    let paper = match args.background {
        PaperArg::White => Paper::White,
        PaperArg::Transparent => Paper::Transparent,
    };
    let dpi = args.dpi.unwrap_or(DEFAULT_DPI);
    if !(dpi.is_finite() && dpi > 0.0) {
        bail!("--dpi must be a positive number, not {dpi}");
    }
    match format {
        PictureFormat::Png => {
            // Only the default is lowered; a DPI asked for is kept (and
            // refused when the picture would pass the pixel limit).
            let dpi = match args.dpi {
                Some(dpi) => dpi,
                None => default_dpi(scene, args),
            };
            let options = png::RasterOptions {
                px_per_space: units::pixels_per_space(dpi, args.space_size),
                paper,
            };
            png::write(scene, &options, Some(dpi), path)?;
        }
        PictureFormat::Svg => {
            let options = svg::SvgOptions {
                space_size: args.space_size,
                paper,
            };
            svg::write(scene, &options, path)?;
        }
    }
    Ok(())
}

/// A bar on stderr over the pictures of a pack, drawn only on a terminal and
/// for more than one picture, so piped and CI output stays the `wrote` lines.
fn progress_bar(pictures: usize) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal as _;
    if pictures < 2 || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(pictures as u64);
    if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} {wide_msg}") {
        bar.set_style(style);
    }
    Some(bar)
}

/// Longest stem of a picture's file name, in characters (file systems take
/// 255 bytes; a character may take four).
const MAX_STEM_CHARS: usize = 60;

/// A board's name as the stem of its picture's file name in the output
/// folder: one path component, whatever the name (a galaxy is named by its
/// file's free text). Separators, control characters and anything a file
/// system may refuse become `_`, leading dots are dropped and the stem is cut
/// to [`MAX_STEM_CHARS`], so the picture is neither hidden, nor refused for
/// its name's length, nor written outside the folder.
pub fn file_stem(name: &str) -> String {
    let safe: String = name
        .chars()
        .take(MAX_STEM_CHARS)
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | ' ') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let safe = safe.trim_start_matches('.').trim_end();
    if safe.is_empty() {
        "board".to_string()
    } else {
        safe.to_string()
    }
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

#[cfg(test)]
mod tests {
    use super::file_stem;

    #[test]
    fn a_board_name_is_one_harmless_file_name() {
        assert_eq!(file_stem("L1p2"), "L1p2");
        assert_eq!(
            file_stem("Six players: the galaxy"),
            "Six players_ the galaxy"
        );
        assert_eq!(file_stem("../../escaped"), "_.._escaped");
        assert_eq!(file_stem(".."), "board");
        assert_eq!(file_stem("a\u{1b}]0;x\u{7}\nb"), "a__0_x__b");
        assert_eq!(file_stem(&"é".repeat(4096)).chars().count(), 60);
    }
}
