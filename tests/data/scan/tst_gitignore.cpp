// .gitignore matching (data/scan/gitignore.h) as gitignore(5) describes it: one table of patterns,
// paths and verdicts, including nested files, negation, anchoring, ** and escapes.

#include "gitignore.h"

#include <QObject>
#include <QString>
#include <QStringLiteral>
#include <QTest>
#include <fnmatch.h>

using namespace crossgrade::data;

class TestGitignore : public QObject {
    Q_OBJECT

private slots:
    void ignored_data() {
        QTest::addColumn<QString>("root");   // the root .gitignore
        QTest::addColumn<QString>("base");   // folder of a nested .gitignore ("" for none)
        QTest::addColumn<QString>("nested"); // its text
        QTest::addColumn<QString>("path");   // relative to the root
        QTest::addColumn<bool>("isDirectory");
        QTest::addColumn<bool>("ignored");

        auto row = [](const char* name, const char* root, const char* path, bool dir,
                      bool ignored) {
            QTest::newRow(name) << root << QString() << QString() << path << dir << ignored;
        };
        row("name glob at the root", "*.o", "a.o", false, true);
        row("name glob at any depth", "*.o", "src/deep/a.o", false, true);
        row("name glob is whole-name", "*.o", "a.oo", false, false);
        row("star matches a leading dot", "*.swp", ".main.c.swp", false, true);
        row("folder-only pattern on a folder", "build/", "build", true, true);
        row("folder-only pattern at depth", "build/", "src/build", true, true);
        row("folder-only pattern never a file", "build/", "build", false, false);
        row("leading slash anchors", "/build", "build", true, true);
        row("leading slash anchors: not deeper", "/build", "src/build", true, false);
        row("middle slash anchors", "doc/*.txt", "doc/a.txt", false, true);
        row("middle slash: star stops at a slash", "doc/*.txt", "doc/sub/a.txt", false, false);
        row("middle slash: not deeper", "doc/*.txt", "x/doc/a.txt", false, false);
        row("leading **/ at the root", "**/logs", "logs", true, true);
        row("leading **/ at depth", "**/logs", "a/b/logs", true, true);
        row("trailing /** inside", "logs/**", "logs/a/b.txt", false, true);
        row("trailing /** not the folder itself", "logs/**", "logs", true, false);
        row("middle /**/ zero folders", "a/**/b", "a/b", false, true);
        row("middle /**/ several folders", "a/**/b", "a/x/y/b", false, true);
        row("middle /**/ whole names", "a/**/b", "a/xb", false, false);
        row("question mark is one character", "?.c", "a.c", false, true);
        row("question mark not two", "?.c", "ab.c", false, false);
        row("bracket set", "[ab].c", "b.c", false, true);
        row("bracket set miss", "[ab].c", "c.c", false, false);
        row("negated bracket set", "[!a].c", "b.c", false, true);
        row("bracket range", "v[0-9].txt", "v7.txt", false, true);
        row("negation re-includes", "*.log\n!keep.log", "keep.log", false, false);
        row("negation at depth", "*.log\n!keep.log", "d/keep.log", false, false);
        row("negation leaves others", "*.log\n!keep.log", "other.log", false, true);
        row("last match wins", "!keep.log\n*.log", "keep.log", false, true);
        row("comment line ignores nothing", "# secret", "# secret", false, false);
        row("escaped hash is literal", "\\#notes", "#notes", false, true);
        row("escaped bang is literal", "\\!bang", "!bang", false, true);
        row("trailing spaces dropped", "tmp   ", "tmp", false, true);
        row("escaped trailing space kept", "tmp\\ ", "tmp ", false, true);
        row("CRLF line ends", "*.tmp\r\n*.bak\r\n", "a.bak", false, true);
        row("blank lines", "\n\n*.tmp\n\n", "a.tmp", false, true);
        row("empty file", "", "a.tmp", false, false);
        row("case sensitive", "*.TMP", "a.tmp", false, false);

        auto nested = [](const char* name, const char* root, const char* base, const char* text,
                         const char* path, bool dir, bool ignored) {
            QTest::newRow(name) << root << base << text << path << dir << ignored;
        };
        nested("nested negation wins below its folder", "*.gen", "sub", "!keep.gen", "sub/keep.gen",
               false, false);
        nested("nested negation not above its folder", "*.gen", "sub", "!keep.gen", "keep.gen",
               false, true);
        nested("nested negation not in a sibling", "*.gen", "sub", "!keep.gen", "other/keep.gen",
               false, true);
        nested("nested pattern only below its folder", "", "sub", "*.x", "a.x", false, false);
        nested("nested pattern below its folder", "", "sub", "*.x", "sub/deep/a.x", false, true);
        nested("nested anchored pattern", "", "sub", "/only", "sub/only", false, true);
        nested("nested anchored pattern not deeper", "", "sub", "/only", "sub/x/only", false,
               false);
        nested("nested in a deep folder", "", "a/b", "c/*.o", "a/b/c/x.o", false, true);
        nested("folder name prefix is not the folder", "", "sub", "*.x", "subway/a.x", false,
               false);
    }

    void ignored() {
        QFETCH(QString, root);
        QFETCH(QString, base);
        QFETCH(QString, nested);
        QFETCH(QString, path);
        QFETCH(bool, isDirectory);
        QFETCH(bool, ignored);
        IgnoreRules rules;
        rules.add(parseGitignore(root.toStdString(), ""));
        if (!base.isEmpty())
            rules.add(parseGitignore(nested.toStdString(), base.toStdString()));
        QCOMPARE(rules.ignored(path.toStdString(), isDirectory), ignored);
    }

    // Issue 20, class 5: "**" segments were matched by trying every way of spreading the path's
    // folders over them, so one 81-byte line of sixteen "**" over 40 nested folders took
    // minutes (about 10^11 tries) for every folder and file below; and fnmatch(3) backtracks
    // over every '*' within a segment the same way. Passing means finishing with the right
    // answers; tests/bench/bench_scan gitignore prints the time.
    void bug_doubleStarPatternWasExponential() {
        std::string line = "**/a";
        for (int i = 0; i < 15; ++i)
            line += "/**/a";
        line += "/b";
        QCOMPARE(line.size(), std::size_t(81));
        IgnoreRules rules;
        rules.add(parseGitignore(line + "\n", ""));
        std::string deep = "a";
        for (int i = 1; i < 40; ++i)
            deep += "/a";
        QVERIFY(!rules.ignored(deep, true)); // no "b" at the end: every spread fails
        QVERIFY(!rules.ignored(deep + "/c", false));
        QVERIFY(rules.ignored(deep + "/b", false));
        QVERIFY(!rules.ignored("a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/b", false));  // 15 a's: one short
        QVERIFY(rules.ignored("a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/b", false)); // 16: exactly

        // Within one segment: many '*' against a long name that almost matches.
        std::string stars;
        for (int i = 0; i < 20; ++i)
            stars += "*a";
        IgnoreRules segment;
        segment.add(parseGitignore(stars + "*b\n", ""));
        const std::string name(250, 'a');
        QVERIFY(!segment.ignored(name, false));
        QVERIFY(!segment.ignored(deep + "/" + name, false));
        QVERIFY(segment.ignored(name + "b", false));
        QVERIFY(segment.ignored(deep + "/x" + name + "yb", false));
    }

    // The segment matcher against fnmatch(3)'s own answers on well-formed globs, so replacing it
    // kept the semantics: sets, negated sets, ranges, classes, escapes, '?' and '*'.
    void segmentGlobsAsFnmatch_data() {
        QTest::addColumn<QString>("glob");
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("matches");
        auto row = [](const char* glob, const char* name, bool matches) {
            QTest::addRow("%s vs %s", glob, name) << glob << name << matches;
        };
        row("*", "abc", true);
        row("a*c", "ac", true);
        row("a*c", "abcbc", true);
        row("a*c", "abcb", false);
        row("*a*b*c", "xaybzc", true);
        row("*a*b*c", "xaybz", false);
        row("a?c", "abc", true);
        row("a?c", "ac", false);
        row("[]a]x", "]x", true);
        row("[!]]x", "]x", false);
        row("[!]]x", "ax", true);
        row("[^a]", "b", true);
        row("[a-c][!a-c]", "bd", true);
        row("[a-c][!a-c]", "bb", false);
        row("[[:digit:]x]", "7", true);
        row("[[:digit:]x]", "x", true);
        row("[[:digit:]x]", "y", false);
        row("[[:alpha:]]*", "q1", true);
        row("\\*", "*", true);
        row("\\*", "a", false);
        row("\\a", "a", true);
        row("a\\", "a\\", false); // a lone '\' at the end matches nothing
        row("[ab", "[ab", true);  // an unclosed '[' is literal
        row("*.tar.gz", "x.tar.gz", true);
        row("*.tar.gz", "x.tar.gzz", false);
    }

    void segmentGlobsAsFnmatch() {
        QFETCH(QString, glob);
        QFETCH(QString, name);
        QFETCH(bool, matches);
        const std::string g = glob.toStdString();
        const std::string n = name.toStdString();
        QCOMPARE(::fnmatch(g.c_str(), n.c_str(), 0) == 0, matches); // the row is fnmatch's
        IgnorePattern p;
        p.segments = {g};
        QCOMPARE(matchesIgnorePattern(p, n, false), matches);
    }

    void parsing() {
        const auto p = parseGitignore("# c\n\n!/a/b/\n\\!x\n  \nlib/**/*.so\n", "sub");
        QCOMPARE(p.size(), std::size_t(3));
        QVERIFY(p[0].negated);
        QVERIFY(p[0].directory_only);
        QCOMPARE(p[0].segments, (std::vector<std::string>{"a", "b"}));
        QCOMPARE(QString::fromStdString(p[0].base), QStringLiteral("sub"));
        QVERIFY(!p[1].negated);
        QCOMPARE(p[1].segments, (std::vector<std::string>{"**", "!x"}));
        QCOMPARE(p[2].segments, (std::vector<std::string>{"lib", "**", "*.so"}));
        QCOMPARE(QString::fromStdString(p[2].text), QStringLiteral("lib/**/*.so"));
    }
};

QTEST_APPLESS_MAIN(TestGitignore)
#include "tst_gitignore.moc"
