//! Marks the nullable fields of answers as required in the OpenAPI document.
//!
//! utoipa lists an `Option` field as optional, but the server's answers always carry it (`null`
//! when there is no value): no answer type skips a field, except the error body's. Said in the
//! document, the TypeScript types made from it read `field: T | null` instead of
//! `field?: T | null`, and the contract test checks that every answer really carries it.
//! Schemas a request also uses keep their optional fields: a client may leave those out.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

/// The one answer type whose serializer leaves out absent fields (`skip_serializing_if`).
const SKIPS_ABSENT_FIELDS: &[&str] = &["ErrorDetail"];

/// Adds every property of the answers' object schemas to their `required` lists.
pub fn require_sent_fields(doc: &mut Value) {
    let (answers, requests) = used_schemas(doc);
    let Some(schemas) = doc
        .pointer_mut("/components/schemas")
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    for (name, schema) in schemas.iter_mut() {
        let answer_only = answers.contains(name) && !requests.contains(name);
        if answer_only && !SKIPS_ABSENT_FIELDS.contains(&name.as_str()) {
            require_all(schema);
        }
    }
}

/// The component schemas the answers use, and those the requests use, each with what they use.
fn used_schemas(doc: &Value) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut answers = BTreeSet::new();
    let mut requests = BTreeSet::new();
    let operations = doc
        .get("paths")
        .and_then(Value::as_object)
        .into_iter()
        .flat_map(Map::values)
        .filter_map(Value::as_object)
        .flat_map(Map::values);
    for operation in operations {
        if let Some(responses) = operation.get("responses") {
            refs(responses, &mut answers);
        }
        for part in ["requestBody", "parameters"] {
            if let Some(value) = operation.get(part) {
                refs(value, &mut requests);
            }
        }
    }
    let schemas = doc.pointer("/components/schemas").cloned();
    let with_what_they_use = |mut names: BTreeSet<String>| {
        let mut queue: Vec<String> = names.iter().cloned().collect();
        while let Some(name) = queue.pop() {
            let mut found = BTreeSet::new();
            if let Some(schema) = schemas.as_ref().and_then(|s| s.get(&name)) {
                refs(schema, &mut found);
            }
            for next in found {
                if names.insert(next.clone()) {
                    queue.push(next);
                }
            }
        }
        names
    };
    (with_what_they_use(answers), with_what_they_use(requests))
}

/// The component names `value` refers to.
fn refs(value: &Value, found: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            if let Some(name) = map
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix("#/components/schemas/"))
            {
                found.insert(name.to_string());
            }
            map.values().for_each(|v| refs(v, found));
        }
        Value::Array(items) => items.iter().for_each(|v| refs(v, found)),
        _ => {}
    }
}

/// Requires every property of `schema` and of the object schemas written inside it.
fn require_all(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            if let Some(Value::Object(properties)) = map.get("properties") {
                let mut names: Vec<String> = properties.keys().cloned().collect();
                names.sort();
                let names = names.into_iter().map(Value::String).collect();
                map.insert("required".into(), Value::Array(names));
            }
            map.values_mut().for_each(require_all);
        }
        Value::Array(items) => items.iter_mut().for_each(require_all),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::require_sent_fields;

    #[test]
    fn answers_require_their_fields_and_requests_keep_optional_ones() {
        let mut doc = json!({
            "paths": { "/a": { "post": {
                "requestBody": { "content": { "application/json": { "schema": { "$ref": "#/components/schemas/In" } } } },
                "responses": { "200": { "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Out" } } } } }
            } } },
            "components": { "schemas": {
                "In": { "type": "object", "properties": { "note": { "type": ["string", "null"] } } },
                "Out": { "type": "object", "required": ["id"], "properties": {
                    "id": { "type": "string" },
                    "note": { "type": ["string", "null"] },
                    "inner": { "$ref": "#/components/schemas/Inner" }
                } },
                "Inner": { "type": "object", "properties": { "at": { "type": ["integer", "null"] } } }
            } }
        });
        require_sent_fields(&mut doc);
        let schemas = &doc["components"]["schemas"];
        assert_eq!(schemas["Out"]["required"], json!(["id", "inner", "note"]));
        assert_eq!(schemas["Inner"]["required"], json!(["at"]));
        assert!(schemas["In"].get("required").is_none());
    }
}
