#pragma once

// The Sensitivity view (DESIGN.md, "UI"; docs/sensitivity.md): the tornado of the paired NPV
// saving for the rule path or the cheapest option, the switching values of the what-if knobs in
// a table and one sentence, and the 2-D break-even map of two chosen knobs. Everything is
// computed by model/analysis/sensitivity.h in the background (a BackgroundJob: progress, Cancel)
// when the view is shown and after each full evaluation of the document; never during a slider
// drag.

#include "background_job.h"
#include "scenario_document.h"
#include "sensitivity.h"

#include <QPointer>
#include <QString>
#include <QWidget>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QComboBox;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace crossgrade::ui {

struct SensitivityResults {
    model::Tornado rule_path;
    model::Tornado cheapest;
    std::vector<std::string> rule_path_labels; // per bar: the input's label in the editor
    std::vector<std::string> cheapest_labels;
    std::vector<model::SwitchingValue> switching;
    std::string summary; // model::switchingSummary
    std::optional<model::BreakEvenMap> map;
};

class SensitivityView : public QWidget {
    Q_OBJECT

public:
    explicit SensitivityView(QWidget* parent = nullptr);
    ~SensitivityView() override;

    // The document shown; nullptr clears the view. The view does not own it.
    void setDocument(ScenarioDocument* document);

    QCustomPlot* tornadoChart() const { return m_tornado; }
    QCustomPlot* mapChart() const { return m_map; }
    QTableWidget* switchingTable() const { return m_table; }
    QString summary() const;
    QString status() const;
    QPushButton* cancelButton() const { return m_cancel; }

    // The results on show (null before the first computation finishes).
    const SensitivityResults* results() const { return m_results.get(); }
    bool isComputing() const;
    // Blocks until the running computation (if any) has finished and been shown.
    void waitForResults();
    // Starts a computation now, visible or not (tests, screenshots).
    void computeNow();
    void cancel();

    // The knobs whose switching values are computed (default: model::defaultSwitchingKnobs()).
    void setSwitchingKnobs(std::vector<model::WhatIfKnob> knobs);

    // Which tornado is drawn: the rule path's (false) or the cheapest option's (true).
    void showCheapestTornado(bool cheapest);
    // The map's two knobs; recomputes the map.
    void setMapKnobs(model::WhatIfKnob x, model::WhatIfKnob y);
    model::WhatIfKnob mapKnobX() const;
    model::WhatIfKnob mapKnobY() const;

signals:
    void computingChanged(bool computing);
    void resultsChanged();

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    static QString standInNote(const model::Tornado& t,
                               const std::optional<model::YearMonth>& start);
    struct Job;
    void onEvaluationChanged();
    void start(bool mapOnly);
    void takeResult(JobEnd<std::shared_ptr<SensitivityResults>> end);
    void showResults();
    void redrawTornado();
    void redrawMap();
    void fillTable();
    void fillKnobChoosers();
    void showProgress(std::size_t done, std::size_t total);

    QPointer<ScenarioDocument> m_document;
    bool m_stale = true;
    QComboBox* m_whichTornado = nullptr;
    QComboBox* m_mapX = nullptr;
    QComboBox* m_mapY = nullptr;
    QCustomPlot* m_tornado = nullptr;
    QCustomPlot* m_map = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_tornadoNote = nullptr; // what the bars swing when the option takes no door
    QLabel* m_status = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;

    bool m_fullPending = false; // a full computation was asked for and not yet delivered
    std::shared_ptr<SensitivityResults> m_results;
    std::vector<model::WhatIfKnob> m_knobs = model::defaultSwitchingKnobs();
    // Last: destroyed first, its computation cancelled and waited for before the rest.
    BackgroundJob<std::shared_ptr<SensitivityResults>> m_job{
        [this](JobEnd<std::shared_ptr<SensitivityResults>> end) {
            takeResult(std::move(end));
        }};
};

} // namespace crossgrade::ui
