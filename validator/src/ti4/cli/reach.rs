//! `deckplan reach` on a TI4 galaxy: every system a ship can move into during
//! a tactical action, with the safest of its shortest paths and the gravity
//! rifts it rolls for; whether a path a player names is legal
//! (`--check-path`); and every system adjacent to a position, by what
//! (`--adjacent`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use clap::ValueEnum;
use serde_json::json;

use crate::cli::{plural, print_problems};
use crate::targets;
use crate::ti4::adjacency::{Adjacency, Node, Switches};
use crate::ti4::checks::Galaxy;
use crate::ti4::rules::describe::{
    label, node_json, node_text, reason_json, reason_text, side_name,
};
use crate::ti4::rules::movement::{Effects, Move, Outcome, Reached, Verdict, judge, reach};
use crate::ti4::{self, builtin_catalogue};

/// Output of `deckplan reach` on a galaxy.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ReachFormat {
    /// One line per system.
    Human,
    /// One JSON object.
    Json,
}

/// The arguments of `deckplan reach` on a TI4 galaxy.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  deckplan reach maps/ti4-six-players --from 19 --move 2 --enemy 8
  deckplan reach maps/ti4-five-hyperlanes --check-path 19,7,8 --move 2
  deckplan reach maps/ti4-five-hyperlanes --adjacent 19
  deckplan reach maps/ti4-six-players --from \"off-board 51\" --move 1 --antimass --gravity-drive")]
pub struct ReachArgs {
    /// A galaxy pack folder, its `pack.toml`, or a galaxy file.
    pack: PathBuf,
    /// The ship's position: a spiral index (0 = centre), or a system beside
    /// the board as `off-board 51` (or `off:51`).
    #[arg(long, value_name = "POSITION", required_unless_present_any = ["check_path", "adjacent"])]
    from: Option<String>,
    /// Its move value.
    #[arg(long = "move", value_name = "N", required_unless_present = "adjacent")]
    move_value: Option<u32>,
    /// A position holding another player's ships (blocks passing); repeatable.
    #[arg(long = "enemy", value_name = "POSITION")]
    enemies: Vec<String>,
    /// A position holding the player's command token; repeatable. Without
    /// `--active`, such a system cannot be activated, so it is no destination.
    #[arg(long = "token", value_name = "POSITION")]
    tokens: Vec<String>,
    /// The active system's position.
    #[arg(long, value_name = "POSITION")]
    active: Option<String>,
    /// Judge this path instead (positions from the start, e.g. `19,7,8`):
    /// legal, or the first rule it breaks. Exit 1 when it breaks one.
    #[arg(long, value_name = "PATH", conflicts_with = "adjacent")]
    check_path: Option<String>,
    /// List every system adjacent to this position, and by what (sides,
    /// hyperlanes, wormholes, modifiers).
    #[arg(long, value_name = "POSITION")]
    adjacent: Option<String>,
    /// Antimass Deflectors: the ship may move into and through asteroid fields.
    #[arg(long)]
    antimass: bool,
    /// Gravity Drive: +1 to this ship's move value.
    #[arg(long)]
    gravity_drive: bool,
    /// Light/Wave Deflector: the ship may move through systems holding other
    /// players' ships.
    #[arg(long)]
    light_wave_deflector: bool,
    /// The gravity rift the ship starts in gives no +1 (and no roll).
    #[arg(long)]
    no_start_rift_bonus: bool,
    /// Switch one of the galaxy's modifiers, e.g. `"Wormhole
    /// Reconstruction=on"`; repeatable.
    #[arg(long = "modifier", value_name = "NAME=on|off")]
    modifiers: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReachFormat::Human)]
    format: ReachFormat,
}

/// A position argument: a spiral index, or a system beside the board
/// (`off-board 51`, `off-board:51`, `off:51`) that the galaxy lists.
fn position(galaxy: &Galaxy<'_>, text: &str) -> anyhow::Result<Node> {
    let trimmed = text.trim();
    let lower = trimmed.to_ascii_lowercase();
    let off = lower
        .strip_prefix("off-board")
        .or_else(|| lower.strip_prefix("off"))
        .map(|rest| rest.trim_start_matches([' ', ':', '-']));
    if let Some(number) = off {
        let tile: u16 = number.parse().with_context(|| {
            format!("`{trimmed}` is not a system beside the board: write it like `off-board 51`")
        })?;
        if !galaxy.file.off_board.contains(&tile) {
            let listed: Vec<String> = galaxy.file.off_board.iter().map(u16::to_string).collect();
            bail!(
                "tile {tile} is not beside this galaxy's board (its `off_board` lists {})",
                if listed.is_empty() {
                    "none".to_string()
                } else {
                    listed.join(", ")
                }
            );
        }
        return Ok(Node::OffBoard(tile));
    }
    let index: u32 = trimmed.parse().with_context(|| {
        format!(
            "`{trimmed}` is not a position: TI4 positions are spiral indexes (0 = centre), or `off-board 51` for a system beside the board"
        )
    })?;
    Ok(Node::Board(index))
}

/// A path argument: positions separated by commas or arrows (`19,7,8`,
/// `19 → 7 → 8`), or by spaces when there is nothing else.
fn path_arg(galaxy: &Galaxy<'_>, text: &str) -> anyhow::Result<Vec<Node>> {
    let joined = text.replace("->", ",").replace('→', ",");
    let mut parts: Vec<&str> = joined.split(',').map(str::trim).collect();
    if let [only] = parts.as_slice()
        && !only.to_ascii_lowercase().starts_with("off")
    {
        parts = only.split_whitespace().collect();
    }
    parts
        .iter()
        .filter(|p| !p.is_empty())
        .map(|p| position(galaxy, p))
        .collect::<anyhow::Result<Vec<Node>>>()
        .with_context(|| format!("--check-path `{text}`"))
}

/// `--modifier NAME=on|off`, against the galaxy's modifiers.
fn switches(
    galaxy: &deckplan_schema::ti4::galaxy::GalaxyFile,
    texts: &[String],
) -> anyhow::Result<Switches> {
    let mut overrides = BTreeMap::new();
    for text in texts {
        let Some((name, state)) = text.rsplit_once('=') else {
            bail!("--modifier `{text}`: write it as `NAME=on` or `NAME=off`");
        };
        let on = match state.trim() {
            "on" => true,
            "off" => false,
            other => bail!("--modifier `{text}`: `{other}` is neither `on` nor `off`"),
        };
        let name = name.trim();
        if !galaxy.modifiers.iter().any(|m| m.name == name) {
            let names = galaxy.modifiers.iter().map(|m| m.name.as_str());
            let hint = deckplan_schema::suggest::closest(name, names)
                .map(|b| format!("; did you mean `{b}`?"))
                .unwrap_or_default();
            bail!("--modifier `{text}`: the galaxy has no modifier named `{name}`{hint}");
        }
        overrides.insert(name.to_string(), on);
    }
    Ok(Switches { overrides })
}

/// Answers the question.
pub fn run(question: &ReachArgs) -> anyhow::Result<ExitCode> {
    let sources = targets::sources_of(&question.pack);
    let (file, problems) = ti4::load_galaxy(&sources)?;
    print_problems(&problems, "Fix the galaxy file to play-test it.");
    let Some(file) = file else {
        return Ok(ExitCode::from(1));
    };
    let builtin = builtin_catalogue().map_err(anyhow::Error::msg)?;
    let catalogue = file.catalogue(builtin);
    let adjacency =
        Adjacency::with_switches(&file, &catalogue, &switches(&file, &question.modifiers)?);
    let source = deckplan_schema::SourceFile::new(sources.target().top_file(), String::new());
    let galaxy = Galaxy {
        file: &file,
        catalogue: &catalogue,
        adjacency: &adjacency,
        source: &source,
    };
    let json = question.format == ReachFormat::Json;
    if let Some(text) = &question.adjacent {
        return adjacent(&galaxy, position(&galaxy, text)?, json);
    }
    let set = |texts: &[String]| {
        texts
            .iter()
            .map(|t| position(&galaxy, t))
            .collect::<anyhow::Result<BTreeSet<Node>>>()
    };
    let checked = question
        .check_path
        .as_deref()
        .map(|text| path_arg(&galaxy, text))
        .transpose()?;
    let mut from = question
        .from
        .as_deref()
        .map(|text| position(&galaxy, text))
        .transpose()?;
    if let Some(checked) = &checked {
        match (checked.first(), from) {
            (None, _) => bail!("--check-path names no system"),
            (Some(first), Some(start)) if *first != start => bail!(
                "--check-path starts at {}, but --from is {}",
                node_text(*first),
                node_text(start)
            ),
            (Some(first), _) => from = Some(*first),
        }
    }
    let Some(move_value) = question.move_value else {
        bail!("name the ship's move value with --move");
    };
    let ship = Move {
        from,
        move_value,
        enemies: set(&question.enemies)?,
        tokens: set(&question.tokens)?,
        active: question
            .active
            .as_deref()
            .map(|t| position(&galaxy, t))
            .transpose()?,
        effects: Effects {
            antimass: question.antimass,
            gravity_drive: question.gravity_drive,
            light_wave: question.light_wave_deflector,
            ignore_start_rift: question.no_start_rift_bonus,
        },
    };
    if let Some(checked) = checked {
        return check_path(&galaxy, &ship, &checked, json);
    }
    let Some(start) = ship.from else {
        bail!("name the ship's position with --from");
    };
    if let Node::Board(index) = start
        && galaxy.adjacency.graph().node(&start).is_none()
        && u16::try_from(index).is_ok_and(|tile| file.off_board.contains(&tile))
    {
        bail!(
            "position {index} holds no system; for tile {index} beside the board, write --from \"off-board {index}\""
        );
    }
    let moves = match reach(&galaxy, &ship) {
        Outcome::Moves(moves) => moves,
        Outcome::Stuck(why) => bail!("{why}"),
    };
    let names = |nodes: &[Node]| nodes.iter().map(|n| node_text(*n)).collect::<Vec<_>>();
    if json {
        let destinations: Vec<serde_json::Value> = moves
            .iter()
            .map(|m| {
                let mut value = node_json(&galaxy, m.to);
                if let Some(map) = value.as_object_mut() {
                    map.insert("entered".into(), json!(m.path.len().saturating_sub(1)));
                    map.insert("path".into(), json!(names(&m.path)));
                    map.insert("gravity_rift_rolls".into(), json!(names(&m.rifts)));
                }
                value
            })
            .collect();
        let answer = json!({
            "from": question.from.as_deref().map_or_else(|| node_text(start), str::to_string),
            "start": node_json(&galaxy, start),
            "move": move_value,
            "active": question.active,
            "planning": ship.active.is_none(),
            "effects": effects_json(&ship.effects),
            "destinations": destinations,
        });
        println!("{}", serde_json::to_string_pretty(&answer)?);
        return Ok(ExitCode::SUCCESS);
    }
    for line in answer_lines(&galaxy, &ship, start, &moves) {
        println!("{line}");
    }
    Ok(ExitCode::SUCCESS)
}

/// The answer as `deckplan reach` prints it, line by line: what the ship is
/// and can do, then each system with its path and rift rolls. The editor's
/// play test shows these very lines.
pub fn answer_lines(
    galaxy: &Galaxy<'_>,
    ship: &Move,
    start: Node,
    moves: &[Reached],
) -> Vec<String> {
    let names = |nodes: &[Node]| nodes.iter().map(|n| node_text(*n)).collect::<Vec<_>>();
    let mut lines = vec![header(galaxy, ship, start, moves.len())];
    for m in moves {
        let rolls = if m.rifts.is_empty() {
            String::new()
        } else {
            format!(
                " (gravity rift roll at {}: destroyed on 1–3)",
                names(&m.rifts).join(", ")
            )
        };
        lines.push(format!(
            "{}: {}{rolls}",
            label(galaxy, m.to),
            names(&m.path).join(" → ")
        ));
    }
    lines
}

/// The first line of an answer: the ship, its move and effects, and what
/// the list holds.
fn header(galaxy: &Galaxy<'_>, ship: &Move, start: Node, found: usize) -> String {
    let mut effects = Vec::new();
    let e = &ship.effects;
    if e.antimass {
        effects.push("Antimass Deflectors");
    }
    if e.gravity_drive {
        effects.push("Gravity Drive (+1)");
    }
    if e.light_wave {
        effects.push("Light/Wave Deflector");
    }
    if e.ignore_start_rift {
        effects.push("no +1 from the start's gravity rift");
    }
    let with = if effects.is_empty() {
        String::new()
    } else {
        format!(" with {}", effects.join(", "))
    };
    let ship_text = format!(
        "A ship at {} with move {}{with}",
        label(galaxy, start),
        ship.move_value
    );
    match ship.active {
        Some(active) if found == 0 => {
            format!(
                "{ship_text} cannot move into the active system, {}.",
                label(galaxy, active)
            )
        }
        Some(active) => format!(
            "{ship_text} can move into the active system, {}:",
            label(galaxy, active)
        ),
        None if found == 0 => format!("{ship_text} can move into no system."),
        None => format!(
            "{ship_text} can move into {} (no active system named: each as if activated; systems holding your command tokens cannot be activated):",
            plural(found, "system")
        ),
    }
}

fn effects_json(effects: &Effects) -> serde_json::Value {
    json!({
        "antimass_deflectors": effects.antimass,
        "gravity_drive": effects.gravity_drive,
        "light_wave_deflector": effects.light_wave,
        "start_rift_bonus": !effects.ignore_start_rift,
    })
}

/// `--check-path`: legal (exit 0) or the first rule broken (exit 1).
fn check_path(
    galaxy: &Galaxy<'_>,
    ship: &Move,
    path: &[Node],
    json: bool,
) -> anyhow::Result<ExitCode> {
    let verdict = judge(galaxy, ship, path);
    let shown: Vec<String> = path.iter().map(|n| node_text(*n)).collect();
    let shown = shown.join(" → ");
    if json {
        let mut answer = json!({
            "path": path.iter().map(|n| node_json(galaxy, *n)).collect::<Vec<_>>(),
            "move": ship.move_value,
            "active": ship.active.map(node_text),
            "effects": effects_json(&ship.effects),
        });
        if let Some(map) = answer.as_object_mut() {
            match &verdict {
                Verdict::Legal { entered, rifts } => {
                    map.insert("legal".into(), json!(true));
                    map.insert("entered".into(), json!(entered));
                    map.insert(
                        "gravity_rift_rolls".into(),
                        json!(rifts.iter().map(|n| node_text(*n)).collect::<Vec<_>>()),
                    );
                }
                Verdict::Broken { at, rule } => {
                    map.insert("legal".into(), json!(false));
                    map.insert(
                        "broken_at".into(),
                        json!(path.get(*at).map(|n| node_json(galaxy, *n))),
                    );
                    map.insert("rule".into(), json!(rule));
                }
            }
        }
        println!("{}", serde_json::to_string_pretty(&answer)?);
    } else {
        match &verdict {
            Verdict::Legal { entered, rifts } => {
                let rolls = if rifts.is_empty() {
                    String::new()
                } else {
                    let at: Vec<String> = rifts.iter().map(|n| label(galaxy, *n)).collect();
                    format!("; gravity rift roll at {}: destroyed on 1–3", at.join(", "))
                };
                println!(
                    "{shown} is a legal move: {} entered{rolls}.",
                    plural(*entered, "system")
                );
            }
            Verdict::Broken { at, rule } => {
                let place = path.get(*at).map(|n| label(galaxy, *n)).unwrap_or_default();
                println!("{shown} is not a legal move at {place}: {rule}.");
            }
        }
    }
    Ok(match verdict {
        Verdict::Legal { .. } => ExitCode::SUCCESS,
        Verdict::Broken { .. } => ExitCode::from(1),
    })
}

/// `--adjacent`: every system adjacent to a position, and by what.
fn adjacent(galaxy: &Galaxy<'_>, node: Node, json: bool) -> anyhow::Result<ExitCode> {
    if galaxy.adjacency.graph().node(&node).is_none() {
        bail!("{} holds no system", node_text(node));
    }
    let found: Vec<(Node, Vec<&crate::ti4::adjacency::Reason>)> = galaxy
        .adjacency
        .reasons(node)
        .map(|(to, why)| (to, why.iter().collect()))
        .collect();
    let closed = galaxy.adjacency.closed(node);
    if json {
        let adjacent: Vec<serde_json::Value> = found
            .iter()
            .map(|(to, why)| {
                let mut value = node_json(galaxy, *to);
                if let Some(map) = value.as_object_mut() {
                    map.insert("by".into(), why.iter().map(|r| reason_json(r)).collect());
                }
                value
            })
            .collect();
        let closed: Vec<serde_json::Value> = closed
            .iter()
            .map(|c| json!({ "side": side_name(c.side), "across": c.across, "modifier": c.modifier }))
            .collect();
        let answer = json!({
            "system": node_json(galaxy, node),
            "adjacent": adjacent,
            "closed": closed,
        });
        println!("{}", serde_json::to_string_pretty(&answer)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "{} adjacent to {}:",
        plural(found.len(), "system"),
        label(galaxy, node)
    );
    for (to, why) in &found {
        let why: Vec<String> = why.iter().map(|r| reason_text(r)).collect();
        println!("  {}: {}", label(galaxy, *to), why.join("; "));
    }
    for c in closed {
        println!(
            "  the {} side, toward {}, is closed by the modifier \"{}\"",
            side_name(c.side),
            c.across,
            c.modifier
        );
    }
    Ok(ExitCode::SUCCESS)
}
