#include "probability_card.h"

#include "figures.h"
#include "likelihood.h"
#include "paired_delta.h"
#include "qt_text.h"
#include "scenario_document.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace crossgrade::ui {

// The figure builders and their look live in reports/.
using reports::optionLabel;

namespace {

QString usd(double v) {
    return QString::fromStdString(model::formatUsd(v));
}

QString phrase(double p) {
    return QString::fromStdString(model::likelihoodPhrase(p));
}

QString percentText(double p) {
    return QStringLiteral("%1 %").arg(100.0 * p, 0, 'f', 1);
}

} // namespace

ProbabilityCard::ProbabilityCard(QWidget* parent)
    : QFrame(parent) {
    setObjectName(QStringLiteral("probabilityCard"));
    setFrameShape(QFrame::StyledPanel);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("probabilityStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("monteCarloProgress"));
    m_progress->setMaximumWidth(220);
    m_progress->setTextVisible(true);
    m_cancel = new QToolButton(this);
    m_cancel->setObjectName(QStringLiteral("monteCarloCancel"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the Monte Carlo; no uncertainty is shown until it runs again"));
    connect(m_cancel, &QToolButton::clicked, this, [this] {
        if (m_document)
            m_document->monteCarlo()->cancel();
    });
    m_run = new QToolButton(this);
    m_run->setObjectName(QStringLiteral("monteCarloRun"));
    m_run->setText(tr("Run"));
    m_run->setToolTip(tr("Run the Monte Carlo of the scenario as it stands"));
    connect(m_run, &QToolButton::clicked, this, [this] {
        if (m_document)
            m_document->rerunMonteCarlo();
    });
    m_budgetOn = new QCheckBox(tr("Budget"), this);
    m_budgetOn->setObjectName(QStringLiteral("budgetToggle"));
    m_budgetOn->setToolTip(tr("Show the chance that each option's total stays within a budget"));
    m_budget = new QDoubleSpinBox(this);
    m_budget->setObjectName(QStringLiteral("budgetBox"));
    m_budget->setRange(0, 1e6);
    m_budget->setDecimals(1);
    m_budget->setPrefix(QStringLiteral("$"));
    m_budget->setSuffix(QStringLiteral("M"));
    m_budget->setValue(50);
    m_budget->setEnabled(false);
    connect(m_budgetOn, &QCheckBox::toggled, this, [this](bool on) {
        m_budget->setEnabled(on);
        budgetEdited();
    });
    connect(m_budget, &QDoubleSpinBox::valueChanged, this, [this] { budgetEdited(); });

    m_table = new QLabel(this);
    m_table->setObjectName(QStringLiteral("probabilityTable"));
    m_table->setTextFormat(Qt::RichText);
    m_table->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_table->setToolTip(
        tr("Beats: the share of samples where the option's NPV is lower than staying on CUDA's, "
           "in the IPCC's calibrated words. Saving: staying on CUDA's NPV minus the option's, "
           "per sample (its median is not the difference of the medians). Standard errors of "
           "the option's NPV say how far more samples could still move the mean and the P50."));

    auto* header = new QHBoxLayout;
    header->addWidget(m_status, 1);
    header->addWidget(m_progress);
    header->addWidget(m_cancel);
    header->addWidget(m_run);
    header->addSpacing(12);
    header->addWidget(m_budgetOn);
    header->addWidget(m_budget);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(2);
    layout->addLayout(header);
    layout->addWidget(m_table);
    // How the plans were chosen and what information is worth: prose, wrapped to the card.
    m_notes = new QLabel(this);
    m_notes->setObjectName(QStringLiteral("probabilityNotes"));
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_notes);
    refresh();
}

ProbabilityCard::~ProbabilityCard() = default;

QAbstractButton* ProbabilityCard::cancelButton() const {
    return m_cancel;
}
QAbstractButton* ProbabilityCard::runButton() const {
    return m_run;
}

void ProbabilityCard::setDocument(ScenarioDocument* document) {
    if (m_document) {
        disconnect(m_document, nullptr, this, nullptr);
        disconnect(m_document->monteCarlo(), nullptr, this, nullptr);
    }
    m_document = document;
    if (document) {
        MonteCarloRunner* runner = document->monteCarlo();
        connect(runner, &MonteCarloRunner::resultChanged, this, &ProbabilityCard::refresh);
        connect(runner, &MonteCarloRunner::runningChanged, this, &ProbabilityCard::refresh);
        connect(runner, &MonteCarloRunner::progressed, this, &ProbabilityCard::refreshProgress);
        connect(document, &ScenarioDocument::budgetChanged, this, &ProbabilityCard::refresh);
        const QSignalBlocker quiet(m_budgetOn);
        const QSignalBlocker quietBox(m_budget);
        m_budgetOn->setChecked(document->budget().has_value());
        m_budget->setEnabled(document->budget().has_value());
        if (document->budget())
            m_budget->setValue(*document->budget() / 1e6);
    }
    refresh();
}

void ProbabilityCard::budgetEdited() {
    if (!m_document)
        return;
    m_document->setBudget(m_budgetOn->isChecked() ? std::optional<double>(m_budget->value() * 1e6)
                                                  : std::nullopt);
}

void ProbabilityCard::refreshProgress(std::size_t done, std::size_t total) {
    m_progress->setMaximum(int(std::max<std::size_t>(total, 1)));
    m_progress->setValue(int(std::min(done, total)));
    m_progress->setFormat(tr("%1 of %2 samples").arg(countText(done), countText(total)));
}

void ProbabilityCard::refresh() {
    const MonteCarloRunner* runner = m_document ? m_document->monteCarlo() : nullptr;
    const bool running = runner && runner->isRunning();
    const std::shared_ptr<const model::MonteCarloResult> result =
        runner ? runner->result() : nullptr;
    m_progress->setVisible(running);
    m_cancel->setVisible(running);
    m_run->setVisible(runner && !running && !result);
    if (running)
        refreshProgress(runner->samplesDone(), runner->samplesRequested());

    QString status;
    if (!runner) {
        status = tr("Uncertainty: no scenario open.");
    } else if (!result) {
        status = running ? tr("Uncertainty: running the Monte Carlo…")
                         : tr("Uncertainty: not run (cancelled). Run it to see the bands and "
                              "the chances.");
    } else {
        status = tr("Uncertainty: %1 Latin-hypercube samples, seed %2")
                     .arg(countText(result->samples))
                     .arg(result->seed);
        if (runner->resultKind() == MonteCarloRunner::Kind::Preview)
            status += tr(" · preview while the slider is held");
        else if (runner->resultKind() == MonteCarloRunner::Kind::Refine)
            status += tr(" · plans held while the slider is held; released, they are chosen "
                         "again");
        else if (runner->lastRunMilliseconds() > 0)
            status += tr(" · %1 s").arg(double(runner->lastRunMilliseconds()) / 1000.0, 0, 'f', 1);
        if (running || !runner->isResultCurrent())
            status += tr(" · updating…");
    }
    m_status->setText(status);

    QString html;
    QString notesText;
    QStringList plain{status};
    if (result && m_document) {
        const std::optional<double> budget = m_document->budget();
        html = QStringLiteral("<table cellspacing='0' cellpadding='2'><tr>");
        const std::shared_ptr<const model::UncertaintyAnalysis> analysis =
            runner->resultKind() == MonteCarloRunner::Kind::Full ? runner->analysis() : nullptr;
        const model::Hindsight* hindsight =
            analysis && analysis->hindsight ? &*analysis->hindsight : nullptr;
        QStringList heads{tr("Option"), tr("Beats Stay on CUDA"), tr("Saving: median (P10–P90)"),
                          tr("NPV: mean / most likely")};
        if (hindsight)
            heads << tr("Best in hindsight");
        if (budget)
            heads << tr("Total within %1").arg(usd(*budget));
        heads << tr("SE mean / P50");
        for (const QString& h : heads)
            html += QStringLiteral("<th align='left' style='padding-right:14px'>%1</th>")
                        .arg(h.toHtmlEscaped());
        html += QStringLiteral("</tr>");
        plain << heads.join(QStringLiteral(" | "));
        for (std::size_t o = 0; o < result->options.size(); ++o) {
            const model::OptionDistribution& d = result->options[o];
            const bool stay = d.id == model::OptionId::StayCuda;
            QStringList cells{optionLabel(d.id)};
            cells << (stay ? tr("(the reference)") : phrase(d.p_beats_stay_cuda));
            cells << (stay ? QStringLiteral("—")
                           : tr("%1 (%2 to %3)")
                                 .arg(usd(d.npv_saving_usd.p50), usd(d.npv_saving_usd.p10),
                                      usd(d.npv_saving_usd.p90)));
            const model::OptionOutcome* outcome =
                analysis ? analysis->committed.find(d.id) : m_document->evaluation().find(d.id);
            cells << tr("%1 / %2").arg(usd(d.npv_usd.mean),
                                       outcome ? usd(outcome->run.npv_usd) : QStringLiteral("—"));
            if (hindsight) {
                const model::OptionHindsight* h = hindsight->find(d.id);
                cells << (h ? tr("%1 ± %2").arg(percentText(h->p_best),
                                                percentText(h->p_best_standard_error))
                            : QStringLiteral("—"));
            }
            if (budget)
                cells << phrase(model::probabilityTotalWithin(*result, o, *budget));
            cells << tr("± %1 / ± %2")
                         .arg(usd(d.npv_mean_standard_error), usd(d.npv_p50_standard_error));
            html += QStringLiteral("<tr>");
            for (const QString& c : cells)
                html +=
                    QStringLiteral("<td style='padding-right:14px'>%1</td>").arg(c.toHtmlEscaped());
            html += QStringLiteral("</tr>");
            plain << cells.join(QStringLiteral(" | "));
        }
        html += QStringLiteral("</table>");
        QStringList notes;
        if (analysis && analysis->plan_choice.samples > 0) {
            notes << tr("Each option under its committed plan: the lowest mean NPV over %1 "
                        "plan-choice samples (%2 of %3 options differ from the plan best at the "
                        "most likely values). The mean is the expected NPV decisions compare; "
                        "\"at most likely\" is the NPV with every input at its most likely value.")
                         .arg(analysis->plan_choice.samples)
                         .arg(analysis->plan_choice.changed())
                         .arg(analysis->plan_choice.options.size());
            for (const model::OptionPlanChoice& c : analysis->plan_choice.options)
                if (!(c.committed == c.mode_policy))
                    notes << optionLabel(c.id) + QStringLiteral(": ") +
                                 QString::fromStdString(c.reason);
        } else {
            notes << tr("While the slider is held, each option keeps the door plan of the last "
                        "full evaluation; plans are chosen by expected value and hindsight "
                        "computed on release.");
        }
        if (hindsight) {
            const std::string ties = model::hindsightTiesSentence(*hindsight);
            notes << tr("Best in hindsight: how often the option is cheapest when its plan is "
                        "re-optimised for each of %1 samples. ")
                             .arg(countText(hindsight->samples)) +
                         (ties.empty() ? QString() : QString::fromStdString(ties + " ")) +
                         QString::fromStdString(model::valueOfInformationSentence(*hindsight));
        }
        notesText = notes.join(QLatin1Char('\n'));
        plain << notes;
    }
    m_notes->setText(notesText);
    m_notes->setVisible(!notesText.isEmpty());
    m_table->setText(html);
    m_table->setVisible(!html.isEmpty());
    m_plain = plain.join(QLatin1Char('\n'));
}

} // namespace crossgrade::ui
