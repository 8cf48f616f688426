//! `deckplan reach`: where a Spacer can move with a Move value, with a
//! shortest path to each space, and why a space cannot be reached.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::ValueEnum;
use deckplan_schema::PageId;
use deckplan_validator::board::PageSpace;
use deckplan_validator::enormity::MAX_SHOW_SIDE;
use deckplan_validator::show;

use super::play::{Pieces, load_rules_pack, play_state};
use super::{plural, styling};

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

pub fn run(args: &ReachArgs) -> anyhow::Result<ExitCode> {
    use deckplan_validator::board::Board;
    use deckplan_validator::rules::place_arg::{self, format_space};
    use deckplan_validator::rules::spacer_move::{MoveOptions, reach};

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
    let mut state = play_state(&pack, &pieces)?;
    state.spacers.remove(&from);
    let why = args
        .why
        .as_deref()
        .map(|text| place_arg::parse_space(&pack, text))
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
    let style = show::Style {
        colour: styling().is_ansi(),
    };
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
