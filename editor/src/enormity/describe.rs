//! Plain-words descriptions of what is on a space or an intersection, for
//! the status bar: the drawing shows *where* things are, this says exactly
//! *what* they are (door numbers a console opens, a tile's keywords, …)
//! without the map having to print it all.

use deckplan_schema::enormity::{
    Direction, Discovery, EdgeKind, Intersection, Marker, Page, Space, SpaceKind,
};

/// What is on `space`, most basic first: its kind, then terrain, features and the edges around it.
pub fn space(page: &Page, space: Space) -> Vec<String> {
    let mut out = Vec::new();
    out.push(
        match page.kind(space) {
            Some(SpaceKind::Board) => "board",
            Some(SpaceKind::OutOfBounds) => "out of bounds",
            Some(SpaceKind::Obstacle) => "obstacle",
            None => return out,
        }
        .to_string(),
    );
    let features = &page.spaces;
    for tile in features
        .terrain
        .iter()
        .filter(|t| t.spaces.contains(&space))
    {
        let keywords: Vec<&str> = tile.keywords.iter().map(|k| k.name()).collect();
        let name = tile.name.as_deref().unwrap_or("terrain");
        out.push(format!("{name} ({})", keywords.join(", ")));
    }
    if let Some(arrow) = features.forced_arrows.get(&space) {
        out.push(format!("forced arrow {}", arrow.direction));
    }
    if let Some(arrow) = features.location_arrows.get(&space) {
        out.push(format!(
            "Location arrow {} to {}",
            arrow.direction, arrow.target
        ));
    }
    for (number, console) in features.consoles.iter().filter(|(_, c)| c.at == space) {
        let mut doors = Vec::new();
        if !console.opens.is_empty() {
            doors.push(format!("opens {}", door_list(&console.opens)));
        }
        if !console.closes.is_empty() {
            doors.push(format!("closes {}", door_list(&console.closes)));
        }
        out.push(format!("console {number} ({})", doors.join("; ")));
    }
    if let Some(keycard) = features.keycards.get(&space) {
        out.push(format!("keycard (opens {})", door_list(&keycard.opens)));
    }
    if let Some(discovery) = features.discoveries.get(&space) {
        out.push(match discovery.discovery {
            Discovery::Numbered(n) => format!("discovery {n}"),
            Discovery::Coloured(colour) => format!("{} discovery", colour.name()),
        });
    }
    for marker in Marker::ALL {
        if features.marked(marker).any(|(s, _)| s == space) {
            out.push(marker.label().to_string());
        }
    }
    for side in Direction::ALL {
        if let Some(feature) = page.edge(space.side(side)) {
            out.push(match feature.kind {
                EdgeKind::Wall => format!("wall {side}"),
                EdgeKind::RedLine => format!("red line {side}"),
                EdgeKind::Door(n) => format!("door {n} {side}"),
            });
        }
    }
    out
}

/// What is on an intersection: spawn point, spawn links, starting Blip.
pub fn intersection(page: &Page, point: Intersection) -> Vec<String> {
    let features = &page.intersections;
    let mut out = Vec::new();
    if features.spawn_points.contains_key(&point) {
        out.push("spawn point".to_string());
    }
    for link in &features.spawn_links {
        let other = if link.a == point {
            link.b
        } else if link.b == point {
            link.a
        } else {
            continue;
        };
        out.push(format!("spawn link to {other}"));
    }
    if let Some(blip) = features.blips.get(&point) {
        out.push(format!("starting Blip facing {}", blip.direction));
    }
    out
}

/// An edge feature and its place: `wall at H3 north`, `door 2 at H3 north`.
pub fn edge_feature(kind: EdgeKind, edge: deckplan_schema::enormity::Edge) -> String {
    match kind {
        EdgeKind::Wall => format!("wall at {edge}"),
        EdgeKind::RedLine => format!("red line at {edge}"),
        EdgeKind::Door(n) => format!("door {n} at {edge}"),
    }
}

fn door_list(doors: &[u16]) -> String {
    let names: Vec<String> = doors.iter().map(|d| format!("door {d}")).collect();
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn page() -> Page {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/test-page.toml");
        match deckplan_schema::enormity::load::load_page(&deckplan_schema::sources::Sources::file(
            &path,
        )) {
            Ok(loaded) => match loaded.value {
                Some(page) => page,
                None => panic!("{:?}", loaded.errors),
            },
            Err(e) => panic!("{e}"),
        }
    }

    fn at(text: &str) -> Space {
        Space::parse(text).unwrap_or_else(|e| panic!("{}", e.message))
    }

    #[test]
    fn a_console_names_its_doors() {
        let said = space(&page(), at("C3"));
        assert!(
            said.contains(&"console 1 (opens door 1)".to_string()),
            "{said:?}"
        );
    }

    #[test]
    fn walls_are_named_by_side() {
        let said = space(&page(), at("A2"));
        assert!(said.contains(&"wall north".to_string()), "{said:?}");
        assert!(said.contains(&"Spacer start".to_string()), "{said:?}");
    }

    #[test]
    fn spawn_points_know_their_links() {
        let point = Intersection::parse("A4 se").unwrap_or_else(|e| panic!("{}", e.message));
        let said = intersection(&page(), point);
        assert_eq!(said, ["spawn point", "spawn link to D6 ne"]);
    }
}
