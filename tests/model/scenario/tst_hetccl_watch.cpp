// The HetCCL watch (model/scenario/hetccl_watch.h): the catalogue covers facts.md §6's seven areas,
// no signal leaves the range past the horizon, more or stronger signals never push the month later,
// the two papers named HetCCL are never merged, and the provenance says what a range rests on.

#include "hetccl_watch.h"

#include <QObject>
#include <QString>
#include <QStringLiteral>
#include <QTest>
#include <algorithm>
#include <random>
#include <set>

using namespace crossgrade::model;

namespace {

CheckedSignal checked(HetcclPaper paper, std::string_view id, std::string date = "2026-06-01") {
    return {paper, std::string(id), std::move(date), {}, {}};
}

// Every signal of the paper, checked.
std::vector<CheckedSignal> everySignal(HetcclPaper paper) {
    std::vector<CheckedSignal> out;
    for (const HetcclSignal& s : hetcclSignals())
        if (appliesTo(s, paper))
            out.push_back(checked(paper, s.id));
    return out;
}

bool noLater(const Range& a, const Range& b) { // a no later than b, point by point
    return a.low <= b.low && a.most_likely <= b.most_likely && a.high <= b.high;
}

QString text(const Range& r) {
    return QStringLiteral("[%1, %2, %3]").arg(r.low).arg(r.most_likely).arg(r.high);
}

} // namespace

class TestHetcclWatch : public QObject {
    Q_OBJECT

private slots:
    void catalogueCoversTheSevenAreas();
    void paperSpecificSignalsStayWithTheirPaper();
    void papersParse();
    void noSignalLiesPastTheHorizon_data();
    void noSignalLiesPastTheHorizon();
    void moreSignalsNeverPushTheMonthLater();
    void strongerSignalsNeverPushTheMonthLater();
    void everySignalReachesTheEarliestRange();
    void papersAreNeverMerged();
    void provenanceSaysWhatTheRangeRestsOn();
    void duplicatesUnknownAndInapplicableSignals();
    void earliestPaperIsNamed();
};

void TestHetcclWatch::catalogueCoversTheSevenAreas() {
    std::set<SignalArea> areas;
    std::set<std::string_view> ids;
    for (const HetcclSignal& s : hetcclSignals()) {
        areas.insert(s.area);
        QVERIFY2(ids.insert(s.id).second, s.id.data());
        QVERIFY(!s.look_for.empty());
        QVERIFY(!s.reason.empty());
        QVERIFY(s.pull.low >= 0 && s.pull.most_likely >= 0 && s.pull.high >= 0);
        QCOMPARE(findHetcclSignal(s.id), &s);
    }
    QCOMPARE(areas.size(), std::size_t(7));
    QVERIFY(findHetcclSignal("no-such-signal") == nullptr);
}

void TestHetcclWatch::paperSpecificSignalsStayWithTheirPaper() {
    const HetcclSignal* moreh = findHetcclSignal("ecosystem-moreh-product");
    QVERIFY(moreh);
    QVERIFY(appliesTo(*moreh, HetcclPaper::Snu2601));
    QVERIFY(!appliesTo(*moreh, HetcclPaper::Other2605));
    const HetcclSignal* overheads = findHetcclSignal("integration-overheads-removed");
    QVERIFY(overheads);
    QVERIFY(!appliesTo(*overheads, HetcclPaper::Snu2601));
    QVERIFY(appliesTo(*overheads, HetcclPaper::Other2605));
}

void TestHetcclWatch::papersParse() {
    QCOMPARE(parseHetcclPaper("2601.22585"), std::optional(HetcclPaper::Snu2601));
    QCOMPARE(parseHetcclPaper("arXiv:2605.31000"), std::optional(HetcclPaper::Other2605));
    QCOMPARE(parseHetcclPaper("ARXIV:2601.22585"), std::optional(HetcclPaper::Snu2601));
    QVERIFY(!parseHetcclPaper("2601.2258"));
    QVERIFY(!parseHetcclPaper("HetCCL"));
    for (HetcclPaper p : kAllHetcclPapers)
        QCOMPARE(parseHetcclPaper(toString(p)), std::optional(p));
}

void TestHetcclWatch::noSignalLiesPastTheHorizon_data() {
    QTest::addColumn<int>("horizon");
    for (int h : {1, 24, 36, 60, 120})
        QTest::newRow(qPrintable(QString::number(h))) << h;
}

void TestHetcclWatch::noSignalLiesPastTheHorizon() {
    QFETCH(int, horizon);
    for (HetcclPaper p : kAllHetcclPapers) {
        // Signals of the other paper are no signals for this one.
        const HetcclPaper other =
            p == HetcclPaper::Snu2601 ? HetcclPaper::Other2605 : HetcclPaper::Snu2601;
        const HetcclResolution r = resolveHetcclWatch(p, everySignal(other), horizon);
        QVERIFY(r.past_horizon);
        QVERIFY(r.checked.empty());
        QVERIFY(r.available_month.range.low >= horizon);
        QVERIFY(r.available_month.range.low <= r.available_month.range.most_likely);
        QVERIFY(r.available_month.range.most_likely <= r.available_month.range.high);
        QVERIFY(r.available_month.range.high <= kMaxWatchMonth);
        QVERIFY(r.available_month.source.find("no signals") != std::string::npos);
    }
}

void TestHetcclWatch::moreSignalsNeverPushTheMonthLater() {
    std::mt19937 random(5); // the test's own shuffles; the model uses no randomness
    int steps = 0;
    int earlier = 0;
    for (HetcclPaper p : kAllHetcclPapers)
        for (int horizon : {12, 36, 60, 120})
            for (int chain = 0; chain < 50; ++chain) {
                std::vector<CheckedSignal> all = everySignal(p);
                std::shuffle(all.begin(), all.end(), random);
                std::vector<CheckedSignal> some;
                Range before = resolveHetcclWatch(p, some, horizon).available_month.range;
                for (const CheckedSignal& s : all) {
                    some.push_back(s);
                    const Range after = resolveHetcclWatch(p, some, horizon).available_month.range;
                    QVERIFY2(noLater(after, before),
                             qPrintable(QString::fromStdString(s.signal) + ": " + text(before) +
                                        " → " + text(after)));
                    earlier += after == before ? 0 : 1;
                    ++steps;
                    before = after;
                }
            }
    qInfo("%d signal additions, %d of them moved the range earlier", steps, earlier);
    QVERIFY(earlier > steps / 4); // the table does move the month
}

void TestHetcclWatch::strongerSignalsNeverPushTheMonthLater() {
    // For every pair a, b with a's pull at least b's point by point, and any background:
    // checking a instead of b never gives a later range.
    std::mt19937 random(11);
    int pairs = 0;
    for (HetcclPaper p : kAllHetcclPapers) {
        const std::vector<CheckedSignal> all = everySignal(p);
        for (const CheckedSignal& a : all)
            for (const CheckedSignal& b : all) {
                const MonthPull& pa = findHetcclSignal(a.signal)->pull;
                const MonthPull& pb = findHetcclSignal(b.signal)->pull;
                if (&a == &b || pa.low < pb.low || pa.most_likely < pb.most_likely ||
                    pa.high < pb.high)
                    continue;
                ++pairs;
                std::vector<CheckedSignal> background;
                for (const CheckedSignal& s : all)
                    if (s.signal != a.signal && s.signal != b.signal && random() % 3 == 0)
                        background.push_back(s);
                std::vector<CheckedSignal> withA = background;
                withA.push_back(a);
                std::vector<CheckedSignal> withB = background;
                withB.push_back(b);
                for (int horizon : {24, 60, 120})
                    QVERIFY(noLater(resolveHetcclWatch(p, withA, horizon).available_month.range,
                                    resolveHetcclWatch(p, withB, horizon).available_month.range));
            }
    }
    QVERIFY(pairs > 50);
}

void TestHetcclWatch::everySignalReachesTheEarliestRange() {
    for (HetcclPaper p : kAllHetcclPapers) {
        const HetcclResolution r = resolveHetcclWatch(p, everySignal(p), 60);
        QCOMPARE(r.available_month.range,
                 (Range{double(kEarliestRange.low), double(kEarliestRange.most_likely),
                        double(kEarliestRange.high)}));
        QVERIFY(!r.past_horizon);
    }
    // One signal alone starts from the first-signal range, pulled by that signal.
    const HetcclSignal& code = *findHetcclSignal("code-public");
    const HetcclResolution one =
        resolveHetcclWatch(HetcclPaper::Snu2601, {checked(HetcclPaper::Snu2601, code.id)}, 120);
    QCOMPARE(one.available_month.range,
             (Range{double(kFirstSignalRange.low - code.pull.low),
                    double(kFirstSignalRange.most_likely - code.pull.most_likely),
                    double(kFirstSignalRange.high - code.pull.high)}));
}

void TestHetcclWatch::papersAreNeverMerged() {
    const std::vector<CheckedSignal> snu{checked(HetcclPaper::Snu2601, "code-public"),
                                         checked(HetcclPaper::Snu2601, "ecosystem-vendor")};
    std::vector<CheckedSignal> both = snu;
    for (const CheckedSignal& s : everySignal(HetcclPaper::Other2605))
        both.push_back(s);
    for (int horizon : {36, 60}) {
        const HetcclResolution alone = resolveHetcclWatch(HetcclPaper::Snu2601, snu, horizon);
        const HetcclResolution mixed = resolveHetcclWatch(HetcclPaper::Snu2601, both, horizon);
        QCOMPARE(mixed.available_month, alone.available_month);
        QCOMPARE(mixed.checked, alone.checked);
        for (const CheckedSignal& s : mixed.checked)
            QVERIFY(s.paper == HetcclPaper::Snu2601);
        QVERIFY(mixed.available_month.source.find("2601.22585") != std::string::npos);
        QVERIFY(mixed.available_month.source.find("2605.31000") == std::string::npos);
    }
}

void TestHetcclWatch::provenanceSaysWhatTheRangeRestsOn() {
    const HetcclResolution r =
        resolveHetcclWatch(HetcclPaper::Other2605,
                           {checked(HetcclPaper::Other2605, "code-public", "2026-06-10"),
                            checked(HetcclPaper::Other2605, "evidence-peer-review", "2026-08-01")},
                           60);
    QCOMPARE(r.as_of, std::string("2026-08-01"));
    QCOMPARE(r.available_month.date, std::string("2026-08-01"));
    QCOMPARE(r.available_month.confidence, std::optional(Confidence::C));
    QVERIFY(r.available_month.distribution == Distribution::Pert);
    const std::string& source = r.available_month.source;
    QVERIFY2(source.rfind("HetCCL watch: 2 signals for arXiv 2605.31000 as of 2026-08-01", 0) == 0,
             source.c_str());
    QVERIFY(source.find("code-public 2026-06-10") != std::string::npos);
}

void TestHetcclWatch::duplicatesUnknownAndInapplicableSignals() {
    const auto p = HetcclPaper::Other2605;
    const HetcclResolution once = resolveHetcclWatch(p, {checked(p, "code-public")}, 60);
    const HetcclResolution twice = resolveHetcclWatch(
        p, {checked(p, "code-public", "2026-05-01"), checked(p, "code-public", "2026-07-01")}, 60);
    QCOMPARE(twice.available_month.range, once.available_month.range);
    QCOMPARE(twice.checked.size(), std::size_t(1));
    QCOMPARE(twice.as_of, std::string("2026-07-01")); // the latest sighting counts
    const HetcclResolution odd =
        resolveHetcclWatch(p,
                           {checked(p, "code-public"), checked(p, "no-such-signal"),
                            checked(p, "ecosystem-moreh-product")},
                           60);
    QCOMPARE(odd.available_month.range, once.available_month.range);
}

void TestHetcclWatch::earliestPaperIsNamed() {
    const HetcclWatchResult none = resolveHetcclWatch({}, 60);
    QCOMPARE(none.papers.size(), std::size_t(2));
    QCOMPARE(none.earliest, std::size_t(0)); // a tie goes to arXiv 2601.22585
    const HetcclWatchResult r =
        resolveHetcclWatch({checked(HetcclPaper::Snu2601, "evidence-peer-review"),
                            checked(HetcclPaper::Other2605, "code-public"),
                            checked(HetcclPaper::Other2605, "code-release")},
                           60);
    QVERIFY(r.papers[r.earliest].paper == HetcclPaper::Other2605);
}

QTEST_APPLESS_MAIN(TestHetcclWatch)
#include "tst_hetccl_watch.moc"
