"""`scan --format cyclonedx` writes a CycloneDX 1.6 BOM that validates against the vendored
schemas (bom-1.6, SPDX, JSF; `$ref`s resolved locally: CI has no internet), and every
component's evidence names real places: each occurrence's file exists and its line holds the
occurrence's snippet.

Usage: check_cyclonedx.py SOURCE_DIR CROSSGRADE_CLI
Exits non-zero on the first failure and prints 'N passed, 0 failed'.
"""
import copy
import json
import pathlib
import subprocess
import sys
import tempfile
import urllib.parse

import jsonschema

source = pathlib.Path(sys.argv[1])
cli = sys.argv[2]
schemas = source / "tests/schema/cyclonedx"
bom_schema = json.loads((schemas / "bom-1.6.schema.json").read_text())
store = {}
for name in ("bom-1.6.schema.json", "spdx.schema.json", "jsf-0.82.schema.json"):
    schema = json.loads((schemas / name).read_text())
    store[schema["$id"]] = schema
resolver = jsonschema.RefResolver.from_schema(bom_schema, store=store)
jsonschema.Draft7Validator.check_schema(bom_schema)
validator = jsonschema.Draft7Validator(bom_schema, resolver=resolver)

passed = 0


def check(ok, what):
    global passed
    if not ok:
        print(f"FAILED: {what}")
        print(f"{passed} passed, 1 failed")
        sys.exit(1)
    passed += 1


FILES = {
    "requirements.txt": "torch==2.3.1+cu121\nflash-attn==2.5.8\nnvidia-cudnn-cu12==8.9.2.26\n"
                        "transformers>=4.40\n",
    "docker/Dockerfile": "ARG BASE=nvcr.io/nvidia/pytorch:24.01-py3\nFROM ${BASE}\n"
                         "RUN pip install tensorrt_llm==0.10.0\n",
    "src/gemm.cu": "#include <cublas_v2.h>\nvoid f() { cublasSgemm(h); cudaMalloc(&p, 4); }\n"
                   "// cudnnCreate(&h) in a comment names nothing\n",
    "src/comm.cpp": "void g() { ncclAllReduce(a, b, n, ncclFloat, ncclSum, comm, s); }\n",
    "tests/test_trt.py": "import tensorrt as trt\n",
    ".gitmodules": "[submodule \"cutlass\"]\n\tpath = third_party/cutlass\n"
                   "\turl = https://github.com/NVIDIA/cutlass.git\n",
}


def make_repo(root, files):
    for path, text in files.items():
        p = root / path
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)


def scan(tmp, *roots):
    out = pathlib.Path(tmp) / "bom.json"
    r = subprocess.run([cli, "--db", str(pathlib.Path(tmp) / "s.sqlite"), "scan", *map(str, roots),
                        "--workload", "training", "--format", "cyclonedx", "--out", str(out)],
                       capture_output=True, text=True)
    check(r.returncode == 0, f"scan exits 0: {r.stderr}")
    return json.loads(out.read_text())


def valid(bom):
    errors = sorted(validator.iter_errors(bom), key=lambda e: list(e.path))
    return not errors, "; ".join(f"{list(e.path)}: {e.message}" for e in errors[:3])


def check_places(bom, roots, several):
    refs = [c["bom-ref"] for c in bom["components"]]
    check(len(refs) == len(set(refs)), "bom-refs are unique")
    for c in bom["components"]:
        if c["type"] == "application":
            continue  # a repository of a multi-repository scan
        occurrences = c["evidence"]["occurrences"]
        check(occurrences, f"{c['bom-ref']} has evidence")
        for o in occurrences:
            location = o["location"]
            if several:
                repo, _, location = location.partition("/")
                root = roots[repo]
            else:
                root = next(iter(roots.values()))
            lines = (root / location).read_bytes().split(b"\n")
            raw = lines[o["line"] - 1].strip()
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:  # a Latin-1 source: its snippet is percent-escaped
                line = raw.decode("latin-1")
                check(urllib.parse.unquote_to_bytes(o["additionalContext"]) == raw,
                      f"{o['location']}:{o['line']}: the escaped snippet is the line's bytes")
                continue
            # A Dockerfile's FROM is read with its ARG defaults resolved (FROM ${BASE}).
            resolved = line.startswith("FROM ") and o["additionalContext"].startswith("FROM ")
            check(o["additionalContext"] == line or o["additionalContext"] in line or resolved,
                  f"{c['bom-ref']}: {o['location']}:{o['line']} holds its snippet")
    for d in bom["dependencies"]:
        for ref in [d["ref"], *d.get("dependsOn", [])]:
            check(ref in refs or ref == bom["metadata"]["component"]["bom-ref"],
                  f"dependency {ref} is a component")


with tempfile.TemporaryDirectory() as tmp:
    repo = pathlib.Path(tmp) / "trainer"
    make_repo(repo, FILES)
    bom = scan(tmp, repo)
    ok, why = valid(bom)
    check(ok, f"the BOM validates against CycloneDX 1.6: {why}")
    check(bom["specVersion"] == "1.6" and bom["bomFormat"] == "CycloneDX", "a 1.6 BOM")
    check_places(bom, {"trainer": repo}, False)
    by_ref = {c["bom-ref"]: c for c in bom["components"]}
    expected = ["pkg:pypi/torch@2.3.1%2Bcu121", "pkg:pypi/flash-attn@2.5.8",
                "pkg:pypi/nvidia-cudnn-cu12@8.9.2.26", "pkg:pypi/tensorrt-llm@0.10.0",
                "pkg:docker/nvidia/pytorch@24.01-py3?repository_url=nvcr.io",
                "nvidia-library:cublas", "nvidia-library:cuda-runtime", "nvidia-library:nccl",
                "pkg:pypi/tensorrt", "pkg:github/nvidia/cutlass"]
    for ref in expected:
        check(ref in by_ref, f"{ref} is in the inventory (have {sorted(by_ref)})")
    check(len(by_ref) == len(expected), f"nothing else: {sorted(set(by_ref) - set(expected))}")
    check(by_ref["pkg:pypi/tensorrt"]["scope"] == "optional", "tests only: optional")
    check(by_ref["nvidia-library:cublas"]["scope"] == "required", "production code: required")
    # The ARG default resolved: the base image is the one the build uses.
    image = by_ref["pkg:docker/nvidia/pytorch@24.01-py3?repository_url=nvcr.io"]
    check(image["evidence"]["occurrences"][0]["line"] == 2, "FROM ${BASE} is line 2")

    # The schema is not a rubber stamp: a BOM with an occurrence lacking its location fails.
    broken = copy.deepcopy(bom)
    del broken["components"][0]["evidence"]["occurrences"][0]["location"]
    check(not valid(broken)[0], "an occurrence without a location is rejected")
    broken = copy.deepcopy(bom)
    broken["components"][0]["scope"] = "needed"
    check(not valid(broken)[0], "an unknown scope is rejected")

    # Two repositories: each is a component depending on what was found in it, paths start
    # with its name, and a Latin-1 source's snippet stays valid JSON text.
    other = pathlib.Path(tmp) / "server"
    make_repo(other, {"csrc/fft.cu": b"// caf\xe9\nvoid h() { cufftExecC2C(p, a, b, 1); } // caf\xe9\n"})
    bom = scan(tmp, repo, other)
    ok, why = valid(bom)
    check(ok, f"the multi-repository BOM validates: {why}")
    check_places(bom, {"trainer": repo, "server": other}, True)
    deps = {d["ref"]: d["dependsOn"] for d in bom["dependencies"]}
    check(deps["subject"] == ["repository:trainer", "repository:server"], "the subject has both")
    check(deps["repository:server"] == ["nvidia-library:cufft"], "server depends on cuFFT only")

print(f"{passed} passed, 0 failed")
