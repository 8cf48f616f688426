//! `deckplan los`: whether the figure on one space has line of sight to
//! another, and what blocks it.

use std::path::PathBuf;
use std::process::ExitCode;

use super::play::{Pieces, RulesFormat, checked_play_state, require_rules_pack};

/// The arguments of `deckplan los`.
#[derive(clap::Args)]
pub struct LosArgs {
    /// A pack folder or its `pack.toml`.
    pack: PathBuf,
    /// The attacker's space, e.g. `L1p1:C3`.
    #[arg(long)]
    from: String,
    /// The target's space, e.g. `L1p1:H7`.
    #[arg(long)]
    to: String,
    /// An Intruder's space (repeatable).
    #[arg(long = "intruder", value_name = "PLACE")]
    intruders: Vec<String>,
    /// An opened door, e.g. `L1p1:2` (doors are closed at setup; repeatable).
    #[arg(long = "open-door", value_name = "PAGE:NUMBER")]
    opened: Vec<String>,
    /// A welded door, e.g. `L1p1:2` (repeatable).
    #[arg(long = "welded-door", alias = "weld-door", value_name = "PAGE:NUMBER")]
    welded: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = RulesFormat::Human)]
    format: RulesFormat,
}

/// Answers whether one space sees the other.
pub fn run(args: &LosArgs) -> anyhow::Result<ExitCode> {
    use crate::enormity::board::Board;
    use crate::enormity::rules::{los, place_arg};

    let pack = require_rules_pack(&args.pack)?;
    let from = place_arg::parse_space(&pack, &args.from)?;
    let to = place_arg::parse_space(&pack, &args.to)?;
    let pieces = Pieces {
        intruders: &args.intruders,
        opened: &args.opened,
        welded: &args.welded,
        ..Pieces::default()
    };
    let board = Board::new(&pack);
    let state = checked_play_state(&board, &pieces)?;
    let sight = los::line_of_sight(&board, &state, from, to)?;
    if args.format == RulesFormat::Json {
        let mut json = sight.to_json();
        if let Some(object) = json.as_object_mut() {
            object.insert("from".to_string(), from.to_string().into());
            object.insert("to".to_string(), to.to_string().into());
        }
        println!("{}", serde_json::to_string_pretty(&json)?);
        return Ok(ExitCode::SUCCESS);
    }
    match (sight.visible, sight.line) {
        (true, Some(line)) => println!(
            "{from} has line of sight to {to}: from its {} corner to the target's {} corner.",
            line.from.name(),
            line.to.name()
        ),
        (true, None) => println!("{from} and {to} are the same space."),
        (false, line) => {
            println!("{from} has no line of sight to {to}.");
            if let Some(line) = line {
                println!(
                    "The best line, from its {} corner to the target's {} corner, is blocked by:",
                    line.from.name(),
                    line.to.name()
                );
            }
            for blocker in &sight.blockers {
                println!("  - {blocker}");
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
