"""Prints a .docx file's paragraphs as python-docx reads them, as JSON: each paragraph's
text, whether all its runs are bold, and whether it is a list item (w:numPr)."""

import json
import sys

import docx

document = docx.Document(sys.argv[1])
paragraphs = []
for paragraph in document.paragraphs:
    runs = [run for run in paragraph.runs if run.text]
    properties = paragraph._p.pPr
    paragraphs.append(
        {
            "text": paragraph.text,
            "bold": bool(runs) and all(run.bold for run in runs),
            "listItem": properties is not None and properties.numPr is not None,
        }
    )
json.dump(paragraphs, sys.stdout)
