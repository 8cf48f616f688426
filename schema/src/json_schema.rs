pub fn page() -> serde_json::Value {
    serde_json::Value::Null
}
