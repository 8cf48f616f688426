//! Enormity's subcommands: the play-test questions (`reach`, `blip`, `los`,
//! `noise`, `reveal`), Tiled maps both ways, and the hidden pack generator
//! of the benchmarks; and its own options of `show` and `render`.

pub mod blip;
pub mod draw;
pub mod generate;
pub mod los;
pub mod noise;
pub mod play;
pub mod reach;
pub mod reveal;
pub mod tiled;

use crate::verb::{ChosenBy, GameVerb, args_of, parsed};

/// Every subcommand Enormity answers.
pub fn verbs() -> Vec<GameVerb> {
    let pack = ChosenBy::Target("pack");
    vec![
        GameVerb {
            name: "reach",
            about: "where a Spacer can move with a Move value, with a shortest path to each space",
            chosen_by: pack,
            hidden: false,
            args: args_of::<reach::ReachArgs>,
            run: |m| reach::run(&parsed(m)?),
        },
        GameVerb {
            name: "blip",
            about: "Move a Blip toward a Spacer (a Noise move) or along its patrol arrow, and say where it stops and whether it is revealed",
            chosen_by: pack,
            hidden: false,
            args: args_of::<blip::BlipArgs>,
            run: |m| blip::run(&parsed(m)?),
        },
        GameVerb {
            name: "los",
            about: "Whether the miniature on one space has line of sight to another, and what blocks it",
            chosen_by: pack,
            hidden: false,
            args: args_of::<los::LosArgs>,
            run: |m| los::run(&parsed(m)?),
        },
        GameVerb {
            name: "reveal",
            about: "What revealing a Blip does: an Echo's new Blip, or where its Intruders go, step by step",
            chosen_by: pack,
            hidden: false,
            args: args_of::<reveal::RevealArgs>,
            run: |m| reveal::run(&parsed(m)?),
        },
        GameVerb {
            name: "noise",
            about: "how the Blips move on the dice assigned to them, nearest first",
            chosen_by: pack,
            hidden: false,
            args: args_of::<noise::NoiseArgs>,
            run: |m| noise::run(&parsed(m)?),
        },
        GameVerb {
            name: "export",
            about: "pages as Tiled JSON maps, a pack as a Tiled world",
            chosen_by: ChosenBy::Target("path"),
            hidden: false,
            args: args_of::<tiled::ExportArgs>,
            run: |m| tiled::export(&parsed(m)?),
        },
        GameVerb {
            name: "import",
            about: "Tiled maps and worlds as pages and packs",
            chosen_by: ChosenBy::Option("tiled"),
            hidden: false,
            args: args_of::<tiled::ImportArgs>,
            run: |m| tiled::import(&parsed(m)?),
        },
        GameVerb {
            name: "generate-pack",
            about: "Write a seeded pack of generated pages, for benchmarks (`bench/run`)",
            chosen_by: ChosenBy::Alone,
            hidden: true,
            args: args_of::<generate::GenerateArgs>,
            run: |m| generate::run(&parsed(m)?),
        },
    ]
}
