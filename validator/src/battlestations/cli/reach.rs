//! `deckplan reach` on a Battlestations ship: every square a character can
//! end its move actions on, with the cheapest way there, and every peek.

use std::collections::{BTreeMap, BTreeSet};
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use crate::battlestations::Battlestations;
use crate::battlestations::grid::{Cell, ShipGrid, Step};
use crate::battlestations::rules::movement::{Move, PathStep, Rules};
use crate::battlestations::rules::{Character, PlayState};
use crate::battlestations::{draw, notation};
use crate::ship_game;
use crate::targets::Target;

use crate::cli::{plural, print_problems};

/// Output of `deckplan reach` on a ship.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ReachFormat {
    /// The ship with the reachable squares marked, then a list.
    Human,
    /// One JSON object.
    Json,
}

/// The arguments of `deckplan reach` on a Battlestations ship.
#[derive(clap::Args)]
#[command(after_help = "Example:
  deckplan reach maps/wayfarer --from B3 --move 4 --actions 2 --enemy H3")]
pub struct ReachArgs {
    /// A ship pack folder, its `pack.toml`, or a ship file.
    pack: std::path::PathBuf,
    /// The moving character's square, e.g. `B3` (`upper B3` on a ship of several levels).
    #[arg(long, value_name = "SQUARE")]
    from: String,
    /// The character's move value.
    #[arg(long = "move", value_name = "N")]
    move_value: u32,
    /// A friendly character's square (passed freely); repeatable.
    #[arg(long = "friend", value_name = "SQUARE")]
    friends: Vec<String>,
    /// An enemy character's square (slagged); repeatable.
    #[arg(long = "enemy", value_name = "SQUARE")]
    enemies: Vec<String>,
    /// The character on this square is unconscious (it may be ended on); repeatable.
    #[arg(long = "unconscious", value_name = "SQUARE")]
    unconscious: Vec<String>,
    /// A slagged module, by id (its squares cost 2); repeatable.
    #[arg(long = "slagged", value_name = "MODULE")]
    slagged: Vec<String>,
    /// Move actions this phase (2 moving as the action, 3 for the species option).
    #[arg(long, value_name = "N", default_value_t = 1)]
    actions: u8,
    /// The out-of-control penalty, once per phase.
    #[arg(long, value_name = "N", default_value_t = 0)]
    ooc: u32,
    /// The character may go out onto the hull (it has a free hand).
    #[arg(long)]
    outside: bool,
    /// The character wears MagBoots.
    #[arg(long)]
    magboots: bool,
    /// The character can make jet moves.
    #[arg(long)]
    jet: bool,
    /// Run N extra squares in each move action (an Athletics check at
    /// difficulty 11, +3 per square after the first, assumed passed).
    #[arg(long, value_name = "N", default_value_t = 0)]
    run: u32,
    /// List every peek in human output.
    #[arg(long)]
    peeks: bool,
    /// List at most this many squares (and peeks) in human output (JSON lists all).
    #[arg(long, value_name = "N", default_value_t = 200)]
    limit: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReachFormat::Human)]
    format: ReachFormat,
}

/// Answers the question the arguments ask.
pub fn run_args(args: &ReachArgs) -> anyhow::Result<ExitCode> {
    run(&Question {
        target: &Target::of(&args.pack),
        from: &args.from,
        who: Character {
            move_value: args.move_value,
            actions: args.actions,
            ooc: args.ooc,
            outside: args.outside,
            magboots: args.magboots,
            jet: args.jet,
            run: args.run,
        },
        friends: &args.friends,
        enemies: &args.enemies,
        unconscious: &args.unconscious,
        slagged: &args.slagged,
        peeks: args.peeks,
        limit: args.limit,
        json: args.format == ReachFormat::Json,
    })
}

/// The question `reach` asks of a ship.
pub struct Question<'a> {
    /// The ship pack or file.
    pub target: &'a Target,
    /// The moving character's square.
    pub from: &'a str,
    /// The character, its actions and equipment.
    pub who: Character,
    /// Friendly characters' squares.
    pub friends: &'a [String],
    /// Enemy characters' squares.
    pub enemies: &'a [String],
    /// Squares whose character (friend or enemy) is unconscious.
    pub unconscious: &'a [String],
    /// Slagged modules, by id.
    pub slagged: &'a [String],
    /// List every peek in human output.
    pub peeks: bool,
    /// List at most this many squares (and peeks) in human output.
    pub limit: usize,
    /// JSON instead of text.
    pub json: bool,
}

/// Answers the question.
pub fn run(question: &Question<'_>) -> anyhow::Result<ExitCode> {
    let (ship, problems) = ship_game::load_ship::<Battlestations>(question.target)?;
    print_problems(&problems, "Fix the ship file to play-test it.");
    let Some(ship) = ship else {
        return Ok(ExitCode::from(1));
    };
    let grid = ShipGrid::new(&ship);
    // Every square named must be one a character can stand on.
    let square = |text: &str| -> anyhow::Result<Cell> {
        let cell = notation::parse(&grid, text).map_err(anyhow::Error::msg)?;
        if !grid.walkable(cell) {
            bail!(
                "{} is blocked: no one stands there",
                notation::name(&grid, cell)
            );
        }
        Ok(cell)
    };
    let from = square(question.from).context("--from")?;
    let mut state = PlayState::default();
    let down: BTreeSet<Cell> = question
        .unconscious
        .iter()
        .map(|t| square(t).context("--unconscious"))
        .collect::<anyhow::Result<_>>()?;
    for (texts, enemy) in [(question.friends, false), (question.enemies, true)] {
        for text in texts {
            let at = square(text).context(if enemy { "--enemy" } else { "--friend" })?;
            if at == from {
                bail!("{text} is the moving character's own square");
            }
            let list = if enemy {
                &mut state.enemies
            } else {
                &mut state.friends
            };
            list.insert(at, !down.contains(&at));
        }
    }
    for at in &down {
        if !state.friends.contains_key(at) && !state.enemies.contains_key(at) {
            bail!(
                "--unconscious {}: no --friend or --enemy stands there",
                notation::name(&grid, *at)
            );
        }
    }
    for id in question.slagged {
        let Some(index) = ship.modules.iter().position(|m| m.id.as_str() == id) else {
            let names = ship.modules.iter().map(|m| m.id.as_str());
            let hint = deckplan_schema::suggest::closest(id, names)
                .map(|b| format!("; did you mean `{b}`?"))
                .unwrap_or_default();
            bail!("--slagged {id}: the ship has no module `{id}`{hint}");
        };
        state.slagged.insert(index);
    }
    let rules = Rules::new(&grid, &state, question.who)?;
    let found = rules.reach(from)?;
    let name = |cell: Cell| notation::name(&grid, cell);
    let who = question.who;

    if question.json {
        let steps_json = |path: &[PathStep]| -> Vec<serde_json::Value> {
            path.iter()
                .map(|s| {
                    let (kind, to, squares) = match s.mv {
                        Move::Step(cell, step) => (step_kind(step), Some(name(cell)), None),
                        Move::Jet(cell, n) => ("jet", Some(name(cell)), Some(n)),
                        Move::BootsOn => ("magboots-on", None, None),
                        Move::NextAction => ("next-action", None, None),
                    };
                    serde_json::json!({
                        "move": kind, "to": to, "squares": squares,
                        "points": s.points, "action": s.action + 1,
                    })
                })
                .collect()
        };
        let destinations: Vec<serde_json::Value> = found
            .destinations
            .iter()
            .map(|d| {
                serde_json::json!({
                    "square": name(d.to),
                    "move_actions": d.label.action + 1,
                    "points_in_last_action": d.label.spent,
                    "points": d.points,
                    "path": steps_json(&d.path),
                })
            })
            .collect();
        let peeks: Vec<serde_json::Value> = found
            .peeks
            .iter()
            .map(|p| {
                serde_json::json!({
                    "squares": [name(p.stay), name(p.into)],
                    "move_actions": p.label.action + 1,
                    "points_in_last_action": p.label.spent,
                    "points": p.points,
                    "path": steps_json(&p.path),
                })
            })
            .collect();
        let answer = serde_json::json!({
            "from": name(from),
            "move": who.move_value,
            "move_actions": who.actions,
            "budgets": who.budgets(),
            "ooc": who.ooc,
            "outside": who.outside,
            "magboots": who.magboots,
            "jet": who.jet,
            "run": who.run,
            "run_difficulty": who.run_difficulty(),
            "destinations": destinations,
            "peeks": peeks,
        });
        println!("{}", serde_json::to_string_pretty(&answer)?);
        return Ok(ExitCode::SUCCESS);
    }

    let budgets: Vec<String> = who.budgets().iter().map(u32::to_string).collect();
    println!(
        "From {} with move {}, {} ({} point{}){}:",
        name(from),
        who.move_value,
        plural(who.actions, "move action"),
        budgets.join(" + "),
        if budgets.len() == 1 && budgets.first().is_some_and(|b| b == "1") {
            ""
        } else {
            "s"
        },
        if who.ooc > 0 {
            format!(" after an OOC penalty of {}", who.ooc)
        } else {
            String::new()
        }
    );
    if let Some(difficulty) = who.run_difficulty() {
        println!(
            "Running {} in each move action: Athletics vs {difficulty} at the start of each, assumed passed.",
            plural(who.run, "extra square")
        );
    }
    // Each level the move touches, drawn with the start, the characters and
    // what reaching each square costs.
    let mut marks: BTreeMap<Cell, char> = BTreeMap::new();
    for d in &found.destinations {
        let digit = char::from_digit(d.points, 10).unwrap_or('+');
        marks.insert(d.to, digit);
    }
    for (list, letter) in [(&state.friends, 'f'), (&state.enemies, 'e')] {
        for (&at, &conscious) in list {
            let letter = if conscious {
                letter.to_ascii_uppercase()
            } else {
                letter
            };
            marks.entry(at).or_insert(letter);
        }
    }
    marks.insert(from, '@');
    let levels: BTreeSet<usize> = marks.keys().map(|c| c.level).collect();
    println!();
    for level in levels {
        if let Some(id) = ship.level_id(level) {
            println!("level {id}");
        }
        print!(
            "{}",
            draw::level_text(&grid, level, true, &|cell| marks.get(&cell).copied())
        );
        println!();
    }
    println!(
        "@ start   1-9 points spent to get there (+ for 10 or more)   F E friend, enemy (f e unconscious)\n"
    );
    println!("{} reachable:", plural(found.destinations.len(), "square"));
    let width = found
        .destinations
        .iter()
        .map(|d| name(d.to).chars().count())
        .max()
        .unwrap_or(0);
    for d in found.destinations.iter().take(question.limit) {
        println!(
            "  {:<width$}  {:<18}  {}",
            name(d.to),
            cost_text(who.actions, d.label.action, d.label.spent),
            path_text(&grid, from, &d.path)
        );
    }
    let more = |shown: usize, all: usize| {
        if all > shown {
            println!(
                "  … and {} more (--limit N lists more; --format json lists every one)",
                all - shown
            );
        }
    };
    more(question.limit, found.destinations.len());
    if question.peeks {
        println!("{}:", plural(found.peeks.len(), "peek"));
        for p in found.peeks.iter().take(question.limit) {
            println!(
                "  {} + {}  {:<18}  {}",
                name(p.stay),
                name(p.into),
                cost_text(who.actions, p.label.action, p.label.spent),
                path_text(&grid, from, &p.path)
            );
        }
        more(question.limit, found.peeks.len());
    } else if !found.peeks.is_empty() {
        println!(
            "{} (--peeks lists them).",
            plural(found.peeks.len(), "peek")
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn step_kind(step: Step) -> &'static str {
    match step {
        Step::Walk => "step",
        Step::Hull => "hull",
        Step::Door => "door",
        Step::Ladder => "ladder",
    }
}

/// `3 points`, or `action 2, 3 points` once more than one move action is in play.
fn cost_text(actions: u8, action: u8, spent: u32) -> String {
    let points = plural(spent, "point");
    if actions > 1 {
        format!("action {}, {points}", action + 1)
    } else {
        points
    }
}

/// `A2 → B2 → MagBoots on → A2 | A2 west → jet to C9 (6 squares)`: `|`
/// starts the next move action.
fn path_text(grid: &ShipGrid<'_>, from: Cell, path: &[PathStep]) -> String {
    let mut out = notation::name(grid, from);
    let mut joint = " → ";
    for step in path {
        let part = match step.mv {
            Move::Step(cell, Step::Ladder) => format!("ladder to {}", notation::name(grid, cell)),
            Move::Step(cell, _) => notation::name(grid, cell),
            Move::Jet(cell, squares) => format!(
                "jet to {} ({})",
                notation::name(grid, cell),
                plural(squares, "square")
            ),
            Move::BootsOn => "MagBoots on".to_string(),
            Move::NextAction => {
                joint = " | ";
                continue;
            }
        };
        out.push_str(joint);
        out.push_str(&part);
        joint = " → ";
    }
    out
}
