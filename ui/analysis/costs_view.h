#pragma once

// The Costs view (DESIGN.md, "UI"): the cumulative cost of every option against the saved
// version, with its Monte Carlo P10–P90 band and the probability card beneath, and for one
// chosen option its monthly cost components and GPUs per SKU. Redraws on every evaluation of
// the document — during a what-if drag that is every slider step, so the figures are refilled
// in place and replotted once per event-loop pass — and on every Monte Carlo result.

#include "figures.h"
#include "scenario_document.h"

#include <QPointer>
#include <QString>
#include <QWidget>
#include <map>
#include <optional>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QToolButton;

namespace crossgrade::ui {

class ProbabilityCard;

// Saves `chart` as it is drawn, in the format named by the suffix of `path`: .png (raster at
// twice the on-screen resolution), .pdf or .svg (both vector). The file is written whole or
// not at all. On failure returns false and, when `error` is given, says why, naming the path.
bool exportChart(QCustomPlot* chart, const QString& path, QString* error = nullptr);

class CostsView : public QWidget {
    Q_OBJECT

public:
    explicit CostsView(QWidget* parent = nullptr);
    ~CostsView() override;

    // The document shown; nullptr clears the view. The view does not own it.
    void setDocument(ScenarioDocument* document);
    ScenarioDocument* document() const { return m_document; }

    QCustomPlot* cumulativeChart() const { return m_cumulative; }
    QCustomPlot* componentsChart() const { return m_components; }
    QCustomPlot* gpusChart() const { return m_gpus; }
    // The Monte Carlo's chances and savings under the cumulative chart.
    ProbabilityCard* probabilityCard() const { return m_card; }

    // The option whose components and GPUs are drawn: the audit's rule path when the
    // scenario has it, else the cheapest option, until the user picks another.
    std::optional<model::OptionId> chosenOption() const;
    void chooseOption(model::OptionId option);

    // The read-out under the cumulative chart (plain text): the hovered month, each option's
    // cumulative cost and the markers at that month; the horizon's last month otherwise.
    QString readOut() const;
    // Under the read-out, for a stored version: what it said when saved beside what this build
    // says of the same inputs, both named by program and engine; empty (and hidden) otherwise.
    QString savedVersionLine() const;
    // What hovering month `month` shows (the tracer and the read-out); -1 returns to the
    // last month.
    void showMonth(int month);

signals:
    void chartExported(const QString& path);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void takeEvaluation();
    void refreshNames();
    void redraw();
    void redrawOptionFigures();
    void replotAll();
    void updateOptionChooser();
    void setUpHoverItems();
    void updateReadOut(int month);
    void hoverAt(const QPoint& position);
    void exportWithDialog(QCustomPlot* chart);
    void showChartMenu(QCustomPlot* chart, const QPoint& position);
    const model::ScenarioEvaluation* evaluation() const;

    QPointer<ScenarioDocument> m_document;
    bool m_documentShown = false;
    QMetaObject::Connection m_evaluationConnection, m_scenarioConnection, m_destroyedConnection,
        m_monteCarloConnection;

    QCustomPlot* m_cumulative = nullptr;
    QCustomPlot* m_components = nullptr;
    QCustomPlot* m_gpus = nullptr;
    QLabel* m_readOut = nullptr;
    QLabel* m_savedLine = nullptr;
    ProbabilityCard* m_card = nullptr;
    QString m_readOutText; // the read-out without its markup
    void updateSavedLine();
    QComboBox* m_optionChooser = nullptr;
    QToolButton* m_exportButton = nullptr;

    reports::FigureStyle m_style;
    // Names the evaluation cannot give (SKU ids, door kinds), from compiling the scenario
    // the shown evaluation belongs to; compiled again only after the scenario changed.
    bool m_namesStale = true;
    std::vector<std::string> m_skuIds;
    std::vector<model::Vendor> m_skuVendors;
    reports::DoorNames m_doorNames;
    std::optional<model::OptionId> m_userChoice; // what the user picked, kept across edits
    bool m_replotPending = false;                // data changed while the view was hidden
    // The hover cursor lives on its own buffered layer, so moving it repaints that layer
    // only, not the curves.
    QPointer<QCPItemStraightLine> m_cursor;
    std::map<model::OptionId, QPointer<QCPItemTracer>> m_cursorDots;
    int m_hoverMonth = -1;
};

} // namespace crossgrade::ui
