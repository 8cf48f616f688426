//! Nemesis's subcommands: the play-test questions (`move`, `noise`,
//! `intruder`) and GraphML import.

pub mod graphml;
pub mod intruder;
pub mod movement;
pub mod noise;
pub mod play;

use crate::verb::{ChosenBy, GameVerb, args_of, parsed};

/// Every subcommand Nemesis answers.
pub fn verbs() -> Vec<GameVerb> {
    let pack = ChosenBy::Target("pack");
    vec![
        GameVerb {
            name: "move",
            about: "The rooms a Nemesis Movement action reaches from a room, and what entering each does",
            chosen_by: pack,
            hidden: false,
            args: args_of::<movement::MoveArgs>,
            run: |m| movement::run(&parsed(m)?),
        },
        GameVerb {
            name: "noise",
            about: "what a Noise roll does in a room, for one die face or all of them",
            chosen_by: pack,
            hidden: false,
            args: args_of::<noise::NoiseArgs>,
            run: |m| noise::run(&parsed(m)?),
        },
        GameVerb {
            name: "intruder",
            about: "Where a Nemesis Intruder goes when moved through the corridor with a number",
            chosen_by: pack,
            hidden: false,
            args: args_of::<intruder::IntruderArgs>,
            run: |m| intruder::run(&parsed(m)?),
        },
        GameVerb {
            name: "import",
            about: "GraphML boards as Nemesis ships",
            chosen_by: ChosenBy::Option("graphml"),
            hidden: false,
            args: args_of::<graphml::ImportArgs>,
            run: |m| graphml::run(&parsed(m)?),
        },
    ]
}
