//! What a place of a Location map holds, in a few lines of Markdown for the
//! editor's hover: the space's kind and every feature on it and on its
//! sides, a door and what opens it, a page and its file.

use std::fmt::Write as _;
use std::path::Path;

use deckplan_schema::enormity::{
    Direction, Discovery, Edge, EdgeKind, Intersection, Marker, Pack, Page, PageId, Space,
    SpaceKind,
};
use deckplan_schema::sources::Sources;

use super::pack_file;
use crate::lsp::outline::{Scalar, Step, keys};

fn kind_words(kind: Option<SpaceKind>) -> &'static str {
    match kind {
        Some(SpaceKind::Board) => "board space",
        Some(SpaceKind::Obstacle) => "board space with an obstacle",
        Some(SpaceKind::OutOfBounds) => "out of bounds",
        None => "off the page",
    }
}

fn edge_words(page: &Page, edge: Edge) -> Option<String> {
    let feature = page.edge(edge)?;
    Some(match feature.kind {
        EdgeKind::Wall => "wall".to_string(),
        EdgeKind::RedLine => "red line".to_string(),
        EdgeKind::Door(number) => edge.door_place(number, edge.on_outline(page.size)),
    })
}

/// A space: what it is and everything on it and on its sides.
pub fn space(page: &Page, space: Space) -> String {
    let mut out = format!(
        "**{}** — {}",
        page.place(space),
        kind_words(page.kind(space))
    );
    let mut lines = Vec::new();
    let features = &page.spaces;
    for tile in features
        .terrain
        .iter()
        .filter(|t| t.spaces.contains(&space))
    {
        let keywords: Vec<&str> = tile.keywords.iter().map(|k| k.name()).collect();
        let name = tile.name.as_deref().unwrap_or("terrain tile");
        lines.push(format!("{name} ({})", keywords.join(", ")));
    }
    if let Some(arrow) = features.forced_arrows.get(&space) {
        lines.push(format!(
            "forced arrow: Spacers here move only {}",
            arrow.direction
        ));
    }
    if let Some(arrow) = features.location_arrows.get(&space) {
        lines.push(format!(
            "Location arrow {} to {}",
            arrow.direction, arrow.target
        ));
    }
    for (number, console) in features.consoles.iter().filter(|(_, c)| c.at == space) {
        lines.push(console_words(*number, &console.opens, &console.closes));
    }
    if let Some(keycard) = features.keycards.get(&space) {
        lines.push(format!("keycard: opens {}", doors_list(&keycard.opens)));
    }
    if let Some(discovery) = features.discoveries.get(&space) {
        lines.push(match discovery.discovery {
            Discovery::Numbered(n) => format!("discovery {n}"),
            Discovery::Coloured(colour) => format!("{} discovery", colour.name()),
        });
    }
    for marker in Marker::ALL {
        if features.marked(marker).any(|(s, _)| s == space) {
            lines.push(marker.label().to_string());
        }
    }
    for side in Direction::ALL {
        if let Some(words) = edge_words(page, space.side(side)) {
            lines.push(format!("{side} side: {words}"));
        }
    }
    for line in lines {
        let _ = write!(out, "\n- {line}");
    }
    out
}

fn doors_list(doors: &[u16]) -> String {
    match doors {
        [] => "no door".to_string(),
        [one] => format!("door {one}"),
        _ => {
            let numbers: Vec<String> = doors.iter().map(u16::to_string).collect();
            format!("doors {}", numbers.join(", "))
        }
    }
}

fn console_words(number: u16, opens: &[u16], closes: &[u16]) -> String {
    let mut words = format!("console {number}: opens {}", doors_list(opens));
    if !closes.is_empty() {
        let _ = write!(words, ", closes {}", doors_list(closes));
    }
    words
}

/// A door: where it is and what opens or closes it.
pub fn door(page: &Page, number: u16) -> String {
    let edges: Vec<Edge> = page
        .edges
        .iter()
        .filter(|(_, f)| f.kind == EdgeKind::Door(number))
        .map(|(e, _)| *e)
        .collect();
    let Some(edge) = edges.first() else {
        return format!(
            "**door {number}** — there is no door {number} on {}",
            page.id
        );
    };
    let mut out = format!(
        "**{} {}** — `{edge}`",
        page.id,
        edge.door_place(number, edge.on_outline(page.size))
    );
    let openers: Vec<String> = page
        .spaces
        .consoles
        .iter()
        .filter(|(_, c)| c.opens.contains(&number))
        .map(|(n, c)| format!("console {n} ({})", c.at))
        .chain(
            page.spaces
                .keycards
                .iter()
                .filter(|(_, k)| k.opens.contains(&number))
                .map(|(s, _)| format!("the keycard on {s}")),
        )
        .collect();
    let closers: Vec<String> = page
        .spaces
        .consoles
        .iter()
        .filter(|(_, c)| c.closes.contains(&number))
        .map(|(n, c)| format!("console {n} ({})", c.at))
        .collect();
    let _ = write!(
        out,
        "\n- opened by {}",
        if openers.is_empty() {
            "nothing: no console or keycard opens it".to_string()
        } else {
            openers.join(", ")
        }
    );
    if !closers.is_empty() {
        let _ = write!(out, "\n- closed by {}", closers.join(", "));
    }
    out
}

/// A console: where it is and the doors it works.
pub fn console(page: &Page, number: u16) -> String {
    match page.spaces.consoles.get(&number) {
        Some(c) => format!(
            "**{} console {number}** on {}\n- {}",
            page.id,
            c.at,
            console_words(number, &c.opens, &c.closes)
        ),
        None => format!("**console {number}** — not on {}", page.id),
    }
}

/// Edges: what each holds.
pub fn edges(page: &Page, edges: &[Edge]) -> String {
    let mut out = String::new();
    for edge in edges.iter().take(12) {
        let (low, high) = edge.spaces(page.size);
        let between: Vec<String> = [low, high]
            .into_iter()
            .flatten()
            .map(|s| s.to_string())
            .collect();
        let _ = write!(
            out,
            "{}**{} {edge}** (beside {}) — {}",
            if out.is_empty() { "" } else { "\n\n" },
            page.id,
            between.join(" and "),
            edge_words(page, *edge).unwrap_or_else(|| "open".to_string())
        );
    }
    if edges.len() > 12 {
        let _ = write!(out, "\n\n… and {} more edges", edges.len() - 12);
    }
    out
}

/// An intersection: what is there for Blips.
pub fn intersection(page: &Page, point: Intersection) -> String {
    let mut out = format!("**{} {point}** — intersection", page.id);
    let points = &page.intersections;
    if points.spawn_points.contains_key(&point) {
        out.push_str("\n- spawn point");
    }
    for link in points
        .spawn_links
        .iter()
        .filter(|l| l.a == point || l.b == point)
    {
        let other = if link.a == point { link.b } else { link.a };
        let _ = write!(out, "\n- linked to the spawn point at {other}");
    }
    if let Some(blip) = points.blips.get(&point) {
        let _ = write!(out, "\n- starting Blip, patrolling {}", blip.direction);
    }
    out
}

/// A page of a pack: its file, book, Location and title.
pub fn page(pack: &Pack, dir: &Path, id: PageId) -> String {
    match pack.pages.get(&id) {
        Some(page) => {
            let mut out = page_summary(page, dir);
            if let Some(location) = pack.locations.get(&page.location) {
                let _ = write!(
                    out,
                    "\n- Location: {} ({})",
                    location.name, location.designation
                );
            }
            if pack.start == id {
                out.push_str("\n- the start page");
            }
            out
        }
        None => format!("**{id}** — no page of this pack that loads"),
    }
}

/// A page on its own: its id, title and file (as the pack in `dir` names it).
pub fn page_summary(page: &Page, dir: &Path) -> String {
    let mut out = format!("**{}**", page.id);
    if let Some(title) = &page.title {
        let _ = write!(out, " — {title}");
    }
    let _ = write!(
        out,
        "\n- `{}`, {} spaces, Location `{}`",
        page.source
            .path()
            .strip_prefix(dir)
            .unwrap_or(page.source.path())
            .display(),
        page.size,
        page.location
    );
    out
}

/// A Location by its designation, from `pack.toml`.
pub fn location(pack: &Sources, designation: &str) -> Option<String> {
    let (_, outline) = pack_file(pack)?;
    outline.items(&keys(["locations"])).find_map(|(i, _)| {
        let at = |key: &str| {
            outline.str(&[
                Step::Key("locations".into()),
                Step::Index(i),
                Step::Key(key.into()),
            ])
        };
        (at("designation")? == designation)
            .then(|| format!("**{designation}** — {}", at("name").unwrap_or("(no name)")))
    })
}

/// A Location Book by its number, from `pack.toml`.
pub fn book(pack: &Sources, number: i64) -> Option<String> {
    let (_, outline) = pack_file(pack)?;
    outline.items(&keys(["books"])).find_map(|(i, _)| {
        let at = |key: &str| {
            outline.scalar(&[
                Step::Key("books".into()),
                Step::Index(i),
                Step::Key(key.into()),
            ])
        };
        (at("number")? == &Scalar::Int(number)).then(|| {
            let title = at("title").and_then(Scalar::as_str).unwrap_or("(no title)");
            format!("**Location Book {number}** — {title}")
        })
    })
}
