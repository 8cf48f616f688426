//! `deckplan move`: where a Movement action takes a Character on a Nemesis
//! ship, and what entering each room does (reveal, Noise roll, or with
//! `--careful` every corridor the player may choose and its outcome).

use std::process::ExitCode;

use anyhow::bail;
use serde_json::json;

use crate::nemesis::graph::ShipGraph;
use crate::nemesis::rules::answer;
use crate::nemesis::rules::describe::{
    careful_refusal_json, careful_refusal_text, outcome_json, way_json,
};
use crate::nemesis::rules::state::room_arg;
use crate::nemesis::rules::{
    CarefulRefusal, NoiseOutcome, Way, careful_options, enter, neighbours,
};

use super::play::{PlayFormat, ShipState, load_ship, play_state};

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
    /// Careful Movement: list the corridors the player may put the Noise
    /// marker in (those without Noise), instead of a Noise roll.
    #[arg(long)]
    careful: bool,
}

/// Answers the question.
pub fn run(args: &MoveArgs) -> anyhow::Result<ExitCode> {
    let Some(ship) = load_ship(&args.state.pack)? else {
        return Ok(ExitCode::from(1));
    };
    let graph = ShipGraph::new(&ship);
    let asked = play_state(&graph, &args.state)?;
    let from = room_arg(&graph, &args.from)?;
    // The moving Character is not in the room it enters.
    let mut state = asked.clone();
    if let Some(n) = state.characters.get_mut(&from) {
        *n = n.saturating_sub(1);
    }
    // An Intruder in the room moved from: the Character is in Combat.
    let escape = state.intruders_in(from) > 0;
    if args.careful && escape {
        bail!(
            "no Careful Movement from {from}: {}",
            careful_refusal_text(CarefulRefusal::InCombat)
        );
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
                if args.careful && let Some(map) = value.as_object_mut() {
                    match careful_options(&graph, &state, n.room) {
                        Ok(ways) if entry.noise_roll => {
                            let options: Vec<_> = ways
                                .iter()
                                .map(|way| json!({ "choose": way_json(&graph, *way), "then": outcome_json(&graph, &NoiseOutcome::NoisePlaced(*way)) }))
                                .collect();
                            map.insert("careful".to_string(), options.into());
                        }
                        Ok(_) => {}
                        Err(refusal) => {
                            map.insert(
                                "careful_refused".to_string(),
                                careful_refusal_json(refusal).into(),
                            );
                        }
                    }
                }
                value
            })
            .collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "from": from.as_str(),
                "escape": escape,
                "destinations": destinations,
            }))?
        );
        return Ok(ExitCode::SUCCESS);
    }

    match answer::movement(&graph, &asked, from, to, args.careful) {
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
        }
        Err(refusal) => bail!("{refusal}"),
    }
    Ok(ExitCode::SUCCESS)
}
