//! Every change to a galaxy, as data: the board's UI records [`Edit`]s and
//! the shell applies them after the frame. An edit sets one position, the
//! seats, the rings, the tiles beside the board, one modifier (added,
//! removed, renamed or switched), one custom tile (added, removed or
//! changed) — or the whole galaxy, for a pasted map string — and applying
//! it returns the edit that undoes it.

use deckplan_schema::Span;
use deckplan_schema::ti4::galaxy::{CustomTile, GalaxyFile, Home, Modifier, Placed};
use deckplan_schema::ti4::map_string::Slot;

pub use crate::history::{ListEdit, NoSuchItem};

/// What the TI4 board edits: the galaxy file (a pack's `pack.toml` *is* it).
pub type Model = GalaxyFile;

/// One change to a galaxy.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// What a position holds (`None`: no tile, the position is not listed).
    Tile(u32, Option<Slot>),
    /// The home seats, in file order.
    Homes(Vec<Home>),
    /// How many rings the layout has.
    Rings(u32),
    /// The systems beside the board, by tile number.
    OffBoard(Vec<u16>),
    /// A modifier (switched, renamed, added or removed), by its place in the file.
    Modifiers(ListEdit<Modifier>),
    /// A custom tile (changed, added or removed), by its place in the file.
    Custom(ListEdit<CustomTile>),
    /// The whole galaxy (a pasted map string).
    Galaxy(Box<GalaxyFile>),
}

/// Why an edit could not be applied: a modifier or custom tile past the
/// end of its list.
pub type EditError = NoSuchItem;

impl crate::history::Edit for Edit {
    type Target = Model;
    type Error = EditError;

    fn apply(self, galaxy: &mut Model) -> Result<Self, EditError> {
        Ok(match self {
            Self::Tile(index, slot) => {
                let before = match slot {
                    Some(slot) => galaxy.tiles.insert(
                        index,
                        Placed {
                            slot,
                            span: Span::default(),
                        },
                    ),
                    None => galaxy.tiles.remove(&index),
                };
                Self::Tile(index, before.map(|p| p.slot))
            }
            Self::Homes(homes) => Self::Homes(std::mem::replace(&mut galaxy.homes, homes)),
            Self::Rings(rings) => Self::Rings(std::mem::replace(&mut galaxy.rings, rings)),
            Self::OffBoard(numbers) => {
                Self::OffBoard(std::mem::replace(&mut galaxy.off_board, numbers))
            }
            Self::Modifiers(e) => Self::Modifiers(e.apply(&mut galaxy.modifiers, "modifier")?),
            Self::Custom(e) => Self::Custom(e.apply(&mut galaxy.custom, "custom tile")?),
            Self::Galaxy(whole) => Self::Galaxy(Box::new(std::mem::replace(galaxy, *whole))),
        })
    }
}

/// The edits of one user action on a galaxy.
pub type Transaction = crate::history::Transaction<Edit>;

/// Undo and redo of a galaxy's edits.
pub type History = crate::history::History<Edit>;

pub use crate::history::StrokeId;

/// What an edit can change, without the spans the file was read with (an
/// edited position has none until it is saved and read again).
pub fn state(galaxy: &Model) -> impl PartialEq + std::fmt::Debug + use<> {
    (
        galaxy.name.clone(),
        galaxy.rings,
        galaxy
            .tiles
            .iter()
            .map(|(i, p)| (*i, p.slot))
            .collect::<Vec<_>>(),
        galaxy
            .homes
            .iter()
            .map(|h| (h.seat, h.position))
            .collect::<Vec<_>>(),
        galaxy.off_board.clone(),
        galaxy
            .modifiers
            .iter()
            .map(|m| (m.name.clone(), m.effect, m.enabled))
            .collect::<Vec<_>>(),
        galaxy
            .custom
            .iter()
            .map(|c| (c.name.clone(), c.system.clone()))
            .collect::<Vec<_>>(),
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use deckplan_schema::ti4::catalogue::{
        Anomaly, Back, Expansion, Face, Planet, System, Wormhole,
    };
    use deckplan_schema::ti4::galaxy::Effect;
    use proptest::prelude::*;

    use super::*;
    use crate::history::History as Undo;
    use crate::ti4::document::tests::five_players;

    fn any_edit() -> impl Strategy<Value = Edit> {
        let slot = prop_oneof![
            Just(Slot::Open),
            (19u16..80).prop_map(Slot::System),
            (83u16..92, any::<bool>(), 0u8..6).prop_map(|(number, b, rotation)| Slot::Hyperlane {
                number,
                face: if b { Face::B } else { Face::A },
                rotation,
            }),
        ];
        let home = (1u8..7, 0u32..40).prop_map(|(seat, position)| Home {
            seat,
            position,
            span: Span::default(),
        });
        prop_oneof![
            (0u32..40, proptest::option::of(slot)).prop_map(|(i, s)| Edit::Tile(i, s)),
            proptest::collection::vec(home, 0..4).prop_map(Edit::Homes),
            (1u32..6).prop_map(Edit::Rings),
            proptest::collection::vec(prop_oneof![Just(51u16), Just(82u16)], 0..2)
                .prop_map(Edit::OffBoard),
            (0usize..3, any_modifier()).prop_map(|(i, m)| Edit::Modifiers(ListEdit::Insert(i, m))),
            (0usize..3, any_modifier()).prop_map(|(i, m)| Edit::Modifiers(ListEdit::Set(i, m))),
            (0usize..3).prop_map(|i| Edit::Modifiers(ListEdit::Remove(i))),
            (0usize..3, any_custom()).prop_map(|(i, t)| Edit::Custom(ListEdit::Insert(i, t))),
            (0usize..3, any_custom()).prop_map(|(i, t)| Edit::Custom(ListEdit::Set(i, t))),
            (0usize..3).prop_map(|i| Edit::Custom(ListEdit::Remove(i))),
        ]
    }

    fn any_modifier() -> impl Strategy<Value = Modifier> {
        ("[a-z ]{0,8}", any::<bool>(), any::<bool>()).prop_map(|(name, join, enabled)| Modifier {
            name,
            effect: if join {
                Effect::Join(Wormhole::Alpha, Wormhole::Beta)
            } else {
                Effect::Block(0, 1)
            },
            enabled,
            span: Span::default(),
        })
    }

    fn any_custom() -> impl Strategy<Value = CustomTile> {
        let planet = ("[A-Z][a-z]{0,6}", 0u8..6, 0u8..6, any::<bool>()).prop_map(
            |(name, resources, influence, legendary)| Planet {
                name,
                resources,
                influence,
                planet_trait: None,
                tech: None,
                legendary,
            },
        );
        (
            1000u16..1004,
            "[A-Za-z ]{1,8}",
            any::<bool>(),
            any::<bool>(),
            proptest::collection::vec(planet, 0..3),
        )
            .prop_map(|(number, name, rift, alpha, planets)| CustomTile {
                name,
                system: System {
                    number,
                    expansion: Expansion::Homebrew,
                    back: if planets.is_empty() {
                        Back::Red
                    } else {
                        Back::Blue
                    },
                    home: false,
                    faction: None,
                    off_board: false,
                    wormholes: if alpha {
                        vec![Wormhole::Alpha]
                    } else {
                        Vec::new()
                    },
                    anomalies: if rift {
                        vec![Anomaly::GravityRift]
                    } else {
                        Vec::new()
                    },
                    planets,
                },
                span: Span::default(),
            })
    }

    proptest! {
        /// Whatever edits apply (or are refused), undoing them all restores
        /// the galaxy, and redoing them all comes back to the same state.
        #[test]
        fn apply_then_undo_restores_the_galaxy(edits in proptest::collection::vec(any_edit(), 1..30)) {
            let mut galaxy = five_players().model;
            let before = state(&galaxy);
            let mut history: Undo<Edit> = Undo::new();
            for edit in edits {
                let mut step = Transaction::new("edit");
                step.edits.push(edit);
                let _ = history.apply(&mut galaxy, step);
            }
            let after = state(&galaxy);
            while history.undo(&mut galaxy).unwrap().is_some() {}
            prop_assert_eq!(state(&galaxy), before);
            while history.redo(&mut galaxy).unwrap().is_some() {}
            prop_assert_eq!(state(&galaxy), after);
        }
    }

    #[test]
    fn a_modifier_that_is_not_there_is_refused_and_changes_nothing() {
        let mut galaxy = five_players().model;
        let before = state(&galaxy);
        let mut step = Transaction::new("bad");
        step.edits.push(Edit::Rings(5));
        step.edits.push(Edit::Modifiers(ListEdit::Remove(3)));
        let error = Undo::new().apply(&mut galaxy, step).unwrap_err();
        assert_eq!(error.to_string(), "there is no modifier number 3");
        assert_eq!(state(&galaxy), before);
    }
}
