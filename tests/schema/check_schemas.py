"""The JSON Schemas in resources/schemas/ agree with what Crossgrade reads and writes.

Usage: check_schemas.py SOURCE_DIR CROSSGRADE_CLI
Every sample audit validates; every broken fixture is rejected by the schema as it is by
the reader; each sample's `recommend --format json` validates against the recommendation
schema. Exits non-zero on the first disagreement and prints 'N passed, 0 failed'.
"""
import json
import pathlib
import subprocess
import sys
import tempfile

import jsonschema

source = pathlib.Path(sys.argv[1])
cli = sys.argv[2]
audit_schema = json.loads((source / "resources/schemas/audit.schema.json").read_text())
rec_schema = json.loads((source / "resources/schemas/recommendation.schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(audit_schema)
jsonschema.Draft202012Validator.check_schema(rec_schema)
audits = jsonschema.Draft202012Validator(audit_schema)
recs = jsonschema.Draft202012Validator(rec_schema)

passed = 0
failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what)


with tempfile.TemporaryDirectory() as tmp:
    db = str(pathlib.Path(tmp) / "store.sqlite")
    for sample in sorted((source / "resources/samples/audits").glob("*.json")):
        doc = json.loads(sample.read_text())
        errors = list(audits.iter_errors(doc))
        check(not errors, f"{sample.name} against audit schema: {[e.message for e in errors]}")
        out = subprocess.run([cli, "--db", db, "recommend", str(sample), "--format", "json"],
                             check=True, capture_output=True, text=True).stdout
        errors = list(recs.iter_errors(json.loads(out)))
        check(not errors, f"recommend {sample.name}: {[e.message for e in errors]}")

    for fixture in sorted((source / "tests/fixtures/audits").glob("*.json")):
        text = fixture.read_text()
        try:
            doc = json.loads(text)
        except json.JSONDecodeError:
            check(True, fixture.name)  # not JSON at all: nothing for the schema to accept
            continue
        check(not audits.is_valid(doc), f"{fixture.name} should be rejected by the schema")
        reader = subprocess.run([cli, "--db", db, "recommend", str(fixture)],
                                capture_output=True, text=True)
        check(reader.returncode == 2, f"{fixture.name} should be rejected by the reader")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
