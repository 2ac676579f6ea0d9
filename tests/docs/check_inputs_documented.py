#!/usr/bin/env python3
"""Every input of a scenario is documented in the user guide's inputs table.

Reads the shipped JSON Schemas (resources/schemas/scenario.schema.json, which refers to the
price book and audit schemas for the embedded objects), lists every field a scenario file may
hold as a JSON-pointer template — `/energy/pue`, `/workloads/<workload>/peak_tokens_per_s`,
`/pricebook/skus/<sku>/purchase_usd` — and fails unless each one is matched by a row of the
tables in docs/user-guide.md's section "Every input of a scenario". A row's first cell names
the field in backticks; `<anything>` there matches one path segment. It also fails on a row
that names no field of the schema (a renamed or removed input left behind), and when the
uncertain-number keys (range, dist, source, date, confidence) are not explained.

Usage: check_inputs_documented.py SOURCE_DIR
"""
import json
import re
import sys
from pathlib import Path

SECTION = "Every input of a scenario"
# Ids of collections: the name a placeholder gets, by the key the collection sits under.
PLACEHOLDERS = {"workloads": "workload", "fleet": "lot", "correlations": "correlation",
                "skus": "sku", "findings": "rule"}
UNCERTAIN_KEYS = ["range", "dist", "source", "date", "confidence"]


def load_schemas(source):
    folder = source / "resources" / "schemas"
    schemas = {}
    for path in folder.glob("*.schema.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        # Files refer to each other by the last part of their $id (pricebook-1.schema.json).
        schemas[schema["$id"].rsplit("/", 1)[-1]] = schema
    return schemas


def resolve(ref, current, schemas):
    """The schema a $ref names, and the file it lives in."""
    file, _, fragment = ref.partition("#")
    document = schemas[file] if file else current
    node = document
    for token in filter(None, fragment.split("/")):
        node = node[token.replace("~1", "/").replace("~0", "~")]
    return node, document


def is_uncertain(node):
    """An uncertain number: a number, a [low, most_likely, high] range or an object with one."""
    return any(isinstance(branch, dict) and "range" in branch.get("properties", {})
               for branch in node.get("anyOf", []))


def fields(node, document, schemas, pointer, out, depth=0):
    if depth > 20:
        raise RuntimeError(f"schema recursion at {pointer}")
    while "$ref" in node:
        node, document = resolve(node["$ref"], document, schemas)
    if is_uncertain(node) or node.get("type") == "array":
        out.add(pointer)
        return
    properties = node.get("properties", {})
    extra = node.get("additionalProperties")
    if not properties and not isinstance(extra, dict):
        out.add(pointer)  # a string, number, boolean or enum
        return
    for key, child in properties.items():
        fields(child, document, schemas, f"{pointer}/{key}", out, depth + 1)
    if isinstance(extra, dict):
        parent = pointer.rsplit("/", 1)[-1]
        name = PLACEHOLDERS.get(parent, "sku" if "/performance/" in pointer else "id")
        fields(extra, document, schemas, f"{pointer}/<{name}>", out, depth + 1)


def documented_rows(guide):
    """The field templates named in the first cell of the section's table rows."""
    text = guide.read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(SECTION)}\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    if not match:
        sys.exit(f"{guide}: no section '## {SECTION}'")
    section = match.group(1)
    rows = []
    for number, line in enumerate(section.splitlines()):
        if not line.startswith("|"):
            continue
        first = line.split("|")[1]
        rows += re.findall(r"`(/[^`]*)`", first)
    return section, rows


def matches(template, pointer):
    a, b = template.strip("/").split("/"), pointer.strip("/").split("/")
    if len(a) != len(b):
        return False
    for doc, schema in zip(a, b):
        if doc.startswith("<") and doc.endswith(">"):
            continue  # a placeholder in the guide stands for any one segment
        if doc != schema:
            return False
    return True


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    source = Path(sys.argv[1])
    schemas = load_schemas(source)
    scenario = schemas["scenario-1.schema.json"]
    pointers = set()
    fields(scenario, scenario, schemas, "", pointers)
    guide = source / "docs" / "user-guide.md"
    section, rows = documented_rows(guide)

    problems = []
    for pointer in sorted(pointers):
        if not any(matches(row, pointer) for row in rows):
            problems.append(f"not documented: {pointer}")
    for row in rows:
        if not any(matches(row, pointer) for pointer in pointers):
            problems.append(f"documented but not in the scenario schema: {row}")
    for key in UNCERTAIN_KEYS:
        if f"`{key}`" not in section:
            problems.append(f"the uncertain-number key `{key}` is not explained")
    if problems:
        print(f"{guide}, section '{SECTION}': every field of "
              "resources/schemas/scenario.schema.json (and of the price book and audit it "
              "embeds) needs a row whose first cell names it, e.g. `/energy/pue` or "
              "`/workloads/<workload>/growth_per_month`:", file=sys.stderr)
        for p in problems:
            print("  " + p, file=sys.stderr)
        sys.exit(1)
    print(f"{len(pointers)} scenario fields, all documented in {len(rows)} rows")


if __name__ == "__main__":
    main()
