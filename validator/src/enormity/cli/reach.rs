//! `deckplan reach`: where a Spacer can move with a Move value, with a
//! shortest path to each space, and why a space cannot be reached.

use std::collections::BTreeSet;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::enormity::MAX_SHOW_SIDE;
use crate::enormity::board::PageSpace;
use crate::enormity::rules::place_arg::format_space;
use crate::enormity::rules::spacer_move::MovePath;
use crate::enormity::show;
use clap::ValueEnum;
use deckplan_schema::enormity::{Pack, PageId};

use super::play::{Pieces, checked_play_state, load_rules_pack};
use crate::cli::{plural, styling};

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
pub struct ReachArgs {
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
    /// A welded door, e.g. `L1p1:2`; repeatable.
    #[arg(long = "welded-door", alias = "weld-door", value_name = "PAGE:NUMBER")]
    welded_doors: Vec<String>,
    /// Explain why this space cannot be reached.
    #[arg(long, value_name = "PAGE:SPACE")]
    why: Option<String>,
    /// Print the path to this space, with the terrain it crosses and the
    /// Intruders it triggers; repeatable.
    #[arg(long = "path", value_name = "PAGE:SPACE")]
    paths_to: Vec<String>,
    /// Print the path to every destination (long on a big move).
    #[arg(long)]
    paths: bool,
    /// List at most this many destinations in human output (JSON lists all).
    #[arg(long, value_name = "N", default_value_t = 200)]
    limit: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReachFormat::Human)]
    format: ReachFormat,
}

/// Answers the question.
pub fn run(args: &ReachArgs) -> anyhow::Result<ExitCode> {
    use crate::enormity::board::Board;
    use crate::enormity::rules::place_arg;
    use crate::enormity::rules::spacer_move::{MoveOptions, reach};

    // Format problems in the pack are findings for `reach` (exit 1); `blip`
    // and `los` refuse the question instead (exit 2).
    let Some(pack) = load_rules_pack(&args.pack)? else {
        return Ok(ExitCode::from(1));
    };
    let board = Board::new(&pack);
    let from = place_arg::parse_space(&pack, &args.from)?;
    let pieces = Pieces {
        spacers: &args.spacers,
        intruders: &args.intruders,
        opened: &args.open_doors,
        welded: &args.welded_doors,
        ..Pieces::default()
    };
    let state = checked_play_state(&board, &pieces)?;
    if state.spacers.contains_key(&from) {
        anyhow::bail!(
            "{from} is the moving Spacer's own space (--from); --spacer lists only the other Spacers"
        );
    }
    let why = args
        .why
        .as_deref()
        .map(|text| place_arg::parse_space(&pack, text))
        .transpose()?;
    let paths_to = args
        .paths_to
        .iter()
        .map(|text| place_arg::parse_space(&pack, text))
        .collect::<Result<BTreeSet<PageSpace>, _>>()?;
    let found = reach(&board, &state, from, MoveOptions::new(args.move_value))?;
    let explained = why.map(|w| found.why_not(w).map(|r| (w, r))).transpose()?;

    let mut destinations: Vec<(PageSpace, u32)> = found.destinations().collect();
    destinations.sort_by_key(|(s, d)| (*d, s.page, s.space.reading_order()));
    let with_path = |to: PageSpace| args.paths || paths_to.contains(&to);
    let describe = Describe { pack: &pack };
    let mut out = std::io::stdout().lock();

    if let ReachFormat::Json = args.format {
        // Streamed one destination at a time: a big move on a big page has
        // hundreds of thousands of them.
        write!(
            out,
            "{{\"from\":{},\"move\":{},\"destinations\":[",
            serde_json::to_string(&format_space(from))?,
            args.move_value
        )?;
        for (i, (to, steps)) in destinations.iter().enumerate() {
            let mut entry = serde_json::json!({ "space": format_space(*to), "steps": steps });
            // `&&` so that only the paths asked for are walked back.
            if with_path(*to)
                && let Some(path) = found.path(*to)
                && let Some(map) = entry.as_object_mut()
            {
                describe.path_json(&path, map);
            }
            if i > 0 {
                out.write_all(b",")?;
            }
            serde_json::to_writer(&mut out, &entry)?;
        }
        out.write_all(b"]")?;
        if let Some((space, reason)) = explained {
            let why = serde_json::json!({
                "space": format_space(space),
                "reachable": reason.is_none(),
                "steps": found.steps_to(space).filter(|_| reason.is_none()),
                "reason": reason.map(|r| r.to_string()),
            });
            out.write_all(b",\"why\":")?;
            serde_json::to_writer(&mut out, &why)?;
        }
        out.write_all(b"}\n")?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }

    // The map of each page the move touches, marked.
    let mut pages: Vec<PageId> = vec![from.page];
    pages.extend(destinations.iter().map(|(s, _)| s.page));
    pages.extend(why.map(|w| w.page));
    pages.sort();
    pages.dedup();
    let style = show::Style {
        colour: styling().is_ansi(),
    };
    for id in pages {
        let Some(page) = pack.pages.get(&id) else {
            continue;
        };
        if page.size.columns > MAX_SHOW_SIDE || page.size.rows > MAX_SHOW_SIDE {
            writeln!(out, "({id} is {} spaces, too large to draw)\n", page.size)?;
            continue;
        }
        let overlay = reach_overlay(id, from, &state, &destinations, why);
        writeln!(out, "{}", show::draw_page_with(page, style, &overlay))?;
    }
    writeln!(
        out,
        "{} reachable from {} with move {}:",
        plural(destinations.len(), "space"),
        format_space(from),
        args.move_value
    )?;
    for (to, steps) in destinations.iter().take(args.limit) {
        let mut line = format!("  {:<10} {steps:>3}", format_space(*to));
        if with_path(*to)
            && let Some(path) = found.path(*to)
        {
            line.push_str("  ");
            line.push_str(&describe.path_text(&path));
        }
        writeln!(out, "{line}")?;
    }
    if destinations.len() > args.limit {
        writeln!(
            out,
            "  … and {} more (--limit N lists more; --format json lists every one)",
            destinations.len() - args.limit
        )?;
    }
    // Paths asked for by name are printed even when the list was cut short.
    for (to, steps) in destinations.iter().skip(args.limit) {
        if paths_to.contains(to)
            && let Some(path) = found.path(*to)
        {
            writeln!(
                out,
                "  {:<10} {steps:>3}  {}",
                format_space(*to),
                describe.path_text(&path)
            )?;
        }
    }
    for to in paths_to.iter().filter(|to| found.steps_to(**to).is_none()) {
        let to = format_space(*to);
        writeln!(out, "  {to:<10} not reachable (--why {to} says why)")?;
    }
    if let Some((space, reason)) = explained {
        match reason {
            Some(reason) => writeln!(
                out,
                "\n{} cannot be reached: {reason}.",
                format_space(space)
            )?,
            None => writeln!(
                out,
                "\n{} can be reached in {}.",
                format_space(space),
                plural(found.steps_to(space).unwrap_or_default(), "step")
            )?,
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Says what a path crosses, in words and in JSON.
struct Describe<'a> {
    pack: &'a Pack,
}

impl Describe<'_> {
    /// A terrain tile by its page and index: its name and keywords.
    fn tile_name(&self, page: PageId, index: usize) -> String {
        self.pack
            .pages
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
    }

    /// The spaces walked, then what the walk enters and triggers.
    fn path_text(&self, path: &MovePath) -> String {
        let walked: Vec<String> = path.spaces.iter().map(|s| format_space(*s)).collect();
        let mut line = walked.join(" ");
        for entry in &path.terrain {
            let name = self.tile_name(entry.at.page, entry.tile);
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
        line
    }

    /// The path's fields, added to a destination's JSON object.
    fn path_json(&self, path: &MovePath, map: &mut serde_json::Map<String, serde_json::Value>) {
        use serde_json::json;
        let spaces: Vec<String> = path.spaces.iter().map(|s| format_space(*s)).collect();
        map.insert("path".into(), json!(spaces));
        let terrain: Vec<serde_json::Value> = path
            .terrain
            .iter()
            .map(|t| {
                json!({
                    "at": format_space(t.at),
                    "tile": t.tile,
                    "name": self.tile_name(t.at.page, t.tile),
                })
            })
            .collect();
        map.insert("terrain".into(), json!(terrain));
        let triggers: Vec<serde_json::Value> = path
            .triggers
            .iter()
            .map(|t| {
                json!({
                    "leaving": format_space(t.leaving),
                    "intruder": format_space(t.intruder),
                })
            })
            .collect();
        map.insert("triggers".into(), json!(triggers));
        map.insert("reveals".into(), json!(path.reveals.map(|p| p.to_string())));
    }
}

/// The marks `deckplan reach` draws on one page: the mover, other figures, the
/// steps to each reachable space and the space asked about.
fn reach_overlay(
    page: PageId,
    from: PageSpace,
    state: &crate::enormity::rules::PlayState,
    destinations: &[(PageSpace, u32)],
    why: Option<PageSpace>,
) -> show::Overlay {
    use show::{Highlight, OverlayMark};
    let mut overlay = show::Overlay::default();
    let mut put = |at: PageSpace, symbol: String, highlight| {
        if at.page == page {
            overlay
                .marks
                .insert(at.space, OverlayMark { symbol, highlight });
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
