"""The JSON Schemas in resources/schemas/ agree with what Crossgrade reads and writes.

Usage: check_schemas.py SOURCE_DIR CROSSGRADE_CLI
Every sample audit validates; every broken fixture is rejected by the schema as it is by
the reader; each sample's `recommend --format json` validates against the recommendation
schema; the default price book validates against the price book schema, and broken copies
of it (the error rows of tst_pricebook_json that a schema can express) are rejected.
The sample scenarios validate against the scenario schema and the broken scenario
fixtures it can judge are rejected. Each sample's `sensitivity --format json` validates
against the sensitivity schema.
Exits non-zero on the first disagreement and prints 'N passed, 0 failed'.
"""
import copy
import json
import pathlib
import re
import subprocess
import sys
import tempfile

import jsonschema

source = pathlib.Path(sys.argv[1])
cli = sys.argv[2]
audit_schema = json.loads((source / "resources/schemas/audit.schema.json").read_text())
rec_schema = json.loads((source / "resources/schemas/recommendation.schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(audit_schema)
pricebook_schema = json.loads((source / "resources/schemas/pricebook.schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(rec_schema)
jsonschema.Draft202012Validator.check_schema(pricebook_schema)
audits = jsonschema.Draft202012Validator(audit_schema)
recs = jsonschema.Draft202012Validator(rec_schema)
pricebooks = jsonschema.Draft202012Validator(pricebook_schema)

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

default_book = json.loads((source / "resources/pricebook/default.json").read_text())
errors = list(pricebooks.iter_errors(default_book))
check(not errors, f"default price book against its schema: {[e.message for e in errors]}")


def broken(edit):
    book = copy.deepcopy(default_book)
    edit(book)
    return book


for what, book in {
    "wrong schema tag": broken(lambda b: b.update(schema="crossgrade.pricebook/2")),
    "negative price": broken(lambda b: b["skus"]["MI300X"]["purchase_usd"]["range"].__setitem__(0, -1)),
    "fraction above 1": broken(lambda b: b["skus"]["H100"].update(residual_floor=[0, 0.1, 1.5])),
    "zero useful life": broken(lambda b: b["skus"]["B200"].update(useful_life_months=0)),
    "wrong type": broken(lambda b: b["skus"]["H200"].update(hbm_gb="141 GB")),
    "integer as a range": broken(lambda b: b["skus"]["H100"].update(gpus_per_server=[8, 8, 8])),
    "H100 ratio not 1": broken(lambda b: b["performance"]["pytorch-training"].update(H100=[0.9, 1, 1.1])),
    "missing effort level": broken(lambda b: b["port_months"]["training-port"].pop("heavy")),
    "missing path cell": broken(lambda b: b["port_months"]["rccl-port"]["light"].pop("path2+3")),
    "unknown task in a sequence": broken(lambda b: b["sequences"]["path1"].__setitem__(1, "cuda-port")),
    "task twice in a sequence": broken(lambda b: b["sequences"]["path3"].__setitem__(2, "inference-port")),
    "range of two numbers": broken(lambda b: b["skus"]["H100"].update(overhead_usd=[4000, 22000])),
    "unknown confidence tag": broken(
        lambda b: b["skus"]["MI325X"]["board_power_kw"].update(confidence="D")),
}.items():
    check(not pricebooks.is_valid(book), f"price book with {what} should be rejected by the schema")

# Scenarios: every sample validates against the scenario schema, which refers to the audit and
# price book schemas for the embedded objects; every broken fixture is rejected, except those
# only the reader can judge ("dangling-*": references resolved by compiling the scenario;
# "range-*": low ≤ most_likely ≤ high). tst_scenario_json checks the reader on the same files.
def schema_at(relative):
    return json.loads((source / "resources/schemas" / relative).read_text())


scenario_schema = schema_at("scenario.schema.json")
jsonschema.Draft202012Validator.check_schema(scenario_schema)
scenario_refs = {s["$id"]: s for s in (schema_at("audit.schema.json"),
                                       schema_at("pricebook.schema.json"), scenario_schema)}
scenarios = jsonschema.Draft202012Validator(
    scenario_schema,
    resolver=jsonschema.RefResolver.from_schema(scenario_schema, store=scenario_refs))
for sample in sorted((source / "resources/samples/scenarios").glob("*.json")):
    errors = list(scenarios.iter_errors(json.loads(sample.read_text())))
    check(not errors, f"{sample.name} against scenario schema: {[e.message for e in errors]}")
for fixture in sorted((source / "tests/fixtures/scenarios").glob("*.json")):
    try:
        doc = json.loads(fixture.read_text())
    except json.JSONDecodeError:
        check(True, fixture.name)  # not JSON at all: nothing for the schema to accept
        continue
    reader_only = fixture.name.startswith(("dangling-", "range-"))
    check(scenarios.is_valid(doc) == reader_only,
          f"{fixture.name} should be {'accepted' if reader_only else 'rejected'} by the schema")

# Rank correlations (docs/uncertainty.md, "Correlation"): a sample with one validates, and the
# broken forms a schema can express are rejected (an unknown pointer or a matrix that is not
# positive definite only the reader can judge).
training_shop = json.loads((source / "resources/samples/scenarios/training-shop.json").read_text())


def correlated(entry):
    doc = copy.deepcopy(training_shop)
    doc["correlations"] = {"regression-vs-port": entry}
    return doc


good = {"inputs": ["/regression/transition",
                   "/pricebook/port_months/inference-port/moderate/path1"],
        "rank_correlation": 0.5, "note": "a hard port regresses more"}
errors = list(scenarios.iter_errors(correlated(good)))
check(not errors, f"a correlated scenario against the scenario schema: {[e.message for e in errors]}")
for what, entry in {
    "rank correlation 1": dict(good, rank_correlation=1),
    "rank correlation -1": dict(good, rank_correlation=-1),
    "one input": dict(good, inputs=["/regression/transition"]),
    "the same input twice": dict(good, inputs=["/regression/transition"] * 2),
    "no rank correlation": {"inputs": good["inputs"]},
}.items():
    check(not scenarios.is_valid(correlated(entry)),
          f"a correlation with {what} should be rejected by the schema")

# `sensitivity --format json` on every sample validates against the sensitivity schema (one knob
# and a 3 × 3 map keep it quick; the tornados are always whole).
sensitivity_schema = schema_at("sensitivity.schema.json")
jsonschema.Draft202012Validator.check_schema(sensitivity_schema)
sensitivities = jsonschema.Draft202012Validator(sensitivity_schema)
with tempfile.TemporaryDirectory() as tmp:
    db = str(pathlib.Path(tmp) / "store.sqlite")
    for sample in sorted((source / "resources/samples/scenarios").glob("*.json")):
        out = subprocess.run([cli, "--db", db, "sensitivity", str(sample), "--format", "json",
                              "--knobs", "amd-discount", "--scan", "4",
                              "--map", "amd-discount,transition-penalty", "--grid", "3"],
                             check=True, capture_output=True, text=True).stdout
        errors = list(sensitivities.iter_errors(json.loads(out)))
        check(not errors, f"sensitivity {sample.name}: {[e.message for e in errors]}")

# A workload bound to benchmarks (`bind-benchmarks` on the fixtures) validates against the
# scenario schema; a binding the reader refuses is rejected by the schema too.
fixtures = source / "tests/fixtures/benchmarks"
with tempfile.TemporaryDirectory() as tmp:
    db = str(pathlib.Path(tmp) / "store.sqlite")
    subprocess.run([cli, "--db", db, "import-benchmarks", str(fixtures / "mlperf-summary.json"),
                    str(fixtures / "inferencex-agg.json"), str(fixtures / "canonical.csv")],
                   check=True, capture_output=True, text=True)
    bound = json.loads(subprocess.run(
        [cli, "--db", db, "bind-benchmarks",
         str(source / "resources/samples/scenarios/large-model-inference.json"),
         "--workload", "chat-70b", "--model", "llama", "--date", "2026-12-01"],
        check=True, capture_output=True, text=True).stdout)
binding = bound["workloads"]["chat-70b"]["benchmark"]
check(binding["skus"], "bind-benchmarks on the fixtures binds some SKU")
errors = list(scenarios.iter_errors(bound))
check(not errors, f"a bound scenario against the scenario schema: {[e.message for e in errors]}")
for what, edit in {
    "no model": lambda b: b.pop("model"),
    "a date that is not YYYY-MM-DD": lambda b: b.update(bound_on="yesterday"),
    "a SKU with no evidence": lambda b: b["skus"].update(MI300X={"pairs": 0}),
}.items():
    broken = copy.deepcopy(bound)
    edit(broken["workloads"]["chat-70b"]["benchmark"])
    check(not scenarios.is_valid(broken), f"a binding with {what} should be rejected by the schema")

# An audit a repository scan writes (reasons, the per-repository breakdown, evidence, not_scanned)
# validates against the audit schema, and a breakdown the reader refuses is rejected too.
with tempfile.TemporaryDirectory() as tmp:
    root = pathlib.Path(tmp)
    files = {
        "serving/csrc/attn.cu": '__global__ void k() {\n  asm volatile("ldmatrix.sync.aligned '
                                '{%0}, [%1];" : "=r"(a) : "r"(p));\n}\n',
        "serving/serve/engine.py": "import tensorrt as trt\n",
        "serving/assets/blob.bin": "\0binary\0",
        "trainer/train.py": "import torch.distributed as dist\ndist.init_process_group('nccl')\n",
        "trainer/run.slurm": "#SBATCH --nodes=4\nsrun torchrun --nnodes=4 train.py\n",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    scanned = json.loads(subprocess.run(
        [cli, "--db", str(root / "store.sqlite"), "scan", str(root / "serving"),
         str(root / "trainer"), "--workload", "mixed", "--date", "2026-12-01"],
        check=True, capture_output=True, text=True).stdout)
check(len(scanned["repositories"]) == 2, "scan of two repositories gives a breakdown of two")
check(scanned["dimensions"]["custom_kernels"].get("reasons"), "a scanned dimension has reasons")
errors = list(audits.iter_errors(scanned))
check(not errors, f"a scanned audit against the audit schema: {[e.message for e in errors]}")
for what, edit in {
    "a negative file count": lambda a: a["repositories"][0].update(files_scanned=-1),
    "a proposed tier that is not a tier": lambda a: a["repositories"][0]["proposed"].update(
        custom_kernels="severe"),
    "a repository without a name": lambda a: a["repositories"][1].pop("name"),
    "a reason that is not text": lambda a: a["dimensions"]["libraries"].update(reasons=[3]),
}.items():
    broken = copy.deepcopy(scanned)
    edit(broken)
    check(not audits.is_valid(broken), f"a scanned audit with {what} should be rejected")

# The scenario schema's counts are the reader's limits (model/core/input_limits.h, docs/limits.md).
limits = {}
for line in (source / "model/core/input_limits.h").read_text().splitlines():
    m = re.match(r"inline constexpr [\w:]+ (kMax\w+) = ([\d']+);", line.strip())
    if m:
        limits[m.group(1)] = int(m.group(2).replace("'", ""))
for name, limit in {"workloads": "kMaxWorkloads", "fleet": "kMaxFleetLots"}.items():
    schema_max = scenario_schema["properties"][name]["maxProperties"]
    check(schema_max == limits.get(limit),
          f"scenario schema: {name} allows {schema_max}, the reader {limit} = {limits.get(limit)}")

# Every sense bound of the schemas is the model's (model/core/input_limits.h, issue 20): each
# bounded definition names the InputDomain it states, and its minimum and maximum are that
# domain's. A scenario or price book beyond a bound is rejected by the schema as by the reader.
header = (source / "model/core/input_limits.h").read_text()
constants = {}
for m in re.finditer(r"inline constexpr (?:double|int) (k\w+) = ([^;]+);", header):
    value = m.group(2).replace("'", "").strip()
    constants[m.group(1)] = constants[value] if value in constants else float(value)
domains = {}
for m in re.finditer(r"inline constexpr InputDomain (k\w+Domain)\{([^}]*)\}", header):
    parts = [p.strip() for p in m.group(2).split(",")]
    value = lambda t: constants[t] if t in constants else float(t)
    domains[m.group(1)] = (value(parts[0]), value(parts[1]),
                           len(parts) > 2 and parts[2] == "true")
bounded = {
    ("pricebook", "gpuPrice"): "kGpuPriceDomain",
    ("pricebook", "gpuHourRate"): "kGpuHourRateDomain",
    ("pricebook", "hbm"): "kHbmDomain",
    ("pricebook", "bandwidth"): "kBandwidthDomain",
    ("pricebook", "tflops"): "kTflopsDomain",
    ("pricebook", "kilowatts"): "kKilowattsDomain",
    ("pricebook", "usefulLife"): "kUsefulLifeDomain",
    ("pricebook", "ratio"): "kRatioDomain",
    ("pricebook", "months"): "kMonthsDomain",
    ("scenario", "personMonth"): "kPersonMonthDomain",
    ("scenario", "usdPerMonth"): "kUsdPerMonthDomain",
    ("scenario", "usdPerKwh"): "kUsdPerKwhDomain",
    ("scenario", "usdPerKwMonth"): "kUsdPerKwMonthDomain",
    ("scenario", "pue"): "kPueDomain",
    ("scenario", "demand"): "kDemandDomain",
    ("scenario", "perGpuThroughput"): "kPerGpuThroughputDomain",
    ("scenario", "dividingFraction"): "kDividingFractionDomain",
    ("scenario", "trainingGpus"): "kTrainingGpusDomain",
    ("scenario", "ratio"): "kRatioDomain",
    ("scenario", "joulesPerToken"): "kJoulesPerTokenDomain",
    ("scenario", "months"): "kMonthsDomain",
    ("scenario", "modelMemory"): "kModelMemoryDomain",
}
for (file, name), domain in bounded.items():
    schema = pricebook_schema if file == "pricebook" else scenario_schema
    plain = schema["$defs"][name]["anyOf"][0]
    low, high, low_open = domains[domain]
    schema_low = plain.get("exclusiveMinimum" if low_open else "minimum")
    check(schema_low == low and plain.get("maximum") == high,
          f"schema {name}: [{schema_low}, {plain.get('maximum')}], the model's {domain} = "
          f"{domains[domain]}")
    for form in (schema["$defs"][name + "Range"]["items"],):
        check(form == plain, f"schema {name}Range bounds each value as {name} does")

for what, edit in {
    "a purchase price of 1e307": lambda d: d["pricebook"]["skus"]["H100"].update(
        purchase_usd=1e307),
    "a rate of 1e308 per GPU-hour": lambda d: d["pricebook"]["skus"]["MI300X"].update(
        on_demand_usd_per_hour=[1, 2, 1e308]),
    "a performance ratio of 5e-324": lambda d: d["pricebook"]["performance"]["dense-inference"]
    .update(MI300X=5e-324),
    "a throughput per GPU of 5e-324": lambda d: d["workloads"]["eval-serving"].update(
        reference_tokens_per_s_per_gpu=5e-324),
    "a utilisation of 5e-324": lambda d: d.update(target_utilisation=5e-324),
    "a PUE of 11": lambda d: d["energy"].update(pue=11),
    "a name of only spaces": lambda d: d.update(name="   "),
    "a workload name of only spaces": lambda d: d["workloads"]["pretrain"].update(name=" \t"),
    "a SKU name of only spaces": lambda d: d["pricebook"]["skus"]["H100"].update(name=" "),
}.items():
    doc = copy.deepcopy(training_shop)
    edit(doc)
    check(not scenarios.is_valid(doc), f"a scenario with {what} should be rejected by the schema")
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "bounded.json"
        path.write_text(json.dumps(doc))
        reader = subprocess.run([cli, "--db", str(pathlib.Path(tmp) / "s.sqlite"), "evaluate",
                                 str(path)], capture_output=True, text=True)
        check(reader.returncode == 2, f"a scenario with {what} should be rejected by the reader")
edge = copy.deepcopy(training_shop)
edge["pricebook"]["skus"]["H100"]["purchase_usd"] = 1e7
edge["energy"]["pue"] = 10
edge["name"] = "  a name with spaces  "
errors = list(scenarios.iter_errors(edge))
check(not errors, f"a scenario at the edges of its bounds: {[e.message for e in errors]}")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
