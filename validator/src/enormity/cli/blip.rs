//! `deckplan blip`: move a Blip toward a Spacer (a Noise move) or along its
//! patrol arrow, and say where it stops and whether it is revealed.

use std::path::PathBuf;
use std::process::ExitCode;

use super::play::{Pieces, RulesFormat, checked_play_state, require_rules_pack};
use crate::cli::plural;

/// The arguments of `deckplan blip`.
#[derive(clap::Args)]
pub struct BlipArgs {
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
    #[arg(long, conflicts_with = "full_alert")]
    patrol: Option<String>,
    /// Full Alert: `--toward` is the Extraction space, which the Blip moves
    /// toward and is revealed beside (it may be printed out of bounds).
    #[arg(long)]
    full_alert: bool,
    /// Another Spacer's space (repeatable).
    #[arg(long = "spacer", value_name = "PLACE")]
    spacers: Vec<String>,
    /// Another Blip's intersection (repeatable).
    #[arg(long = "blip", value_name = "PLACE")]
    blips: Vec<String>,
    /// A welded door, e.g. `L1p1:2` (repeatable).
    #[arg(long = "welded-door", alias = "weld-door", value_name = "PAGE:NUMBER")]
    welded: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = RulesFormat::Human)]
    format: RulesFormat,
}

/// Moves the Blip and says where it stops.
pub fn run(args: &BlipArgs) -> anyhow::Result<ExitCode> {
    use crate::enormity::board::Board;
    use crate::enormity::rules::{blip_move, place_arg};

    let pack = require_rules_pack(&args.pack)?;
    let at = place_arg::parse_intersection(&pack, &args.at)?;
    let toward = place_arg::parse_space(&pack, &args.toward)?;
    let pieces = Pieces {
        spacers: &args.spacers,
        blips: &args.blips,
        welded: &args.welded,
        ..Pieces::default()
    };
    let board = Board::new(&pack);
    let mut state = checked_play_state(&board, &pieces)?;
    if state.blips.contains(&at) {
        anyhow::bail!("{at} is the moving Blip (--at); --blip lists only the other Blips");
    }
    let patrol = args
        .patrol
        .as_deref()
        .map(deckplan_schema::enormity::Direction::parse)
        .transpose()
        .map_err(|e| anyhow::anyhow!(e.message))?;
    let options = match patrol {
        Some(direction) => blip_move::patrol(&board, &state, at, direction, args.steps, toward)?,
        None if args.full_alert => blip_move::full_alert(&board, &state, at, toward, args.steps)?,
        None => {
            state
                .spacers
                .entry(toward)
                .or_insert(deckplan_schema::enormity::Direction::North);
            blip_move::move_blip(&board, &state, at, toward, args.steps)?
        }
    };
    if args.format == RulesFormat::Json {
        let json = serde_json::json!({
            "blip": at.to_string(),
            "toward": toward.to_string(),
            "steps": args.steps,
            "patrol": patrol.map(deckplan_schema::enormity::Direction::name),
            "full_alert": args.full_alert,
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
        None if args.full_alert => println!(
            "Blip on {at} on Full Alert, {} toward the Extraction space {toward}:",
            plural(args.steps, "move")
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
