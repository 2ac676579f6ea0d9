// The scenario editor's shared text (scenario_editor_text.h). The strings stay in the
// editor's translation context (ScenarioEditor::tr).

#include "scenario_editor_text.h"

#include "scenario_document.h"
#include "scenario_editor.h"

namespace crossgrade::ui {

QString inputTip(const QString& meaning, const QString& unit, const QString& defaultFrom) {
    return QStringLiteral("<p>%1</p><p><b>%2</b> %3<br><b>%4</b> %5</p>")
        .arg(meaning.toHtmlEscaped(), ScenarioEditor::tr("Unit:"), unit.toHtmlEscaped(),
             ScenarioEditor::tr("Default from:"), defaultFrom.toHtmlEscaped());
}

QString fromTemplate() {
    return ScenarioEditor::tr("the template or file the scenario was created from (a New "
                              "scenario copies its template's value; the samples document "
                              "theirs in resources/samples/scenarios/)");
}

std::size_t utf8Bytes(const QString& s) {
    return std::size_t(s.toUtf8().size());
}

} // namespace crossgrade::ui
