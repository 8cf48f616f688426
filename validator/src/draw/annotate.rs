//! Lint problems drawn on the map, for `deckplan lint --annotate`.
//!
//! A reviewer opening a CI artifact should see at a glance *where* each problem
//! is: every [`Mark`] outlines its space, edge or intersection in the colour of
//! its severity and carries a tab with its code. Errors are magenta and
//! warnings yellow, because the map itself already uses red (red lines, spawn
//! points) and orange (forced arrows). Problems about the page as a whole have
//! no place to point at and are listed under the map, together with the others
//! and their messages, so the picture can be read without the log.

use std::collections::BTreeMap;

use deckplan_schema::{Direction, Edge, Intersection, Page, PageId, Space};

use super::icons::{self, palette};
use super::page::{PageStyle, edge_ends, intersection_point, page_scene, space_rect};
use super::scene::{Anchor, Cap, Colour, Layer, Point, Rect, Scene, Stroke};
use crate::diagnostic::{Diagnostic, Severity};

/// Where on a page a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Place {
    /// A space.
    Space(Space),
    /// An edge between spaces (or on the page outline).
    Edge(Edge),
    /// A grid intersection.
    Intersection(Intersection),
    /// The page as a whole.
    Page,
}

impl Place {
    /// Reads a place written in the printed notation after its page:
    /// `H3`, `H3 north`, `H3 ne`, or `… between H3 and H4` (the edge between
    /// two neighbouring spaces). Anything else is the page as a whole.
    pub fn parse(text: &str) -> Self {
        let text = text.trim();
        if let Ok(space) = Space::parse(text) {
            return Self::Space(space);
        }
        if let Ok((space, side)) = deckplan_schema::coord::parse_side(text) {
            return Self::Edge(space.side(side));
        }
        if let Ok(point) = Intersection::parse(text) {
            return Self::Intersection(point);
        }
        if let Some(edge) = Self::edge_between(text) {
            return Self::Edge(edge);
        }
        Self::Page
    }

    /// The edge named by `… between H3 and I3`, if the two spaces are neighbours.
    fn edge_between(text: &str) -> Option<Edge> {
        let (_, pair) = text.split_once("between ")?;
        let (a, b) = pair.split_once(" and ")?;
        let a = Space::parse(a.trim()).ok()?;
        let b = Space::parse(b.split_whitespace().next()?).ok()?;
        let side = Direction::ALL.into_iter().find(|d| a.step(*d) == Some(b))?;
        Some(a.side(side))
    }

    /// The place in printed notation, or `page` for the whole page.
    pub fn label(self) -> String {
        match self {
            Self::Space(space) => space.to_string(),
            Self::Edge(edge) => edge.to_string(),
            Self::Intersection(point) => point.to_string(),
            Self::Page => "page".to_string(),
        }
    }
}

/// One problem to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// Where.
    pub place: Place,
    /// The diagnostic code, e.g. `R003`.
    pub code: String,
    /// Error or warning.
    pub severity: Severity,
    /// The message, listed under the map when given.
    pub message: Option<String>,
}

/// Groups diagnostics by the page they are on, as marks. A diagnostic's board
/// place (`L1p2 H3 north`) gives the mark's place; diagnostics on no page
/// are left out (they have no picture to go on).
pub fn marks_by_page(diagnostics: &[Diagnostic]) -> BTreeMap<PageId, Vec<Mark>> {
    let mut pages: BTreeMap<PageId, Vec<Mark>> = BTreeMap::new();
    for diagnostic in diagnostics {
        let Some(page) = diagnostic.page else {
            continue;
        };
        let place = diagnostic
            .place
            .as_deref()
            .and_then(|place| place.split_once(' '))
            .map_or(Place::Page, |(_, rest)| Place::parse(rest));
        pages.entry(page).or_default().push(Mark {
            place,
            code: diagnostic.code.to_string(),
            severity: diagnostic.severity,
            message: Some(diagnostic.message.clone()),
        });
    }
    pages
}

/// The colour of a severity.
pub const fn severity_colour(severity: Severity) -> Colour {
    match severity {
        Severity::Error => Colour::rgb(230, 0, 200),
        Severity::Warning => Colour::rgb(255, 212, 0),
    }
}

/// Ink that reads on a severity's colour.
const fn severity_ink(severity: Severity) -> Colour {
    match severity {
        Severity::Error => Colour::WHITE,
        Severity::Warning => palette::INK,
    }
}

/// Draws marks over a page drawn at `origin`.
pub fn annotate(scene: &mut Scene, page: &Page, origin: Point, marks: &[Mark]) {
    // Outlines of warnings first, so an error at the same place shows on top;
    // tabs with errors first, so they head each stack.
    let mut by_severity: Vec<&Mark> = marks.iter().collect();
    by_severity.sort_by_key(|m| std::cmp::Reverse(m.severity));
    let mut anchors = Vec::new();
    for mark in by_severity {
        if let Some(at) = outline(scene, page, origin, mark) {
            anchors.push((mark, at));
        }
    }
    anchors.reverse();
    // Tabs at one place stack downwards, so two codes on a space both show.
    let mut stacked: BTreeMap<Place, usize> = BTreeMap::new();
    for (mark, at) in anchors {
        let count = stacked.entry(mark.place).or_default();
        code_tab(scene, at.offset(0.0, -0.34 * *count as f64), mark);
        *count += 1;
    }
}

/// Outlines a mark's place; returns where its tab goes, or `None` when the
/// place is not on the page (or is the whole page).
fn outline(scene: &mut Scene, page: &Page, origin: Point, mark: &Mark) -> Option<Point> {
    let colour = severity_colour(mark.severity);
    let halo = Stroke::solid(0.16, palette::INK.with_alpha(200)).cap(Cap::Round);
    let line = Stroke::solid(0.09, colour).cap(Cap::Round);
    match mark.place {
        Place::Space(space) if page.size.contains(space) => {
            let rect = space_rect(origin, space).grow(-0.05, -0.05, -0.05, -0.05);
            let corners = rect.corners();
            scene.polygon(Layer::Annotations, corners.clone(), None, Some(halo));
            scene.polygon(
                Layer::Annotations,
                corners,
                Some(colour.with_alpha(60)),
                Some(line),
            );
            Some(rect.max)
        }
        Place::Edge(edge) if page.size.contains_edge(edge) => {
            // A see-through band, so the wall or door under it still reads.
            let (a, b) = edge_ends(origin, edge);
            let band = Stroke::solid(0.4, colour.with_alpha(120)).cap(Cap::Butt);
            scene.line(Layer::Annotations, a, b, band);
            for end in [a, b] {
                scene.circle(
                    Layer::Annotations,
                    end,
                    0.09,
                    Some(colour),
                    Some(Stroke::solid(0.025, palette::INK)),
                );
            }
            // Beyond the far end, so the tab hides neither the edge nor its door.
            Some(b.offset(0.12, 0.12))
        }
        Place::Intersection(point) if page.size.contains_intersection(point) => {
            let at = intersection_point(origin, point);
            scene.circle(Layer::Annotations, at, 0.32, None, Some(halo));
            scene.circle(Layer::Annotations, at, 0.32, None, Some(line));
            Some(at.offset(0.22, 0.22))
        }
        _ => None,
    }
}

/// A tab with the code, its bottom-left corner near `at`.
fn code_tab(scene: &mut Scene, at: Point, mark: &Mark) {
    let size = 0.22;
    let width = super::font::measure(&mark.code, size) + 0.14;
    let tab = Rect::new(
        at.x - 0.05,
        at.y - 0.04,
        at.x - 0.05 + width,
        at.y + size + 0.06,
    );
    let corners = tab.corners();
    scene.polygon(
        Layer::Annotations,
        corners,
        Some(severity_colour(mark.severity)),
        Some(Stroke::solid(0.025, palette::INK)),
    );
    scene.text(
        Layer::Annotations,
        tab.centre(),
        mark.code.clone(),
        size,
        severity_ink(mark.severity),
        Anchor::Centre,
    );
}

/// A page with its problems: coordinates in the margins (reviewers read places
/// like `H3`), the marks over the map and the list of problems underneath.
pub fn annotated_page_scene(page: &Page, marks: &[Mark]) -> Scene {
    let style = PageStyle {
        title: true,
        coordinates: true,
        legend: false,
    };
    let mut scene = page_scene(page, &style);
    annotate(&mut scene, page, Point::default(), marks);
    let width = scene.bounds.width() - 0.7;
    let left = scene.bounds.min.x + 0.35;
    let mut y = scene.bounds.min.y - 0.1;
    let mut sorted: Vec<&Mark> = marks.iter().collect();
    sorted.sort_by(|a, b| (a.severity, &a.code, a.place).cmp(&(b.severity, &b.code, b.place)));
    for mark in sorted {
        y -= 0.42;
        let colour = severity_colour(mark.severity);
        scene.circle(
            Layer::Margin,
            Point::new(left + 0.12, y + 0.12),
            0.1,
            Some(colour),
            Some(Stroke::solid(0.02, palette::INK)),
        );
        let mut line = format!(
            "{} {} · {}",
            mark.code,
            mark.severity.name(),
            mark.place.label()
        );
        if let Some(message) = &mark.message {
            line.push_str(" · ");
            line.push_str(message);
        }
        let size = icons::fit(&line, 0.24, width - 0.35);
        scene.text(
            Layer::Margin,
            Point::new(left + 0.32, y),
            line,
            size,
            palette::MARGIN_INK,
            Anchor::BottomLeft,
        );
    }
    scene.bounds.min.y = y - 0.35;
    scene
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_read_the_printed_notation() {
        assert_eq!(Place::parse("H3"), Place::Space(Space::new(2, 7)));
        assert_eq!(
            Place::parse("H3 north"),
            Place::Edge(Space::new(2, 7).side(Direction::North))
        );
        assert_eq!(
            Place::parse("H3 ne"),
            Place::Intersection(Intersection { x: 3, y: 8 })
        );
        assert_eq!(
            Place::parse("door 4 between H3 and I3"),
            Place::Edge(Space::new(2, 7).side(Direction::North))
        );
        assert_eq!(Place::parse("door 4 between H3 and J5"), Place::Page);
        assert_eq!(Place::parse("everything"), Place::Page);
    }
}
