"""Reads a "Download my data" zip with Python's own zipfile and checks its JSON document
against docs/data-export.schema.json with the jsonschema package (Draft 2020-12).

Usage: read_data_export.py ARCHIVE SCHEMA. Prints JSON: the entries in order, each file's
SHA-256, the parsed document and every schema violation (an empty list when it conforms).
"""

import hashlib
import json
import sys
import zipfile

import jsonschema


def main() -> None:
    archive, schema_path = sys.argv[1], sys.argv[2]
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    with zipfile.ZipFile(archive) as z:
        bad = z.testzip()
        if bad is not None:
            raise SystemExit(f"corrupt entry: {bad}")
        names = z.namelist()
        digests = {name: hashlib.sha256(z.read(name)).hexdigest() for name in names}
        document = json.loads(z.read("jobtap-data.json").decode("utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    errors = [
        f"{'/'.join(str(p) for p in e.absolute_path)}: {e.message}"
        for e in validator.iter_errors(document)
    ]
    json.dump({"entries": names, "sha256": digests, "document": document, "errors": errors}, sys.stdout)


if __name__ == "__main__":
    main()
