#pragma once

// What the scenario editor's two suites (tst_scenario_editor, tst_scenario_editor_inputs)
// share: the sample each test opens and a cell of an inputs table by the input's id.

#include "sample_scenario.h"
#include "uncertain_table_model.h"

#include <QModelIndex>
#include <QString>

namespace crossgrade::testing {

// The sample every test of the editor opens.
inline model::Scenario editorSample() {
    return sampleScenario(QStringLiteral("mixed-tensorrt.json"));
}

// The cell of input `pointer` (its JSON pointer) in `column`, or an invalid index.
inline QModelIndex cell(const ui::UncertainTableModel* model, const char* pointer, int column) {
    const int row = model->rowOf(QString::fromLatin1(pointer));
    return row < 0 ? QModelIndex() : model->index(row, column);
}

} // namespace crossgrade::testing
