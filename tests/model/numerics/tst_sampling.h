// The class of tst_sampling: the Monte Carlo's draws (model/numerics/sampling.h).
#pragma once

// Quantiles against Boost.Math, Latin-hypercube strata, common random numbers in the draw cache
// and its shift rule, and pinned bits so a change of generator or hashing cannot pass unnoticed.

#include <QObject>

class TestSampling : public QObject {
    Q_OBJECT

private slots:
    // tst_sampling.cpp: quantiles, sample statistics, strata
    void quantileMatchesBoost_data();
    void quantileMatchesBoost();
    void pertTableWithinItsBoundForEveryShape();
    void quantileEdgeCases();
    void impliedSpreadOfEachShape();
    void sampleStatisticsMatchAnalytic_data();
    void sampleStatisticsMatchAnalytic();
    void collapsedRangeHasNoSpread_data();
    void collapsedRangeHasNoSpread();
    void oneValuePerStratum_data();
    void oneValuePerStratum();

    // tst_sampling_cache.cpp: the draw cache, pinned bits, timing
    void sameStreamSameBits();
    void otherPointerOrSeedOtherColumn();
    void changingOneInputKeepsTheOthers_data();
    void changingOneInputKeepsTheOthers();
    void provenanceChangeKeepsDraws();
    void shiftMovesDrawsByDelta_data();
    void shiftMovesDrawsByDelta();
    void shiftsOffDrawAsAColdCache();
    void newSeedOrSampleCountRecomputesAll();
    void removedInputIsForgotten();
    void pinnedDraws();
    void timing();
};
