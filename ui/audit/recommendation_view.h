#pragma once

// The Recommendation view (issue 4, point 4): the rule path from the audit as a card — its
// reason, the article sentences it rests on, warnings, what to revisit and the next steps —
// with the rule trace below, and beside it the cheapest option by NPV and, where the two
// differ, the one sentence that says why (DESIGN.md, "Recommendation, in one meaning").
//
// It shows a ScenarioEvaluation handed to it rather than watching a document, so the same
// view serves the open scenario (connect ScenarioDocument::evaluationChanged to a call of
// setEvaluation(document->evaluation())) and a stored version's evaluation alike.

#include "evaluation.h"
#include "uncertainty_analysis.h"

#include <QWidget>

class QFrame;
class QLabel;
class QScrollArea;
class QSplitter;
class QStandardItemModel;
class QTableView;
class QVBoxLayout;

namespace crossgrade::ui {

class RecommendationView : public QWidget {
    Q_OBJECT

public:
    // Columns of the rule trace (object name "traceTable") and the options table
    // ("optionsTable"), and the role that marks the rule that fired.
    enum TraceColumn { TraceRule, TraceResult, TraceWhy, TraceArticle, TraceColumnCount };
    enum OptionColumn { OptionName, OptionNpv, OptionTotal, OptionBreakEven, OptionColumnCount };
    static constexpr int kFiredRole = Qt::UserRole + 1; // bool, on every cell of a trace row

    explicit RecommendationView(QWidget* parent = nullptr);

    // `analysis` (optional): the full Monte Carlo whose committed plans `evaluation` holds, for
    // the mean beside the most-likely NPV and what waiting for information would be worth.
    void setEvaluation(const model::ScenarioEvaluation& evaluation,
                       const model::UncertaintyAnalysis* analysis = nullptr);
    // Back to the empty state ("no scenario evaluated").
    void clear();
    bool hasEvaluation() const { return m_hasEvaluation; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void fitCards();
    QWidget* buildPathCard();
    QWidget* buildCheapestCard();
    QWidget* buildTrace();
    void showPath(const model::Recommendation& r);
    void showCheapest(const model::ScenarioEvaluation& e);
    void showInformation(const model::UncertaintyAnalysis* analysis);
    void showSameCosts(const model::ScenarioEvaluation& e);
    void showTrace(const model::Recommendation& r);

    bool m_hasEvaluation = false;

    QLabel* m_empty = nullptr;
    QSplitter* m_content = nullptr; // cards above, trace below
    QScrollArea* m_top = nullptr;

    QLabel* m_pathTitle = nullptr;
    QLabel* m_pathMeta = nullptr;
    QLabel* m_pathReason = nullptr;
    QLabel* m_pathQuote = nullptr;
    QLabel* m_effortQuote = nullptr;
    QLabel* m_warningsHeading = nullptr;
    QVBoxLayout* m_warnings = nullptr;
    QLabel* m_revisit = nullptr;
    QLabel* m_nextSteps = nullptr;

    QLabel* m_cheapestKicker = nullptr;
    QLabel* m_cheapestTitle = nullptr;
    QLabel* m_cheapestNpv = nullptr;
    QLabel* m_rulePathCost = nullptr;
    QLabel* m_disagreement = nullptr;
    QLabel* m_agreement = nullptr;
    QLabel* m_information = nullptr; // hindsight and the value of information (issue 25)
    QLabel* m_sameCosts = nullptr;   // why options cost the same (object name "sameCostsLabel")
    QStandardItemModel* m_options = nullptr;
    QTableView* m_optionsView = nullptr;

    QStandardItemModel* m_trace = nullptr;
    QTableView* m_traceView = nullptr;
};

} // namespace crossgrade::ui
