//! `deckplan reach` on a Battlestations ship: every square a character can
//! end its move actions on, with the cheapest way there, and every peek.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write as _;
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use serde_json::json;

use crate::battlestations::Battlestations;
use crate::battlestations::grid::{Cell, DoorAt, Region, ShipGrid, Step};
use crate::battlestations::rules::jet;
use crate::battlestations::rules::movement::{Move, PathStep, Reach, Rules};
use crate::battlestations::rules::{Character, PlayState};
use crate::battlestations::{draw, notation};
use crate::ship_game;
use deckplan_schema::sources::Sources;

use crate::targets;

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
  deckplan reach maps/battlestations-wayfarer --from \"lower B8\" --move 4 --actions 2 --enemy \"lower H3\"
  deckplan reach maps/battlestations-wayfarer --from \"lower B8\" --move 3 --outside --locked-door all --barrel \"lower A8 west\"")]
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
    /// The character wears MagBoots (switched on for a point when needed).
    #[arg(long)]
    magboots: bool,
    /// The character's MagBoots are already on: no point to switch them on.
    #[arg(long)]
    magboots_on: bool,
    /// A barrel placed in play on this square (slagged: costs 2, no jet
    /// through), inside or outside the hull; repeatable.
    #[arg(long = "barrel", value_name = "SQUARE")]
    barrels: Vec<String>,
    /// An external door that opens only outward, e.g. `"lower A8 west"` (an
    /// enemy ship's door not hacked, broken or held open); `all` for every
    /// door of the ship; repeatable.
    #[arg(long = "locked-door", value_name = "DOOR")]
    locked_doors: Vec<String>,
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
    /// Print the path to this square, even past `--limit`; repeatable.
    #[arg(long = "path", value_name = "SQUARE")]
    paths_to: Vec<String>,
    /// Human output lists at most this many squares (and peeks); JSON lists
    /// every one, with the paths of the first N only.
    #[arg(long, value_name = "N", default_value_t = 200)]
    limit: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReachFormat::Human)]
    format: ReachFormat,
}

/// Answers the question the arguments ask.
pub fn run_args(args: &ReachArgs) -> anyhow::Result<ExitCode> {
    run(&Question {
        sources: &targets::sources_of(&args.pack),
        from: &args.from,
        who: Character {
            move_value: args.move_value,
            actions: args.actions,
            ooc: args.ooc,
            outside: args.outside,
            magboots: args.magboots || args.magboots_on,
            boots_on: args.magboots_on,
            jet: args.jet,
            run: args.run,
        },
        friends: &args.friends,
        enemies: &args.enemies,
        unconscious: &args.unconscious,
        slagged: &args.slagged,
        barrels: &args.barrels,
        locked_doors: &args.locked_doors,
        paths_to: &args.paths_to,
        peeks: args.peeks,
        limit: args.limit,
        json: args.format == ReachFormat::Json,
    })
}

/// The question `reach` asks of a ship.
pub struct Question<'a> {
    /// The ship pack or file.
    pub sources: &'a Sources,
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
    /// Squares with a barrel placed in play.
    pub barrels: &'a [String],
    /// Locked doors, or `all`.
    pub locked_doors: &'a [String],
    /// Squares whose path is printed whatever the limit.
    pub paths_to: &'a [String],
    /// List every peek in human output.
    pub peeks: bool,
    /// List at most this many squares (and peeks) in human output; give the
    /// paths of at most this many in JSON.
    pub limit: usize,
    /// JSON instead of text.
    pub json: bool,
}

/// Answers the question.
pub fn run(question: &Question<'_>) -> anyhow::Result<ExitCode> {
    let (ship, problems) = ship_game::load_ship::<Battlestations>(question.sources)?;
    print_problems(&problems, "Fix the ship file to play-test it.");
    let Some(ship) = ship else {
        return Ok(ExitCode::from(1));
    };
    let grid = ShipGrid::new(&ship);
    let from = standing_square(&grid, question.from).context("--from")?;
    let state = play_state(&grid, question, from)?;
    let paths_to: BTreeSet<Cell> = question
        .paths_to
        .iter()
        .map(|t| standing_square(&grid, t).context("--path"))
        .collect::<anyhow::Result<_>>()?;
    let who = question.who;
    let found = Rules::new(&grid, &state, who)?.reach(from)?;
    let answer = Answer {
        grid: &grid,
        state: &state,
        who,
        from,
        found: &found,
        limit: question.limit,
        paths_to: &paths_to,
    };

    if question.json {
        let mut out = std::io::stdout().lock();
        write_json(&mut out, &answer)?;
        out.flush()?;
    } else {
        print_human(&answer, question.peeks);
    }
    Ok(ExitCode::SUCCESS)
}

/// A square named on the command line; every square named must be one a
/// character can stand on.
fn standing_square(grid: &ShipGrid<'_>, text: &str) -> anyhow::Result<Cell> {
    let cell = notation::parse(grid, text).map_err(anyhow::Error::msg)?;
    if !grid.walkable(cell) {
        bail!(
            "{} is blocked: no one stands there",
            notation::name(grid, cell)
        );
    }
    Ok(cell)
}

/// The play state the question sets up: characters, slagged modules, barrels
/// and locked doors, each checked against the ship, in the order the options
/// are listed, so the first wrong one is the one reported.
fn play_state(
    grid: &ShipGrid<'_>,
    question: &Question<'_>,
    from: Cell,
) -> anyhow::Result<PlayState> {
    let mut state = PlayState::default();
    place_characters(grid, question, from, &mut state)?;
    let modules = &grid.ship.modules;
    for id in question.slagged {
        let Some(index) = modules.iter().position(|m| m.id.as_str() == id) else {
            let names = modules.iter().map(|m| m.id.as_str());
            let hint = deckplan_schema::suggest::closest(id, names)
                .map(|b| format!("; did you mean `{b}`?"))
                .unwrap_or_default();
            bail!("--slagged {id}: the ship has no module `{id}`{hint}");
        };
        state.slagged.insert(index);
    }
    for text in question.barrels {
        let at = standing_square(grid, text).context("--barrel")?;
        if at == from {
            bail!(
                "{text} is the moving character's own square: a barrel is never where someone stands"
            );
        }
        state.barrels.insert(at);
    }
    for text in question.locked_doors {
        if text.trim() == "all" {
            state.locked_doors.extend(grid.doors());
            continue;
        }
        state
            .locked_doors
            .insert(notation::parse_door(grid, text).map_err(anyhow::Error::msg)?);
    }
    Ok(state)
}

/// Puts the friends and enemies on their squares, conscious unless named by
/// `--unconscious`, which must name one of them.
fn place_characters(
    grid: &ShipGrid<'_>,
    question: &Question<'_>,
    from: Cell,
    state: &mut PlayState,
) -> anyhow::Result<()> {
    let down: BTreeSet<Cell> = question
        .unconscious
        .iter()
        .map(|t| standing_square(grid, t).context("--unconscious"))
        .collect::<anyhow::Result<_>>()?;
    for (texts, enemy) in [(question.friends, false), (question.enemies, true)] {
        for text in texts {
            let at =
                standing_square(grid, text).context(if enemy { "--enemy" } else { "--friend" })?;
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
                notation::name(grid, *at)
            );
        }
    }
    Ok(())
}

/// The human answer: what the character can do, the levels drawn with what
/// each square costs, then the squares and peeks listed.
fn print_human(answer: &Answer<'_>, peeks: bool) {
    print_heading(answer);
    print_levels(answer);
    let grid = answer.grid;
    if !answer.state.locked_doors.is_empty() {
        let doors: Vec<String> = answer
            .state
            .locked_doors
            .iter()
            .map(|d| door_name(grid, *d))
            .collect();
        println!("Locked doors (outward only): {}.", doors.join(", "));
    }
    print_squares(answer);
    print_peeks(answer, peeks);
}

/// The move, its points per action and what changes them.
fn print_heading(answer: &Answer<'_>) {
    let (who, state) = (answer.who, answer.state);
    let name = |cell: Cell| notation::name(answer.grid, cell);
    let budgets: Vec<String> = who.budgets().iter().map(u32::to_string).collect();
    println!(
        "From {} with move {}, {} ({} point{}){}:",
        name(answer.from),
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
    if who.boots_on {
        println!("MagBoots already on: outside squares cost one point each.");
    }
    if !state.barrels.is_empty() {
        let barrels: Vec<String> = state.barrels.iter().map(|c| name(*c)).collect();
        println!("Barrels in play (slagged): {}.", barrels.join(", "));
    }
    if let Some(difficulty) = who.run_difficulty() {
        println!(
            "Running {} in each move action: Athletics vs {difficulty} at the start of each, assumed passed.",
            plural(who.run, "extra square")
        );
    }
}

/// Each level the move touches, drawn with the start, the characters and
/// what reaching each square costs, then the legend.
fn print_levels(answer: &Answer<'_>) {
    let (grid, state) = (answer.grid, answer.state);
    let mut marks: BTreeMap<Cell, char> = BTreeMap::new();
    for d in &answer.found.destinations {
        let digit = char::from_digit(d.points, 10).unwrap_or('+');
        marks.insert(d.to, digit);
    }
    for &at in &state.barrels {
        marks.entry(at).or_insert('B');
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
    marks.insert(answer.from, '@');
    let levels: BTreeSet<usize> = marks.keys().map(|c| c.level).collect();
    println!();
    for level in levels {
        if let Some(id) = grid.ship.level_id(level) {
            println!("level {id}");
        }
        print!(
            "{}",
            draw::level_text(grid, level, true, &|cell| marks.get(&cell).copied())
        );
        println!();
    }
    println!(
        "@ start   1-9 points spent to get there (+ for 10 or more)   F E friend, enemy (f e unconscious)\n"
    );
}

/// The reachable squares with their cost and path, up to the limit and the
/// squares asked for.
fn print_squares(answer: &Answer<'_>) {
    let (grid, found) = (answer.grid, answer.found);
    let name = |cell: Cell| notation::name(grid, cell);
    println!("{} reachable:", plural(found.destinations.len(), "square"));
    let width = found
        .destinations
        .iter()
        .map(|d| name(d.to).chars().count())
        .max()
        .unwrap_or(0);
    for d in found
        .destinations
        .iter()
        .enumerate()
        .filter(|(i, d)| *i < answer.limit || answer.paths_to.contains(&d.to))
        .map(|(_, d)| d)
    {
        println!(
            "  {:<width$}  {:<18}  {}",
            name(d.to),
            cost_text(answer.who.actions, d.label.action, d.label.spent),
            path_text(grid, answer.from, &found.path(d))
        );
    }
    print_more(answer.limit, found.destinations.len());
}

/// The peeks, listed up to the limit when asked for, else only counted.
fn print_peeks(answer: &Answer<'_>, peeks: bool) {
    let (grid, found) = (answer.grid, answer.found);
    let name = |cell: Cell| notation::name(grid, cell);
    if peeks {
        println!("{}:", plural(found.peeks.len(), "peek"));
        for p in found.peeks.iter().take(answer.limit) {
            println!(
                "  {} + {}  {:<18}  {}",
                name(p.stay),
                name(p.into),
                cost_text(answer.who.actions, p.label.action, p.label.spent),
                path_text(grid, answer.from, &found.peek_path(p))
            );
        }
        print_more(answer.limit, found.peeks.len());
    } else if !found.peeks.is_empty() {
        println!(
            "{} (--peeks lists them).",
            plural(found.peeks.len(), "peek")
        );
    }
}

/// The line that says how many a list left out, when it left any out.
fn print_more(shown: usize, all: usize) {
    if all > shown {
        println!(
            "  … and {} more (--limit N lists more; --format json lists every one)",
            all - shown
        );
    }
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

/// An external door as the ship file writes it: `lower A8 west`.
fn door_name(grid: &ShipGrid<'_>, door: DoorAt) -> String {
    let level = grid
        .ship
        .level_id(door.level)
        .map(|l| format!("{l} "))
        .unwrap_or_default();
    format!("{level}{} {}", door.square, door.side)
}

/// What `reach --format json` writes for a play state already set up, with
/// the paths of the first `limit` squares and peeks: the editor's play test
/// asks this, so its answer and the command's are one.
pub fn json_answer(
    grid: &ShipGrid<'_>,
    state: &PlayState,
    who: Character,
    from: Cell,
    limit: usize,
) -> anyhow::Result<String> {
    let found = Rules::new(grid, state, who)?.reach(from)?;
    let mut out = Vec::new();
    write_json(
        &mut out,
        &Answer {
            grid,
            state,
            who,
            from,
            found: &found,
            limit,
            paths_to: &BTreeSet::new(),
        },
    )?;
    Ok(String::from_utf8(out)?)
}

/// What `reach --format json` writes.
struct Answer<'a> {
    grid: &'a ShipGrid<'a>,
    state: &'a PlayState,
    who: Character,
    from: Cell,
    found: &'a Reach,
    limit: usize,
    paths_to: &'a BTreeSet<Cell>,
}

/// The JSON answer, streamed one square at a time: a big ship has tens of
/// thousands of squares, and building the whole document first cost
/// gigabytes. Every square and peek is listed with its cost; the paths of
/// the first `limit` of each (and of the squares asked for with `--path`)
/// are given, and `paths_left_out` says how many were not.
fn write_json(out: &mut impl std::io::Write, answer: &Answer<'_>) -> anyhow::Result<()> {
    let (grid, who, found) = (answer.grid, answer.who, answer.found);
    let name = |cell: Cell| notation::name(grid, cell);
    let outside = |cell: Cell| !matches!(grid.region(cell), Region::Ship { .. });
    let head = json!({
        "from": name(answer.from),
        "move": who.move_value,
        "move_actions": who.actions,
        "budgets": who.budgets(),
        "ooc": who.ooc,
        "outside": who.outside,
        "magboots": who.magboots,
        "magboots_on": who.boots_on,
        "jet": who.jet,
        "run": who.run,
        "run_difficulty": who.run_difficulty(),
        "barrels": answer.state.barrels.iter().map(|c| name(*c)).collect::<Vec<_>>(),
        "locked_doors": answer.state.locked_doors.iter().map(|d| door_name(grid, *d)).collect::<Vec<_>>(),
        "path_limit": answer.limit,
    });
    // The head's fields, then the long lists written entry by entry.
    let head = serde_json::to_string(&head)?;
    out.write_all(head.trim_end_matches('}').as_bytes())?;
    let mut left_out = 0usize;
    out.write_all(b",\"destinations\":[")?;
    for (i, d) in found.destinations.iter().enumerate() {
        let mut entry = json!({
            "square": name(d.to),
            "outside": outside(d.to),
            "move_actions": d.label.action + 1,
            "points_in_last_action": d.label.spent,
            "points": d.points,
        });
        if i < answer.limit || answer.paths_to.contains(&d.to) {
            if let Some(map) = entry.as_object_mut() {
                map.insert(
                    "path".into(),
                    steps_json(grid, answer.from, &found.path(d)).into(),
                );
            }
        } else {
            left_out += 1;
        }
        if i > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, &entry)?;
    }
    out.write_all(b"],\"peeks\":[")?;
    for (i, p) in found.peeks.iter().enumerate() {
        let mut entry = json!({
            "squares": [name(p.stay), name(p.into)],
            "move_actions": p.label.action + 1,
            "points_in_last_action": p.label.spent,
            "points": p.points,
        });
        if i < answer.limit {
            if let Some(map) = entry.as_object_mut() {
                map.insert(
                    "path".into(),
                    steps_json(grid, answer.from, &found.peek_path(p)).into(),
                );
            }
        } else {
            left_out += 1;
        }
        if i > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, &entry)?;
    }
    out.write_all(b"]")?;
    if who.jet {
        // Every jet the character could try from its square, and what stops it.
        out.write_all(b",\"jet_lines\":[")?;
        let lines = jet::lines(grid, answer.state, &who, answer.from);
        for (i, (to, trace)) in lines.iter().enumerate() {
            let entry = json!({
                "to": name(*to),
                "line": trace.cells.iter().map(|(c, _)| name(*c)).collect::<Vec<_>>(),
                "stopped_at": trace.stop.map(|(c, _)| name(c)),
                "why": trace.stop.map(|(_, why)| why.kind()),
            });
            if i > 0 {
                out.write_all(b",")?;
            }
            serde_json::to_writer(&mut *out, &entry)?;
        }
        out.write_all(b"]")?;
    }
    write!(out, ",\"paths_left_out\":{left_out}")?;
    if left_out > 0 {
        let note = format!(
            "paths are given for the first {} squares and peeks (and --path squares); {left_out} left out: --limit N gives more, --path SQUARE one",
            answer.limit
        );
        out.write_all(b",\"note\":")?;
        serde_json::to_writer(&mut *out, &note)?;
    }
    out.write_all(b"}\n")?;
    Ok(())
}

/// A path's moves as JSON; a jet lists the squares its line passes through.
fn steps_json(grid: &ShipGrid<'_>, from: Cell, path: &[PathStep]) -> Vec<serde_json::Value> {
    let name = |cell: Cell| notation::name(grid, cell);
    let mut at = from;
    path.iter()
        .map(|s| {
            let mut line = None;
            let (kind, to, squares) = match s.mv {
                Move::Step(cell, step) => (step_kind(step), Some(cell), None),
                Move::Jet(cell, n) => {
                    line = Some(
                        jet::line(at, cell)
                            .iter()
                            .map(|(c, _)| name(*c))
                            .collect::<Vec<_>>(),
                    );
                    ("jet", Some(cell), Some(n))
                }
                Move::BootsOn => ("magboots-on", None, None),
                Move::NextAction => ("next-action", None, None),
            };
            if let Some(cell) = to {
                at = cell;
            }
            let mut value = json!({
                "move": kind, "to": to.map(name), "squares": squares,
                "points": s.points, "action": s.action + 1,
            });
            if let (Some(line), Some(map)) = (line, value.as_object_mut()) {
                map.insert("line".into(), line.into());
            }
            value
        })
        .collect()
}
