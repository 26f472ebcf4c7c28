#!/usr/bin/env python3
"""Writes core/data/esco/skills.tsv.gz, the extract of ESCO v1.1.1 that core's build reads.

Input: the official English classification export, "ESCO dataset - v1.1.1 - classification -
en - csv.zip" (MD5 bb2f89a9efae25d2216748c86d1cb413), as published by the European Commission
and mirrored in github.com/tabiya-tech/tabiya-esco-datasets-and-tools at
1a8a32efb786c7f72052c893b144beb911fa7db1, datasets/esco/v1.1.1/classification/.

Output, one skill per line, sorted by id: `id<TAB>kind<TAB>label|label|...` where id is the
concept URI's last segment, kind is `generic` (a transversal skill that is not a language),
`language` or `specific`, and the labels are the preferred label then the alternative and hidden
labels, as ESCO writes them. Only these columns are kept: the definitions and descriptions are
not used and would triple the size.

Usage: python3 scripts/esco-extract.py path/to/classification-en-csv.zip
"""
import csv
import gzip
import hashlib
import io
import sys
import zipfile
from pathlib import Path

EXPECTED_MD5 = "bb2f89a9efae25d2216748c86d1cb413"
OUT = Path(__file__).resolve().parent.parent / "core" / "data" / "esco" / "skills.tsv.gz"


def rows(archive, name):
    with archive.open(name) as raw:
        yield from csv.DictReader(io.TextIOWrapper(raw, encoding="utf-8"))


def labels(text):
    return [label.strip() for label in text.replace("|", "\n").split("\n") if label.strip()]


def main(zip_path):
    digest = hashlib.md5(Path(zip_path).read_bytes()).hexdigest()
    if digest != EXPECTED_MD5:
        sys.exit(f"{zip_path}: MD5 {digest}, expected {EXPECTED_MD5} (ESCO v1.1.1, English)")
    with zipfile.ZipFile(zip_path) as archive:
        languages = {r["conceptUri"] for r in rows(archive, "languageSkillsCollection_en.csv")}
        lines = []
        for r in rows(archive, "skills_en.csv"):
            if r["status"] != "released":
                continue
            uri = r["conceptUri"]
            if uri in languages:
                kind = "language"
            elif r["reuseLevel"] == "transversal":
                kind = "generic"
            else:
                kind = "specific"
            seen = []
            for label in [r["preferredLabel"], *labels(r["altLabels"]), *labels(r["hiddenLabels"])]:
                label = " ".join(label.replace("\t", " ").split())
                if label and label not in seen:
                    seen.append(label)
            lines.append(f"{uri.rsplit('/', 1)[1]}\t{kind}\t{'|'.join(seen)}\n")
    lines.sort()
    # mtime 0 so the same input always writes the same bytes.
    with open(OUT, "wb") as out, gzip.GzipFile(fileobj=out, mode="wb", mtime=0, filename="") as gz:
        gz.write("".join(lines).encode("utf-8"))
    print(f"{OUT}: {len(lines)} skills")


if __name__ == "__main__":
    main(sys.argv[1])
