//! Lint problems drawn on the map, for `deckplan lint --annotate`.
//!
//! A reviewer opening a CI artifact should see at a glance *where* each problem
//! is: every [`Annotation`] outlines its space, edge or intersection in the colour of
//! its severity and carries a tab with its code. Errors are magenta and
//! warnings yellow, because the map itself already uses red (red lines, spawn
//! points) and orange (forced arrows). Problems about the page as a whole have
//! no place to point at and are listed under the map, together with the others
//! and their messages, so the picture can be read without the log.

use std::collections::BTreeMap;

use deckplan_schema::{
    Place,
    enormity::{Edge, Intersection, LocationPlace, Page, PageId, Space},
};

use super::icons::{self, palette};
use super::page::{PageStyle, edge_ends, intersection_point, page_scene, space_rect};
use crate::diagnostic::{Diagnostic, Severity};
use crate::draw::marks::{code_tab, severity_colour};
use crate::draw::scene::{Anchor, Cap, Layer, Point, Scene, Stroke};

/// What a problem outlines on its page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Outline {
    /// A space.
    Space(Space),
    /// An edge between spaces (or on the page outline).
    Edge(Edge),
    /// A grid intersection.
    Intersection(Intersection),
    /// The page as a whole.
    Page,
}

impl Outline {
    /// What outlines a board place: a door its edge, a spawn link its first end.
    pub const fn of(place: &LocationPlace) -> Self {
        match *place {
            LocationPlace::Space { space, .. } => Self::Space(space),
            LocationPlace::Edge { edge, .. } | LocationPlace::Door { edge, .. } => Self::Edge(edge),
            LocationPlace::Intersection { point, .. }
            | LocationPlace::SpawnLink { from: point, .. } => Self::Intersection(point),
            LocationPlace::Page(_) | LocationPlace::Join { .. } => Self::Page,
        }
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
pub struct Annotation {
    /// What it outlines.
    pub outline: Outline,
    /// The diagnostic code, e.g. `R003`.
    pub code: String,
    /// Error or warning.
    pub severity: Severity,
    /// The message, listed under the map when given.
    pub message: Option<String>,
}

/// Groups diagnostics by the page they are on, as annotations outlining their
/// board places; diagnostics on no page are left out (they have no picture to go on).
pub fn annotations_by_page(diagnostics: &[Diagnostic]) -> BTreeMap<PageId, Vec<Annotation>> {
    let mut pages: BTreeMap<PageId, Vec<Annotation>> = BTreeMap::new();
    for diagnostic in diagnostics {
        let Some(place) = diagnostic
            .place
            .as_ref()
            .and_then(Place::get::<LocationPlace>)
        else {
            continue;
        };
        let Some(page) = place.page() else {
            continue;
        };
        pages.entry(page).or_default().push(Annotation {
            outline: Outline::of(place),
            code: diagnostic.code.to_string(),
            severity: diagnostic.severity,
            message: Some(diagnostic.message.clone()),
        });
    }
    pages
}

/// Draws annotations over a page drawn at `origin`.
pub fn annotate(scene: &mut Scene, page: &Page, origin: Point, annotations: &[Annotation]) {
    // Outlines of warnings first, so an error at the same place shows on top;
    // tabs with errors first, so they head each stack.
    let mut by_severity: Vec<&Annotation> = annotations.iter().collect();
    by_severity.sort_by_key(|m| std::cmp::Reverse(m.severity));
    let mut anchors = Vec::new();
    for mark in by_severity {
        if let Some(at) = outline(scene, page, origin, mark) {
            anchors.push((mark, at));
        }
    }
    anchors.reverse();
    // Tabs at one place stack downwards, so two codes on a space both show.
    let mut stacked: BTreeMap<Outline, usize> = BTreeMap::new();
    for (mark, at) in anchors {
        let count = stacked.entry(mark.outline).or_default();
        code_tab(
            scene,
            at.offset(0.0, -0.34 * *count as f64),
            &mark.code,
            mark.severity,
        );
        *count += 1;
    }
}

/// Outlines a mark's place; returns where its tab goes, or `None` when the
/// place is not on the page (or is the whole page).
fn outline(scene: &mut Scene, page: &Page, origin: Point, mark: &Annotation) -> Option<Point> {
    let colour = severity_colour(mark.severity);
    let halo = Stroke::solid(0.16, palette::INK.with_alpha(200)).cap(Cap::Round);
    let line = Stroke::solid(0.09, colour).cap(Cap::Round);
    match mark.outline {
        Outline::Space(space) if page.size.contains(space) => {
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
        Outline::Edge(edge) if page.size.contains_edge(edge) => {
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
        Outline::Intersection(point) if page.size.contains_intersection(point) => {
            let at = intersection_point(origin, point);
            scene.circle(Layer::Annotations, at, 0.32, None, Some(halo));
            scene.circle(Layer::Annotations, at, 0.32, None, Some(line));
            Some(at.offset(0.22, 0.22))
        }
        _ => None,
    }
}

/// A page with its problems: coordinates in the margins (reviewers read places
/// like `H3`), the annotations over the map and the list of problems underneath.
pub fn annotated_page_scene(page: &Page, annotations: &[Annotation]) -> Scene {
    let style = PageStyle {
        title: true,
        coordinates: true,
        legend: false,
    };
    let mut scene = page_scene(page, &style);
    annotate(&mut scene, page, Point::default(), annotations);
    let width = scene.bounds.width() - 0.7;
    let left = scene.bounds.min.x + 0.35;
    let mut y = scene.bounds.min.y - 0.1;
    let mut sorted: Vec<&Annotation> = annotations.iter().collect();
    sorted.sort_by(|a, b| (a.severity, &a.code, a.outline).cmp(&(b.severity, &b.code, b.outline)));
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
            mark.outline.label()
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
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {

    use deckplan_schema::{
        SourceFile,
        enormity::{Direction, PageEdge},
    };

    use super::*;

    fn on_l1p2(place: LocationPlace, message: &str) -> Diagnostic {
        Diagnostic {
            code: "R001",
            name: "unreachable-space",
            severity: Severity::Error,
            message: message.to_string(),
            file: SourceFile::new("book1/page2.toml", String::new()),
            span: None,
            place: Some(Place::Enormity(place)),
            help: None,
            labels: Vec::new(),
        }
    }

    #[test]
    fn annotations_come_from_typed_places_not_from_their_text() {
        let page = PageId { book: 1, page: 2 };
        let h3 = Space::new(2, 7);
        let door = LocationPlace::Door {
            page,
            number: 4,
            edge: h3.side(Direction::North),
            between: Some((h3, Space::new(2, 8))),
        };
        // The message no longer names the place at all; the outline still finds it.
        let diagnostics = [
            on_l1p2(door, "a door that nothing opens"),
            on_l1p2(LocationPlace::space(page, h3), "anything"),
            on_l1p2(
                LocationPlace::SpawnLink {
                    page,
                    from: Intersection { x: 3, y: 8 },
                    to: Intersection { x: 5, y: 8 },
                },
                "a link",
            ),
            on_l1p2(LocationPlace::Page(page), "the page"),
            on_l1p2(
                LocationPlace::Join {
                    from: PageEdge::parse("L1p1 east").unwrap(),
                    to: PageEdge::parse("L1p2 west").unwrap(),
                },
                "on no single page",
            ),
        ];
        let by_page = annotations_by_page(&diagnostics);
        let outlines: Vec<Outline> = by_page[&page].iter().map(|a| a.outline).collect();
        assert_eq!(
            outlines,
            [
                Outline::Edge(h3.side(Direction::North)),
                Outline::Space(h3),
                Outline::Intersection(Intersection { x: 3, y: 8 }),
                Outline::Page,
            ]
        );
        assert_eq!(by_page.len(), 1, "the join is drawn on no page");
        assert_eq!(outlines[0].label(), "H3 north");
    }
}
