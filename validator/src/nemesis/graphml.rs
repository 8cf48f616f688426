//! Nemesis ships from GraphML, the one public encoding of the basic board
//! side: one node per room plus a hub node for the technical corridors, one
//! undirected edge per corridor whose weight is its label written as digits
//! (`3`, `12` for "1 and 2").
//!
//! The import writes ship-file text and sends it back through the resolver
//! and the canonical writer, so what comes out is exactly what `deckplan fmt`
//! would write and nothing the format refuses slips through.
//!
//! ## Readings
//! - A node's room id is `room-N` for a numeric `name` (`room-7`), else its
//!   name in lower case with other characters as `-`; the node named by
//!   `hub` (default `0`) is the technical-corridor network `technical`.
//! - An edge to the hub is a technical entrance with the edge's numbers.
//! - Weights are read from a `weight` attribute or a `<data>` child whose key
//!   is `weight` (or is declared with `attr.name="weight"`); a `kind` the same
//!   way (a deckplan extension), else the room is a `"1"` slot to be edited.
//! - Positions `x`/`y` (pixels) become drawing positions at 100 pixels a
//!   step, shrunk to fit 0–99; GraphML carries no escape pods or tile pool.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use deckplan_schema::SourceFile;
use deckplan_schema::nemesis::resolve::MAX_AT;
use deckplan_schema::nemesis::{resolve, write};
use deckplan_schema::toml_file::quote;

/// What the import produced: canonical `pack.toml` and ship-file text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// `pack.toml`.
    pub pack: String,
    /// `ship.toml`.
    pub ship: String,
}

/// Why a GraphML file cannot be imported: every problem found.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", .0.join("\n"))]
pub struct GraphmlError(pub Vec<String>);

#[derive(Debug, Default)]
struct Element {
    attributes: BTreeMap<String, String>,
    data: BTreeMap<String, String>,
}

impl Element {
    fn get(&self, key: &str) -> Option<&str> {
        self.attributes
            .get(key)
            .or_else(|| self.data.get(key))
            .map(String::as_str)
    }
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// `name="value"` pairs of one tag's inside.
fn attributes(tag: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut rest = tag;
    while let Some(eq) = rest.find('=') {
        let key = rest
            .get(..eq)
            .unwrap_or("")
            .split_whitespace()
            .last()
            .unwrap_or("");
        let after = rest.get(eq + 1..).unwrap_or("").trim_start();
        let Some(quote) = after.chars().next().filter(|c| *c == '"' || *c == '\'') else {
            break;
        };
        let body = after.get(1..).unwrap_or("");
        let Some(end) = body.find(quote) else { break };
        out.insert(key.to_string(), unescape(body.get(..end).unwrap_or("")));
        rest = body.get(end + 1..).unwrap_or("");
    }
    out
}

/// The nodes and edges of a GraphML document, with their `<data>` children
/// under their keys' names.
fn elements(text: &str) -> (Vec<Element>, Vec<Element>) {
    let mut key_names: BTreeMap<String, String> = BTreeMap::new();
    let (mut nodes, mut edges) = (Vec::new(), Vec::new());
    // Which list the open element goes to, and the element.
    let mut open: Option<(bool, Element)> = None;
    let mut rest = text;
    while let Some(start) = rest.find('<') {
        let after = rest.get(start + 1..).unwrap_or("");
        let Some(end) = after.find('>') else { break };
        let inside = after.get(..end).unwrap_or("");
        let following = after.get(end + 1..).unwrap_or("");
        let self_closing = inside.ends_with('/');
        let inside = inside.trim_end_matches('/');
        let name = inside.split_whitespace().next().unwrap_or("");
        match name {
            "key" => {
                let a = attributes(inside);
                if let (Some(id), Some(attr)) = (a.get("id"), a.get("attr.name")) {
                    key_names.insert(id.clone(), attr.clone());
                }
            }
            "node" | "edge" => {
                let element = Element {
                    attributes: attributes(inside),
                    data: BTreeMap::new(),
                };
                if self_closing {
                    if name == "node" {
                        nodes.push(element)
                    } else {
                        edges.push(element)
                    }
                } else {
                    open = Some((name == "node", element));
                }
            }
            "data" => {
                if let Some((_, element)) = open.as_mut() {
                    let key = attributes(inside).get("key").cloned().unwrap_or_default();
                    let key = key_names.get(&key).cloned().unwrap_or(key);
                    let value = following.split('<').next().unwrap_or("").trim();
                    element.data.insert(key, unescape(value));
                }
            }
            "/node" | "/edge" => {
                if let Some((is_node, element)) = open.take() {
                    if is_node {
                        nodes.push(element)
                    } else {
                        edges.push(element)
                    }
                }
            }
            _ => {}
        }
        rest = following;
    }
    (nodes, edges)
}

fn room_id(name: &str) -> String {
    if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
        return format!("room-{name}");
    }
    let mut id = String::new();
    for c in name.to_ascii_lowercase().chars() {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            id.push(c);
        } else if !id.ends_with('-') {
            id.push('-');
        }
    }
    id.trim_matches('-').to_string()
}

/// Digits 1–4 as a TOML list (`12` → `[1, 2]`).
fn numbers(weight: &str) -> Option<String> {
    let digits: Vec<String> = weight.trim().chars().map(String::from).collect();
    let ok = !digits.is_empty()
        && digits
            .iter()
            .all(|d| matches!(d.as_str(), "1" | "2" | "3" | "4"));
    ok.then(|| format!("[{}]", digits.join(", ")))
}

/// Reads a GraphML document as a ship named `name`; `hub` names the node of
/// the technical corridors.
pub fn import(text: &str, name: &str, hub: &str) -> Result<Imported, GraphmlError> {
    let (nodes, edges) = elements(text);
    let mut problems = Vec::new();
    if nodes.is_empty() {
        problems.push("the file has no <node> elements".to_string());
    }
    let label = |n: &Element| {
        n.get("name")
            .or_else(|| n.get("id"))
            .unwrap_or("")
            .to_string()
    };
    let position = |n: &Element, key: &str| {
        n.get(key)
            .and_then(|v| v.trim().parse::<f64>().ok())
            .filter(|v| v.is_finite())
    };
    let (min_x, min_y, max_x, max_y) = nodes.iter().fold(
        (f64::MAX, f64::MAX, f64::MIN, f64::MIN),
        |(a, b, c, d), n| {
            let (x, y) = (
                position(n, "x").unwrap_or(0.0),
                position(n, "y").unwrap_or(0.0),
            );
            (a.min(x), b.min(y), c.max(x), d.max(y))
        },
    );
    let extent = ((max_x - min_x).max(max_y - min_y) / 100.0).max(0.0);
    let shrink = (extent / f64::from(MAX_AT)).max(1.0);
    let at = |n: &Element| {
        let step = |v: f64, min: f64| {
            ((v - min) / 100.0 / shrink)
                .round()
                .clamp(0.0, f64::from(MAX_AT)) as u16
        };
        (
            step(position(n, "x").unwrap_or(min_x), min_x),
            step(position(n, "y").unwrap_or(min_y), min_y),
        )
    };

    let mut ids: BTreeMap<String, String> = BTreeMap::new(); // GraphML id → room id ("" for the hub)
    let mut hub_at = None;
    let mut out = format!(
        "format = 1\nruleset = \"nemesis\"\nname = {}\nboard = {}\n",
        quote(name),
        quote("imported from GraphML")
    );
    let mut seen_rooms: BTreeMap<String, String> = BTreeMap::new();
    for node in &nodes {
        let graph_id = node.get("id").unwrap_or("").to_string();
        let node_name = label(node);
        if node_name == hub {
            ids.insert(graph_id, String::new());
            hub_at = Some(at(node));
            continue;
        }
        let id = room_id(&node_name);
        if let Some(other) = seen_rooms.insert(id.clone(), graph_id.clone()) {
            problems.push(format!(
                "nodes `{other}` and `{graph_id}` both become room `{id}`"
            ));
            continue;
        }
        let (x, y) = at(node);
        let _ = write!(
            out,
            "\n[[rooms]]\nid = {}\nkind = {}\nname = {}\nat = [{x}, {y}]\n",
            quote(&id),
            quote(node.get("kind").unwrap_or("1")),
            quote(&node_name)
        );
        ids.insert(graph_id, id);
    }
    let mut entrances = String::new();
    for edge in &edges {
        let edge_id = edge.get("id").unwrap_or("?");
        let ends = [edge.get("source"), edge.get("target")].map(|e| e.and_then(|e| ids.get(e)));
        let [Some(a), Some(b)] = ends else {
            problems.push(format!(
                "edge `{edge_id}` joins a node the file does not have"
            ));
            continue;
        };
        let weight = edge.get("weight").unwrap_or("");
        let Some(list) = numbers(weight) else {
            problems.push(format!(
                "edge `{edge_id}` has weight `{weight}`; a corridor's label is one or two of the digits 1-4, like `3` or `12`"
            ));
            continue;
        };
        match (a.is_empty(), b.is_empty()) {
            (true, true) => problems.push(format!("edge `{edge_id}` joins the hub to itself")),
            (false, false) => {
                let _ = write!(
                    out,
                    "\n[[corridors]]\nbetween = [{}, {}]\nnumbers = {list}\n",
                    quote(a),
                    quote(b)
                );
            }
            _ => {
                let room = if a.is_empty() { b } else { a };
                let _ = write!(
                    entrances,
                    "\n[[technical_entrances]]\nroom = {}\nnumbers = {list}\nnetwork = \"technical\"\n",
                    quote(room)
                );
            }
        }
    }
    if let Some((x, y)) = hub_at {
        let _ = write!(out, "\n[[networks]]\nid = \"technical\"\nat = [{x}, {y}]\n");
    } else if !entrances.is_empty() {
        problems.push(format!(
            "no node is named `{hub}`, the technical-corridor hub"
        ));
    }
    out.push_str(&entrances);
    if !problems.is_empty() {
        return Err(GraphmlError(problems));
    }
    let source = SourceFile::new("ship.toml", out);
    let ship = resolve::parse_ship(&source)
        .map_err(|errors| GraphmlError(errors.into_iter().map(|e| e.message).collect()))?;
    Ok(Imported {
        pack: format!(
            "format = 1\nname = {}\nruleset = \"nemesis\"\nship = \"ship.toml\"\n",
            quote(name)
        ),
        ship: write::write_ship(&ship),
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn attributes_and_data_children_are_both_read() {
        let text = r#"<graphml><key id="d0" for="edge" attr.name="weight"/>
            <graph><node id="a" name="1" x="0" y="0"/><node id="b" x="200" y="0"><data key="name">Lab &amp; Co</data></node>
            <node id="h" name="0" x="100" y="200"/>
            <edge id="e0" source="a" target="b"><data key="d0">12</data></edge>
            <edge id="e1" source="h" target="a" weight="34"/></graph></graphml>"#;
        let imported = import(text, "T", "0").unwrap();
        assert!(
            imported
                .ship
                .contains("id = \"room-1\"\nkind = \"1\"\nname = \"1\"\nat = [0, 0]\n")
        );
        assert!(
            imported
                .ship
                .contains("id = \"lab-co\"\nkind = \"1\"\nname = \"Lab & Co\"\nat = [2, 0]\n")
        );
        assert!(
            imported
                .ship
                .contains("between = [\"room-1\", \"lab-co\"]\nnumbers = [1, 2]\n")
        );
        assert!(
            imported
                .ship
                .contains("room = \"room-1\"\nnumbers = [3, 4]\nnetwork = \"technical\"\n")
        );
        assert!(
            imported
                .ship
                .contains("[[networks]]\nid = \"technical\"\nat = [1, 2]\n")
        );
    }

    #[test]
    fn every_problem_is_reported() {
        let text = r#"<graph><node id="a" name="1"/><node id="b" name="1"/>
            <edge id="e0" source="a" target="z" weight="1"/><edge id="e1" source="a" target="a" weight="5"/></graph>"#;
        assert_eq!(
            import(text, "T", "0").unwrap_err().0,
            [
                "nodes `a` and `b` both become room `room-1`",
                "edge `e0` joins a node the file does not have",
                "edge `e1` has weight `5`; a corridor's label is one or two of the digits 1-4, like `3` or `12`",
            ]
        );
    }
}
