//! `deckplan reach` on a TI4 galaxy: every system a ship can move into during
//! a tactical action, with one shortest path and the gravity rifts it rolls for.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use clap::ValueEnum;

use crate::cli::print_problems;
use crate::targets::Target;
use crate::ti4::adjacency::{Adjacency, Node};
use crate::ti4::checks::Galaxy;
use crate::ti4::rules::movement::{Move, Outcome, reach};
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
#[command(after_help = "Example:
  deckplan reach maps/ti4-six-players --from 19 --move 2 --enemy 8")]
pub struct ReachArgs {
    /// A galaxy pack folder, its `pack.toml`, or a galaxy file.
    pack: PathBuf,
    /// The ship's position (a spiral index, 0 = centre).
    #[arg(long, value_name = "POSITION")]
    from: String,
    /// Its move value.
    #[arg(long = "move", value_name = "N")]
    move_value: u32,
    /// A position holding another player's ships (blocks passing); repeatable.
    #[arg(long = "enemy", value_name = "POSITION")]
    enemies: Vec<String>,
    /// A position holding the player's command token; repeatable.
    #[arg(long = "token", value_name = "POSITION")]
    tokens: Vec<String>,
    /// The active system's position.
    #[arg(long, value_name = "POSITION")]
    active: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReachFormat::Human)]
    format: ReachFormat,
}

/// A position argument: a spiral index.
fn position(text: &str) -> anyhow::Result<Node> {
    let index: u32 = text.trim().parse().with_context(|| {
        format!("`{text}` is not a position: TI4 positions are spiral indexes (0 = centre)")
    })?;
    Ok(Node::Board(index))
}

/// Answers the question.
pub fn run(question: &ReachArgs) -> anyhow::Result<ExitCode> {
    let path = ti4::galaxy_path(&Target::of(&question.pack));
    let (file, problems) = ti4::load_galaxy(&path)?;
    print_problems(&problems, "Fix the galaxy file to play-test it.");
    let Some(file) = file else {
        return Ok(ExitCode::from(1));
    };
    let builtin = builtin_catalogue().map_err(anyhow::Error::msg)?;
    let catalogue = file.catalogue(builtin);
    let adjacency = Adjacency::of(&file, &catalogue);
    let source = deckplan_schema::SourceFile::new(path.clone(), String::new());
    let galaxy = Galaxy {
        file: &file,
        catalogue: &catalogue,
        adjacency: &adjacency,
        source: &source,
    };
    let set = |texts: &[String]| {
        texts
            .iter()
            .map(|t| position(t))
            .collect::<anyhow::Result<BTreeSet<Node>>>()
    };
    let ship = Move {
        from: Some(position(&question.from)?),
        move_value: question.move_value,
        enemies: set(&question.enemies)?,
        tokens: set(&question.tokens)?,
        active: question.active.as_deref().map(position).transpose()?,
    };
    let moves = match reach(&galaxy, &ship) {
        Outcome::Moves(moves) => moves,
        Outcome::Stuck(why) => bail!("{why}"),
    };
    let name = |node: &Node| match node {
        Node::Board(p) => p.to_string(),
        Node::OffBoard(t) => format!("off-board {t}"),
    };
    if question.format == ReachFormat::Json {
        let destinations: Vec<serde_json::Value> = moves
            .iter()
            .map(|m| {
                serde_json::json!({
                    "system": name(&m.to),
                    "entered": m.path.len().saturating_sub(1),
                    "path": m.path.iter().map(name).collect::<Vec<_>>(),
                    "gravity_rift_rolls": m.rifts.iter().map(name).collect::<Vec<_>>(),
                })
            })
            .collect();
        let answer = serde_json::json!({
            "from": question.from,
            "move": question.move_value,
            "active": question.active,
            "destinations": destinations,
        });
        println!("{}", serde_json::to_string_pretty(&answer)?);
        return Ok(ExitCode::SUCCESS);
    }
    if moves.is_empty() {
        println!(
            "No system can be moved into from position {}.",
            question.from
        );
    }
    for m in &moves {
        let path: Vec<String> = m.path.iter().map(name).collect();
        let rolls = if m.rifts.is_empty() {
            String::new()
        } else {
            let rifts: Vec<String> = m.rifts.iter().map(name).collect();
            format!(
                " (gravity rift roll at {}: destroyed on 1–3)",
                rifts.join(", ")
            )
        };
        println!("{}: {}{rolls}", name(&m.to), path.join(" → "));
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_spiral_indexes() {
        assert_eq!(position("25").ok(), Some(Node::Board(25)));
        assert_eq!(
            position("L1p1:C3")
                .map_err(|e| e.to_string())
                .err()
                .as_deref(),
            Some("`L1p1:C3` is not a position: TI4 positions are spiral indexes (0 = centre)")
        );
    }
}
