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
//!
//! ## XML
//! The file is read with `quick-xml` and must be well-formed: a tag left
//! open, an end tag that does not match, an attribute given twice or not
//! quoted is refused at its line and column. Comments, processing
//! instructions and the document type are passed over; a CDATA section is
//! text; character references and XML's five entities are resolved, and any
//! other entity is refused, never expanded, so a document type cannot grow
//! the text. Values are kept as written otherwise (line breaks in an
//! attribute are not folded into spaces), and every message that quotes one
//! is shown with its control characters escaped.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use deckplan_schema::SourceFile;
use deckplan_schema::nemesis::resolve::MAX_AT;
use deckplan_schema::nemesis::{resolve, write};
use deckplan_schema::toml_file::quote;
use quick_xml::Reader;
use quick_xml::escape::{self, EscapeError};
use quick_xml::events::attributes::AttrError;
use quick_xml::events::{BytesRef, BytesStart, Event};

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

/// A `<node>` or `<edge>`: its attributes and its `<data>` children's text,
/// each under its key's name.
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

/// A `<node>` or `<edge>` whose end tag is still to come.
struct Open {
    is_node: bool,
    /// How many elements are open, this one included.
    depth: usize,
    element: Element,
}

/// A `<data>` child being read: its key's name and its text so far.
struct Data {
    key: String,
    text: String,
    /// How many elements are open, this one included.
    depth: usize,
}

/// The nodes and edges of a GraphML document as it is read, one event at a
/// time.
#[derive(Default)]
struct Graph {
    /// `attr.name` of each `<key>` by its `id`.
    key_names: BTreeMap<String, String>,
    nodes: Vec<Element>,
    edges: Vec<Element>,
    /// Nodes and edges open around the place being read, innermost last.
    open: Vec<Open>,
    data: Option<Data>,
}

impl Graph {
    /// A start tag (or an empty-element tag, `empty`) with `depth` elements
    /// open, itself included.
    fn start(&mut self, tag: &BytesStart<'_>, depth: usize, empty: bool) -> Result<(), String> {
        match tag.name().as_ref() {
            "key" => {
                let mut key = attributes(tag)?;
                if let (Some(id), Some(attr)) = (key.remove("id"), key.remove("attr.name")) {
                    self.key_names.insert(id, attr);
                }
            }
            name @ ("node" | "edge") => {
                let element = Element {
                    attributes: attributes(tag)?,
                    data: BTreeMap::new(),
                };
                let is_node = name == "node";
                if empty {
                    self.finish(is_node, element);
                } else {
                    self.open.push(Open {
                        is_node,
                        depth,
                        element,
                    });
                }
            }
            "data" if self.data.is_none() => {
                let Some(open) = self.open.last_mut() else {
                    return Ok(());
                };
                let key = attributes(tag)?.remove("key").unwrap_or_default();
                let key = self.key_names.get(&key).cloned().unwrap_or(key);
                if empty {
                    open.element.data.insert(key, String::new());
                } else {
                    self.data = Some(Data {
                        key,
                        text: String::new(),
                        depth,
                    });
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The end tag of the element open at `depth`.
    fn end(&mut self, depth: usize) {
        if let Some(data) = self.data.take_if(|data| data.depth == depth) {
            if let Some(open) = self.open.last_mut() {
                let text = data.text.trim().to_string();
                open.element.data.insert(data.key, text);
            }
        } else if let Some(open) = self.open.pop_if(|open| open.depth == depth) {
            self.finish(open.is_node, open.element);
        }
    }

    /// Text read with `depth` elements open: a `<data>` child's value when it
    /// is directly inside one.
    fn text(&mut self, depth: usize, text: &str) {
        if let Some(data) = self.data.as_mut().filter(|data| data.depth == depth) {
            data.text.push_str(text);
        }
    }

    fn finish(&mut self, is_node: bool, element: Element) {
        if is_node {
            self.nodes.push(element);
        } else {
            self.edges.push(element);
        }
    }
}

/// `name="value"` pairs of one tag, references in values resolved.
fn attributes(tag: &BytesStart<'_>) -> Result<BTreeMap<String, String>, String> {
    let mut out = BTreeMap::new();
    for attribute in tag.attributes() {
        let attribute = attribute.map_err(|error| match error {
            AttrError::Duplicated(..) => {
                format!(
                    "a `<{}>` tag gives one attribute twice",
                    tag.name().as_ref()
                )
            }
            _ => format!(
                "an attribute of a `<{}>` tag is not written `name=\"value\"`",
                tag.name().as_ref()
            ),
        })?;
        let value = escape::unescape_with(&attribute.value, escape::resolve_xml_entity)
            .map_err(|error| escape_problem(&error))?;
        out.insert(attribute.key.as_ref().to_string(), value.into_owned());
    }
    Ok(out)
}

/// What is wrong with a reference in an attribute value.
fn escape_problem(error: &EscapeError) -> String {
    match error {
        EscapeError::UnrecognizedEntity(_, name) => unknown_entity(name),
        EscapeError::UnterminatedEntity(_) => {
            "a `&` starts no reference; write `&amp;` for the character".to_string()
        }
        other => other.to_string(),
    }
}

fn unknown_entity(name: &str) -> String {
    format!(
        "`&{name};` is not one of XML's five entities (`&lt;` `&gt;` `&amp;` `&quot;` `&apos;`); \
         write the character itself or a character reference such as `&#233;`"
    )
}

/// The character a reference (`&amp;`, `&#233;`) in text stands for.
fn reference(reference: &BytesRef<'_>) -> Result<char, String> {
    match reference.resolve_char_ref() {
        Ok(Some(c)) => Ok(c),
        Ok(None) => escape::resolve_xml_entity(reference)
            .and_then(|text| text.chars().next())
            .ok_or_else(|| unknown_entity(reference)),
        Err(error) => Err(format!("`&{};`: {error}", &**reference)),
    }
}

/// The line and column of byte `at` of `text`, counted from 1.
fn line_column(text: &str, at: u64) -> (usize, usize) {
    let mut at = usize::try_from(at).unwrap_or(usize::MAX).min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = text.get(..at).unwrap_or_default();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before.get(line_start..).unwrap_or_default().chars().count();
    (before.matches('\n').count() + 1, column + 1)
}

/// The nodes and edges of a GraphML document, with their `<data>` children
/// under their keys' names; or, at its line and column, why the text is not
/// XML this import reads.
///
/// Comments, processing instructions and the document type are passed over;
/// CDATA sections are text; character references and XML's five entities
/// are resolved, and any other entity is refused, never expanded.
fn elements(text: &str) -> Result<(Vec<Element>, Vec<Element>), GraphmlError> {
    let mut reader = Reader::from_str(text);
    let mut graph = Graph::default();
    // The names of the elements open around the place being read.
    let mut tags: Vec<String> = Vec::new();
    loop {
        let at = reader.buffer_position();
        let refuse = |problem: String, at: u64| {
            let (line, column) = line_column(text, at);
            GraphmlError(vec![format!("line {line}, column {column}: {problem}")])
        };
        let event = reader.read_event().map_err(|error| {
            let problem = match error {
                quick_xml::Error::Syntax(error) => error.to_string(),
                quick_xml::Error::IllFormed(error) => error.to_string(),
                other => other.to_string(),
            };
            refuse(
                format!("the file is not well-formed XML: {problem}"),
                reader.error_position(),
            )
        })?;
        let depth = tags.len();
        match event {
            Event::Start(tag) => {
                tags.push(tag.name().as_ref().to_string());
                graph
                    .start(&tag, depth + 1, false)
                    .map_err(|p| refuse(p, at))?;
            }
            Event::Empty(tag) => graph
                .start(&tag, depth + 1, true)
                .map_err(|p| refuse(p, at))?,
            Event::End(_) => {
                graph.end(depth);
                tags.pop();
            }
            Event::Text(content) => graph.text(depth, &content),
            Event::CData(content) => graph.text(depth, &content),
            Event::GeneralRef(name) => {
                let c = reference(&name).map_err(|p| refuse(p, at))?;
                graph.text(depth, c.encode_utf8(&mut [0; 4]));
            }
            Event::Comment(_) | Event::Decl(_) | Event::PI(_) | Event::DocType(_) => {}
            Event::Eof => break,
        }
    }
    if let Some(name) = tags.last() {
        let (line, column) = line_column(text, reader.buffer_position());
        return Err(GraphmlError(vec![format!(
            "line {line}, column {column}: the file is not well-formed XML: it ends before `</{name}>`"
        )]));
    }
    Ok((graph.nodes, graph.edges))
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
    let (nodes, edges) = elements(text)?;
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

    /// Each node's `id` and `name` (attribute or `<data>`), in the order
    /// their elements close.
    fn names(text: &str) -> Vec<(String, String)> {
        let (nodes, _) = elements(text).unwrap_or_else(|e| panic!("{e}"));
        nodes
            .iter()
            .map(|n| {
                let get = |key| n.get(key).unwrap_or("").to_string();
                (get("id"), get("name"))
            })
            .collect()
    }

    fn refusal(text: &str) -> String {
        let Err(GraphmlError(problems)) = elements(text) else {
            panic!("{text} is read");
        };
        problems.join("\n")
    }

    #[test]
    fn comments_are_passed_over_whatever_they_hold() {
        let text = "<?xml version=\"1.0\"?>\n<!-- a > b <node id=\"x\" name=\"9\"/> -->\n\
            <graph><?pi <node id=\"y\"/>?><node id=\"a\" name=\"1\"/></graph>";
        assert_eq!(names(text), [("a".to_string(), "1".to_string())]);
    }

    #[test]
    fn cdata_and_references_are_text() {
        let text = "<graph>\
            <node id=\"a\" name=\"Caf&#233; &#x41;&amp;&lt;&gt;&quot;&apos;\"/>\
            <node id=\"b\"><data key=\"name\">  <![CDATA[R&D <Lab>]]> &amp; two\nlines </data></node>\
            <node id=\"c\"><data key=\"name\"/></node></graph>";
        assert_eq!(
            names(text),
            [
                ("a".to_string(), "Café A&<>\"'".to_string()),
                ("b".to_string(), "R&D <Lab> & two\nlines".to_string()),
                ("c".to_string(), String::new()),
            ]
        );
    }

    #[test]
    fn data_belongs_to_the_innermost_open_node() {
        let text = "<graph><node id=\"a\"><graph><node id=\"b\"><data key=\"name\">B</data></node>\
            </graph><data key=\"name\">A</data></node></graph>";
        assert_eq!(
            names(text),
            [
                ("b".to_string(), "B".to_string()),
                ("a".to_string(), "A".to_string()),
            ]
        );
    }

    #[test]
    fn entities_other_than_xmls_five_are_refused_not_expanded() {
        let laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE g [\n<!ENTITY lol \"lol\">\n\
            <!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n]>\n\
            <graph><node id=\"a\"><data key=\"name\">&lol2;</data></node></graph>";
        assert_eq!(
            refusal(laughs),
            "line 6, column 38: `&lol2;` is not one of XML's five entities (`&lt;` `&gt;` `&amp;` `&quot;` `&apos;`); \
             write the character itself or a character reference such as `&#233;`"
        );
        assert!(
            refusal("<graph><node id=\"a\" name=\"&lol;\"/></graph>")
                .starts_with("line 1, column 8: `&lol;` is not one of XML's five entities")
        );
        assert_eq!(
            refusal("<graph><node id=\"a\" name=\"R & D\"/></graph>"),
            "line 1, column 8: a `&` starts no reference; write `&amp;` for the character"
        );
    }

    #[test]
    fn xml_that_is_not_well_formed_is_refused_where_it_goes_wrong() {
        assert_eq!(
            refusal("<graph>\n  <node id=\"a\">\n  </edge>\n</graph>"),
            "line 3, column 3: the file is not well-formed XML: expected `</node>`, but `</edge>` was found"
        );
        assert_eq!(
            refusal("<graph>\n<node id=\"a\" name=\"1\"/>\n"),
            "line 3, column 1: the file is not well-formed XML: it ends before `</graph>`"
        );
        assert_eq!(
            refusal("<graph><node id=\"a\" id=\"b\"/></graph>"),
            "line 1, column 8: a `<node>` tag gives one attribute twice"
        );
        assert_eq!(
            refusal("<graph><edge id=e0/></graph>"),
            "line 1, column 8: an attribute of a `<edge>` tag is not written `name=\"value\"`"
        );
        assert!(
            refusal("<graph><!-- open").starts_with(
                "line 1, column 8: the file is not well-formed XML: comment not closed"
            )
        );
    }
}
