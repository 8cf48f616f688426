//! Battlestations's subcommands: `reach` on a ship.

pub mod reach;

use crate::verb::{ChosenBy, GameVerb, args_of, parsed};

/// Every subcommand Battlestations answers.
pub fn verbs() -> Vec<GameVerb> {
    vec![GameVerb {
        name: "reach",
        about: "where a character can end its move actions, with the cheapest way there",
        chosen_by: ChosenBy::Target("pack"),
        hidden: false,
        args: args_of::<reach::ReachArgs>,
        run: |m| reach::run_args(&parsed(m)?),
    }]
}
