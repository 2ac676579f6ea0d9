// The uncertainty options and text evaluate and report share (cli_uncertainty.h).

#include "cli_uncertainty.h"

#include "cli_context.h"

#include <cstdio>

namespace crossgrade::app {

using namespace crossgrade::model;

void addPlanChoiceOptions(QCommandLineParser& parser) {
    parser.addOption({QStringLiteral("plan-samples"),
                      QStringLiteral("With --samples: choose each option's door plan by its mean "
                                     "NPV over N plan-choice samples of their own seed (default "
                                     "200; 0 keeps the plans best at the most likely values)."),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("hindsight"),
                      QStringLiteral("With --samples: re-optimise every option's plan on the "
                                     "first N samples for P(best in hindsight) and the value of "
                                     "information (default 200; 0 skips it)."),
                      QStringLiteral("N")});
}

namespace {

std::size_t countOption(const QCommandLineParser& parser, const char* name, std::size_t fallback) {
    const QString option = QString::fromLatin1(name);
    if (!parser.isSet(option))
        return fallback;
    if (!parser.isSet(QStringLiteral("samples")))
        throw InvalidInput(std::string("--") + name + ": needs --samples N");
    bool ok = false;
    const qulonglong n = parser.value(option).toULongLong(&ok);
    if (!ok || n == 1 || n > 100000)
        throw InvalidInput(std::string("--") + name +
                           ": expected 0 or a whole number of samples from 2 to 100000, got '" +
                           str(parser.value(option)) + "'");
    return std::size_t(n);
}

} // namespace

UncertaintyOptions uncertaintyOptions(const QCommandLineParser& parser,
                                      const MonteCarloOptions& monteCarlo) {
    UncertaintyOptions o;
    o.monte_carlo = monteCarlo;
    o.plan_choice_samples = countOption(parser, "plan-samples", kDefaultPlanChoiceSamples);
    o.hindsight_samples = countOption(parser, "hindsight", kDefaultHindsightSamples);
    return o;
}

void printPlanChoiceText(std::ostream& out, const PlanChoice& choice,
                         std::optional<OptionId> only) {
    if (choice.samples == 0) {
        out << "\nPlans: each option's door plan is the best at the most likely values "
               "(--plan-samples 0).\n";
        return;
    }
    out << "\nPlans: chosen by expected value over " << choice.samples
        << " plan-choice samples (seed " << choice.seed << "); " << choice.changed()
        << (choice.changed() == 1 ? " option commits" : " options commit")
        << " to a plan other than the most likely values' plan.\n";
    for (const OptionPlanChoice& c : choice.options) {
        if ((only && c.id != *only) || c.candidates == 0)
            continue;
        out << "  " << toString(c.id) << ": " << data::printable(c.reason) << "\n";
    }
}

void printHindsightText(std::ostream& out, const Hindsight& h, std::optional<OptionId> only) {
    out << "\nHindsight: every option's plan re-optimised on the first " << h.samples
        << " samples, as if each sample's values were known before deciding.\n";
    std::vector<QStringList> rows{{"OPTION", "P(BEST IN HINDSIGHT)", "MEAN SAVING RE-OPTIMISED"}};
    for (const OptionHindsight& o : h.options) {
        if (only && o.id != *only)
            continue;
        char p[48];
        std::snprintf(p, sizeof p, "%.1f %% ± %.1f", 100.0 * o.p_best,
                      100.0 * o.p_best_standard_error);
        rows.push_back({QString::fromStdString(std::string(toString(o.id))), QString::fromUtf8(p),
                        QString::fromStdString(formatUsd(o.mean_saving_usd) + " ± " +
                                               formatUsd(o.saving_standard_error))});
    }
    printTable(out, rows);
    if (const std::string ties = hindsightTiesSentence(h); !ties.empty())
        out << data::printable(ties) << "\n";
    out << "Value of perfect information: " << formatUsd(h.evpi_usd) << " ± "
        << formatUsd(h.evpi_standard_error) << " (" << h.samples
        << " samples): what knowing every uncertain input before committing to "
        << toString(h.decision) << " would be worth on average.\n"
        << data::printable(valueOfInformationSentence(h)) << "\n";
}

} // namespace crossgrade::app
