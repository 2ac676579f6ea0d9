// The HetCCL watch dialog (ui/scenario/hetccl_watch_dialog.h) driven as a user would, offscreen:
// ticking a signal stores it with its date and shows the model's resolution at the open
// scenario's horizon, unticking removes it, the two papers stay apart, Apply is one undo step
// that writes the model's range and provenance, a hetccl-premature audit disables Apply with
// the model's words, and a store that cannot be written shows an error and keeps its rows.

#include "hetccl_watch_dialog.h"
#include "raw_db.h"
#include "recommendation.h"
#include "sample_scenario.h"
#include "scenario_document.h"
#include "widget_lookup.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <stdexcept>

using namespace crossgrade;
using crossgrade::testing::child;
using model::CheckedSignal;
using model::HetcclPaper;
using ui::HetcclWatchDialog;

namespace {

using crossgrade::testing::RawDb;

QString name(const char* part, HetcclPaper paper, const char* signal) {
    const std::string_view id = model::toString(paper);
    return QStringLiteral("%1-%2-%3")
        .arg(QLatin1String(part), QString::fromUtf8(id.data(), qsizetype(id.size())),
             QLatin1String(signal));
}

template <typename T>
T* row(const QWidget& dialog, const char* part, HetcclPaper p, const char* s) {
    return child<T>(dialog, name(part, p, s).toLatin1().constData());
}

QString rangeLabel(const QWidget& dialog, HetcclPaper paper) {
    return row<QLabel>(dialog, "range", paper, "available-month")->text();
}

QString provenanceLabel(const QWidget& dialog, HetcclPaper paper) {
    return row<QLabel>(dialog, "provenance", paper, "available-month")->text();
}

// The model's range as the dialog writes months: "low / most likely / high".
QString months(const model::UncertainNumber& n) {
    return QStringLiteral("%1 / %2 / %3")
        .arg(n.range.low)
        .arg(n.range.most_likely)
        .arg(n.range.high);
}

const model::HetcclResolution& resolved(const model::HetcclWatchResult& r, HetcclPaper paper) {
    return r.papers.at(std::size_t(paper));
}

// Horizon 120: the no-signal range [120, 132, 156] and a first signal's range differ, and
// both differ from what the no-scenario horizon of 60 months would give.
constexpr int kHorizon = 120;

model::Scenario trainingShop(int horizon = kHorizon) {
    model::Scenario s = crossgrade::testing::sampleScenario(QStringLiteral("training-shop.json"));
    s.horizon_months = horizon;
    return s;
}

} // namespace

class TestHetcclWatchDialog : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_files = 0;

    QString freshPath() { return m_dir.filePath(QStringLiteral("store-%1.sqlite").arg(++m_files)); }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void checkingASignalStoresItAndShowsTheModelsRange() {
        data::Store store = data::Store::open(freshPath());
        ui::ScenarioDocument document(trainingShop());
        HetcclWatchDialog dialog(store, &document);
        QCOMPARE(dialog.horizonMonths(), kHorizon);
        const auto none = model::resolveHetcclWatch({}, kHorizon);
        QVERIFY(rangeLabel(dialog, HetcclPaper::Snu2601)
                    .startsWith(months(resolved(none, HetcclPaper::Snu2601).available_month)));
        const QString otherBefore = rangeLabel(dialog, HetcclPaper::Other2605);

        row<QDateEdit>(dialog, "date", HetcclPaper::Snu2601, "code-public")
            ->setDate(QDate(2026, 5, 2));
        row<QLineEdit>(dialog, "note", HetcclPaper::Snu2601, "code-public")
            ->setText(QStringLiteral("repository opened"));
        row<QLineEdit>(dialog, "source", HetcclPaper::Snu2601, "code-public")
            ->setText(QStringLiteral("https://example.org/hetccl"));
        QVERIFY(store.hetcclChecklist().empty()); // nothing is written before the tick
        row<QCheckBox>(dialog, "check", HetcclPaper::Snu2601, "code-public")->click();

        const std::vector<CheckedSignal> expected{{HetcclPaper::Snu2601, "code-public",
                                                   "2026-05-02", "repository opened",
                                                   "https://example.org/hetccl"}};
        QCOMPARE(store.hetcclChecklist(), expected);
        QCOMPARE(dialog.error(), QString());
        const auto model = model::resolveHetcclWatch(expected, kHorizon);
        const model::UncertainNumber& range = resolved(model, HetcclPaper::Snu2601).available_month;
        QVERIFY(range != resolved(none, HetcclPaper::Snu2601).available_month);
        QVERIFY2(rangeLabel(dialog, HetcclPaper::Snu2601).startsWith(months(range)),
                 qPrintable(rangeLabel(dialog, HetcclPaper::Snu2601)));
        QVERIFY2(provenanceLabel(dialog, HetcclPaper::Snu2601)
                     .contains(QString::fromStdString(range.source)),
                 qPrintable(provenanceLabel(dialog, HetcclPaper::Snu2601)));
        QVERIFY(
            provenanceLabel(dialog, HetcclPaper::Snu2601).contains(QLatin1String("2026-05-02")));
        // The other paper's range rests on its own signals only.
        QCOMPARE(rangeLabel(dialog, HetcclPaper::Other2605), otherBefore);

        // Changing a checked signal's date re-dates it in the store and in the provenance.
        row<QDateEdit>(dialog, "date", HetcclPaper::Snu2601, "code-public")
            ->setDate(QDate(2026, 6, 1));
        QCOMPARE(store.hetcclChecklist().at(0).date, std::string("2026-06-01"));
        QVERIFY(
            provenanceLabel(dialog, HetcclPaper::Snu2601).contains(QLatin1String("2026-06-01")));
    }

    void aSignalAboutOnePaperHasNoRowOnTheOther() {
        data::Store store = data::Store::open(freshPath());
        HetcclWatchDialog dialog(store, nullptr);
        QVERIFY(dialog.findChild<QCheckBox*>(
            name("check", HetcclPaper::Other2605, "integration-overheads-removed")));
        QVERIFY(dialog.findChild<QCheckBox*>(
            name("check", HetcclPaper::Snu2601, "ecosystem-moreh-product")));
        QVERIFY(!dialog.findChild<QCheckBox*>(
            name("check", HetcclPaper::Other2605, "ecosystem-moreh-product")));
        QVERIFY(!dialog.findChild<QCheckBox*>(
            name("check", HetcclPaper::Snu2601, "integration-overheads-removed")));
    }

    void uncheckingRemovesIt() {
        data::Store store = data::Store::open(freshPath());
        store.checkHetcclSignals({{HetcclPaper::Other2605, "code-public", "2026-06-03", "", ""},
                                  {HetcclPaper::Other2605, "code-release", "2026-07-01", "", ""}});
        ui::ScenarioDocument document(trainingShop());
        HetcclWatchDialog dialog(store, &document);
        auto* check = row<QCheckBox>(dialog, "check", HetcclPaper::Other2605, "code-release");
        QVERIFY(check->isChecked());
        QCOMPARE(row<QDateEdit>(dialog, "date", HetcclPaper::Other2605, "code-release")->date(),
                 QDate(2026, 7, 1));
        check->click();
        const std::vector<CheckedSignal> left{
            {HetcclPaper::Other2605, "code-public", "2026-06-03", "", ""}};
        QCOMPARE(store.hetcclChecklist(), left);
        QVERIFY(!check->isChecked());
        const auto model = model::resolveHetcclWatch(left, kHorizon);
        QVERIFY(rangeLabel(dialog, HetcclPaper::Other2605)
                    .startsWith(months(resolved(model, HetcclPaper::Other2605).available_month)));
    }

    // The default is the model's earliest paper: here arXiv 2605.31000, the only one with a
    // signal, so a dialog that always took the first paper would fail.
    void applyIsOneUndoStepWithTheModelsRangeAndProvenance() {
        data::Store store = data::Store::open(freshPath());
        store.checkHetcclSignals(
            {{HetcclPaper::Other2605, "code-public", "2026-06-03", "", ""},
             {HetcclPaper::Other2605, "ecosystem-vendor", "2026-08-20", "", ""}});
        ui::ScenarioDocument document(trainingShop());
        const model::Scenario before = document.scenario();
        HetcclWatchDialog dialog(store, &document);
        auto* apply = child<QPushButton>(dialog, "apply");
        QVERIFY(apply->isEnabled());
        QVERIFY(child<QLabel>(dialog, "refusal")->isHidden());
        QVERIFY(child<QLabel>(dialog, "default-paper")->text().contains("arXiv 2605.31000"));
        QVERIFY(dialog.paperToApply() == HetcclPaper::Other2605);

        const int steps = document.undoStack()->count();
        apply->click();
        QCOMPARE(dialog.error(), QString());
        QCOMPARE(document.undoStack()->count(), steps + 1);
        const auto model = model::resolveHetcclWatch(store.hetcclChecklist(), kHorizon);
        QVERIFY(model.papers.at(model.earliest).paper == HetcclPaper::Other2605);
        const model::UncertainNumber& want = model.papers.at(model.earliest).available_month;
        QVERIFY(document.scenario().hetccl_available_month == want);
        QCOMPARE(document.scenario().hetccl_available_month.source, want.source);
        QCOMPARE(document.scenario().hetccl_available_month.date, std::string("2026-08-20"));
        QVERIFY(document.scenario().hetccl_available_month.confidence == model::Confidence::C);
        model::Scenario rest = document.scenario();
        rest.hetccl_available_month = before.hetccl_available_month;
        QVERIFY(rest == before);      // nothing else changed
        QVERIFY(!apply->isEnabled()); // it already holds that range

        document.undoStack()->undo();
        QVERIFY(document.scenario() == before);
        QVERIFY(apply->isEnabled());
        document.waitForEvaluation();
    }

    void applyTakesTheChosenPaper() {
        data::Store store = data::Store::open(freshPath());
        store.checkHetcclSignals({{HetcclPaper::Other2605, "code-public", "2026-06-03", "", ""}});
        ui::ScenarioDocument document(trainingShop());
        HetcclWatchDialog dialog(store, &document);
        auto* paper = child<QComboBox>(dialog, "apply-paper");
        paper->setCurrentIndex(paper->findData(int(HetcclPaper::Snu2601)));
        QVERIFY(dialog.paperToApply() == HetcclPaper::Snu2601);
        QVERIFY(dialog.applyToScenario());
        const auto model = model::resolveHetcclWatch(store.hetcclChecklist(), kHorizon);
        QVERIFY(document.scenario().hetccl_available_month ==
                resolved(model, HetcclPaper::Snu2601).available_month);
        document.waitForEvaluation();
    }

    void prematureAuditDisablesApplyWithTheModelsNote() {
        data::Store store = data::Store::open(freshPath());
        store.checkHetcclSignals({{HetcclPaper::Snu2601, "code-public", "2026-05-02", "", ""}});
        model::Scenario scenario = trainingShop();
        // With custom kernels already High: two High dimensions outside distributed.
        scenario.audit.dimension(model::Dimension::FrameworkUsage).tier = model::Tier::High;
        std::string note;
        for (const model::AuditWarning& w : model::auditWarnings(scenario.audit.profile()))
            if (w.id == "hetccl-premature")
                note = w.text;
        QVERIFY(!note.empty());
        ui::ScenarioDocument document(scenario);
        HetcclWatchDialog dialog(store, &document);
        QVERIFY(!child<QPushButton>(dialog, "apply")->isEnabled());
        auto* refusal = child<QLabel>(dialog, "refusal");
        QVERIFY(!refusal->isHidden());
        QVERIFY2(refusal->text().contains(QString::fromStdString(note)),
                 qPrintable(refusal->text()));
        QVERIFY(refusal->text().contains(QLatin1String("hetccl-premature")));
        QVERIFY(!dialog.applyToScenario());
        QCOMPARE(document.undoStack()->count(), 0);
        QVERIFY(document.scenario() == scenario);
        // Bringing the tier down (an undoable edit elsewhere) lets it apply again.
        document.edit(QStringLiteral("tier"), [](model::Scenario& s) {
            s.audit.dimension(model::Dimension::FrameworkUsage).tier = model::Tier::Medium;
        });
        QVERIFY(child<QPushButton>(dialog, "apply")->isEnabled());
        QVERIFY(refusal->isHidden());
        document.waitForEvaluation();
    }

    void withoutAScenarioApplyIsDisabled() {
        data::Store store = data::Store::open(freshPath());
        HetcclWatchDialog dialog(store, nullptr);
        QCOMPARE(dialog.horizonMonths(), HetcclWatchDialog::kNoScenarioHorizon);
        QVERIFY(!child<QPushButton>(dialog, "apply")->isEnabled());
        QVERIFY(!dialog.applyToScenario());
    }

    void aLockedStoreShowsTheErrorAndKeepsItsRows() {
        const QString path = freshPath();
        data::Store store = data::Store::open(path, data::StoreOptions{100});
        const std::vector<CheckedSignal> kept{
            {HetcclPaper::Snu2601, "code-public", "2026-05-02", "kept", ""}};
        store.checkHetcclSignals(kept);
        ui::ScenarioDocument document(trainingShop());
        HetcclWatchDialog dialog(store, &document);
        const QString rangeBefore = rangeLabel(dialog, HetcclPaper::Snu2601);

        RawDb other(path);
        other.exec(QStringLiteral("BEGIN IMMEDIATE")); // another process holds the write lock
        auto* release = row<QCheckBox>(dialog, "check", HetcclPaper::Snu2601, "code-release");
        release->click();
        QVERIFY(!release->isChecked()); // back to what the store holds
        QCOMPARE(store.hetcclChecklist(), kept);
        QCOMPARE(rangeLabel(dialog, HetcclPaper::Snu2601), rangeBefore);
        QVERIFY2(dialog.error().contains(QLatin1String("code-release")),
                 qPrintable(dialog.error()));
        QVERIFY(dialog.error().contains(QLatin1String("arXiv 2601.22585")));
        QVERIFY(dialog.error().contains(QLatin1String("locked")));
        QVERIFY(!child<QLabel>(dialog, "error")->isHidden());

        auto* publicCode = row<QCheckBox>(dialog, "check", HetcclPaper::Snu2601, "code-public");
        publicCode->click(); // uncheck: refused as well
        QVERIFY(publicCode->isChecked());
        QCOMPARE(store.hetcclChecklist(), kept);
        QVERIFY(dialog.error().contains(QLatin1String("uncheck")));

        other.exec(QStringLiteral("ROLLBACK"));
        release->click();
        QVERIFY(release->isChecked());
        QCOMPARE(store.hetcclChecklist().size(), std::size_t{2});
        QCOMPARE(dialog.error(), QString());
    }
};

QTEST_MAIN(TestHetcclWatchDialog)
#include "tst_hetccl_watch_dialog.moc"
