//! What revealing a Blip does (`blip-movement.md`, "Revealing Blips",
//! "Overspawn", "Unique Specimen", "Ambush Attacks"), as the steps the
//! players resolve, with every choice the rules leave them.
//!
//! # Interpretations
//!
//! - **Tokens**: the "nothing" symbol of the reveal table is the Echo of the
//!   text: it is removed from play (discarded) and a new Blip spawns by the
//!   spawn rules ([`spawn`]). Tokens A and B spawn Intruders by phase
//!   (A: 1 in Infiltration, 2 in Eclipse and Extraction; B: 2 in Infiltration
//!   and Eclipse, 3 in Extraction); the random token spawns one Unique
//!   Intruder. Intruder tokens go back to the Blip Pool.
//! - **Where Intruders go**: "on a space adjacent to the Spacer" — adjacency
//!   in the rules' sense ([`adjacent_spaces`]), on spaces a baseline Intruder
//!   can stand on that hold no figure. When there are fewer such spaces than
//!   Intruders, the rest go on "the nearest empty space": the empty standable
//!   spaces nearest the Spacer by the rulebook's distance ([`manhattan`]),
//!   tier by tier. Within a tier with more spaces than Intruders, the players
//!   choose: the step lists the tier and how many go there.
//! - **Overspawn**: when no empty space is left, each Intruder that cannot be
//!   placed activates the farthest Intruder from the Spacer (by the same
//!   distance; the ones just placed count); a tie is the players' choice.
//! - **Overwhelm**: an Echo whose new Blip cannot spawn (no spawn point joined
//!   to the Spacer's page) triggers the Intruder's Overwhelm ability once.
//! - **Ambush**: Intruders spawned by a Blip revealed by moving act at once;
//!   after a Scout action they do not, and the Spacer may attack one of them at
//!   no extra cost.

use std::collections::BTreeMap;
use std::fmt;

use super::PlayState;
use super::distance::{adjacent_spaces, manhattan, walkable};
use super::spawn::{SpawnError, SpawnOption, spawn};
use crate::enormity::board::{Board, PageSpace};

/// The token under a revealed Blip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    /// Nothing: an Echo.
    Echo,
    /// Token A: 1 Intruder in Infiltration, else 2.
    A,
    /// Token B: 2 Intruders in Infiltration and Eclipse, 3 in Extraction.
    B,
    /// The random token: one random Unique Intruder.
    Unique,
}

impl Token {
    /// Reads `echo`, `a`, `b` or `unique`.
    pub fn parse(text: &str) -> Option<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "echo" | "nothing" => Some(Self::Echo),
            "a" => Some(Self::A),
            "b" => Some(Self::B),
            "unique" | "random" => Some(Self::Unique),
            _ => None,
        }
    }

    /// How many Intruders it spawns in a phase (0 for an Echo).
    pub const fn intruders(self, phase: Phase) -> u32 {
        match (self, phase) {
            (Self::Echo, _) => 0,
            (Self::A, Phase::Infiltration) | (Self::Unique, _) => 1,
            (Self::A | Self::B, Phase::Eclipse) | (Self::A, Phase::Extraction) => 2,
            (Self::B, Phase::Infiltration) => 2,
            (Self::B, Phase::Extraction) => 3,
        }
    }
}

/// The phase of the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Infiltration.
    Infiltration,
    /// Eclipse.
    Eclipse,
    /// Extraction.
    Extraction,
}

impl Phase {
    /// Reads `infiltration`, `eclipse` or `extraction`.
    pub fn parse(text: &str) -> Option<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "infiltration" => Some(Self::Infiltration),
            "eclipse" => Some(Self::Eclipse),
            "extraction" => Some(Self::Extraction),
            _ => None,
        }
    }
}

/// One step of a reveal, in the order the players resolve them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RevealStep {
    /// The Echo is removed from play.
    EchoRemoved,
    /// A new Blip spawns: each option the spawn rules leave.
    SpawnBlip(Vec<SpawnOption>),
    /// No Blip can spawn: the Intruder's Overwhelm ability triggers.
    Overwhelm,
    /// Intruders go on these spaces: `count` of `spaces` (all when equal).
    PlaceIntruders {
        /// How many go here.
        count: u32,
        /// The spaces to choose from.
        spaces: Vec<PageSpace>,
        /// Whether these are the spaces adjacent to the Spacer (else the nearest empty ones).
        adjacent: bool,
    },
    /// Intruders that cannot be placed: each activates the farthest Intruder.
    Overspawn {
        /// How many could not be placed.
        missing: u32,
        /// The farthest Intruders (a tie is the players' choice).
        farthest: Vec<PageSpace>,
    },
    /// A Unique Specimen card is drawn for the spawned Intruder.
    UniqueSpecimen,
    /// The spawned Intruders act at once.
    Ambush,
    /// Revealed by a Scout action: no ambush; the Spacer may attack one spawned Intruder.
    ScoutAttack,
    /// The token goes back into the Blip Pool (no new Blip spawns).
    TokenToPool,
}

impl fmt::Display for RevealStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |spaces: &[PageSpace]| {
            spaces
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            Self::EchoRemoved => f.write_str("the Echo is removed from play"),
            Self::SpawnBlip(options) => {
                let at: Vec<String> = options.iter().map(|o| o.at.to_string()).collect();
                write!(f, "a new Blip spawns on {}", at.join(" or "))
            }
            Self::Overwhelm => {
                f.write_str("no Blip can spawn: trigger the Intruder's Overwhelm ability")
            }
            Self::PlaceIntruders {
                count,
                spaces,
                adjacent,
            } => {
                let what = if *count == 1 { "Intruder" } else { "Intruders" };
                let where_ = if *adjacent {
                    "adjacent to the Spacer"
                } else {
                    "on the nearest empty spaces"
                };
                if usize::try_from(*count).is_ok_and(|c| c == spaces.len()) {
                    write!(f, "place {count} {what} {where_}: {}", list(spaces))
                } else {
                    write!(
                        f,
                        "place {count} {what} {where_}, the players choosing among {}",
                        list(spaces)
                    )
                }
            }
            Self::Overspawn { missing, farthest } => write!(
                f,
                "no empty space for {missing} more: activate the farthest Intruder ({}) once for each",
                list(farthest)
            ),
            Self::UniqueSpecimen => f.write_str(
                "draw a random Unique Specimen card and mark the spawned Intruder with its number",
            ),
            Self::Ambush => f.write_str("the spawned Intruders act at once (ambush)"),
            Self::ScoutAttack => f.write_str(
                "revealed by a Scout action: no ambush, and the Spacer may attack one spawned Intruder at no extra cost",
            ),
            Self::TokenToPool => {
                f.write_str("shuffle the token back into the Blip Pool (no new Blip spawns)")
            }
        }
    }
}

/// What a reveal does, step by step.
///
/// `spacer` is the Spacer who revealed the Blip (or the Priority Target);
/// `scout` says the reveal came from a Scout action rather than a move.
pub fn reveal(
    board: &Board<'_>,
    state: &PlayState,
    spacer: PageSpace,
    token: Token,
    phase: Phase,
    scout: bool,
) -> Result<Vec<RevealStep>, SpawnError> {
    if token == Token::Echo {
        let spawned = match spawn(board, state, spacer) {
            Ok(options) => RevealStep::SpawnBlip(options),
            Err(SpawnError::NoSpawnPoint(_)) => RevealStep::Overwhelm,
            Err(other) => return Err(other),
        };
        return Ok(vec![RevealStep::EchoRemoved, spawned]);
    }
    let mut steps = Vec::new();
    let mut left = token.intruders(phase);
    let empty = |s: &PageSpace| walkable(board, *s) && !state.occupied(*s);
    let mut adjacent: Vec<PageSpace> = adjacent_spaces(board, state, spacer)
        .into_iter()
        .filter(empty)
        .collect();
    adjacent.sort();
    let mut placed: Vec<PageSpace> = Vec::new();
    if !adjacent.is_empty() {
        let count = left.min(u32::try_from(adjacent.len()).unwrap_or(u32::MAX));
        if count == u32::try_from(adjacent.len()).unwrap_or(u32::MAX) {
            placed.extend(adjacent.iter().copied());
        }
        steps.push(RevealStep::PlaceIntruders {
            count,
            spaces: adjacent.clone(),
            adjacent: true,
        });
        left -= count;
    }
    if left > 0 {
        // The nearest empty spaces, tier by tier, beyond those just filled.
        let mut tiers: BTreeMap<u32, Vec<PageSpace>> = BTreeMap::new();
        for page in board.pack.pages.values() {
            for space in page.size.spaces() {
                let at = PageSpace {
                    page: page.id,
                    space,
                };
                if at == spacer || adjacent.contains(&at) || !empty(&at) {
                    continue;
                }
                if let Some(d) = manhattan(board, spacer, at) {
                    tiers.entry(d).or_default().push(at);
                }
            }
        }
        for spaces in tiers.into_values() {
            if left == 0 {
                break;
            }
            let count = left.min(u32::try_from(spaces.len()).unwrap_or(u32::MAX));
            if usize::try_from(count).is_ok_and(|c| c == spaces.len()) {
                placed.extend(spaces.iter().copied());
            }
            steps.push(RevealStep::PlaceIntruders {
                count,
                spaces,
                adjacent: false,
            });
            left -= count;
        }
    }
    if left > 0 {
        let all: Vec<PageSpace> = state.intruders.keys().copied().chain(placed).collect();
        let far = |s: &PageSpace| manhattan(board, spacer, *s).unwrap_or(0);
        let most = all.iter().map(far).max();
        let farthest: Vec<PageSpace> = all
            .iter()
            .copied()
            .filter(|s| Some(far(s)) == most)
            .collect();
        steps.push(RevealStep::Overspawn {
            missing: left,
            farthest,
        });
    }
    if token == Token::Unique {
        steps.push(RevealStep::UniqueSpecimen);
    }
    steps.push(if scout {
        RevealStep::ScoutAttack
    } else {
        RevealStep::Ambush
    });
    steps.push(RevealStep::TokenToPool);
    Ok(steps)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]

    use deckplan_schema::enormity::Direction;

    use super::*;
    use crate::enormity::rules::testing::{at, board_of, intruder, one_page};

    fn texts(steps: &[RevealStep]) -> Vec<String> {
        steps.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn intruders_go_next_to_the_spacer_then_to_the_nearest_empty_spaces() {
        // A corridor: the Spacer on A2 has two neighbours, A1 and A3.
        let pack = one_page("A .....\n", "");
        let board = board_of(&pack);
        let mut state = PlayState::default();
        state.spacers.insert(at("A2"), Direction::North);
        // Token B in Extraction: three Intruders; A1 and A3, then A4 (distance 2).
        let steps = reveal(&board, &state, at("A2"), Token::B, Phase::Extraction, false).unwrap();
        assert_eq!(
            texts(&steps),
            [
                "place 2 Intruders adjacent to the Spacer: L1p1 A1, L1p1 A3",
                "place 1 Intruder on the nearest empty spaces: L1p1 A4",
                "the spawned Intruders act at once (ambush)",
                "shuffle the token back into the Blip Pool (no new Blip spawns)",
            ]
        );
        // Token A in Infiltration: one Intruder, the players choose A1 or A3;
        // a Scout action means no ambush.
        let steps = reveal(
            &board,
            &state,
            at("A2"),
            Token::A,
            Phase::Infiltration,
            true,
        )
        .unwrap();
        assert_eq!(
            texts(&steps)[..2],
            [
                "place 1 Intruder adjacent to the Spacer, the players choosing among L1p1 A1, L1p1 A3",
                "revealed by a Scout action: no ambush, and the Spacer may attack one spawned Intruder at no extra cost",
            ]
        );
    }

    #[test]
    fn with_no_empty_space_left_the_farthest_intruder_activates() {
        // Two spaces: the Spacer on A1, an Intruder already on A2.
        let pack = one_page("A ..\n", "");
        let board = board_of(&pack);
        let mut state = PlayState::default();
        state.spacers.insert(at("A1"), Direction::North);
        state.intruders.insert(at("A2"), intruder());
        let steps = reveal(&board, &state, at("A1"), Token::B, Phase::Eclipse, false).unwrap();
        assert_eq!(
            steps[0],
            RevealStep::Overspawn {
                missing: 2,
                farthest: vec![at("A2")],
            }
        );
    }

    #[test]
    fn an_echo_spawns_a_new_blip_or_triggers_overwhelm() {
        let with_point = one_page(
            "B ...\nA ...\n",
            "[intersections]\nspawn_points = [\"B3 ne\"]\n",
        );
        let board = board_of(&with_point);
        let mut state = PlayState::default();
        state.spacers.insert(at("A1"), Direction::North);
        let steps = reveal(&board, &state, at("A1"), Token::Echo, Phase::Eclipse, false).unwrap();
        assert_eq!(
            texts(&steps),
            [
                "the Echo is removed from play",
                "a new Blip spawns on L1p1 B3 ne"
            ]
        );
        let without = one_page("A ...\n", "");
        let board = board_of(&without);
        let steps = reveal(&board, &state, at("A1"), Token::Echo, Phase::Eclipse, false).unwrap();
        assert_eq!(steps[1], RevealStep::Overwhelm);
    }

    #[test]
    fn tokens_spawn_by_phase() {
        let counts: Vec<u32> = [Token::A, Token::B, Token::Unique]
            .into_iter()
            .flat_map(|t| {
                [Phase::Infiltration, Phase::Eclipse, Phase::Extraction]
                    .into_iter()
                    .map(move |p| t.intruders(p))
            })
            .collect();
        assert_eq!(counts, [1, 2, 2, 2, 2, 3, 1, 1, 1]);
        assert_eq!(Token::Echo.intruders(Phase::Extraction), 0);
    }
}
