// The class of tst_costs_view: the Costs view and its figure builders.
#pragma once

// The plotted series are the engine's numbers, they follow edits, stacked components add up to
// the month's total, charts export in three formats, and a what-if step (recompute + replot) is
// measured.

#include <QObject>

class TestCostsView : public QObject {
    Q_OBJECT

private slots:
    // tst_costs_view.cpp: the plotted series, the Monte Carlo bands and card, a step's cost
    void moneyTickerLabels_data();
    void moneyTickerLabels();
    void moneyTickerAxis();
    void cumulativeIsTheRun_data();
    void cumulativeIsTheRun();
    void plottedDataFollowEdits();
    void shorterHorizonKeepsTheSavedVersion();
    void componentsStackToTheTotal_data();
    void componentsStackToTheTotal();
    void gpusPerSkuOmitZeroSkus();
    void hoverReadOut();
    void monthsAreCalendarMonthsFromTheStartMonth();
    void filesWithoutAStartMonthCountMonths();
    void storedVersionShowsItsSavedHeadline();

    // tst_costs_view_export.cpp: export and screenshots
    void exportFormats_data();
    void exportFormats();
    void exportRefusesUnwritablePath();
    void exportRefusesUnknownFormat();

    // tst_costs_view.cpp: the plotted series, the Monte Carlo bands and card, a step's cost
    void noDocumentClearsTheView();
    void bandsAreTheMonteCarloPercentiles();
    void cardSaysTheChancesInWordsAndNumbers();
    void cancelFromTheCardLeavesNoBand();
    void monteCarloTimes();
    void bug_sliderStepCompiledTheScenarioFourTimes();
    void recomputeAndReplot();

    // tst_costs_view_export.cpp: export and screenshots
    void screenshots();
};
