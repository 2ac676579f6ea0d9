// The scanner's rule table: ids, RE2, the doc, a match and a near miss per rule, packages.

#include "tst_scan_rules.h"

#include "scan_manifest_sections.h"
#include "scan_matcher.h"
#include "scan_packages.h"
#include "scan_rules.h"
#include "tst_scan_rule_cases.h"
#include "tst_scan_rules_helpers.h"

#include <QFile>
#include <QIODevice>
#include <QRegularExpression>
#include <QRegularExpressionMatch>
#include <QString>
#include <QStringLiteral>
#include <QTest>
#include <set>
#include <string>
#include <vector>

using namespace crossgrade::model;
using namespace crossgrade::testing;

void TestScanRules::idsAreUniqueAndWellFormed() {
    const QRegularExpression idForm(QStringLiteral("^D([1-5])\\.[a-z0-9]+(-[a-z0-9]+)*$"));
    std::set<std::string_view> seen;
    for (const ScanRule& r : scanRules()) {
        const QString id = QString::fromLatin1(r.id.data(), static_cast<int>(r.id.size()));
        const QRegularExpressionMatch m = idForm.match(id);
        QVERIFY2(m.hasMatch(), qPrintable(id));
        QCOMPARE(m.captured(1).toInt() - 1, static_cast<int>(r.dimension));
        QVERIFY2(seen.insert(r.id).second, qPrintable(QStringLiteral("duplicate ") + id));
        QVERIFY2(r.scopes != 0, qPrintable(id));
        QVERIFY2(!r.pattern.empty(), qPrintable(id));
        if (r.kind == RuleKind::Mitigation)
            QVERIFY2(r.covers != 0, qPrintable(id + QStringLiteral(" covers nothing")));
        QCOMPARE(findScanRule(r.id), &r);
    }
    QVERIFY(findScanRule("D9.nothing") == nullptr);
    QVERIFY(scanRules().size() >= 60);
}

void TestScanRules::docsListEveryRule() {
    QFile doc(QStringLiteral(CROSSGRADE_SOURCE_DIR "/docs/scanner.md"));
    QVERIFY(doc.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(doc.readAll());
    for (const ScanRule& r : scanRules()) {
        const QString cell = QStringLiteral("| `") +
                             QString::fromLatin1(r.id.data(), static_cast<int>(r.id.size())) +
                             QStringLiteral("` |");
        QVERIFY2(text.contains(cell), qPrintable(cell));
    }
}

void TestScanRules::everyPatternCompiles() {
    QCOMPARE(joined(defaultScanMatcher().badPatterns()), QString());
}

void TestScanRules::badPatternsAreReported() {
    const std::vector<ScanRule> rules{
        {.id = "D1.broken",
         .dimension = Dimension::CustomKernels,
         .scopes = static_cast<unsigned>(ScanScope::Cxx),
         .pattern = "(unclosed",
         .exclude = "[z-a]",
         .exclude_after = "^(x",
         .kind = RuleKind::Finding,
         .severity = Level::High,
         .raise_pattern = {},
         .raised_severity = Level::High,
         .script_severity = {},
         .covers = 0,
         .covers_rule = {},
         .rocm_equivalent = {},
         .note = {}},
        {.id = "D1.fine",
         .dimension = Dimension::CustomKernels,
         .scopes = static_cast<unsigned>(ScanScope::Cxx),
         .pattern = "fine",
         .exclude = {},
         .exclude_after = {},
         .kind = RuleKind::Finding,
         .severity = Level::Low,
         .raise_pattern = {},
         .raised_severity = Level::High,
         .script_severity = {},
         .covers = 0,
         .covers_rule = {},
         .rocm_equivalent = {},
         .note = {}},
    };
    const ScanMatcher matcher(rules);
    QCOMPARE(static_cast<int>(matcher.badPatterns().size()), 3);
    QVERIFY(matcher.badPatterns()[0].rfind("D1.broken: pattern", 0) == 0);
    QVERIFY(matcher.badPatterns()[1].rfind("D1.broken: exclude:", 0) == 0);
    QVERIFY(matcher.badPatterns()[2].rfind("D1.broken: exclude_after:", 0) == 0);
    // The broken rule never matches; the good one still does.
    const std::vector<ScanFinding> f = matcher.matchFile("a.cu", "(unclosed fine");
    QCOMPARE(static_cast<int>(f.size()), 1);
    QCOMPARE(QString::fromStdString(std::string(f[0].rule->id)), QStringLiteral("D1.fine"));
}

void TestScanRules::everyRuleHasPositiveAndNegativeCases() {
    for (const ScanRule& r : scanRules()) {
        bool pos = false;
        bool neg = false;
        for (const RuleCase& c : ruleTable())
            if (r.id == c.rule)
                (c.matches ? pos : neg) = true;
        QVERIFY2(pos && neg, std::string(r.id).c_str());
    }
    for (const RuleCase& c : ruleTable())
        QVERIFY2(findScanRule(c.rule), c.rule);
}

void TestScanRules::ruleCases_data() {
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("matches");
    int n = 0;
    for (const RuleCase& c : ruleTable())
        QTest::addRow("%d %s %s", ++n, c.rule, c.matches ? "matches" : "near miss")
            << QString::fromUtf8(c.rule) << QString::fromUtf8(c.path) << QString::fromUtf8(c.text)
            << c.matches;
}

void TestScanRules::ruleCases() {
    QFETCH(QString, rule);
    QFETCH(QString, path);
    QFETCH(QString, text);
    QFETCH(bool, matches);
    const std::vector<ScanFinding> f = scan(path.toStdString(), text.toStdString());
    QCOMPARE(findingOf(f, rule.toStdString()) != nullptr, matches);
}

void TestScanRules::noisyPatternsNeverMatch() {
    // §12.6: a bare 0xffffffff and a lone 'nccl' string are not evidence.
    QVERIFY(scan(kCpp, "uint32_t mask = 0xffffffff;").empty());
    QVERIFY(scan(kPy, "backend = os.environ.get('BACKEND', 'nccl')").empty());
    QVERIFY(scan(kPy, "self.engine.run()").empty());
}

void TestScanRules::severityRefinements() {
    // transformer_engine has its ROCm fork (Medium, as the package table rates it); flashinfer
    // has no ROCm build (High).
    const auto te = scan(kPy, "import transformer_engine.pytorch as te");
    QVERIFY(findingOf(te, "D3.kernel-libraries"));
    COMPARE_ENUM(findingOf(te, "D3.kernel-libraries")->severity, Level::Medium);
    const auto fi = scan(kPy, "import flashinfer");
    COMPARE_ENUM(findingOf(fi, "D3.kernel-libraries")->severity, Level::High);
    const auto fa = scan(kPy, "import flash_attn");
    COMPARE_ENUM(findingOf(fa, "D3.kernel-libraries")->severity, Level::Medium);
    const auto ib = scan(kScript, "export NCCL_IB_HCA=mlx5");
    COMPARE_ENUM(findingOf(ib, "D4.nccl-env")->severity, Level::Medium);
    const auto debug = scan(kScript, "export NCCL_DEBUG=INFO");
    COMPARE_ENUM(findingOf(debug, "D4.nccl-env")->severity, Level::Low);
    // Profilers: H in CI configs, M in scripts.
    const auto ci = scan(kWorkflow, "run: ncu --set full python x.py");
    COMPARE_ENUM(findingOf(ci, "D5.profilers")->severity, Level::High);
    const auto sh = scan(kScript, "ncu --set full python x.py");
    COMPARE_ENUM(findingOf(sh, "D5.profilers")->severity, Level::Medium);
    // Mitigations and scale carry no severity of their own.
    COMPARE_ENUM(findingOf(scan(kPy, "torch.compile(m)"), "D3.torch-compile")->severity,
                 Level::Low);
}

// The curated package table rates what D2.manifest-packages hits (issue 8 point 1).
void TestScanRules::packageTableRatesManifestPackages_data() {
    QTest::addColumn<QString>("line");
    QTest::addColumn<int>("severity"); // Level
    QTest::addColumn<QString>("rocm");
    QTest::newRow("flash_attn") << "flash_attn==2.6.3" << int(Level::Medium) << "flash-attention";
    QTest::newRow("apex fork") << "apex" << int(Level::Medium) << "ROCm/apex";
    QTest::newRow("fbgemm-gpu") << "fbgemm-gpu==1.2.0" << int(Level::Medium) << "FBGEMM_GPU";
    QTest::newRow("tensorrt") << "tensorrt==10.3" << int(Level::High) << "MIGraphX";
    QTest::newRow("vllm") << "vllm>=0.6" << int(Level::Low) << "vLLM builds for ROCm";
    QTest::newRow("nvidia wheel") << "nvidia-cudnn-cu12==9.1" << int(Level::Medium)
                                  << "drop the pin";
    QTest::newRow("cupy") << "cupy-cuda12x" << int(Level::Medium) << "cupy-rocm";
    QTest::newRow("flashinfer") << "flashinfer" << int(Level::High) << "AITER";
    QTest::newRow("wheel index") << "--extra-index-url https://download.pytorch.org/whl/cu121"
                                 << int(Level::Medium) << "/whl/rocm";
}

void TestScanRules::packageTableRatesManifestPackages() {
    QFETCH(QString, line);
    QFETCH(int, severity);
    QFETCH(QString, rocm);
    const std::vector<ScanFinding> found = scan(kReq, line.toStdString() + "\n");
    const ScanFinding* f = nullptr;
    for (const ScanFinding& x : found)
        if (x.rule->id == "D2.manifest-packages")
            f = &x;
    QVERIFY(f);
    QCOMPARE(int(f->severity), severity);
    QVERIFY2(QString::fromStdString(toEvidence(*f).rocm_equivalent).contains(rocm),
             toEvidence(*f).rocm_equivalent.c_str());
}

// Every fork the table names is one D2.rocm-fork recognises, and nothing else is: a fork
// counts only when the table names it (scanner-patterns.md §8).
void TestScanRules::forkRuleAgreesWithTheForkTable() {
    for (const RocmFork& fork : forkTable()) {
        const std::string url = "git+https://github.com/" + std::string(fork.fork) + ".git";
        bool hit = false;
        for (const ScanFinding& f : scan(kReq, url + "\n"))
            hit = hit || f.rule->id == "D2.rocm-fork";
        QVERIFY2(hit, url.c_str());
    }
    for (const ScanFinding& f : scan(kReq, "git+https://github.com/ROCm/someproject.git\n"))
        QVERIFY(f.rule->id != "D2.rocm-fork");
    for (const PackageRating& p : packageTable())
        if (!p.fork.empty()) {
            bool listed = false;
            for (const RocmFork& fork : forkTable())
                listed = listed || fork.fork == p.fork;
            QVERIFY2(listed, std::string(p.package).c_str());
        }
}

// A repository's own packages are its package folders at the root or under src/; a manifest
// naming one of them names the project itself (bitsandbytes' "bitsandbytes[test]" extra).
void TestScanRules::ownPackagesAreTheRepositorysPackageFolders() {
    const std::set<std::string> own = ownPackages(
        {"bitsandbytes/__init__.py", "bitsandbytes/nn/__init__.py", "src/flash_attn/__init__.py",
         "tests/__init__.py", "apex/README.md", "__init__.py", "csrc/ops.cu"});
    QCOMPARE(own, (std::set<std::string>{"bitsandbytes", "flash-attn", "tests"}));
    QVERIFY(namesOwnPackage("D2.manifest-packages", "bitsandbytes", own));
    QVERIFY(namesOwnPackage("D2.manifest-packages", "flash_attn", own));
    QVERIFY(!namesOwnPackage("D2.manifest-packages", "apex", own));
    QVERIFY(!namesOwnPackage("D1.cuda-source-file", "bitsandbytes", own));
}

// LMCache (calibration round 13) names its NVTX colours in a list, "rapids" among them: a colour,
// not the RAPIDS stack. RAPIDS is an import of it or one of its rapids-* packages.
void TestScanRules::bug_nvtxColourNamedRapidsWasAnNvidiaStack() {
    const auto stacks = [](std::string_view path, const std::string& line) {
        int n = 0;
        for (const ScanFinding& f : scan(path, line + "\n"))
            n += f.rule->id == "D2.nvidia-only-stacks" ? 1 : 0;
        return n;
    };
    QCOMPARE(stacks(kPy, "_NVTX_COLORS = [\"green\", \"blue\", \"purple\", \"rapids\"]"), 0);
    QCOMPARE(stacks(kPy, "import rapids.cudf_shim as shim"), 1);
    QCOMPARE(stacks(kPy, "from rapids import utils"), 1);
    QCOMPARE(stacks(kReq, "rapids-dask-dependency==24.10"), 1);
}

// Which manifest lines declare optional dependencies: pyproject's optional-dependencies (as a
// table and as dotted keys of [project]), dependency groups and Poetry groups; setup.py's
// extras_require and extras[...] assignments to where their brackets close; requirements files
// named for development. The core dependencies around them stay required.
void TestScanRules::optionalDependencySectionsOfManifests() {
    const auto flagged = [](std::string_view file, std::string_view text) {
        std::vector<int> out;
        const std::vector<bool> lines = optionalDependencyLines(file, text);
        for (std::size_t i = 0; i < lines.size(); ++i)
            if (lines[i])
                out.push_back(int(i) + 1);
        return out;
    };
    const std::string pyproject = "[project]\n"                             // 1
                                  "dependencies = [\n"                      // 2
                                  "  \"flash-attn>=2\",\n"                  // 3
                                  "]\n"                                     // 4
                                  "optional-dependencies.extra = [\n"       // 5
                                  "  \"bitsandbytes\",  # [quantisation]\n" // 6
                                  "]\n"                                     // 7
                                  "requires-python = \">=3.10\"\n"          // 8
                                  "[project.optional-dependencies]\n"       // 9
                                  "dev = [\"xformers\"]\n"                  // 10
                                  "[dependency-groups]\n"                   // 11
                                  "test = [\"apex\"]\n"                     // 12
                                  "[build-system]\n"                        // 13
                                  "requires = [\"torch\"]\n";               // 14
    QCOMPARE(flagged("pyproject.toml", pyproject), (std::vector<int>{5, 6, 7, 10, 12}));
    const std::string setup = "install_requires = [\"bitsandbytes\"]\n"              // 1
                              "extras = {}\n"                                        // 2
                              "extras[\"deepspeed\"] = [\n"                          // 3
                              "    \"deepspeed\",\n"                                 // 4
                              "]\n"                                                  // 5
                              "setup(\n"                                             // 6
                              "    install_requires=install_requires,\n"             // 7
                              "    extras_require={\"kernels\": [\"flash-attn\"],\n" // 8
                              "        \"x\": [\"apex\"]},\n"                        // 9
                              "    python_requires=\">=3.9\",\n"                     // 10
                              "    zip_safe=extras == {},\n"                         // 11
                              ")\n";                                                 // 12
    QCOMPARE(flagged("setup.py", setup), (std::vector<int>{2, 3, 4, 5, 8, 9}));
    QCOMPARE(flagged("requirements-dev.txt", "xformers\napex\n"), (std::vector<int>{1, 2}));
    QCOMPARE(flagged("dev-requirements.txt", "xformers\n"), (std::vector<int>{1}));
    QCOMPARE(flagged("test.txt", "xformers\n"), (std::vector<int>{1})); // requirements/test.txt
    QVERIFY(flagged("requirements.txt", "xformers\n").empty());
    QVERIFY(flagged("requirements-cuda.txt", "xformers\n").empty());
    QVERIFY(flagged("requirements-device.txt", "xformers\n").empty());
}

// A package named only in an optional extra is one notch below its table rating, and its
// evidence says why; the same package as a core dependency keeps the rating.
void TestScanRules::optionalExtraIsOneNotchDown() {
    const auto package = [](const std::vector<ScanFinding>& found) {
        for (const ScanFinding& f : found)
            if (f.rule->id == "D2.manifest-packages")
                return f;
        return ScanFinding{};
    };
    const std::string toml = "[project]\ndependencies = [\"xformers\"]\n"
                             "[project.optional-dependencies]\ndeploy = [\"tensorrt\"]\n";
    std::vector<ScanFinding> found = scan("pyproject.toml", toml);
    std::vector<ScanFinding> manifest;
    for (const ScanFinding& f : found)
        if (f.rule->id == "D2.manifest-packages")
            manifest.push_back(f);
    QCOMPARE(manifest.size(), std::size_t(2));
    COMPARE_ENUM(manifest[0].severity, Level::Medium); // xformers, required
    QVERIFY(!manifest[0].optional_extra);
    QVERIFY(!toEvidence(manifest[0]).rocm_equivalent.starts_with(kOptionalExtraNote));
    COMPARE_ENUM(manifest[1].severity, Level::Medium); // tensorrt: High, optional
    QVERIFY(manifest[1].optional_extra);
    QVERIFY2(toEvidence(manifest[1]).rocm_equivalent.starts_with(kOptionalExtraNote),
             toEvidence(manifest[1]).rocm_equivalent.c_str());
    QVERIFY(toEvidence(manifest[1]).rocm_equivalent.find("MIGraphX") != std::string::npos);
    COMPARE_ENUM(package(scan("requirements-dev.txt", "bitsandbytes\n")).severity, Level::Low);
    COMPARE_ENUM(package(scan(kReq, "bitsandbytes\n")).severity, Level::Medium);
}

QTEST_GUILESS_MAIN(TestScanRules)
