//! Undo and redo for any game's document, as data.
//!
//! A game's change to its document is an [`Edit`]: a "set this place to this
//! value" whose `apply` returns the edit that undoes it. A [`Transaction`]
//! groups the edits of one user action (a whole drag stroke is one
//! transaction), and [`History`] keeps transactions for undo and redo. The
//! shell never looks inside an edit: it asks the history for labels, undo,
//! redo and whether the document is dirty. Nothing here knows about egui, so
//! apply → undo is tested without a UI.

use std::fmt::Debug;

/// One invertible change to a game's document.
pub trait Edit: Clone + Debug + Send + Sized + 'static {
    /// What the edit changes (an Enormity pack, a Nemesis ship).
    type Target;
    /// Why an edit could not be applied.
    type Error;

    /// Applies the edit and returns the edit that undoes it; on an error the
    /// target is unchanged.
    fn apply(self, target: &mut Self::Target) -> Result<Self, Self::Error>;
}

/// One change to a list of a document's items (rooms, modules, custom
/// tiles …): the item at an index replaced, inserted or removed. The file
/// order is the designer's, so it is kept.
#[derive(Clone, Debug, PartialEq)]
pub enum ListEdit<T> {
    /// Replace the item at the index.
    Set(usize, T),
    /// Insert an item at the index (at most the length).
    Insert(usize, T),
    /// Remove the item at the index.
    Remove(usize),
}

/// An index past the end of its list: a bug in the caller, reported
/// rather than a panic.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("there is no {what} number {index}")]
pub struct NoSuchItem {
    /// What the list holds ("room", "modifier").
    pub what: &'static str,
    /// The index.
    pub index: usize,
}

impl<T> ListEdit<T> {
    /// Applies the edit to `list` (of `what`s); returns its inverse, or
    /// the error with the list unchanged.
    pub fn apply(self, list: &mut Vec<T>, what: &'static str) -> Result<Self, NoSuchItem> {
        let missing = |index| NoSuchItem { what, index };
        Ok(match self {
            Self::Set(index, item) => {
                let slot = list.get_mut(index).ok_or(missing(index))?;
                Self::Set(index, std::mem::replace(slot, item))
            }
            Self::Insert(index, item) => {
                if index > list.len() {
                    return Err(missing(index));
                }
                list.insert(index, item);
                Self::Remove(index)
            }
            Self::Remove(index) => {
                if index >= list.len() {
                    return Err(missing(index));
                }
                Self::Insert(index, list.remove(index))
            }
        })
    }
}

/// The edits of one user action, undone and redone together.
#[derive(Clone, Debug, PartialEq)]
pub struct Transaction<E> {
    /// What the action is called in the Edit menu ("Paint wall").
    pub label: String,
    /// The edits, in the order they were applied.
    pub edits: Vec<E>,
}

impl<E> Default for Transaction<E> {
    fn default() -> Self {
        Self {
            label: String::new(),
            edits: Vec::new(),
        }
    }
}

impl<E: Edit> Transaction<E> {
    /// An empty transaction with a label.
    pub fn new(label: impl Into<String>) -> Self {
        Self {
            label: label.into(),
            edits: Vec::new(),
        }
    }

    /// Applies every edit; returns the transaction that undoes them all. If one
    /// edit fails, the ones before it are undone and the target is left unchanged.
    pub fn apply(self, target: &mut E::Target) -> Result<Self, E::Error> {
        let mut undo: Vec<E> = Vec::with_capacity(self.edits.len());
        for edit in self.edits {
            match edit.apply(target) {
                Ok(inverse) => undo.push(inverse),
                Err(error) => {
                    for inverse in undo.into_iter().rev() {
                        let _ = inverse.apply(target);
                    }
                    return Err(error);
                }
            }
        }
        undo.reverse();
        Ok(Self {
            label: self.label,
            edits: undo,
        })
    }
}

/// Names one continuous gesture (a drag stroke, a slider drag): the
/// transactions of a gesture are merged into one undo step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StrokeId(pub u64);

/// Undo and redo stacks of applied transactions.
#[derive(Debug)]
pub struct History<E> {
    undo: Vec<Transaction<E>>,
    redo: Vec<Transaction<E>>,
    /// How many transactions deep the saved state is (`None`: never saved or lost).
    saved_at: Option<usize>,
    /// The gesture the top undo step belongs to, while it may still grow.
    open_stroke: Option<StrokeId>,
    /// Changes made through this history (applied, undone or redone steps),
    /// so a view or a lint job can tell the document moved on.
    generation: u64,
}

impl<E: Edit> Default for History<E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<E: Edit> History<E> {
    /// A history whose current state is the saved one.
    pub fn new() -> Self {
        Self {
            undo: Vec::new(),
            redo: Vec::new(),
            saved_at: Some(0),
            open_stroke: None,
            generation: 0,
        }
    }

    /// A history whose current state has never been saved (a new document, or
    /// one recovered after a crash): it is dirty until saved.
    pub fn unsaved() -> Self {
        Self {
            saved_at: None,
            ..Self::new()
        }
    }

    /// Applies a transaction as a new step (clearing redo). Empty ones are ignored.
    pub fn apply(
        &mut self,
        target: &mut E::Target,
        transaction: Transaction<E>,
    ) -> Result<(), E::Error> {
        if transaction.edits.is_empty() {
            return Ok(());
        }
        self.open_stroke = None;
        let undo = transaction.apply(target)?;
        self.push(undo);
        Ok(())
    }

    fn push(&mut self, undo: Transaction<E>) {
        if self.saved_at.is_some_and(|depth| depth > self.undo.len()) {
            self.saved_at = None; // the saved state was on the redo stack, now gone
        }
        self.undo.push(undo);
        self.redo.clear();
        self.generation += 1;
    }

    /// Applies part of a gesture: the first part of `stroke` starts a new
    /// step, later parts join it, so a whole drag is undone at once.
    pub fn apply_stroke(
        &mut self,
        target: &mut E::Target,
        stroke: StrokeId,
        transaction: Transaction<E>,
    ) -> Result<(), E::Error> {
        if transaction.edits.is_empty() {
            return Ok(());
        }
        let continues = self.open_stroke == Some(stroke) && !self.undo.is_empty();
        let mut undo = transaction.apply(target)?;
        match self.undo.last_mut() {
            Some(step) if continues => {
                // The new part is undone first: its inverse goes in front.
                undo.edits.append(&mut step.edits);
                step.edits = undo.edits;
                self.redo.clear();
                self.generation += 1;
                if self.saved_at == Some(self.undo.len()) {
                    self.saved_at = None; // saved mid-gesture: that state is gone now
                }
            }
            _ => {
                self.push(undo);
                self.open_stroke = Some(stroke);
            }
        }
        Ok(())
    }

    /// Ends the open gesture: the next stroke starts a new step even if it
    /// reuses the id.
    pub fn close_stroke(&mut self) {
        self.open_stroke = None;
    }

    /// Undoes the last step; returns its label.
    pub fn undo(&mut self, target: &mut E::Target) -> Result<Option<String>, E::Error> {
        self.open_stroke = None;
        let Some(step) = self.undo.pop() else {
            return Ok(None);
        };
        let label = step.label.clone();
        match step.clone().apply(target) {
            Ok(redo) => {
                self.redo.push(redo);
                self.generation += 1;
                Ok(Some(label))
            }
            Err(error) => {
                self.undo.push(step); // the target is unchanged; keep the step
                Err(error)
            }
        }
    }

    /// Redoes the last undone step; returns its label.
    pub fn redo(&mut self, target: &mut E::Target) -> Result<Option<String>, E::Error> {
        self.open_stroke = None;
        let Some(step) = self.redo.pop() else {
            return Ok(None);
        };
        let label = step.label.clone();
        match step.clone().apply(target) {
            Ok(undo) => {
                self.undo.push(undo);
                self.generation += 1;
                Ok(Some(label))
            }
            Err(error) => {
                self.redo.push(step);
                Err(error)
            }
        }
    }

    /// Every edit kept for undo and redo, for a game that must retarget what
    /// they name (a scan renamed when it is copied into the pack).
    pub fn edits_mut(&mut self) -> impl Iterator<Item = &mut E> {
        self.undo
            .iter_mut()
            .chain(self.redo.iter_mut())
            .flat_map(|step| step.edits.iter_mut())
    }

    /// The label of the step Undo would undo.
    pub fn undo_label(&self) -> Option<&str> {
        self.undo.last().map(|t| t.label.as_str())
    }

    /// The label of the step Redo would redo.
    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|t| t.label.as_str())
    }

    /// Changes so far; any applied, undone or redone step bumps it.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Marks the current state as saved.
    pub fn mark_saved(&mut self) {
        self.saved_at = Some(self.undo.len());
    }

    /// Whether there are changes since the last save.
    pub fn is_dirty(&self) -> bool {
        self.saved_at != Some(self.undo.len())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Sets a number; undone by setting the old one back.
    #[derive(Clone, Debug, PartialEq)]
    struct Set(i32);

    impl Edit for Set {
        type Target = i32;
        type Error = ();

        fn apply(self, target: &mut i32) -> Result<Self, ()> {
            Ok(Set(std::mem::replace(target, self.0)))
        }
    }

    fn set(value: i32) -> Transaction<Set> {
        Transaction {
            label: format!("Set {value}"),
            edits: vec![Set(value)],
        }
    }

    #[test]
    fn every_change_and_only_a_change_moves_the_generation() {
        let (mut number, mut history) = (0, History::new());
        history.apply(&mut number, set(1)).unwrap();
        assert_eq!((number, history.generation()), (1, 1));
        // An empty action changes nothing and leaves an open gesture open.
        history
            .apply_stroke(&mut number, StrokeId(7), set(2))
            .unwrap();
        history
            .apply(&mut number, Transaction::new("Nothing"))
            .unwrap();
        history
            .apply_stroke(&mut number, StrokeId(7), set(3))
            .unwrap();
        assert_eq!((number, history.generation()), (3, 3));
        assert_eq!(history.undo(&mut number).unwrap().as_deref(), Some("Set 2"));
        assert_eq!((number, history.generation()), (1, 4));
        history.redo(&mut number).unwrap();
        assert_eq!((number, history.generation()), (3, 5));
        // Nothing left to redo: no change.
        assert_eq!(history.redo(&mut number).unwrap(), None);
        assert_eq!(history.generation(), 5);
    }

    #[test]
    fn a_list_edit_returns_its_inverse_and_refuses_an_index_past_the_end() {
        let mut list = vec!['a', 'b'];
        let undo = ListEdit::Insert(1, 'x').apply(&mut list, "letter").unwrap();
        assert_eq!(
            (list.clone(), undo.clone()),
            (vec!['a', 'x', 'b'], ListEdit::Remove(1))
        );
        let redo = undo.apply(&mut list, "letter").unwrap();
        assert_eq!(
            (list.clone(), redo),
            (vec!['a', 'b'], ListEdit::Insert(1, 'x'))
        );
        let undo = ListEdit::Set(0, 'z').apply(&mut list, "letter").unwrap();
        assert_eq!(
            (list.clone(), undo),
            (vec!['z', 'b'], ListEdit::Set(0, 'a'))
        );
        let refused = [
            (ListEdit::Insert(3, 'q'), "there is no letter number 3"),
            (ListEdit::Set(2, 'q'), "there is no letter number 2"),
            (ListEdit::Remove(2), "there is no letter number 2"),
        ];
        for (edit, message) in refused {
            assert_eq!(
                edit.apply(&mut list, "letter").unwrap_err().to_string(),
                message
            );
        }
        assert_eq!(list, ['z', 'b']);
    }
}
