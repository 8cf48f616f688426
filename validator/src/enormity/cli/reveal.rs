//! `deckplan reveal`: what revealing a Blip does on an Enormity pack — the
//! Echo's new Blip, or where the Intruders go, overspawn and ambush — step by
//! step, with the choices the rules leave to the players.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::enormity::board::Board;
use crate::enormity::rules::place_arg;
use crate::enormity::rules::reveal::{Phase, RevealStep, Token, reveal};
use anyhow::bail;

use super::play::{Pieces, RulesFormat, checked_play_state, require_rules_pack};

/// The arguments of `deckplan reveal`.
#[derive(clap::Args)]
#[command(after_help = "Example:
  deckplan reveal maps/derelict-meridian-tithe --spacer L1p1:E3 --token b --phase eclipse")]
pub struct RevealArgs {
    /// A pack folder or its `pack.toml`.
    pack: PathBuf,
    /// The Spacer who revealed the Blip (or the Priority Target), e.g. `L1p1:E3`.
    #[arg(long, value_name = "PAGE:SPACE")]
    spacer: String,
    /// The token under the Blip: `echo`, `a`, `b` or `unique`.
    #[arg(long)]
    token: String,
    /// The phase of the run: `infiltration`, `eclipse` or `extraction`.
    #[arg(long)]
    phase: String,
    /// The Blip was revealed by a Scout action (no ambush).
    #[arg(long)]
    scout: bool,
    /// Another Spacer's space (repeatable).
    #[arg(long = "other-spacer", value_name = "PAGE:SPACE")]
    others: Vec<String>,
    /// An Intruder's space (repeatable).
    #[arg(long = "intruder", value_name = "PAGE:SPACE")]
    intruders: Vec<String>,
    /// Another Blip's intersection, for where an Echo's new Blip can spawn (repeatable).
    #[arg(long = "blip", value_name = "PLACE")]
    blips: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = RulesFormat::Human)]
    format: RulesFormat,
}

/// Prints the steps of the reveal.
pub fn run(args: &RevealArgs) -> anyhow::Result<ExitCode> {
    let pack = require_rules_pack(&args.pack)?;
    let Some(token) = Token::parse(&args.token) else {
        bail!(
            "`{}` is not a reveal token; use echo, a, b or unique",
            args.token
        );
    };
    let Some(phase) = Phase::parse(&args.phase) else {
        bail!(
            "`{}` is not a phase; use infiltration, eclipse or extraction",
            args.phase
        );
    };
    let board = Board::new(&pack);
    let mut spacers = vec![args.spacer.clone()];
    spacers.extend(args.others.iter().cloned());
    let pieces = Pieces {
        spacers: &spacers,
        intruders: &args.intruders,
        blips: &args.blips,
        ..Pieces::default()
    };
    let state = checked_play_state(&board, &pieces)?;
    let spacer = place_arg::parse_space(&pack, &args.spacer)?;
    let steps = reveal(&board, &state, spacer, token, phase, args.scout)?;
    if args.format == RulesFormat::Json {
        let json = serde_json::json!({
            "spacer": spacer.to_string(),
            "steps": steps.iter().map(step_json).collect::<Vec<_>>(),
        });
        println!("{}", serde_json::to_string_pretty(&json)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!("Revealing the Blip for the Spacer on {spacer}:");
    for (i, step) in steps.iter().enumerate() {
        println!("  {}. {step}", i + 1);
    }
    Ok(ExitCode::SUCCESS)
}

/// One step as JSON: `kind`, its places, and `text` as printed.
fn step_json(step: &RevealStep) -> serde_json::Value {
    let names = |spaces: &[crate::enormity::board::PageSpace]| {
        spaces.iter().map(ToString::to_string).collect::<Vec<_>>()
    };
    let mut json = match step {
        RevealStep::EchoRemoved => serde_json::json!({ "kind": "echo_removed" }),
        RevealStep::SpawnBlip(options) => serde_json::json!({
            "kind": "spawn_blip",
            "options": options.iter().map(|o| o.at.to_string()).collect::<Vec<_>>(),
        }),
        RevealStep::Overwhelm => serde_json::json!({ "kind": "overwhelm" }),
        RevealStep::PlaceIntruders {
            count,
            spaces,
            adjacent,
        } => serde_json::json!({
            "kind": "place_intruders",
            "count": count,
            "spaces": names(spaces),
            "adjacent": adjacent,
        }),
        RevealStep::Overspawn { missing, farthest } => serde_json::json!({
            "kind": "overspawn",
            "missing": missing,
            "farthest": names(farthest),
        }),
        RevealStep::UniqueSpecimen => serde_json::json!({ "kind": "unique_specimen" }),
        RevealStep::Ambush => serde_json::json!({ "kind": "ambush" }),
        RevealStep::ScoutAttack => serde_json::json!({ "kind": "scout_attack" }),
        RevealStep::TokenToPool => serde_json::json!({ "kind": "token_to_pool" }),
    };
    if let Some(object) = json.as_object_mut() {
        object.insert("text".to_string(), step.to_string().into());
    }
    json
}
