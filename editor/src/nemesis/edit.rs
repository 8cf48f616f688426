//! Every change to a Nemesis pack, as data: the board's UI never mutates the
//! ship directly, it records [`Edit`]s and the shell applies them after the
//! frame. An edit sets, inserts or removes one item of one of the ship's
//! lists (keeping the file order, which is the designer's), or sets one of
//! its values; applying it returns the edit that undoes it.

use deckplan_schema::nemesis::{Corridor, Entrance, EscapePod, Network, Room, Ship, TilePool};

pub use crate::history::{ListEdit, NoSuchItem};

/// What the Nemesis board edits: `pack.toml`'s values and the ship.
pub type Model = crate::ship_document::ShipModel<Ship>;

/// One change to a Nemesis pack.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// A room.
    Rooms(ListEdit<Room>),
    /// A corridor.
    Corridors(ListEdit<Corridor>),
    /// A technical-corridor network.
    Networks(ListEdit<Network>),
    /// A technical entrance.
    Entrances(ListEdit<Entrance>),
    /// An escape pod.
    Pods(ListEdit<EscapePod>),
    /// The room-tile pool.
    Tiles(TilePool),
    /// The ship's name.
    ShipName(String),
    /// Which board it is.
    Board(Option<String>),
    /// The pack's name.
    PackName(String),
}

/// Why an edit could not be applied: an index past the end of its list.
pub type EditError = NoSuchItem;

impl crate::history::Edit for Edit {
    type Target = Model;
    type Error = EditError;

    fn apply(self, model: &mut Model) -> Result<Self, EditError> {
        let ship = &mut model.ship;
        Ok(match self {
            Self::Rooms(e) => Self::Rooms(e.apply(&mut ship.rooms, "room")?),
            Self::Corridors(e) => Self::Corridors(e.apply(&mut ship.corridors, "corridor")?),
            Self::Networks(e) => Self::Networks(e.apply(&mut ship.networks, "network")?),
            Self::Entrances(e) => {
                Self::Entrances(e.apply(&mut ship.entrances, "technical entrance")?)
            }
            Self::Pods(e) => Self::Pods(e.apply(&mut ship.escape_pods, "escape pod")?),
            Self::Tiles(tiles) => Self::Tiles(std::mem::replace(&mut ship.tiles, tiles)),
            Self::ShipName(name) => Self::ShipName(std::mem::replace(&mut ship.name, name)),
            Self::Board(board) => Self::Board(std::mem::replace(&mut ship.board, board)),
            Self::PackName(name) => Self::PackName(std::mem::replace(&mut model.name, name)),
        })
    }
}

/// The edits of one user action on a ship.
pub type Transaction = crate::history::Transaction<Edit>;

/// Undo and redo of a ship's edits.
pub type History = crate::history::History<Edit>;

pub use crate::history::StrokeId;

/// Everything an edit can change, to compare models (a ship has no `PartialEq`).
pub fn state(model: &Model) -> impl PartialEq + std::fmt::Debug + use<> {
    let ship = &model.ship;
    (
        model.name.clone(),
        model.ship_path.clone(),
        ship.name.clone(),
        ship.board.clone(),
        ship.rooms.clone(),
        ship.corridors.clone(),
        ship.networks.clone(),
        ship.entrances.clone(),
        ship.escape_pods.clone(),
        ship.tiles.clone(),
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use deckplan_schema::id::Id;
    use deckplan_schema::lint_table::LintSettings;
    use deckplan_schema::nemesis::{Numbers, RoomKind, Section, Slot};
    use deckplan_schema::{SourceFile, Span};
    use proptest::prelude::*;

    use super::*;
    use crate::history::History as Undo;

    fn model() -> Model {
        let room = |id: &str, at| Room {
            id: Id::new(id).unwrap(),
            kind: RoomKind::Slot(Slot::One),
            name: None,
            at,
            span: Span::default(),
            id_span: Span::default(),
            kind_span: Span::default(),
        };
        Model {
            name: "P".into(),
            ship_path: "ship.toml".into(),
            lint: LintSettings::default(),
            ship: Ship {
                name: "S".into(),
                board: None,
                rooms: vec![room("a", (0, 0)), room("b", (2, 0))],
                corridors: Vec::new(),
                networks: Vec::new(),
                entrances: Vec::new(),
                escape_pods: Vec::new(),
                tiles: TilePool::default(),
                source: SourceFile::new("ship.toml", String::new()),
            },
        }
    }

    fn any_edit() -> impl Strategy<Value = Edit> {
        let id = prop_oneof![Just("a"), Just("b"), Just("c")].prop_map(|s| Id::new(s).unwrap());
        let room = (id.clone(), 0u16..5, 0u16..5).prop_map(|(id, x, y)| Room {
            id,
            kind: RoomKind::Slot(Slot::Two),
            name: Some("n".into()),
            at: (x, y),
            span: Span::default(),
            id_span: Span::default(),
            kind_span: Span::default(),
        });
        let corridor =
            (id.clone(), id.clone(), 1u8..5, any::<bool>()).prop_map(|(a, b, n, door)| Corridor {
                rooms: [a, b],
                numbers: Numbers::one(n).unwrap(),
                other_end: None,
                door,
                span: Span::default(),
                rooms_span: Span::default(),
                numbers_span: Span::default(),
                other_end_span: None,
                door_span: None,
            });
        let pod = (1u8..5, id).prop_map(|(number, room)| EscapePod {
            number,
            section: Section::A,
            room,
            span: Span::default(),
        });
        prop_oneof![
            (0usize..4, room.clone()).prop_map(|(i, r)| Edit::Rooms(ListEdit::Insert(i, r))),
            (0usize..4, room).prop_map(|(i, r)| Edit::Rooms(ListEdit::Set(i, r))),
            (0usize..4).prop_map(|i| Edit::Rooms(ListEdit::Remove(i))),
            (0usize..3, corridor.clone())
                .prop_map(|(i, c)| Edit::Corridors(ListEdit::Insert(i, c))),
            (0usize..3, corridor).prop_map(|(i, c)| Edit::Corridors(ListEdit::Set(i, c))),
            (0usize..3).prop_map(|i| Edit::Corridors(ListEdit::Remove(i))),
            (0usize..2, pod).prop_map(|(i, p)| Edit::Pods(ListEdit::Insert(i, p))),
            "[a-z]{1,5}".prop_map(Edit::ShipName),
            proptest::option::of("[a-z]{1,5}").prop_map(Edit::Board),
            "[a-z]{1,5}".prop_map(Edit::PackName),
        ]
    }

    proptest! {
        /// Whatever edits apply (or are refused), undoing them all restores
        /// the model, and redoing them all comes back to the same state.
        #[test]
        fn apply_then_undo_restores_the_model(edits in proptest::collection::vec(any_edit(), 1..30)) {
            let mut model = model();
            let before = state(&model);
            let mut history: Undo<Edit> = Undo::new();
            for edit in edits {
                let mut step = Transaction::new("edit");
                step.edits.push(edit);
                let _ = history.apply(&mut model, step);
            }
            let after = state(&model);
            while history.undo(&mut model).unwrap().is_some() {}
            prop_assert_eq!(state(&model), before);
            while history.redo(&mut model).unwrap().is_some() {}
            prop_assert_eq!(state(&model), after);
        }
    }

    #[test]
    fn an_index_past_the_end_is_refused_and_changes_nothing() {
        let mut model = model();
        let before = state(&model);
        let mut step = Transaction::new("bad");
        step.edits.push(Edit::ShipName("T".into()));
        step.edits.push(Edit::Rooms(ListEdit::Remove(7)));
        let error = Undo::new().apply(&mut model, step).unwrap_err();
        assert_eq!(error.to_string(), "there is no room number 7");
        assert_eq!(state(&model), before);
    }
}
