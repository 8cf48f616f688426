//! TI4's subcommands: `reach` on a galaxy, and map strings both ways.

pub mod map_string;
pub mod reach;

use crate::verb::{ChosenBy, GameVerb, args_of, parsed};

/// Every subcommand TI4 answers.
pub fn verbs() -> Vec<GameVerb> {
    vec![
        GameVerb {
            name: "reach",
            about: "where a ship can move in a tactical action, with one shortest path to each system",
            chosen_by: ChosenBy::Target("pack"),
            hidden: false,
            args: args_of::<reach::ReachArgs>,
            run: |m| reach::run(&parsed(m)?),
        },
        GameVerb {
            name: "export",
            about: "a galaxy as a map string",
            chosen_by: ChosenBy::Target("path"),
            hidden: false,
            args: args_of::<map_string::ExportArgs>,
            run: |m| map_string::export(&parsed(m)?),
        },
        GameVerb {
            name: "import",
            about: "map strings as galaxy packs",
            chosen_by: ChosenBy::Option("map_string"),
            hidden: false,
            args: args_of::<map_string::ImportArgs>,
            run: |m| map_string::import(&parsed(m)?),
        },
    ]
}
