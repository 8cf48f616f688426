//! `deckplan move`: where a Movement action takes a Character on a Nemesis
//! ship, and what entering each room does (reveal, Noise roll, or with
//! `--careful` every corridor the player may choose and its outcome).

use std::process::ExitCode;

use crate::nemesis::graph::ShipGraph;
use crate::nemesis::rules::describe::{
    outcome_json, outcome_text, way_json, way_text,
};
use crate::nemesis::rules::state::room_arg;
use crate::nemesis::rules::{Way, careful_options, enter, neighbours};
use serde_json::json;

use super::play::{PlayFormat, ShipState, load_ship, play_state};
use crate::cli::plural;

/// The arguments of `deckplan move`.
#[derive(clap::Args)]
#[command(after_help = "Example:
  deckplan move maps/kestrel-relay --from hibernatorium --door hibernatorium/cargo=open --careful")]
pub struct MoveArgs {
    #[command(flatten)]
    state: ShipState,
    /// The room the Character moves from.
    #[arg(long, value_name = "ROOM")]
    from: String,
    /// Only this destination.
    #[arg(long, value_name = "ROOM")]
    to: Option<String>,
    /// Careful Movement: list every corridor the player may put Noise in, with its outcome.
    #[arg(long)]
    careful: bool,
}

/// Answers the question.
pub fn run(args: &MoveArgs) -> anyhow::Result<ExitCode> {
    let Some(ship) = load_ship(&args.state.pack)? else {
        return Ok(ExitCode::from(1));
    };
    let graph = ShipGraph::new(&ship);
    let mut state = play_state(&graph, &args.state)?;
    let from = room_arg(&graph, &args.from)?;
    // The moving Character is not in the room it enters.
    if let Some(n) = state.characters.get_mut(&from) {
        *n = n.saturating_sub(1);
    }
    let to = args
        .to
        .as_deref()
        .map(|t| room_arg(&graph, t))
        .transpose()?;
    let found: Vec<_> = neighbours(&graph, &state, from)
        .into_iter()
        .filter(|n| to.is_none_or(|t| t == n.room))
        .collect();

    if args.state.format == PlayFormat::Json {
        let destinations: Vec<_> = found
            .iter()
            .map(|n| {
                let entry = enter(&graph, &state, n.room);
                let mut value = json!({
                    "room": n.room.as_str(),
                    "corridor": way_json(&graph, Way::Corridor(n.corridor)),
                    "door": n.door.name(),
                    "reveal": entry.reveal,
                    "noise_roll": entry.noise_roll,
                });
                if args.careful && entry.noise_roll && let Some(map) = value.as_object_mut() {
                    let options: Vec<_> = careful_options(&graph, &state, n.room)
                        .iter()
                        .map(|(way, outcome)| json!({ "choose": way_json(&graph, *way), "then": outcome_json(&graph, outcome) }))
                        .collect();
                    map.insert("careful".to_string(), options.into());
                }
                value
            })
            .collect();
        println!(
            "{}",
            serde_json::to_string_pretty(
                &json!({ "from": from.as_str(), "destinations": destinations })
            )?
        );
        return Ok(ExitCode::SUCCESS);
    }

    println!(
        "A Movement action from {from} reaches {}:",
        plural(found.len(), "room")
    );
    for n in &found {
        let entry = enter(&graph, &state, n.room);
        let mut steps = Vec::new();
        if entry.reveal {
            steps.push("reveal the room and its Exploration token");
        }
        steps.push(if entry.noise_roll {
            if args.careful {
                "choose a corridor for Noise"
            } else {
                "make a Noise roll"
            }
        } else {
            "someone is there: no Noise roll"
        });
        let door = match n.door.name() {
            "open" => String::new(),
            other => format!(", door {other}"),
        };
        println!(
            "  {:<16} through {}{door}: {}",
            n.room.as_str(),
            way_text(&graph, Way::Corridor(n.corridor)),
            steps.join(", then ")
        );
        if args.careful && entry.noise_roll {
            for (way, outcome) in careful_options(&graph, &state, n.room) {
                println!(
                    "      choose {}: {}",
                    way_text(&graph, way),
                    outcome_text(&graph, &outcome)
                );
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
