//! Every change to a Battlestations pack, as data: the board's UI never
//! mutates the ship, it records [`Edit`]s and the shell applies them after
//! the frame. An edit sets, inserts or removes one module or door (keeping
//! the file order, which is the designer's) or sets one of the ship's values;
//! applying it returns the edit that undoes it.

use deckplan_schema::battlestations::{Door, Module, Ship, Side};
use deckplan_schema::id::Id;

pub use crate::history::{ListEdit, NoSuchItem};

/// What the Battlestations board edits: `pack.toml`'s values and the ship.
pub type Model = crate::ship_document::ShipModel<Ship>;

/// One change to a Battlestations pack.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// A module card.
    Modules(ListEdit<Module>),
    /// An external door.
    Doors(ListEdit<Door>),
    /// The level ids, lowest first (empty: one level). Modules and doors
    /// keep their level numbers; an operation that renumbers levels edits
    /// them too.
    Levels(Vec<Id>),
    /// The forward direction.
    Forward(Side),
    /// The ship's name.
    ShipName(String),
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
            Self::Modules(e) => Self::Modules(e.apply(&mut ship.modules, "module")?),
            Self::Doors(e) => Self::Doors(e.apply(&mut ship.doors, "door")?),
            Self::Levels(levels) => Self::Levels(std::mem::replace(&mut ship.levels, levels)),
            Self::Forward(side) => Self::Forward(std::mem::replace(&mut ship.forward, side)),
            Self::ShipName(name) => Self::ShipName(std::mem::replace(&mut ship.name, name)),
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
        ship.name.clone(),
        ship.forward,
        ship.levels.clone(),
        ship.modules.clone(),
        ship.doors.clone(),
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use deckplan_schema::battlestations::{Content, Role, Square};
    use deckplan_schema::lint_table::LintSettings;
    use deckplan_schema::{SourceFile, Span};
    use proptest::prelude::*;

    use super::*;
    use crate::history::History as Undo;

    fn module(id: &str, at: (u16, u16), quarters: u8) -> Module {
        Module {
            id: Id::new(id).unwrap(),
            role: Role::Helm,
            name: None,
            level: 0,
            at,
            quarters,
            card: vec![vec![Content::Floor; 3]; 3],
            span: Span::default(),
            id_span: Span::default(),
            role_span: Span::default(),
            at_span: Span::default(),
            row_spans: Vec::new(),
        }
    }

    fn model() -> Model {
        Model {
            name: "P".into(),
            ship_path: "ship.toml".into(),
            lint: LintSettings::default(),
            ship: Ship {
                name: "S".into(),
                module_size: 3,
                forward: Side::East,
                levels: Vec::new(),
                modules: vec![module("a", (0, 0), 0)],
                doors: Vec::new(),
                forward_span: Span::default(),
                source: SourceFile::new("ship.toml", String::new()),
            },
        }
    }

    fn any_edit() -> impl Strategy<Value = Edit> {
        let id = prop_oneof![Just("a"), Just("b"), Just("c")];
        let module = (id, 0u16..4, 0u16..4, 0u8..4).prop_map(|(id, x, y, q)| module(id, (x, y), q));
        let door = (0u16..6, 0u16..6, 0usize..4).prop_map(|(c, r, s)| Door {
            level: 0,
            square: Square::new(c, r),
            side: Side::ALL[s],
            span: Span::default(),
        });
        let side = (0usize..4).prop_map(|s| Side::ALL[s]);
        prop_oneof![
            (0usize..3, module.clone()).prop_map(|(i, m)| Edit::Modules(ListEdit::Insert(i, m))),
            (0usize..3, module).prop_map(|(i, m)| Edit::Modules(ListEdit::Set(i, m))),
            (0usize..3).prop_map(|i| Edit::Modules(ListEdit::Remove(i))),
            (0usize..2, door).prop_map(|(i, d)| Edit::Doors(ListEdit::Insert(i, d))),
            (0usize..2).prop_map(|i| Edit::Doors(ListEdit::Remove(i))),
            side.prop_map(Edit::Forward),
            proptest::collection::vec("[a-z]{1,5}", 0..3)
                .prop_map(|v| Edit::Levels(v.iter().map(|s| Id::new(s).unwrap()).collect())),
            "[a-z]{1,5}".prop_map(Edit::ShipName),
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
        step.edits.push(Edit::Modules(ListEdit::Remove(7)));
        let error = Undo::new().apply(&mut model, step).unwrap_err();
        assert_eq!(error.to_string(), "there is no module number 7");
        assert_eq!(state(&model), before);
    }
}
