//! Completion of keys and of enumerated values, from the game's published
//! JSON Schema (`deckplan schema`), so it is right for every game without a
//! line of game code: the keys a table may still have, the values a key
//! takes (`enum`, `const`, booleans), and, in a `[lint]` table, the game's
//! check names. Descriptions from the schema come along as documentation.

use deckplan_schema::Span;
use serde_json::Value;

use super::outline::{Outline, Step, Typing};

/// One thing that can be typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// What is shown and filtered on.
    pub label: String,
    /// What replaces the word being typed.
    pub insert: String,
    /// The bytes it replaces.
    pub span: Span,
    /// Whether it is a key (else a value).
    pub is_key: bool,
    /// The schema's description of it, in Markdown.
    pub documentation: Option<String>,
}

/// Most `$ref`s and combinations followed while looking a path up, so a
/// schema that refers to itself cannot loop.
const MAX_DEPTH: usize = 32;

/// The schemas that may describe the value at `path`, `$ref`s and `allOf`s
/// followed, the options of `oneOf`/`anyOf` each kept.
pub fn at_path<'s>(root: &'s Value, path: &[Step]) -> Vec<&'s Value> {
    let mut found = Vec::new();
    expand(root, root, 0, &mut found);
    for step in path {
        let mut next = Vec::new();
        for schema in found {
            for child in child(schema, step) {
                expand(root, child, 0, &mut next);
            }
        }
        found = next;
        if found.is_empty() {
            break;
        }
    }
    found
}

/// `schema`, with each `$ref`, `allOf`, `oneOf` and `anyOf` it holds
/// followed into the schemas it stands for.
fn expand<'s>(root: &'s Value, schema: &'s Value, depth: usize, out: &mut Vec<&'s Value>) {
    if depth > MAX_DEPTH {
        return;
    }
    if let Some(target) = schema
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|reference| reference.strip_prefix('#'))
        .and_then(|pointer| root.pointer(pointer))
    {
        expand(root, target, depth + 1, out);
    }
    out.push(schema);
    for combination in ["allOf", "oneOf", "anyOf"] {
        for part in schema
            .get(combination)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            expand(root, part, depth + 1, out);
        }
    }
}

fn child<'s>(schema: &'s Value, step: &Step) -> Vec<&'s Value> {
    match step {
        Step::Key(key) => {
            if let Some(property) = schema.get("properties").and_then(|p| p.get(key)) {
                return vec![property];
            }
            let patterns = schema
                .get("patternProperties")
                .and_then(Value::as_object)
                .into_iter()
                .flat_map(|p| p.values());
            let additional = schema.get("additionalProperties").filter(|a| a.is_object());
            patterns.chain(additional).collect()
        }
        Step::Index(_) => schema.get("items").into_iter().collect(),
    }
}

fn description(schemas: &[&Value]) -> Option<String> {
    schemas
        .iter()
        .find_map(|s| s.get("description").and_then(Value::as_str))
        .map(str::to_string)
}

/// What may be typed at `offset` of `text`, under the file's `schema`;
/// `checks` are the game's check names, for `[lint]` keys.
pub fn candidates(text: &str, offset: usize, schema: &Value, checks: &[&str]) -> Vec<Candidate> {
    match super::outline::typing(text, offset) {
        Typing::Key { table, word } => keys(text, &table, word, schema, checks),
        Typing::Value { path, word } => values(text, &path, word, schema),
        Typing::Nothing => Vec::new(),
    }
}

fn keys(text: &str, table: &[Step], word: Span, schema: &Value, checks: &[&str]) -> Vec<Candidate> {
    let outline = Outline::of(text);
    let present: Vec<&str> = outline.keys(table).collect();
    let typed = text
        .get(word.start as usize..word.end as usize)
        .unwrap_or("");
    let fresh = |name: &str| !present.contains(&name) || name == typed;
    if table == [Step::Key("lint".to_string())] {
        return checks
            .iter()
            .filter(|name| fresh(name))
            .map(|name| Candidate {
                label: (*name).to_string(),
                insert: format!("{name} = {{ level = \"allow\", reason = \"\" }}"),
                span: word,
                is_key: true,
                documentation: None,
            })
            .collect();
    }
    let schemas = at_path(schema, table);
    let mut out: Vec<Candidate> = Vec::new();
    for s in &schemas {
        let Some(properties) = s.get("properties").and_then(Value::as_object) else {
            continue;
        };
        for (name, property) in properties {
            if !fresh(name) || out.iter().any(|c| c.label == *name) {
                continue;
            }
            let mut described = Vec::new();
            expand(schema, property, 0, &mut described);
            out.push(Candidate {
                label: name.clone(),
                insert: name.clone(),
                span: word,
                is_key: true,
                documentation: description(&described),
            });
        }
    }
    out
}

fn values(text: &str, path: &[Step], word: Span, schema: &Value) -> Vec<Candidate> {
    let schemas = at_path(schema, path);
    let mut span = word;
    // A closing quote already typed (an editor's auto-pair) is replaced too.
    let typed = text
        .get(word.start as usize..word.end as usize)
        .unwrap_or("");
    if let Some(quote) = typed.chars().next().filter(|c| *c == '"' || *c == '\'')
        && text
            .get(word.end as usize..)
            .is_some_and(|rest| rest.starts_with(quote))
    {
        span.end += 1;
    }
    let mut out: Vec<Candidate> = Vec::new();
    let mut add = |value: &Value, documentation: Option<String>| {
        let insert = match value {
            Value::String(s) => deckplan_schema::toml_file::quote(s),
            Value::Bool(_) | Value::Number(_) => value.to_string(),
            _ => return,
        };
        if out.iter().any(|c| c.insert == insert) {
            return;
        }
        out.push(Candidate {
            label: insert.clone(),
            insert,
            span,
            is_key: false,
            documentation,
        });
    };
    for s in &schemas {
        let documentation = s
            .get("description")
            .and_then(Value::as_str)
            .map(str::to_string);
        for value in s
            .get("enum")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            add(value, documentation.clone());
        }
        if let Some(value) = s.get("const") {
            add(value, documentation.clone());
        }
        if s.get("type").and_then(Value::as_str) == Some("boolean") {
            add(&Value::Bool(true), documentation.clone());
            add(&Value::Bool(false), documentation.clone());
        }
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({
            "$defs": { "kind": { "enum": ["cockpit", "engine-1"], "description": "A room kind." } },
            "type": "object",
            "properties": {
                "format": { "const": 1 },
                "name": { "type": "string", "description": "The ship's name." },
                "rooms": { "type": "array", "items": {
                    "type": "object",
                    "properties": {
                        "id": { "type": "string" },
                        "kind": { "$ref": "#/$defs/kind" },
                        "door": { "type": "boolean" }
                    }
                }},
                "lint": { "type": "object" }
            }
        })
    }

    fn labels(text: &str) -> Vec<String> {
        candidates(text, text.len(), &schema(), &["room-numbers", "tile-pool"])
            .into_iter()
            .map(|c| c.label)
            .collect()
    }

    #[test]
    fn keys_not_yet_in_the_table() {
        assert_eq!(labels("format = 1\nna"), ["lint", "name", "rooms"]);
        assert_eq!(labels("[[rooms]]\nid = \"a\"\n"), ["door", "kind"]);
        assert_eq!(labels("[lint]\nroom-numbers = {}\n"), ["tile-pool"]);
    }

    #[test]
    fn enumerated_values_quoted_and_booleans() {
        assert_eq!(
            labels("[[rooms]]\nkind = "),
            ["\"cockpit\"", "\"engine-1\""]
        );
        assert_eq!(labels("[[rooms]]\ndoor = "), ["true", "false"]);
        assert_eq!(labels("format = "), ["1"]);
        let text = "[[rooms]]\nkind = \"co\"";
        let found = candidates(text, text.len() - 1, &schema(), &[]);
        assert_eq!(found[0].insert, "\"cockpit\"");
        assert_eq!(found[0].span, Span::from_range(17..21));
        assert_eq!(found[0].documentation.as_deref(), Some("A room kind."));
    }

    #[test]
    fn a_schema_that_refers_to_itself_ends() {
        let looping = json!({ "$defs": { "a": { "$ref": "#/$defs/a" } }, "$ref": "#/$defs/a" });
        assert!(at_path(&looping, &[]).len() <= 2 * MAX_DEPTH + 2);
    }
}
