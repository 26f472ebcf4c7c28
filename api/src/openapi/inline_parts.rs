//! Describes a struct with inline flattened parts as one object in the OpenAPI document.
//!
//! utoipa describes a `#[serde(flatten)]` field as `allOf` (the part, then the struct's other
//! fields), even when the part is inline (`#[schema(inline)]`) and so has no schema of its
//! own to point to. On the wire the struct is one object, and the TypeScript types made from
//! the document read best that way: an `allOf` made only of inline objects is written here as
//! the one object it is. An `allOf` that points to a component keeps it.

use serde_json::{Map, Value};

/// Merges every `allOf` of inline objects in `doc` into one object.
pub fn merge_inline_parts(doc: &mut Value) {
    match doc {
        Value::Object(map) => {
            if let Some(merged) = merged(map) {
                *map = merged;
            }
            map.values_mut().for_each(merge_inline_parts);
        }
        Value::Array(items) => items.iter_mut().for_each(merge_inline_parts),
        _ => {}
    }
}

/// `schema` as one object, when it is an `allOf` of objects written inline whose properties
/// do not overlap. The parts' own descriptions describe the parts and are left out.
fn merged(schema: &Map<String, Value>) -> Option<Map<String, Value>> {
    let parts = schema.get("allOf")?.as_array()?;
    let mut properties = Map::new();
    let mut required: Vec<Value> = Vec::new();
    for part in parts {
        let part = part.as_object()?;
        if part.get("type")? != "object" || part.contains_key("$ref") {
            return None;
        }
        for (name, property) in part.get("properties")?.as_object()? {
            if properties.insert(name.clone(), property.clone()).is_some() {
                return None;
            }
        }
        for name in part
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if !required.contains(name) {
                required.push(name.clone());
            }
        }
    }
    let mut object = schema.clone();
    object.remove("allOf");
    object.insert("type".into(), "object".into());
    object.insert("properties".into(), Value::Object(properties));
    if !required.is_empty() {
        object.insert("required".into(), Value::Array(required));
    }
    Some(object)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::merge_inline_parts;

    #[test]
    fn inline_parts_become_one_object_and_references_stay() {
        let mut doc = json!({ "components": { "schemas": {
            "Job": { "description": "A job.", "allOf": [
                { "type": "object", "description": "The row.",
                  "properties": { "id": { "type": "string" }, "note": { "type": ["string", "null"] } },
                  "required": ["id"] },
                { "type": "object", "properties": { "count": { "type": "integer" } },
                  "required": ["count"] }
            ] },
            "Reply": { "allOf": [
                { "$ref": "#/components/schemas/Status" },
                { "type": "object", "properties": { "message": { "type": "string" } } }
            ] }
        } } });
        let reply = doc["components"]["schemas"]["Reply"].clone();
        merge_inline_parts(&mut doc);
        let schemas = &doc["components"]["schemas"];
        assert_eq!(
            schemas["Job"],
            json!({
                "description": "A job.",
                "type": "object",
                "properties": {
                    "id": { "type": "string" },
                    "note": { "type": ["string", "null"] },
                    "count": { "type": "integer" }
                },
                "required": ["id", "count"]
            })
        );
        assert_eq!(schemas["Reply"], reply);
    }
}
