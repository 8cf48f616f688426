//! `deckplan noise` on an Enormity pack: a Noise roll with one die assigned
//! to each Blip, resolved nearest Blip first, with every order the rules leave
//! to the players and the end state of each (blip-movement.md, noise-roll.md).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, bail};

use super::play::{Pieces, RulesFormat, checked_play_state, require_rules_pack};
use crate::enormity::board::{Board, PageIntersection};
use crate::enormity::rules::blip_move::{self, BlipMove, NoiseOutcome};
use crate::enormity::rules::place_arg;

/// The arguments of `deckplan noise` on an Enormity pack.
#[derive(clap::Args)]
#[command(after_help = "Example:
  deckplan noise maps/derelict-meridian-tithe --spacer L1p1:E3 --blip \"L1p1:I9 ne=2\" --blip \"L1p1:A1 sw=1\"")]
pub struct NoiseArgs {
    /// A pack folder or its `pack.toml`.
    pack: PathBuf,
    /// A Spacer's space; the first given made the Noise (repeatable).
    #[arg(long = "spacer", value_name = "PAGE:SPACE")]
    spacers: Vec<String>,
    /// A Blip and the Noise on the die assigned to it, e.g. `L1p1:C3 ne=2`
    /// (0 for a quiet die; repeatable).
    #[arg(long = "blip", value_name = "PLACE=DIE")]
    blips: Vec<String>,
    /// A welded door, e.g. `L1p1:2` (repeatable).
    #[arg(long = "welded-door", alias = "weld-door", value_name = "PAGE:NUMBER")]
    welded: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = RulesFormat::Human)]
    format: RulesFormat,
}

/// Splits `L1p1:C3 ne=2` into the place and the die.
fn blip_and_die(text: &str) -> anyhow::Result<(&str, u32)> {
    let (place, die) = text.rsplit_once('=').with_context(|| {
        format!("`{text}` has no die; write the Noise on the Blip's die after `=`, like `{text}=2` (0 for a quiet die)")
    })?;
    let die: u32 = die.trim().parse().map_err(|_| {
        anyhow::anyhow!(
            "`{die}` in `{text}` is not a die result; use a whole number, 0 for a quiet die"
        )
    })?;
    Ok((place.trim(), die))
}

/// Resolves the roll and prints every outcome.
pub fn run(question: &NoiseArgs) -> anyhow::Result<ExitCode> {
    let pack = require_rules_pack(&question.pack)?;
    let Some(first) = question.spacers.first() else {
        bail!("name the Spacer who made the Noise with --spacer (the first --spacer given)");
    };
    if question.blips.is_empty() {
        bail!("name each Blip with its die, like --blip \"L1p1:C3 ne=2\"");
    }
    let mut places = Vec::new();
    let mut dice: BTreeMap<PageIntersection, u32> = BTreeMap::new();
    for text in &question.blips {
        let (place, die) = blip_and_die(text)?;
        places.push(place.to_string());
        let at = place_arg::parse_intersection(&pack, place)?;
        if die > deckplan_schema::enormity::limits::MAX_BLIP_STEPS {
            bail!(
                "a die of {die} on the Blip on {at} is more than the {} moves a Blip can make at once",
                deckplan_schema::enormity::limits::MAX_BLIP_STEPS
            );
        }
        dice.insert(at, die);
    }
    let board = Board::new(&pack);
    let pieces = Pieces {
        spacers: &question.spacers,
        blips: &places,
        welded: &question.welded,
        ..Pieces::default()
    };
    let state = checked_play_state(&board, &pieces)?;
    let toward = place_arg::parse_space(&pack, first)?;
    let result = blip_move::resolve_noise(&board, &state, toward, &dice)?;
    let order = blip_move::noise_order(&board, &state, toward)?;
    if question.format == RulesFormat::Json {
        let json = serde_json::json!({
            "spacer": toward.to_string(),
            "dice": dice.iter().map(|(b, d)| (b.to_string(), *d)).collect::<BTreeMap<_, _>>(),
            "order": order.iter().map(|tier| tier.iter().map(ToString::to_string).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "outcomes": result.outcomes.iter().map(outcome_json).collect::<Vec<_>>(),
            "truncated": result.truncated,
        });
        println!("{}", serde_json::to_string_pretty(&json)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!("Noise from the Spacer on {toward}; the Blips move nearest first:");
    for (i, tier) in order.iter().enumerate() {
        let names: Vec<String> = tier
            .iter()
            .map(|b| format!("{b} ({})", dice.get(b).copied().unwrap_or(0)))
            .collect();
        let note = if tier.len() > 1 {
            " — equally near: the players choose their order"
        } else {
            ""
        };
        println!("  {}. {}{note}", i + 1, names.join(", "));
    }
    let count = result.outcomes.len();
    for (i, outcome) in result.outcomes.iter().enumerate() {
        if count > 1 {
            println!("outcome {} of {count} (the players choose):", i + 1);
        }
        for mv in &outcome.moves {
            println!("  the Blip on {}:", mv.from);
            for line in mv.describe(4) {
                println!("{line}");
            }
        }
        let standing: Vec<String> = outcome.blips.iter().map(ToString::to_string).collect();
        let revealed: Vec<String> = outcome.revealed.iter().map(ToString::to_string).collect();
        println!(
            "  afterwards: Blips on {}; revealed: {}",
            if standing.is_empty() {
                "none".to_string()
            } else {
                standing.join(", ")
            },
            if revealed.is_empty() {
                "none".to_string()
            } else {
                revealed.join(", ")
            }
        );
    }
    if result.truncated {
        println!(
            "(more outcomes exist; the first {} are listed)",
            blip_move::MAX_OPTIONS
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// One outcome as JSON: the moves in order, where the Blips stand, where they were revealed.
fn outcome_json(outcome: &NoiseOutcome) -> serde_json::Value {
    serde_json::json!({
        "moves": outcome.moves.iter().map(BlipMove::to_json).collect::<Vec<_>>(),
        "blips": outcome.blips.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "revealed": outcome.revealed.iter().map(ToString::to_string).collect::<Vec<_>>(),
    })
}
