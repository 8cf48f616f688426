//! What a lint says of a target, as data: the findings, the figures, and
//! what was checked, counted in each game's own words for its boards.

use std::sync::Arc;

use deckplan_schema::SourceFile;

use crate::diagnostic::{Diagnostic, Severity};

/// Everything a lint run found.
#[derive(Debug, Default)]
pub struct LintOutcome {
    /// Findings, sorted by file and position.
    pub diagnostics: Vec<Diagnostic>,
    /// Figures about a board that are neither errors nor warnings (a TI4
    /// seat's resources within reach), for `--format json`.
    pub figures: Vec<Figure>,
    /// Packs checked.
    pub packs: usize,
    /// Board files checked (pages, ships, galaxies), in packs and on their own.
    pub boards: usize,
    /// Of `boards`, the files named on their own rather than found in a pack.
    pub alone: usize,
    /// Of `alone`, the files whose rule checks need the rest of their pack,
    /// so only their format and lint settings were checked.
    pub format_only: usize,
    /// `boards` and `alone` by what each game calls its boards, in the
    /// registry's order of games, so the summary can say "8 pages, 2 ships
    /// and 2 galaxies". Filled in by the run from each game's outcome.
    pub tally: Vec<Tally>,
}

/// What a game calls one of its boards, and several.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Noun {
    /// "page", "ship", "galaxy".
    pub one: &'static str,
    /// "pages", "ships", "galaxies".
    pub many: &'static str,
}

impl Noun {
    /// What files are called when no game claims them (an unknown ruleset).
    pub const BOARD: Noun = Noun {
        one: "board",
        many: "boards",
    };

    /// "1 ship", "2 ships".
    fn count(self, n: usize) -> String {
        if n == 1 {
            format!("1 {}", self.one)
        } else {
            format!("{n} {}", self.many)
        }
    }
}

/// The board files of one kind checked by a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    /// What they are.
    pub noun: Noun,
    /// How many were checked in packs.
    pub in_packs: usize,
    /// How many were named on their own.
    pub alone: usize,
}

impl LintOutcome {
    /// Number of findings of a severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }

    /// Whether the run fails: any error, or any warning when warnings are denied.
    pub fn fails(&self, deny_warnings: bool) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error || deny_warnings)
    }

    /// The closing line of human output: what was checked (pages in packs,
    /// files on their own and whether their rules could be checked) and what
    /// was found.
    pub fn summary(&self) -> String {
        let (errors, warnings) = (self.count(Severity::Error), self.count(Severity::Warning));
        let checked = self.checked();
        if errors + warnings == 0 {
            format!("Checked {checked}: no problems.")
        } else {
            format!(
                "Checked {checked}: {}, {}.",
                plural(errors, "error"),
                plural(warnings, "warning")
            )
        }
    }

    /// "8 pages and 2 ships in 3 packs and 1 galaxy on its own (format and
    /// settings only)".
    fn checked(&self) -> String {
        let tally = self.tally();
        let mut parts = Vec::new();
        if self.packs > 0 || self.alone == 0 {
            let in_packs: Vec<(Noun, usize)> = tally
                .iter()
                .filter(|t| t.in_packs > 0)
                .map(|t| (t.noun, t.in_packs))
                .collect();
            // Packs none of whose boards loaded still say what they hold
            // none of: "0 pages in 1 pack".
            let none = tally.first().map_or(Noun::BOARD, |t| t.noun);
            let boards = if in_packs.is_empty() {
                none.count(0)
            } else {
                listed(&in_packs)
            };
            parts.push(format!("{boards} in {}", plural(self.packs, "pack")));
        }
        if self.alone > 0 {
            let alone: Vec<(Noun, usize)> = tally
                .iter()
                .filter(|t| t.alone > 0)
                .map(|t| (t.noun, t.alone))
                .collect();
            let own = if self.alone == 1 {
                "its own"
            } else {
                "their own"
            };
            let mut lone = format!("{} on {own}", listed(&alone));
            if self.format_only == self.alone {
                lone.push_str(" (format and settings only: the rule checks need the pack)");
            } else if self.format_only > 0 {
                lone.push_str(&format!(
                    " ({} of them format and settings only: the rule checks need the pack)",
                    self.format_only
                ));
            }
            parts.push(lone);
        }
        parts.join(" and ")
    }

    /// The tally by kind of board; an outcome no run has tallied counts its
    /// files as boards.
    fn tally(&self) -> Vec<Tally> {
        if !self.tally.is_empty() || self.boards == 0 {
            return self.tally.clone();
        }
        vec![Tally {
            noun: Noun::BOARD,
            in_packs: self.boards.saturating_sub(self.alone),
            alone: self.alone,
        }]
    }

    /// One game's outcome with its `boards` and `alone` tallied as what
    /// that game calls its boards (`noun`).
    pub fn tallied(mut self, noun: Noun) -> Self {
        self.tally = if self.boards > 0 || self.packs > 0 {
            vec![Tally {
                noun,
                in_packs: self.boards.saturating_sub(self.alone),
                alone: self.alone,
            }]
        } else {
            Vec::new()
        };
        self
    }

    /// Adds another outcome's findings, figures and counts to this one's.
    pub fn merge(&mut self, other: LintOutcome) {
        self.packs += other.packs;
        self.boards += other.boards;
        self.alone += other.alone;
        self.format_only += other.format_only;
        for added in other.tally {
            match self.tally.iter_mut().find(|t| t.noun == added.noun) {
                Some(tally) => {
                    tally.in_packs += added.in_packs;
                    tally.alone += added.alone;
                }
                None => self.tally.push(added),
            }
        }
        self.diagnostics.extend(other.diagnostics);
        self.figures.extend(other.figures);
    }
}

/// "8 pages, 2 ships and 2 galaxies".
fn listed(counts: &[(Noun, usize)]) -> String {
    let words: Vec<String> = counts.iter().map(|&(noun, n)| noun.count(n)).collect();
    match words.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// One figure about a board, reported alongside the findings.
#[derive(Clone, Debug)]
pub struct Figure {
    /// The file it is about.
    pub file: Arc<SourceFile>,
    /// Its fields, among them a `kind` naming what the figure is.
    pub fields: serde_json::Value,
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

#[cfg(test)]
mod tests {
    use super::{LintOutcome, Noun};

    const PAGE: Noun = Noun {
        one: "page",
        many: "pages",
    };
    const SHIP: Noun = Noun {
        one: "ship",
        many: "ships",
    };
    const GALAXY: Noun = Noun {
        one: "galaxy",
        many: "galaxies",
    };

    /// The summary of a run over targets, each `(noun, packs, boards,
    /// alone, format_only)` as one game reports it.
    fn checked(targets: &[(Noun, usize, usize, usize, usize)]) -> String {
        let mut run = LintOutcome::default();
        for &(noun, packs, boards, alone, format_only) in targets {
            let one = LintOutcome {
                packs,
                boards,
                alone,
                format_only,
                ..LintOutcome::default()
            };
            run.merge(one.tallied(noun));
        }
        run.summary()
    }

    #[test]
    fn the_summary_says_what_was_checked() {
        assert_eq!(
            checked(&[(PAGE, 4, 11, 0, 0)]),
            "Checked 11 pages in 4 packs: no problems."
        );
        assert_eq!(
            checked(&[(PAGE, 0, 1, 1, 1)]),
            "Checked 1 page on its own (format and settings only: the rule checks need the pack): no problems."
        );
        assert_eq!(
            checked(&[(PAGE, 1, 8, 0, 0), (PAGE, 0, 1, 1, 1)]),
            "Checked 8 pages in 1 pack and 1 page on its own (format and settings only: the rule checks need the pack): no problems."
        );
        assert_eq!(
            checked(&[(PAGE, 0, 2, 2, 0)]),
            "Checked 2 pages on their own: no problems."
        );
        assert_eq!(
            checked(&[(PAGE, 0, 3, 3, 2)]),
            "Checked 3 pages on their own (2 of them format and settings only: the rule checks need the pack): no problems."
        );
        assert_eq!(checked(&[]), "Checked 0 boards in 0 packs: no problems.");
    }

    #[test]
    fn the_summary_names_each_kind_of_board() {
        assert_eq!(
            checked(&[
                (PAGE, 1, 8, 0, 0),
                (SHIP, 1, 1, 0, 0),
                (GALAXY, 1, 1, 0, 0),
                (SHIP, 1, 1, 0, 0),
                (GALAXY, 1, 1, 0, 0),
            ]),
            "Checked 8 pages, 2 ships and 2 galaxies in 5 packs: no problems."
        );
        assert_eq!(
            checked(&[(SHIP, 1, 1, 0, 0), (GALAXY, 0, 1, 1, 0)]),
            "Checked 1 ship in 1 pack and 1 galaxy on its own: no problems."
        );
        assert_eq!(
            checked(&[(PAGE, 0, 1, 1, 1), (SHIP, 0, 1, 1, 0)]),
            "Checked 1 page and 1 ship on their own (1 of them format and settings only: the rule checks need the pack): no problems."
        );
        assert_eq!(
            checked(&[(SHIP, 1, 0, 0, 0)]),
            "Checked 0 ships in 1 pack: no problems."
        );
        assert_eq!(
            checked(&[(Noun::BOARD, 1, 0, 0, 0)]),
            "Checked 0 boards in 1 pack: no problems."
        );
    }
}
