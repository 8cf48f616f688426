//! JSON Schema placeholder (replaced on the schema branch).

/// The page schema.
pub fn page_schema() -> serde_json::Value {
    serde_json::Value::Null
}

/// The pack schema.
pub fn pack_schema() -> serde_json::Value {
    serde_json::Value::Null
}
