// Engine version 3's transition (issue 23, point 2; docs/model.md, "The transition"): at the
// door AMD delivers (1 − transition) of the NVIDIA GPU it replaces unless its steady state is
// lower already, fading to the steady state; the loss is the larger of the two, never their
// product.

#include "evaluation.h"
#include "scenario_fixture.h"

#include <QTest>

using namespace crossgrade::model;
using crossgrade::testing::u;

namespace {

// Eight H100-equivalents of PyTorch training on eight owned H100s, continuous sizing; Path 1
// moves them to MI300X at month 0 and the transition fades over `fadeMonths`.
Scenario training(double mi300x, double transition, double fadeMonths) {
    Scenario s = crossgrade::testing::tinyTrainingScenario();
    s.horizon_months = 8;
    s.pricebook.performance[WorkloadClass::PyTorchTraining]["MI300X"] = u(mi300x);
    s.pricebook.port_months[PortTask::TrainingPort][EffortLevel::Light][PortabilityPath::Path1] =
        u(0);
    s.transition_regression.reset();
    s.pricebook.transition[WorkloadClass::PyTorchTraining] = u(transition);
    s.transition_regression_months = u(fadeMonths);
    return s;
}

// MI300X GPUs serving in each month under Path 1 with the door at month 0.
std::vector<double> amdGpus(const Scenario& s) {
    const CompiledScenario c = compile(s);
    const std::vector<double> v = c.inputs.mostLikely();
    EngineWorkspace ws;
    OptionRun run;
    for (const CompiledOption& o : c.options)
        if (o.id == OptionId::Path1)
            evaluateOption(c, v.data(), o, DoorPolicy{{0}}, ws, run);
    std::vector<double> gpus;
    for (int m = 0; m < run.horizon; ++m)
        gpus.push_back(run.gpusAt(m, c.skuIndex("MI300X")));
    return gpus;
}

} // namespace

class TestTransition : public QObject {
    Q_OBJECT

private slots:
    // The case: a 0.78 training ratio and a 20 % transition. The first engines gave
    // 0.78 × 0.8 = 0.62 at the door (12.8 GPUs for 8 H100-equivalents); the steady lead of 22 %
    // already exceeds the regression, so the door runs at the steady state: 8 ÷ 0.78.
    void aSteadyLeadLargerThanTheRegressionIsNotCompounded() {
        const std::vector<double> gpus = amdGpus(training(0.78, 0.20, 6));
        for (double g : gpus)
            QVERIFY2(std::abs(g - 8 / 0.78) < 1e-9, qPrintable(QString::number(g)));
    }

    // A steady state above the H100's (1.2×): at the door AMD delivers 0.8 of the H100 it
    // replaces — a loss of exactly the transition input — and fades linearly to 1.2.
    void aFasterSteadyStateStartsAtTheRegressionAndFades() {
        const std::vector<double> gpus = amdGpus(training(1.2, 0.20, 4));
        QCOMPARE(gpus[0], 8 / 0.8);
        // Month 2 of 4: half way from 0.8 to 1.2.
        QVERIFY(std::abs(gpus[2] - 8 / 1.0) < 1e-9);
        // Past the fade, the steady state.
        QVERIFY(std::abs(gpus[5] - 8 / 1.2) < 1e-9);
    }

    // The loss at the door, against the GPU replaced, is never more than the larger of the
    // transition input and the steady lead, and never their compound, across a grid.
    void theCombinedLossStaysWithinItsParts() {
        for (double steady : {0.6, 0.7, 0.78, 0.9, 1.0, 1.3})
            for (double transition : {0.10, 0.20, 0.30}) {
                const double atDoor = 8 / amdGpus(training(steady, transition, 6))[0];
                const double loss = 1 - atDoor; // the H100 it replaces delivers 1
                const double lead = std::max(0.0, 1 - steady);
                QVERIFY2(loss <= std::max(transition, lead) + 1e-9,
                         qPrintable(QStringLiteral("steady %1, transition %2: loss %3")
                                        .arg(steady)
                                        .arg(transition)
                                        .arg(loss)));
                if (steady < 1) // the first engines' compound is strictly worse
                    QVERIFY(loss < 1 - steady * (1 - transition));
                // Within the article's 10–30 % whenever the steady lead is.
                if (lead <= 0.30)
                    QVERIFY(loss >= 0.10 - 1e-9 && loss <= 0.30 + 1e-9);
            }
    }

    // Engine versions 1–2 keep the first engine's multiplied penalty, so an old file's numbers
    // do not move until it is upgraded.
    void olderEnginesKeepTheMultipliedPenalty() {
        Scenario s = training(0.78, 0.20, 6);
        s.engine_version = 2;
        s.transition_regression = u(0.20);
        QVERIFY(std::abs(amdGpus(s)[0] - 8 / (0.78 * 0.8)) < 1e-9);
    }
};

QTEST_GUILESS_MAIN(TestTransition)
#include "tst_transition.moc"
