#include "new_scenario.h"

namespace crossgrade::data {

ScenarioReadResult newScenarioFromTemplate(model::Scenario scenarioTemplate,
                                           const std::string& name, model::PriceBook book,
                                           const std::optional<model::Audit>& audit,
                                           const model::YearMonth& start) {
    scenarioTemplate.name = name;
    scenarioTemplate.start_month = start;
    scenarioTemplate.pricebook = std::move(book);
    if (audit)
        scenarioTemplate.audit = *audit;
    // Through the writer and the reader: the same checks an imported file passes.
    return readScenario(writeScenario(scenarioTemplate));
}

} // namespace crossgrade::data
