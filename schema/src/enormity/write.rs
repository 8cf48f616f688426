//! The canonical writer: one text for each model, so `deckplan fmt` is
//! idempotent and a formatted file round-trips byte for byte.
//!
//! ## Style
//! Lists are written one item per line with a trailing comma, so a diff shows
//! one changed feature per line. Features are sorted in reading order (top row
//! first, then west to east); edges are merged into the longest runs.

use std::fmt::Write as _;

use super::coord::{self, Edge, Space};
use super::model::*;
use super::resolve::FORMAT_VERSION;
use crate::lint_table::write_lint;
use crate::toml_file::{quote, quote_multiline};

/// Writes a page file in canonical form.
pub fn write_page(page: &Page) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "format = {FORMAT_VERSION}");
    let _ = writeln!(out, "book = {}", page.id.book);
    let _ = writeln!(out, "page = {}", page.id.page);
    let _ = writeln!(out, "location = {}", quote(&page.location));
    if let Some(title) = &page.title {
        let _ = writeln!(out, "title = {}", quote(title));
    }
    if let Some(notes) = &page.notes {
        let _ = writeln!(out, "notes = {}", quote_multiline(notes));
    }
    out.push('\n');
    write_grid(&mut out, page);

    let mut edges = Section::new("edges");
    edges.list(
        "walls",
        edge_runs(page, |k| k == EdgeKind::Wall)
            .into_iter()
            .map(|r| quote(&r)),
    );
    edges.list(
        "red_lines",
        edge_runs(page, |k| k == EdgeKind::RedLine)
            .into_iter()
            .map(|r| quote(&r)),
    );
    let mut doors: Vec<(u16, Edge)> = page
        .edges
        .iter()
        .filter_map(|(edge, f)| match f.kind {
            EdgeKind::Door(n) => Some((n, *edge)),
            _ => None,
        })
        .collect();
    doors.sort();
    edges.list(
        "doors",
        doors
            .iter()
            .map(|(n, edge)| format!("{{ number = {n}, at = {} }}", quote(&edge.to_string()))),
    );
    edges.write(&mut out);

    let features = &page.spaces;
    let mut spaces = Section::new("spaces");
    spaces.list(
        "terrain",
        features.terrain.iter().map(|tile| {
            let mut item = format!(
                "{{ spaces = [{}], keywords = [{}]",
                join(tile.spaces.iter().map(|s| quote(&s.to_string()))),
                join(tile.keywords.iter().map(|k| quote(k.name())))
            );
            if let Some(name) = &tile.name {
                let _ = write!(item, ", name = {}", quote(name));
            }
            item.push_str(" }");
            item
        }),
    );
    spaces.list(
        "forced_arrows",
        in_reading_order(&features.forced_arrows)
            .map(|(at, arrow)| format!("{{ at = \"{at}\", direction = \"{}\" }}", arrow.direction)),
    );
    spaces.list(
        "location_arrows",
        in_reading_order(&features.location_arrows).map(|(at, arrow)| {
            format!(
                "{{ at = \"{at}\", direction = \"{}\", target = \"{}\" }}",
                arrow.direction, arrow.target
            )
        }),
    );
    spaces.list(
        "consoles",
        features.consoles.iter().map(|(number, console)| {
            let mut item = format!("{{ number = {number}, at = \"{}\"", console.at);
            if !console.opens.is_empty() {
                let _ = write!(
                    item,
                    ", opens = [{}]",
                    join(console.opens.iter().map(u16::to_string))
                );
            }
            if !console.closes.is_empty() {
                let _ = write!(
                    item,
                    ", closes = [{}]",
                    join(console.closes.iter().map(u16::to_string))
                );
            }
            item.push_str(" }");
            item
        }),
    );
    spaces.list(
        "keycards",
        in_reading_order(&features.keycards).map(|(at, keycard)| {
            format!(
                "{{ at = \"{at}\", opens = [{}] }}",
                join(keycard.opens.iter().map(u16::to_string))
            )
        }),
    );
    spaces.list(
        "discoveries",
        in_reading_order(&features.discoveries).map(|(at, marker)| match marker.discovery {
            Discovery::Numbered(n) => format!("{{ at = \"{at}\", number = {n} }}"),
            Discovery::Coloured(c) => format!("{{ at = \"{at}\", colour = \"{}\" }}", c.name()),
        }),
    );
    for marker in Marker::ALL {
        if let Some(placed) = features.markers.get(&marker) {
            spaces.list(
                marker.key(),
                in_reading_order(placed).map(|(at, _)| format!("\"{at}\"")),
            );
        }
    }
    spaces.write(&mut out);

    let points = &page.intersections;
    let mut intersections = Section::new("intersections");
    let mut spawn_points: Vec<_> = points.spawn_points.keys().copied().collect();
    spawn_points.sort_by_key(|p| p.reading_order());
    intersections.list(
        "spawn_points",
        spawn_points.iter().map(|p| format!("\"{p}\"")),
    );
    intersections.list(
        "spawn_links",
        points
            .spawn_links
            .iter()
            .map(|l| format!("[\"{}\", \"{}\"]", l.a, l.b)),
    );
    let mut blips: Vec<_> = points.blips.iter().collect();
    blips.sort_by_key(|(p, _)| p.reading_order());
    intersections.list(
        "blips",
        blips
            .iter()
            .map(|(p, blip)| format!("{{ at = \"{p}\", direction = \"{}\" }}", blip.direction)),
    );
    intersections.write(&mut out);

    if let Some(background) = &page.background {
        let _ = write!(
            out,
            "\n[background]\nimage = {}\nscale = {}\noffset = [{}, {}]\nopacity = {}\n",
            quote(&background.image),
            number(background.scale),
            number(background.offset[0]),
            number(background.offset[1]),
            number(background.opacity)
        );
        // Written only when set, so the files of unturned scans stay as they were.
        if background.turn != 0 {
            let _ = writeln!(out, "turn = {}", background.turn);
        }
        if background.mirrored {
            out.push_str("mirrored = true\n");
        }
    }

    write_lint(&mut out, &page.lint);
    out
}

/// A number as TOML: whole numbers bare (`100`), others with as few decimals
/// as read back to the same value (`0.35`); never `-0`.
fn number(value: f64) -> String {
    if value == 0.0 || !value.is_finite() {
        return "0".to_string();
    }
    format!("{value}")
}

/// Writes a `pack.toml` in canonical form.
pub fn write_pack(pack: &Pack) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "format = {FORMAT_VERSION}");
    let _ = writeln!(out, "name = {}", quote(&pack.name));
    let _ = writeln!(out, "ruleset = {}", quote(super::resolve::RULESET));
    let _ = writeln!(out, "start = \"{}\"", pack.start);
    if pack.page_files.is_empty() {
        // `pages` is required; an empty list must still be written, or the
        // canonical text would not read back.
        let _ = writeln!(out, "pages = []");
    } else {
        write_list(
            &mut out,
            "pages",
            pack.page_files.iter().map(|f| quote(&f.path)),
        );
    }
    for book in pack.books.values() {
        let _ = write!(out, "\n[[books]]\nnumber = {}\n", book.number);
        if let Some(title) = &book.title {
            let _ = writeln!(out, "title = {}", quote(title));
        }
    }
    for location in pack.locations.values() {
        let _ = write!(
            out,
            "\n[[locations]]\ndesignation = {}\nname = {}\n",
            quote(&location.designation),
            quote(&location.name)
        );
    }
    for join in &pack.joins {
        let _ = write!(
            out,
            "\n[[joins]]\nfrom = \"{}\"\nto = \"{}\"\noffset = {}\n",
            join.from, join.to, join.offset
        );
    }
    write_lint(&mut out, &pack.lint);
    out
}

/// The grid, preceded by a comment ruler of column numbers (tens above units).
fn write_grid(out: &mut String, page: &Page) {
    let size = page.size;
    let label_width = coord::row_letters(size.rows.saturating_sub(1)).len();
    let pad = " ".repeat(label_width);
    if size.columns >= 10 {
        let tens: String = (1..=size.columns)
            .map(|n| {
                if n % 10 == 0 {
                    char::from(b'0' + ((n / 10) % 10) as u8)
                } else {
                    ' '
                }
            })
            .collect();
        let _ = writeln!(out, "#{pad}{}", tens.trim_end());
    }
    let units: String = (1..=size.columns)
        .map(|n| char::from(b'0' + (n % 10) as u8))
        .collect();
    let _ = writeln!(out, "#{pad}{units}");
    out.push_str("grid = \"\"\"\n");
    for row in (0..size.rows).rev() {
        let label = coord::row_letters(row);
        let _ = write!(out, "{label:>label_width$} ");
        for col in 0..size.columns {
            out.push(
                page.kind(Space::new(col, row))
                    .map_or('#', SpaceKind::symbol),
            );
        }
        out.push('\n');
    }
    out.push_str("\"\"\"\n");
}

/// Maximal runs of consecutive edges of one kind along each grid line:
/// horizontal lines top to bottom, then vertical lines west to east.
fn edge_runs(page: &Page, wanted: impl Fn(EdgeKind) -> bool) -> Vec<String> {
    coord::edge_runs(
        page.edges
            .iter()
            .filter(|(_, f)| wanted(f.kind))
            .map(|(edge, _)| *edge),
    )
}

fn in_reading_order<V>(
    map: &std::collections::BTreeMap<Space, V>,
) -> impl Iterator<Item = (Space, &V)> {
    let mut items: Vec<(Space, &V)> = map.iter().map(|(s, v)| (*s, v)).collect();
    items.sort_by_key(|(s, _)| s.reading_order());
    items.into_iter()
}

/// A `[table]` of arrays, written only if one of them has items.
struct Section {
    name: &'static str,
    body: String,
}

impl Section {
    fn new(name: &'static str) -> Self {
        Self {
            name,
            body: String::new(),
        }
    }

    fn list(&mut self, key: &str, items: impl Iterator<Item = String>) {
        write_list(&mut self.body, key, items);
    }

    fn write(self, out: &mut String) {
        if !self.body.is_empty() {
            let _ = write!(out, "\n[{}]\n{}", self.name, self.body);
        }
    }
}

/// `key = [` one item per line `]`; nothing when there are no items.
fn write_list(out: &mut String, key: &str, items: impl Iterator<Item = String>) {
    let mut items = items.peekable();
    if items.peek().is_none() {
        return;
    }
    let _ = writeln!(out, "{key} = [");
    for item in items {
        let _ = writeln!(out, "    {item},");
    }
    out.push_str("]\n");
}

fn join(items: impl Iterator<Item = String>) -> String {
    items.collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use crate::enormity::load::page_from_source;
    use crate::source::SourceFile;

    const PAGE: &str =
        "format = 1\nbook = 1\npage = 1\nlocation = \"SR\"\n\ngrid = \"\"\"\nA ..\n\"\"\"\n";

    fn page(text: &str) -> Result<crate::enormity::Page, Vec<String>> {
        let loaded = page_from_source(&SourceFile::new("p.toml", text.to_string()));
        loaded.value.ok_or_else(|| {
            loaded
                .errors
                .iter()
                .map(|e| e.error.message.clone())
                .collect()
        })
    }

    #[test]
    fn a_background_is_written_canonically_and_reads_back() {
        let text = format!(
            "{PAGE}\n[background]\nimage = \"../scans/a.PNG\"\nscale = 1e2\noffset = [-0.0, 0.25]\n"
        );
        let read = page(&text).unwrap();
        let background = read.background.clone().unwrap();
        assert_eq!(background.scale, 100.0);
        assert_eq!(
            background.opacity,
            crate::enormity::Background::DEFAULT_OPACITY
        );
        let written = super::write_page(&read);
        assert!(
            written.ends_with(
                "[background]\nimage = \"../scans/a.PNG\"\nscale = 100\noffset = [0, 0.25]\nopacity = 0.5\n"
            ),
            "{written}"
        );
        let again = page(&written).unwrap();
        assert_eq!(super::write_page(&again), written);
    }

    #[test]
    fn a_turned_or_mirrored_background_is_written_after_its_opacity() {
        let text =
            format!("{PAGE}\n[background]\nmirrored = true\nimage = \"s.png\"\nturn = 270\n");
        let read = page(&text).unwrap();
        let background = read.background.clone().unwrap();
        assert_eq!((background.turn, background.mirrored), (270, true));
        let written = super::write_page(&read);
        assert!(
            written.ends_with(
                "[background]\nimage = \"s.png\"\nscale = 100\noffset = [0, 0]\nopacity = 0.5\nturn = 270\nmirrored = true\n"
            ),
            "{written}"
        );
        let plain =
            format!("{PAGE}\n[background]\nimage = \"s.png\"\nturn = 0\nmirrored = false\n");
        let written = super::write_page(&page(&plain).unwrap());
        assert!(written.ends_with("opacity = 0.5\n"), "{written}");
    }

    #[test]
    fn a_background_turn_that_is_not_a_quarter_turn_is_refused() {
        for (value, shown) in [
            ("45", "45"),
            ("-90", "-90"),
            ("360", "360"),
            ("90.0", "90.0"),
            ("\"90\"", "\"90\""),
        ] {
            let text = format!("{PAGE}\n[background]\nimage = \"s.png\"\nturn = {value}\n");
            assert_eq!(
                page(&text).unwrap_err(),
                [format!(
                    "the background turn is `{shown}`; it must be 0, 90, 180 or 270"
                )]
            );
        }
        let text = format!("{PAGE}\n[background]\nimage = \"s.png\"\nmirrored = \"yes\"\n");
        assert_eq!(
            page(&text).unwrap_err(),
            ["the background's `mirrored` is `\"yes\"`; it must be true or false"]
        );
    }

    #[test]
    fn bad_backgrounds_are_refused_with_reasons() {
        for (table, expected) in [
            ("image = \"/abs/a.png\"", "is absolute"),
            ("image = \"a.gif\"", "not a PNG or JPEG"),
            ("image = \"a.png\"\nopacity = 2", "opacity"),
            ("image = \"a.png\"\nscale = -1", "scale"),
            ("image = \"a.png\"\noffset = [1]", "pair of numbers"),
            ("image = \"a.png\"\noffset = [nan, 0]", "offset"),
        ] {
            let errors = page(&format!("{PAGE}\n[background]\n{table}\n")).unwrap_err();
            assert!(
                errors.iter().any(|e| e.contains(expected)),
                "{table}: {errors:?}"
            );
        }
    }

    #[test]
    fn image_paths_may_climb_only_within_the_pack() {
        use crate::enormity::resolve::image_leaves_pack;
        assert!(!image_leaves_pack("book1/page1.toml", "../scans/a.png"));
        assert!(!image_leaves_pack("page1.toml", "scans/a.png"));
        assert!(image_leaves_pack("page1.toml", "../a.png"));
        assert!(image_leaves_pack("book1/page1.toml", "../../a.png"));
    }
}
