//! Lint problems marked on any board, for `deckplan lint --annotate`.
//!
//! A game that can say where a place of its boards is drawn (a point and how
//! far around it the place reaches) gets annotated pictures from here: each
//! problem ringed in the colour of its severity with a tab holding its code,
//! and every problem of the board listed under it with its place and message,
//! so the picture reads without the log. Problems about the board as a whole
//! have no point and are only listed.

use std::collections::BTreeMap;

use super::{Anchor, Cap, Colour, Layer, Point, Rect, Scene, Stroke, font};
use crate::diagnostic::{Diagnostic, Severity};

/// The ink of tab borders and halos.
const INK: Colour = Colour::rgb(20, 22, 25);
/// The ink of the list under the board.
const LIST_INK: Colour = Colour::rgb(60, 64, 70);

/// The colour of a severity: errors magenta and warnings yellow, colours the
/// boards themselves do not use for anything else.
pub const fn severity_colour(severity: Severity) -> Colour {
    match severity {
        Severity::Error => Colour::rgb(230, 0, 200),
        Severity::Warning => Colour::rgb(255, 212, 0),
    }
}

/// Ink that reads on a severity's colour.
pub const fn severity_ink(severity: Severity) -> Colour {
    match severity {
        Severity::Error => Colour::WHITE,
        Severity::Warning => INK,
    }
}

/// Where a place is drawn: its centre and the radius of the ring around it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    /// The centre, in board units.
    pub at: Point,
    /// How far the ring reaches from the centre.
    pub radius: f64,
}

/// One problem to mark on a board.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    /// Where it is drawn; `None` for the board as a whole.
    pub spot: Option<Spot>,
    /// The code, e.g. `N002`.
    pub code: String,
    /// Error or warning.
    pub severity: Severity,
    /// The place as a player names it (`room cargo`), or the board's name.
    pub place: String,
    /// The message.
    pub message: String,
}

/// The marks of diagnostics, placed by `locate` (which also names the
/// place); a diagnostic whose place `locate` does not know is listed as about
/// `board`.
pub fn marks(
    diagnostics: &[Diagnostic],
    board: &str,
    locate: impl Fn(&Diagnostic) -> Option<(String, Option<Spot>)>,
) -> Vec<Mark> {
    diagnostics
        .iter()
        .map(|diagnostic| {
            let (place, spot) = locate(diagnostic).unwrap_or_else(|| (board.to_string(), None));
            Mark {
                spot,
                code: diagnostic.code.to_string(),
                severity: diagnostic.severity,
                place,
                message: diagnostic.message.clone(),
            }
        })
        .collect()
}

/// Draws the marks over a board's scene and lists them under it; a mark
/// whose spot falls outside the board (a place not drawn) is only listed.
pub fn annotate(scene: &mut Scene, marks: &[Mark]) {
    let bounds = scene.bounds;
    let inside = |spot: &Spot| {
        (bounds.min.x..=bounds.max.x).contains(&spot.at.x)
            && (bounds.min.y..=bounds.max.y).contains(&spot.at.y)
    };
    let marks: Vec<Mark> = marks
        .iter()
        .cloned()
        .map(|mut mark| {
            mark.spot = mark.spot.filter(inside);
            mark
        })
        .collect();
    let marks = marks.as_slice();
    // Rings of warnings first, so an error at the same place shows on top.
    let mut by_severity: Vec<&Mark> = marks.iter().collect();
    by_severity.sort_by_key(|m| std::cmp::Reverse(m.severity));
    let halo = Stroke::solid(0.16, INK.with_alpha(200)).cap(Cap::Round);
    for mark in &by_severity {
        let Some(spot) = mark.spot else { continue };
        let line = Stroke::solid(0.09, severity_colour(mark.severity)).cap(Cap::Round);
        scene.circle(Layer::Annotations, spot.at, spot.radius, None, Some(halo));
        scene.circle(Layer::Annotations, spot.at, spot.radius, None, Some(line));
    }
    // Tabs at one place stack downwards, errors first, so every code shows.
    let mut stacked: BTreeMap<(i64, i64), usize> = BTreeMap::new();
    for mark in by_severity.iter().rev() {
        let Some(spot) = mark.spot else { continue };
        let key = ((spot.at.x * 100.0) as i64, (spot.at.y * 100.0) as i64);
        let count = stacked.entry(key).or_default();
        let corner = spot.radius * std::f64::consts::FRAC_1_SQRT_2;
        let at = spot.at.offset(corner, corner - 0.34 * *count as f64);
        code_tab(scene, at, &mark.code, mark.severity);
        *count += 1;
    }
    list_under(scene, marks);
}

/// A tab with a code, its bottom-left corner near `at`.
pub fn code_tab(scene: &mut Scene, at: Point, code: &str, severity: Severity) {
    let size = 0.22;
    let width = font::measure(code, size) + 0.14;
    let tab = Rect::new(
        at.x - 0.05,
        at.y - 0.04,
        at.x - 0.05 + width,
        at.y + size + 0.06,
    );
    scene.polygon(
        Layer::Annotations,
        tab.corners(),
        Some(severity_colour(severity)),
        Some(Stroke::solid(0.025, INK)),
    );
    scene.text(
        Layer::Annotations,
        tab.centre(),
        code.to_string(),
        size,
        severity_ink(severity),
        Anchor::Centre,
    );
}

/// Lists every mark under the board: a dot of its colour, its code,
/// severity, place and message, each line fitted to the board's width.
fn list_under(scene: &mut Scene, marks: &[Mark]) {
    let width = scene.bounds.width() - 0.7;
    let left = scene.bounds.min.x + 0.35;
    let mut y = scene.bounds.min.y - 0.1;
    let mut sorted: Vec<&Mark> = marks.iter().collect();
    sorted.sort_by(|a, b| (a.severity, &a.code, &a.place).cmp(&(b.severity, &b.code, &b.place)));
    for mark in sorted {
        y -= 0.42;
        scene.circle(
            Layer::Margin,
            Point::new(left + 0.12, y + 0.12),
            0.1,
            Some(severity_colour(mark.severity)),
            Some(Stroke::solid(0.02, INK)),
        );
        let line = format!(
            "{} {} · {} · {}",
            mark.code,
            mark.severity.name(),
            mark.place,
            mark.message
        );
        let wide = font::measure(&line, 0.24);
        let room = width - 0.35;
        let size = if wide > room && wide > 0.0 {
            0.24 * room / wide
        } else {
            0.24
        };
        scene.text(
            Layer::Margin,
            Point::new(left + 0.32, y),
            line,
            size,
            LIST_INK,
            Anchor::BottomLeft,
        );
    }
    scene.bounds.min.y = y - 0.35;
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::draw::Shape;

    fn mark(code: &str, severity: Severity, spot: Option<Spot>) -> Mark {
        Mark {
            spot,
            code: code.to_string(),
            severity,
            place: "room cargo".to_string(),
            message: "a message".to_string(),
        }
    }

    fn texts(scene: &Scene) -> Vec<String> {
        scene
            .shapes()
            .filter_map(|shape| match shape {
                Shape::Text(text) => Some(text.text.clone()),
                _ => None,
            })
            .collect()
    }

    fn rings(scene: &Scene) -> Vec<(f64, f64, f64)> {
        scene
            .shapes()
            .filter_map(|shape| match shape {
                Shape::Circle {
                    centre,
                    radius,
                    fill: None,
                    ..
                } => Some((centre.x, centre.y, *radius)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_mark_on_the_board_is_ringed_and_tabbed_and_every_mark_is_listed() {
        let mut scene = Scene::new(Rect::new(0.0, 0.0, 10.0, 10.0));
        let on_board = Some(Spot {
            at: Point::new(5.0, 5.0),
            radius: 1.0,
        });
        let off_board = Some(Spot {
            at: Point::new(50.0, 5.0),
            radius: 1.0,
        });
        annotate(
            &mut scene,
            &[
                mark("N002", Severity::Error, on_board),
                mark("N005", Severity::Warning, off_board),
                mark("N007", Severity::Error, None),
            ],
        );
        // A halo and a line for the one mark on the board.
        assert_eq!(rings(&scene), [(5.0, 5.0, 1.0), (5.0, 5.0, 1.0)]);
        assert_eq!(
            texts(&scene),
            [
                // The list, in the bottom layer: errors first, by code.
                "N002 error · room cargo · a message".to_string(),
                "N007 error · room cargo · a message".to_string(),
                "N005 warning · room cargo · a message".to_string(),
                // The one tab, on top.
                "N002".to_string(),
            ]
        );
        // The list grew the board downwards, a line a mark.
        assert!(scene.bounds.min.y < -1.0, "{:?}", scene.bounds);
    }

    #[test]
    fn tabs_at_one_place_stack_with_the_error_on_top() {
        let mut scene = Scene::new(Rect::new(0.0, 0.0, 10.0, 10.0));
        let spot = Some(Spot {
            at: Point::new(5.0, 5.0),
            radius: 1.0,
        });
        annotate(
            &mut scene,
            &[
                mark("T001", Severity::Warning, spot),
                mark("T005", Severity::Error, spot),
            ],
        );
        let tab_y = |code: &str| {
            scene
                .shapes()
                .find_map(|shape| match shape {
                    Shape::Text(text) if text.text == code => Some(text.at.y),
                    _ => None,
                })
                .unwrap()
        };
        assert!(tab_y("T005") > tab_y("T001"));
    }
}
