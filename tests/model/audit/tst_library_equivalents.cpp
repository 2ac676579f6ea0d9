#include "library_equivalents.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTest>
#include <algorithm>

using namespace crossgrade::model;

Q_DECLARE_METATYPE(Audit)

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

EvidenceItem evidence(std::string rule, std::string snippet, std::string rocm = {}) {
    EvidenceItem item;
    item.rule_id = std::move(rule);
    item.path = "src/a.py";
    item.line = 7;
    item.snippet = std::move(snippet);
    item.rocm_equivalent = std::move(rocm);
    return item;
}

// "id:difficulty" per named library, in the table's order.
QStringList namedIn(const Audit& audit) {
    QStringList out;
    for (const NamedLibrary& n : namedLibraries(audit))
        out << qs(n.library.id) + ":" + qs(toString(n.difficulty));
    return out;
}

} // namespace

class TestLibraryEquivalents : public QObject {
    Q_OBJECT

private slots:
    // The article's Dimension 2 and its "hardest to replace" ranking.
    void table_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<QString>("rocm");
        QTest::addColumn<QString>("difficulty");
        QTest::newRow("cuBLAS") << "cublas"
                                << "cuBLAS"
                                << "rocBLAS / hipBLASLt"
                                << "low";
        QTest::newRow("cuSPARSE") << "cusparse"
                                  << "cuSPARSE"
                                  << "rocSPARSE"
                                  << "low";
        QTest::newRow("cuDNN") << "cudnn"
                               << "cuDNN"
                               << "MIOpen"
                               << "medium";
        QTest::newRow("TensorRT") << "tensorrt"
                                  << "TensorRT"
                                  << "none (MIGraphX is closest, not drop-in)"
                                  << "high";
        QTest::newRow("NCCL") << "nccl"
                              << "NCCL"
                              << "RCCL"
                              << "high";
    }
    void table() {
        QFETCH(QString, id);
        QFETCH(QString, cuda);
        QFETCH(QString, rocm);
        QFETCH(QString, difficulty);
        const auto& table = libraryEquivalents();
        const auto it =
            std::find_if(table.begin(), table.end(), [&](const auto& e) { return qs(e.id) == id; });
        QVERIFY(it != table.end());
        QCOMPARE(qs(it->cuda_library), cuda);
        QCOMPARE(qs(it->rocm_equivalent), rocm);
        QCOMPARE(qs(toString(it->difficulty)), difficulty);
        // The sentence names the library it is quoted for.
        QVERIFY(qs(it->source).contains(cuda == "NCCL" ? "RCCL" : cuda));
        QVERIFY(!it->terms.empty());
        for (std::string_view term : it->terms)
            QCOMPARE(qs(term), qs(term).toLower());
    }
    void tableHasTheArticlesFive() { QCOMPARE(libraryEquivalents().size(), std::size_t(5)); }

    void named_data() {
        QTest::addColumn<Audit>("audit");
        QTest::addColumn<QStringList>("expected");

        QTest::newRow("empty audit") << Audit{} << QStringList{};
        {
            Audit a;
            a.dimension(Dimension::Libraries).notes = "GEMMs through CUBLAS, sparse via cuSparse.";
            QTest::newRow("notes, any case") << a << QStringList{"cublas:low", "cusparse:low"};
        }
        {
            Audit a;
            a.dimension(Dimension::Libraries).evidence.push_back(evidence("D2.cudnn", "x"));
            QTest::newRow("evidence rule id") << a << QStringList{"cudnn:medium"};
        }
        {
            Audit a;
            a.dimension(Dimension::Libraries)
                .evidence.push_back(evidence("D2.manifest-packages", "trtllm-build --ckpt c"));
            QTest::newRow("TensorRT-LLM snippet") << a << QStringList{"tensorrt:high"};
        }
        {
            Audit a;
            a.dimension(Dimension::Libraries)
                .evidence.push_back(evidence("D2.x", "y", "rocSPARSE covers cuSPARSE"));
            QTest::newRow("ROCm equivalent text") << a << QStringList{"cusparse:low"};
        }
        {
            Audit a;
            a.dimension(Dimension::Libraries).findings["D2.cublas"] = 12;
            QTest::newRow("findings") << a << QStringList{"cublas:low"};
        }
        {
            Audit a;
            a.tensorrt = true;
            QTest::newRow("tensorrt flag only") << a << QStringList{"tensorrt:high"};
        }
        {
            Audit a;
            a.multi_node = true;
            QTest::newRow("multi-node only") << a << QStringList{"nccl:high"};
        }
        {
            Audit a;
            a.dimension(Dimension::Distributed)
                .evidence.push_back(evidence("D4.nccl-via-framework", "backend='nccl'"));
            QTest::newRow("NCCL on one node") << a << QStringList{"nccl:low"};
        }
        {
            Audit a;
            a.dimension(Dimension::Distributed).notes = "RCCL already in the AMD pilot.";
            QTest::newRow("edge: RCCL is not NCCL") << a << QStringList{};
        }
        {
            Audit a;
            a.dimension(Dimension::CustomKernels).notes = "Calls cuDNN and cuBLAS directly.";
            a.dimension(Dimension::Distributed).notes = "cuDNN is not a network library.";
            QTest::newRow("edge: other dimensions name nothing") << a << QStringList{};
        }
        {
            Audit a;
            a.dimension(Dimension::Libraries).notes = "cudnn everywhere, NCCL via torch";
            a.tensorrt = true;
            a.multi_node = true;
            QTest::newRow("several")
                << a << QStringList{"cudnn:medium", "tensorrt:high", "nccl:high"};
        }
    }
    void named() {
        QFETCH(Audit, audit);
        QFETCH(QStringList, expected);
        QCOMPARE(namedIn(audit), expected);
        for (const NamedLibrary& n : namedLibraries(audit)) {
            QVERIFY(!n.named_by.empty());
            QCOMPARE(n.difficulty_reason.empty(), n.difficulty == n.library.difficulty);
        }
    }

    void namedByGivesThePlace() {
        Audit a;
        a.dimension(Dimension::Libraries).evidence.push_back(evidence("D2.tensorrt", "import t"));
        const auto named = namedLibraries(a);
        QCOMPARE(named.size(), std::size_t(1));
        QCOMPARE(named.front().named_by,
                 std::vector<std::string>{"libraries evidence D2.tensorrt at src/a.py:7"});
    }
};

QTEST_GUILESS_MAIN(TestLibraryEquivalents)
#include "tst_library_equivalents.moc"
