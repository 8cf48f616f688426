//! What the language server knows of a TI4 galaxy file: the outline of the
//! galaxy (its positions with their tiles, seats, custom tiles, modifiers),
//! hover on a position or a tile saying what system it is (from the
//! catalogue, or the galaxy's own `[[custom]]` tiles), and a seat's or a
//! modifier's position leading to the tile placed there, a custom tile's
//! number to its `[[custom]]` entry.
//!
//! Everything is read from where it is written ([`Outline`]), so it works
//! while the file is being typed.

use std::fmt::Write as _;

use deckplan_schema::ti4::catalogue::{Anomaly, Catalogue, System, TechSkip, Trait};
use deckplan_schema::ti4::map_string::{self, Slot};
use deckplan_schema::ti4::write::wormhole_name;

use super::rules::describe::name_of;
use crate::lsp::outline::{Entry, Outline, Scalar, Step, keys};
use crate::lsp::support::{At, File, LanguageSupport, Spot, Symbol, SymbolKind};

/// TI4's answers to the language server.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ti4Language;

/// The ring of a spiral position: 0 the centre, 1–6 ring 1, 7–18 ring 2, …
fn ring(position: u64) -> u64 {
    let mut ring = 0;
    // Ring k ends at position 3k(k + 1).
    while 3 * ring * (ring + 1) < position {
        ring += 1;
    }
    ring
}

/// The tile a `[tiles]` value places, as written: `26`, `"83A0"`, `0`.
fn slot(scalar: &Scalar) -> Option<Slot> {
    let token = match scalar {
        Scalar::Int(n) => n.to_string(),
        Scalar::Str(text) => text.clone(),
        Scalar::Other(_) => return None,
    };
    let catalogue = Catalogue::builtin().ok()?;
    map_string::read_slot(&token, catalogue).ok()
}

/// The `[[custom]]` entry numbered `number`.
fn custom(outline: &Outline, number: i64) -> Option<&Entry> {
    outline
        .items(&keys(["custom"]))
        .map(|(_, item)| item)
        .find(|item| outline.field(item, "number").and_then(Scalar::as_int) == Some(number))
}

fn anomaly_name(anomaly: Anomaly) -> &'static str {
    match anomaly {
        Anomaly::AsteroidField => "asteroid field",
        Anomaly::Nebula => "nebula",
        Anomaly::Supernova => "supernova",
        Anomaly::GravityRift => "gravity rift",
    }
}

fn trait_name(planet_trait: Trait) -> &'static str {
    match planet_trait {
        Trait::Cultural => "cultural",
        Trait::Hazardous => "hazardous",
        Trait::Industrial => "industrial",
    }
}

fn tech_name(tech: TechSkip) -> &'static str {
    match tech {
        TechSkip::Biotic => "biotic",
        TechSkip::Cybernetic => "cybernetic",
        TechSkip::Propulsion => "propulsion",
        TechSkip::Warfare => "warfare",
    }
}

/// A catalogue system in a few lines.
fn system_text(system: &System) -> String {
    let mut text = format!("**tile {}** — {}", system.number, name_of(system));
    if system.home {
        let faction = system.faction.as_deref().unwrap_or("a faction");
        let _ = write!(text, "\n- home system of {faction}");
    }
    for planet in &system.planets {
        let _ = write!(
            text,
            "\n- {}: {} resource{}, {} influence",
            planet.name,
            planet.resources,
            if planet.resources == 1 { "" } else { "s" },
            planet.influence
        );
        if let Some(planet_trait) = planet.planet_trait {
            let _ = write!(text, ", {}", trait_name(planet_trait));
        }
        if let Some(tech) = planet.tech {
            let _ = write!(text, ", {} skip", tech_name(tech));
        }
        if planet.legendary {
            text.push_str(", legendary");
        }
    }
    for wormhole in &system.wormholes {
        let _ = write!(text, "\n- {} wormhole", wormhole_name(*wormhole));
    }
    for anomaly in &system.anomalies {
        let _ = write!(text, "\n- {}", anomaly_name(*anomaly));
    }
    if system.off_board {
        text.push_str("\n- kept beside the board, reached through its wormhole");
    }
    text
}

/// What a tile value places, in words.
fn tile_text(outline: &Outline, scalar: &Scalar) -> Option<String> {
    if let Some(number) = scalar.as_int()
        && let Some(item) = custom(outline, number)
    {
        let name = outline.field_str(item, "name").unwrap_or("?");
        return Some(format!(
            "**tile {number}** — {name} (a custom tile of this galaxy)"
        ));
    }
    match slot(scalar)? {
        Slot::Open => {
            Some("**open** — a position of the galaxy still to fill (a seat or a slot)".into())
        }
        Slot::Off => None,
        Slot::System(number) => Some(system_text(Catalogue::builtin().ok()?.system(number)?)),
        Slot::Hyperlane {
            number,
            face,
            rotation,
        } => Some(format!(
            "**hyperlane {number}{}** — turned {rotation} sixth{} clockwise",
            face.letter(),
            if rotation == 1 { "" } else { "s" }
        )),
    }
}

/// The `[tiles]` entry of a position.
fn placed(outline: &Outline, position: i64) -> Option<&Entry> {
    outline.get(&keys(["tiles", &position.to_string()]))
}

/// A position, with what is placed there.
fn position_text(outline: &Outline, position: i64) -> String {
    let mut text = format!(
        "**position {position}** (ring {})",
        ring(position.unsigned_abs())
    );
    match placed(outline, position).and_then(Entry::scalar) {
        Some(scalar) => {
            if let Some(tile) = tile_text(outline, scalar) {
                let _ = write!(text, "\n\n{tile}");
            }
        }
        None => text.push_str(" — no tile placed"),
    }
    text
}

/// Whether the value pointed at is a position (a `[[homes]]` position, a
/// modifier's `block` pair).
fn is_position(at: &At<'_>) -> bool {
    let path = at.entry.path.as_slice();
    matches!(path.first(), Some(Step::Key(key)) if key == "homes") && at.under("position")
        || matches!(path.first(), Some(Step::Key(key)) if key == "modifiers") && at.under("block")
}

impl LanguageSupport for Ti4Language {
    fn hover(&self, file: &File<'_>, at: &At<'_>) -> Option<String> {
        let outline = file.outline;
        let path = at.entry.path.as_slice();
        if let [Step::Key(table), Step::Key(position)] = path
            && table == "tiles"
        {
            let position: i64 = position.parse().ok()?;
            // On the key, the position; on the value, the tile.
            if at
                .entry
                .key_span
                .is_some_and(|k| (k.start as usize..=k.end as usize).contains(&at.offset))
            {
                return Some(position_text(outline, position));
            }
            return tile_text(outline, at.entry.scalar()?);
        }
        if is_position(at) {
            return Some(position_text(outline, at.int()?));
        }
        if matches!(path.first(), Some(Step::Key(key)) if key == "off_board") {
            return tile_text(outline, at.entry.scalar()?);
        }
        None
    }

    fn definition(&self, file: &File<'_>, at: &At<'_>) -> Vec<Spot> {
        let outline = file.outline;
        let spot = |entry: &Entry| Spot {
            path: file.path.to_path_buf(),
            span: Some(entry.span),
        };
        let path = at.entry.path.as_slice();
        let found = if is_position(at) {
            at.int().and_then(|p| placed(outline, p))
        } else if matches!(path.first(), Some(Step::Key(key)) if key == "tiles" || key == "off_board")
        {
            at.int().and_then(|n| custom(outline, n))
        } else {
            None
        };
        found.map(spot).into_iter().collect()
    }

    fn symbols(&self, file: &File<'_>) -> Vec<Symbol> {
        let outline = file.outline;
        let mut parts = Vec::new();
        for entry in outline.children(&keys(["tiles"])) {
            let Some(Step::Key(position)) = entry.path.last() else {
                continue;
            };
            let detail = entry
                .scalar()
                .and_then(|scalar| match slot(scalar)? {
                    Slot::System(number) => Some(match custom(outline, i64::from(number)) {
                        Some(item) => format!(
                            "tile {number}, {}",
                            outline.field_str(item, "name").unwrap_or("custom")
                        ),
                        None => format!(
                            "tile {number}, {}",
                            name_of(Catalogue::builtin().ok()?.system(number)?)
                        ),
                    }),
                    Slot::Hyperlane {
                        number,
                        face,
                        rotation,
                    } => Some(format!("hyperlane {number}{}{rotation}", face.letter())),
                    Slot::Open => Some("open".to_string()),
                    Slot::Off => None,
                })
                .or_else(|| {
                    // A custom tile the catalogue does not know.
                    let number = entry.scalar()?.as_int()?;
                    let item = custom(outline, number)?;
                    Some(format!(
                        "tile {number}, {}",
                        outline.field_str(item, "name").unwrap_or("custom")
                    ))
                });
            let mut symbol = Symbol::of(entry, format!("position {position}"), SymbolKind::Part);
            if let Some(detail) = detail {
                symbol = symbol.detail(detail);
            }
            parts.push(symbol);
        }
        for (_, home) in outline.items(&keys(["homes"])) {
            let seat = outline.field(home, "seat").and_then(Scalar::as_int);
            let mut symbol = Symbol::of(
                home,
                seat.map_or("seat".to_string(), |s| format!("seat {s}")),
                SymbolKind::Feature,
            );
            if let Some(position) = outline.field(home, "position").and_then(Scalar::as_int) {
                symbol = symbol.detail(format!("position {position}"));
            }
            parts.push(symbol);
        }
        for (_, tile) in outline.items(&keys(["custom"])) {
            let number = outline.field(tile, "number").and_then(Scalar::as_int);
            let mut symbol = Symbol::of(
                tile,
                number.map_or("custom tile".to_string(), |n| format!("custom tile {n}")),
                SymbolKind::Feature,
            );
            if let Some(name) = outline.field_str(tile, "name") {
                symbol = symbol.detail(name);
            }
            parts.push(symbol);
        }
        for (_, modifier) in outline.items(&keys(["modifiers"])) {
            let name = outline.field_str(modifier, "name").unwrap_or("modifier");
            parts.push(Symbol::of(modifier, name.to_string(), SymbolKind::Link));
        }
        parts.sort_by_key(|s| s.span.start);
        let whole = deckplan_schema::Span::from_range(0..file.text.len());
        let name_entry = outline.get(&keys(["name"]));
        vec![Symbol {
            name: outline.str(&keys(["name"])).unwrap_or("galaxy").to_string(),
            detail: outline
                .scalar(&keys(["rings"]))
                .and_then(Scalar::as_int)
                .map(|r| format!("{r} rings")),
            kind: SymbolKind::Board,
            span: whole,
            name_span: name_entry.map_or(whole, |e| e.key_span.unwrap_or(e.span)),
            children: parts,
        }]
    }
}

#[cfg(test)]
mod tests {
    use super::ring;

    #[test]
    fn positions_fall_in_their_rings() {
        let rings: Vec<u64> = [0, 1, 6, 7, 18, 19, 36, 37].into_iter().map(ring).collect();
        assert_eq!(rings, [0, 1, 1, 2, 2, 3, 3, 4]);
    }
}
