//! What every game's published JSON Schemas share: the dialect and the
//! shape of a closed table. Each game writes its own schemas in its folder.

use serde_json::{Map, Value, json};

/// The JSON Schema dialect of every document.
pub const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// A closed table (TOML table or inline table) with its keys.
pub fn table(description: &str, required: &[&str], properties: Value) -> Value {
    let mut schema = Map::new();
    schema.insert("type".into(), json!("object"));
    schema.insert("description".into(), json!(description));
    schema.insert("additionalProperties".into(), json!(false));
    schema.insert("properties".into(), properties);
    if !required.is_empty() {
        schema.insert("required".into(), json!(required));
    }
    Value::Object(schema)
}
