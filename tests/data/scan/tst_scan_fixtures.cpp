// The repository scanner against one synthetic mini-repository per rule (issue 8 point 6,
// scanner-patterns.md §12.10): tests/fixtures/scan/rules/<rule-id>/repo is a tiny repository
// where the rule hits in production code and, as negatives, the same pattern sits in a comment,
// a docstring, a test, vendored code and a near miss; expect.json says exactly where the rule
// must hit, in which context, and which tier the rubric proposes (tests/fixtures/scan/README.md).
// One row per folder, so a new folder is a new row; a rule without a folder fails the suite.
// The folders are scanned by the real walker, so ARG-based Dockerfiles, notebooks and .gitmodules
// are read the way a user's repository is.

#include "scan_matcher.h"
#include "scan_rubric.h"
#include "scan_rules.h"
#include "scan_walker.h"

#include <QDebug>
#include <QFile>
#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTest>
#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace fs = std::filesystem;
using namespace crossgrade::model;

namespace {

fs::path rulesRoot() {
    return fs::path(CROSSGRADE_SOURCE_DIR) / "tests" / "fixtures" / "scan" / "rules";
}

std::vector<fs::path> miniRepoFolders() {
    std::vector<fs::path> out;
    for (const fs::directory_entry& e : fs::directory_iterator(rulesRoot()))
        if (e.is_directory())
            out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

struct MiniRepoScan {
    std::vector<ScanFinding> findings;
    QString problem; // empty when the walker read every file of the fixture
};

// The walker (data/scan/scan_walker.h) over the mini-repository, as the app and the CLI run it. It
// must read every file of the fixture: a file it skipped would let that file's negatives pass
// without being looked at. A submodule that .gitmodules names and the fixture does not hold is
// the one thing it may report as not scanned.
MiniRepoScan scanMiniRepo(const fs::path& root) {
    MiniRepoScan out;
    crossgrade::data::ScanOptions options;
    options.keep_every_finding = true; // the expectations read every finding
    crossgrade::data::ScanRun run = crossgrade::data::scanRepositories({root}, options);
    if (run.cancelled || !run.errors.empty() || run.repositories.size() != 1) {
        out.problem = QStringLiteral("the walker did not scan the folder");
        for (const std::string& e : run.errors)
            out.problem += QStringLiteral("; ") + QString::fromStdString(e);
        return out;
    }
    crossgrade::data::RepositoryScan& repo = run.repositories.front();
    std::set<std::string> absentSubmodules;
    for (const crossgrade::data::Submodule& s : repo.submodules)
        if (!s.checked_out)
            absentSubmodules.insert(s.path);
    for (const SkippedFile& s : repo.not_scanned)
        if (absentSubmodules.count(s.path) == 0)
            out.problem += QString::fromStdString(s.path + " not scanned: " + s.reason + "; ");
    std::size_t files = 0;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(root))
        files += e.is_regular_file() ? 1 : 0;
    if (repo.files_scanned != files)
        out.problem += QStringLiteral("%1 of %2 files scanned")
                           .arg(repo.files_scanned)
                           .arg(static_cast<qulonglong>(files));
    out.findings = std::move(repo.findings);
    return out;
}

QJsonObject readExpectation(const fs::path& folder) {
    QFile file(QString::fromStdString((folder / "expect.json").string()));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("%s: %s", qPrintable(file.fileName()), qPrintable(error.errorString()));
    return doc.object();
}

QStringList strings(const QJsonValue& value) {
    QStringList out;
    for (const QJsonValue& v : value.toArray())
        out << v.toString();
    return out;
}

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QString place(const ScanFinding& f) {
    return qs(f.path) + QLatin1Char(':') + QString::number(f.line);
}

// "path:line" (or "path") split at the last ':' followed by digits only.
std::pair<QString, int> splitPlace(const QString& entry) {
    const qsizetype colon = entry.lastIndexOf(QLatin1Char(':'));
    bool ok = false;
    const int line = colon < 0 ? 0 : entry.mid(colon + 1).toInt(&ok);
    if (!ok)
        return {entry, 0};
    return {entry.left(colon), line};
}

QString tierName(Tier tier) {
    return qs(toString(tier));
}

// The lists compared one entry per line, so a failure shows both sides whole.
QString lines(QStringList list) {
    list.sort();
    return list.join(QLatin1Char('\n'));
}

bool isPathRule(const ScanRule& rule) {
    return rule.scopes == static_cast<ScanScopes>(ScanScope::Path);
}

} // namespace

class TestScanFixtures : public QObject {
    Q_OBJECT

private slots:
    void everyRuleHasAMiniRepo() {
        std::set<std::string> folders;
        for (const fs::path& folder : miniRepoFolders())
            folders.insert(folder.filename().string());
        for (const ScanRule& rule : scanRules()) {
            const std::string id(rule.id);
            QVERIFY2(folders.count(id) == 1,
                     qPrintable(QStringLiteral("no mini-repository for ") + qs(id)));
            QVERIFY2(fs::is_regular_file(rulesRoot() / id / "expect.json"), id.c_str());
            QVERIFY2(fs::is_directory(rulesRoot() / id / "repo"), id.c_str());
        }
        // And no folder for a rule that is gone.
        for (const std::string& folder : folders)
            QVERIFY2(findScanRule(folder),
                     qPrintable(QStringLiteral("unknown rule: ") + QString::fromStdString(folder)));
    }

    // Each mini-repository carries the cases of issue 8 point 6, or says why one cannot exist.
    void everyMiniRepoHasItsCases_data() { miniRepos_data(); }
    void everyMiniRepoHasItsCases() {
        QFETCH(QString, folder);
        const QJsonObject expect = readExpectation(folder.toStdString());
        const ScanRule* rule =
            findScanRule(expect.value(QLatin1String("rule")).toString().toStdString());
        QVERIFY(rule);
        const QJsonObject missing = expect.value(QLatin1String("missing_cases")).toObject();
        QVERIFY2(!strings(expect.value(QLatin1String("code_hits"))).isEmpty(), "no code hit");
        QVERIFY2(!strings(expect.value(QLatin1String("near_miss"))).isEmpty(), "no near miss");

        // The tier is read where the rule counts: its own dimension, or for a mitigation one
        // that it covers.
        const std::optional<Dimension> dimension =
            parseDimension(expect.value(QLatin1String("tier"))
                               .toObject()
                               .value(QLatin1String("dimension"))
                               .toString()
                               .toStdString());
        QVERIFY(dimension);
        if (rule->kind == RuleKind::Mitigation)
            QVERIFY2((rule->covers & coverBit(*dimension)) != 0,
                     "the mitigation does not cover it");
        else
            QVERIFY(*dimension == rule->dimension);

        std::set<QString> contexts;
        for (const QString& hit : strings(expect.value(QLatin1String("other_hits"))))
            contexts.insert(hit.section(QLatin1Char(' '), -1));
        QStringList needed{QStringLiteral("test"), QStringLiteral("vendored")};
        if (!isPathRule(*rule))
            needed << QStringLiteral("comment");
        if (has(rule->scopes, ScanScope::Py))
            needed << QStringLiteral("docstring");
        for (const QString& context : needed) {
            if (missing.contains(context)) {
                QVERIFY2(!missing.value(context).toString().isEmpty(),
                         qPrintable(context + QStringLiteral(": say why it is missing")));
                continue;
            }
            QVERIFY2(contexts.count(context) == 1,
                     qPrintable(QStringLiteral("no hit in context ") + context));
        }
    }

    void miniRepos_data() {
        QTest::addColumn<QString>("folder");
        for (const fs::path& folder : miniRepoFolders())
            QTest::newRow(folder.filename().string().c_str())
                << QString::fromStdString(folder.string());
    }
    void miniRepos() {
        QFETCH(QString, folder);
        const fs::path dir = folder.toStdString();
        const fs::path repo = dir / "repo";
        const QJsonObject expect = readExpectation(dir);
        QVERIFY2(!expect.isEmpty(), "expect.json is missing or not a JSON object");
        const QString ruleId = expect.value(QLatin1String("rule")).toString();
        QCOMPARE(ruleId, QString::fromStdString(dir.filename().string()));
        const ScanRule* rule = findScanRule(ruleId.toStdString());
        QVERIFY(rule);

        const MiniRepoScan scan = scanMiniRepo(repo);
        QVERIFY2(scan.problem.isEmpty(), qPrintable(scan.problem));
        const std::vector<ScanFinding>& findings = scan.findings;
        std::vector<const ScanFinding*> mine;
        for (const ScanFinding& f : findings)
            if (f.rule == rule)
                mine.push_back(&f);

        // Every file named in the expectation exists, so a typo cannot pass as "no hit".
        auto exists = [&](const QString& entry) {
            const QString path = splitPlace(entry.section(QLatin1Char(' '), 0, 0)).first;
            return fs::is_regular_file(repo / path.toStdString());
        };
        for (const char* key : {"code_hits", "other_hits", "no_code_hit", "near_miss",
                                "known_misses", "known_false_hits"})
            for (const QString& entry : strings(expect.value(QLatin1String(key))))
                QVERIFY2(exists(entry),
                         qPrintable(QLatin1String(key) + QStringLiteral(": no file ") + entry));

        // Exactly these hits in production code, and exactly these elsewhere, with the context.
        QStringList code;
        QStringList other;
        for (const ScanFinding* f : mine) {
            if (f->context == EvidenceContext::Code)
                code << place(*f);
            else
                other << place(*f) + QLatin1Char(' ') + qs(toString(f->context));
        }
        QCOMPARE(lines(code), lines(strings(expect.value(QLatin1String("code_hits")))));
        QCOMPARE(lines(other), lines(strings(expect.value(QLatin1String("other_hits")))));

        for (const QString& path : strings(expect.value(QLatin1String("no_code_hit"))))
            for (const ScanFinding* f : mine)
                QVERIFY2(!(qs(f->path) == path && f->context == EvidenceContext::Code),
                         qPrintable(QStringLiteral("code hit in ") + place(*f)));

        // A near miss ("path" for the whole file, "path:line" for one line) is no hit at all.
        auto hitsAt = [&](const QString& entry) {
            const auto [path, line] = splitPlace(entry);
            return std::any_of(mine.begin(), mine.end(), [&](const ScanFinding* f) {
                return qs(f->path) == path && (line == 0 || f->line == line);
            });
        };
        for (const QString& entry : strings(expect.value(QLatin1String("near_miss"))))
            QVERIFY2(!hitsAt(entry), qPrintable(QStringLiteral("near miss hit: ") + entry));
        // Known problems (README.md): the expectation records today's behaviour, so a fix
        // shows up here and the fixture is updated with it.
        for (const QString& entry : strings(expect.value(QLatin1String("known_misses"))))
            QVERIFY2(!hitsAt(entry), qPrintable(QStringLiteral("a known miss now hits, update "
                                                               "expect.json: ") +
                                                entry));
        const QStringList codeExpected = strings(expect.value(QLatin1String("code_hits")));
        for (const QString& entry : strings(expect.value(QLatin1String("known_false_hits"))))
            QVERIFY2(codeExpected.contains(entry),
                     qPrintable(QStringLiteral("known false hit not in code_hits: ") + entry));
        const bool known = expect.contains(QLatin1String("known_misses")) ||
                           expect.contains(QLatin1String("known_false_hits"));
        QCOMPARE(known, !expect.value(QLatin1String("known_issue")).toString().isEmpty());

        // The tier the rubric proposes for the rule's dimension (or, for a mitigation, the
        // dimension of the finding it steps down) ...
        const QJsonObject tier = expect.value(QLatin1String("tier")).toObject();
        const std::optional<Dimension> dimension =
            parseDimension(tier.value(QLatin1String("dimension")).toString().toStdString());
        QVERIFY(dimension);
        const std::optional<Tier> proposed =
            parseTier(tier.value(QLatin1String("proposed")).toString().toStdString());
        const std::optional<Tier> without =
            parseTier(tier.value(QLatin1String("without_code_hits")).toString().toStdString());
        QVERIFY(proposed && without);

        const ScanProposal proposal = proposeTiers(findings);
        const DimensionProposal& d = proposal.dimension(*dimension);
        QStringList reasons;
        for (const std::string& r : d.reasons)
            reasons << QString::fromStdString(r);
        if (qEnvironmentVariableIsSet("CROSSGRADE_PRINT_FIXTURE_TIERS")) {
            // For reviewing a rubric change: what each fixture gives now (tests/fixtures/scan/
            // README.md, "When the rubric changes").
            std::set<QString> codeFilesNow;
            for (const QString& entry : codeExpected)
                codeFilesNow.insert(splitPlace(entry).first);
            std::vector<ScanFinding> restNow;
            for (const ScanFinding& f : findings)
                if (codeFilesNow.count(qs(f.path)) == 0)
                    restNow.push_back(f);
            qInfo().noquote() << "FIXTURE-TIER" << folder << tierName(d.tier) << qs(d.deciding_rule)
                              << (d.mitigated_by.empty() ? QStringLiteral("-") : qs(d.mitigated_by))
                              << tierName(proposeTiers(restNow).dimension(*dimension).tier) << "|"
                              << reasons.join(QLatin1String("; "));
        }
        QVERIFY2(d.tier == *proposed,
                 qPrintable(QStringLiteral("proposed ") + tierName(d.tier) + QStringLiteral(": ") +
                            reasons.join(QLatin1String("; "))));
        if (tier.contains(QLatin1String("deciding_rule")))
            QCOMPARE(qs(d.deciding_rule), tier.value(QLatin1String("deciding_rule")).toString());
        QCOMPARE(qs(d.mitigated_by), tier.value(QLatin1String("mitigated_by")).toString());

        // ... and without the files where the rule hits in code: the negatives alone never set
        // a tier, and a mitigation in a test, a comment or vendored code steps nothing down.
        std::set<QString> codeFiles;
        for (const QString& entry : codeExpected)
            codeFiles.insert(splitPlace(entry).first);
        std::vector<ScanFinding> rest;
        for (const ScanFinding& f : findings)
            if (codeFiles.count(qs(f.path)) == 0)
                rest.push_back(f);
        const DimensionProposal restProposal = proposeTiers(rest).dimension(*dimension);
        QVERIFY2(restProposal.tier == *without,
                 qPrintable(QStringLiteral("without code hits: proposed ") +
                            tierName(restProposal.tier)));
    }
};

QTEST_GUILESS_MAIN(TestScanFixtures)
#include "tst_scan_fixtures.moc"
