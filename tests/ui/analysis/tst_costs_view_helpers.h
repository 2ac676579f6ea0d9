// What the files of tst_costs_view share: the samples' names, an edit settled, a view shown.
#pragma once

#include "costs_view.h"
#include "samples.h"
#include "scenario_document.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QStringList>
#include <QTest>
#include <functional>

namespace crossgrade::testing {

inline QStringList sampleNames() {
    QStringList names;
    for (const data::SampleFile& f : data::sampleScenarios())
        names << f.name;
    return names;
}

// Runs `change` (an edit or an undo) and waits until its evaluation is applied.
// ScenarioDocument::waitForEvaluation() returns without taking a background run that finished
// before it looked; the watcher's signal then applies it from the event loop, so the spy
// waits for that too.
inline void editAndSettle(ui::ScenarioDocument& document, const std::function<void()>& change) {
    QSignalSpy applied(&document, &ui::ScenarioDocument::evaluationChanged);
    change();
    document.waitForEvaluation();
    QTRY_VERIFY(applied.count() > 0);
    QVERIFY(!document.isEvaluating());
}

// A view showing `document` at the size the brief renders at.
struct ShownView {
    explicit ShownView(ui::ScenarioDocument* document) {
        view.resize(1100, 800);
        view.setDocument(document);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCoreApplication::processEvents();
    }
    ui::CostsView view;
};

} // namespace crossgrade::testing
