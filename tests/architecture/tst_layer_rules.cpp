// The layer rule of DESIGN.md and docs/architecture.md, checked on the sources themselves
// (issue 21): dependencies point one way, app → ui → reports → data → model, and model/ knows
// nothing of Qt, files or SQL. The link graph already keeps a lower library from compiling
// against a higher one's headers; this test says which file broke the rule and why, before the
// compiler's "file not found", and also catches what the link graph lets through (a header
// found through a test's include path, two headers of one name that make an include ambiguous).
//
// Libraries are folders: a file belongs to the deepest folder of the table below that holds
// it, so a layer split into sub-folder libraries adds rows, each naming what it may include.

#include <QObject>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTest>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Library {
    std::string folder;               // relative to the source root
    std::vector<std::string> may_use; // folders of the libraries it may include, directly
};

// docs/architecture.md, "Dependency rules".
const std::vector<Library>& libraries() {
    static const std::vector<Library> table{
        // model/: ten libraries, each may use those it names and what they may use.
        {"model", {}},
        {"model/core", {}},
        {"model/audit", {"model/core"}},
        {"model/scan", {"model/audit"}},
        {"model/pricing", {"model/core", "model/audit"}},
        {"model/benchmark", {"model/core", "model/pricing"}},
        {"model/numerics", {"model/core"}},
        {"model/scenario",
         {"model/core", "model/audit", "model/pricing", "model/benchmark", "model/numerics"}},
        {"model/engine", {"model/scenario"}},
        {"model/uncertainty", {"model/engine", "model/numerics"}},
        {"model/analysis", {"model/uncertainty"}},
        // A layer that may use "model" may use every one of its libraries.
        {"data", {"model"}},
        {"reports", {"data", "model"}},
        {"ui", {"reports", "data", "model"}},
        {"app", {"ui", "reports", "data", "model"}},
    };
    return table;
}

// System headers model/ must not include: Qt, SQLite, file streams (DESIGN.md, "Layers").
bool forbiddenInModel(const std::string& header) {
    return header.rfind("Q", 0) == 0 || header.rfind("qt", 0) == 0 ||
           header.find("sqlite") != std::string::npos || header == "fstream";
}

bool isSource(const fs::path& p) {
    const std::string ext = p.extension().string();
    return ext == ".h" || ext == ".cpp" || ext == ".hpp";
}

std::string relativeName(const fs::path& p, const fs::path& root) {
    return fs::relative(p, root).generic_string();
}

// The library a file (relative path) belongs to: the longest folder of the table that holds it.
const Library* libraryOf(const std::string& rel) {
    const Library* best = nullptr;
    for (const Library& l : libraries())
        if (rel.rfind(l.folder + "/", 0) == 0 && (!best || l.folder.size() > best->folder.size()))
            best = &l;
    return best;
}

// Whether `folder` is `allowed` or one of its sub-folder libraries.
bool within(const std::string& folder, const std::string& allowed) {
    return folder == allowed || folder.rfind(allowed + "/", 0) == 0;
}

// Everything `lib` may include, through the libraries it may use.
std::set<std::string> reachable(const Library& lib) {
    std::set<std::string> out{lib.folder};
    std::vector<std::string> todo = lib.may_use;
    while (!todo.empty()) {
        const std::string f = todo.back();
        todo.pop_back();
        if (!out.insert(f).second)
            continue;
        for (const Library& l : libraries())
            if (l.folder == f)
                todo.insert(todo.end(), l.may_use.begin(), l.may_use.end());
    }
    return out;
}

struct Include {
    int line;
    std::string name;
    bool quoted;
};

std::vector<Include> includesOf(const fs::path& file) {
    static const std::regex directive(R"(^\s*#\s*include\s*([<"])([^>"]+)[>"])");
    std::vector<Include> out;
    std::ifstream in(file);
    std::string text;
    int n = 0;
    while (std::getline(in, text)) {
        ++n;
        std::smatch m;
        if (std::regex_search(text, m, directive))
            out.push_back({n, m[2].str(), m[1].str() == "\""});
    }
    return out;
}

} // namespace

class TestLayerRules : public QObject {
    Q_OBJECT

    fs::path m_root{CROSSGRADE_SOURCE_DIR};
    std::vector<std::string> m_files; // every source of a library, relative
    std::map<std::string, std::vector<std::string>> m_headers; // file name → where it is

private slots:
    void initTestCase() {
        for (const Library& l : libraries()) {
            if (l.folder.find('/') != std::string::npos)
                continue; // inside a top-level folder, walked with it
            for (const auto& e : fs::recursive_directory_iterator(m_root / l.folder)) {
                if (!e.is_regular_file() || !isSource(e.path()))
                    continue;
                const std::string rel = relativeName(e.path(), m_root);
                m_files.push_back(rel);
                if (e.path().extension() != ".cpp")
                    m_headers[e.path().filename().string()].push_back(rel);
            }
        }
        std::sort(m_files.begin(), m_files.end());
        QVERIFY2(m_files.size() > 100, "the sources were not found");
    }

    // Each project header is included by its file name (the libraries export their folders),
    // so two of one name would make the include mean whichever folder comes first.
    void headerNamesAreUnique() {
        QStringList clashes;
        for (const auto& [name, where] : m_headers)
            if (where.size() > 1) {
                QStringList places;
                for (const std::string& w : where)
                    places << QString::fromStdString(w);
                clashes << QString::fromStdString(name) + ": " + places.join(", ");
            }
        QVERIFY2(clashes.isEmpty(), qPrintable("headers of one name:\n" + clashes.join('\n')));
    }

    // No file includes a header of a library its own may not use.
    void dependenciesPointOneWay() {
        QStringList broken;
        for (const std::string& rel : m_files) {
            const Library* lib = libraryOf(rel);
            QVERIFY2(lib, qPrintable(QString::fromStdString(rel) + ": in no library"));
            const std::set<std::string> allowed = reachable(*lib);
            for (const Include& inc : includesOf(m_root / rel)) {
                if (!inc.quoted)
                    continue;
                const auto found = m_headers.find(fs::path(inc.name).filename().string());
                if (found == m_headers.end())
                    continue; // generated (ui_*.h, moc) or a third-party header
                const Library* target = libraryOf(found->second.front());
                const bool may = target && std::any_of(allowed.begin(), allowed.end(),
                                                       [&](const std::string& a) {
                                                           return within(target->folder, a);
                                                       });
                if (target && !may)
                    broken << QString::fromStdString(
                        rel + ":" + std::to_string(inc.line) + ": " + lib->folder + " includes \"" +
                        inc.name + "\" of " + target->folder + ", a library it may not use");
            }
        }
        QVERIFY2(broken.isEmpty(), qPrintable(broken.join('\n')));
    }

    // The table and the build agree: each model library's CMakeLists links exactly the
    // libraries its row names (crossgrade_model_library(NAME DEPENDS ... SOURCES ...)), so the
    // include paths enforce what this test reports.
    void modelLibrariesLinkWhatTheTableNames() {
        static const std::regex call(R"(crossgrade_model_library\(\s*(\w+)([^)]*)\))");
        int checked = 0;
        for (const Library& l : libraries()) {
            if (l.folder.rfind("model/", 0) != 0)
                continue;
            std::ifstream in(m_root / l.folder / "CMakeLists.txt");
            QVERIFY2(in, qPrintable(QString::fromStdString(l.folder) + "/CMakeLists.txt missing"));
            const std::string text((std::istreambuf_iterator<char>(in)),
                                   std::istreambuf_iterator<char>());
            std::smatch m;
            QVERIFY2(std::regex_search(text, m, call), qPrintable(QString::fromStdString(l.folder) +
                                                                  ": no crossgrade_model_library"));
            QCOMPARE(QString::fromStdString("model/" + m[1].str()),
                     QString::fromStdString(l.folder));
            std::set<std::string> linked;
            std::istringstream words(m[2].str());
            bool depends = false;
            for (std::string w; words >> w;) {
                if (w == "DEPENDS" || w == "SOURCES") {
                    depends = w == "DEPENDS";
                    continue;
                }
                if (depends)
                    linked.insert("model/" + w);
            }
            const std::set<std::string> named(l.may_use.begin(), l.may_use.end());
            QVERIFY2(linked == named,
                     qPrintable(QString::fromStdString(l.folder) +
                                ": CMake DEPENDS and the table of tst_layer_rules differ"));
            ++checked;
        }
        QCOMPARE(checked, 10);
    }

    // Third-party libraries stay private to the library that needs them (docs/architecture.md,
    // rule 3): each prefix of an include is allowed only in the files listed for it.
    void thirdPartyHeadersStayInTheirLibrary() {
        struct Private {
            std::string include_prefix;
            std::string only_under; // a folder, or one file
        };
        static const std::vector<Private> rules{
            {"re2/", "model/scan/"},
            {"boost/math/", "model/numerics/"},
            {"boost/random/", "model/numerics/"},
            {"csv.h", "data/"},
            {"qcustomplot", "reports/figures/chart.h"},
        };
        QStringList broken;
        for (const std::string& rel : m_files)
            for (const Include& inc : includesOf(m_root / rel))
                for (const Private& r : rules)
                    if (!inc.quoted && inc.name.rfind(r.include_prefix, 0) == 0 &&
                        rel.rfind(r.only_under, 0) != 0)
                        broken << QString::fromStdString(rel + ":" + std::to_string(inc.line) +
                                                         ": <" + inc.name + "> outside " +
                                                         r.only_under);
        QVERIFY2(broken.isEmpty(), qPrintable(broken.join('\n')));
    }

    // model/ is plain C++20: no Qt, no SQL, no file streams.
    void modelKnowsNoQtFilesOrSql() {
        QStringList broken;
        for (const std::string& rel : m_files) {
            if (rel.rfind("model/", 0) != 0)
                continue;
            for (const Include& inc : includesOf(m_root / rel))
                if (!inc.quoted && forbiddenInModel(inc.name))
                    broken << QString::fromStdString(rel + ":" + std::to_string(inc.line) +
                                                     ": model/ includes <" + inc.name + ">");
        }
        QVERIFY2(broken.isEmpty(), qPrintable(broken.join('\n')));
    }

    // The checker itself: a lower library including a higher one is caught, with its place.
    void aLowerLibraryIncludingAHigherOneIsCaught() {
        const Library* engine = libraryOf("model/engine/engine.cpp");
        QVERIFY(engine && engine->folder == "model/engine");
        QVERIFY(!reachable(*engine).count("data"));
        const std::set<std::string> belowEngine = reachable(*engine);
        QVERIFY(belowEngine.count("model/numerics") && belowEngine.count("model/audit"));
        QVERIFY(!belowEngine.count("model/uncertainty") && !belowEngine.count("model/scan"));
        const Library* core = libraryOf("model/core/uncertain.h");
        QVERIFY(core && reachable(*core) == std::set<std::string>{"model/core"});
        QVERIFY(within("model/engine", "model") && !within("model/engine", "model/eng"));
        const Library* ui = libraryOf("ui/shell/main_window.cpp");
        QVERIFY(ui && reachable(*ui).count("model"));
        QVERIFY(!reachable(*ui).count("app"));
        QVERIFY(forbiddenInModel("QString"));
        QVERIFY(forbiddenInModel("sqlite3.h"));
        QVERIFY(!forbiddenInModel("vector"));
        const fs::path probe = fs::temp_directory_path() / "tst_layer_rules_probe.cpp";
        std::ofstream(probe) << "#include <vector>\n  #  include \"store.h\"\n";
        const std::vector<Include> found = includesOf(probe);
        fs::remove(probe);
        QCOMPARE(found.size(), std::size_t(2));
        QCOMPARE(found[1].line, 2);
        QCOMPARE(QString::fromStdString(found[1].name), QStringLiteral("store.h"));
        QVERIFY(found[1].quoted && !found[0].quoted);
    }
};

QTEST_APPLESS_MAIN(TestLayerRules)
#include "tst_layer_rules.moc"
