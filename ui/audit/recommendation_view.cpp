#include "recommendation_view.h"

#include "audit_table_model.h"
#include "month_text.h"
#include "qt_text.h"
#include "same_cost_options.h"

#include <QFrame>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace crossgrade::ui {

namespace {

QString optionTitle(model::OptionId id) {
    if (const auto path = model::pathOf(id))
        return qs(model::title(*path));
    return RecommendationView::tr("Stay on CUDA — keep buying NVIDIA");
}

QLabel* namedLabel(const QString& objectName) {
    QLabel* label = wrappingLabel();
    label->setObjectName(objectName);
    return label;
}

// Small grey capitals above a card's content: what the card is, before what it says.
QLabel* kicker(const QString& text) {
    auto* label = new QLabel(text.toUpper());
    QFont f = label->font();
    f.setPointSizeF(f.pointSizeF() * 0.85);
    f.setBold(true);
    f.setLetterSpacing(QFont::PercentageSpacing, 106);
    label->setFont(f);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

// A quoted article sentence with its attribution, the same everywhere in the view.
QString quote(std::string_view sentence, const QString& where) {
    return QStringLiteral("<i>“%1”</i> <span style=\"color:gray;\">— %2</span>")
        .arg(html(sentence), where.toHtmlEscaped());
}

QString badge(const QString& text, const QColor& background, const QColor& foreground) {
    return QStringLiteral("<span style=\"background-color:%1; color:%2; font-weight:600;\">"
                          "&nbsp;%3&nbsp;</span>")
        .arg(background.name(), foreground.name(), text.toHtmlEscaped());
}

QFrame* card(const QString& objectName, const QColor& accent) {
    auto* frame = new QFrame;
    frame->setObjectName(objectName);
    frame->setStyleSheet(QStringLiteral("QFrame#%1 { border: 1px solid palette(mid); "
                                        "border-left: 5px solid %2; border-radius: 4px; "
                                        "background: palette(base); }")
                             .arg(objectName, accent.name()));
    return frame;
}

const QColor kPathAccent(0x25, 0x63, 0xeb);
const QColor kCheapestAccent(0x47, 0x55, 0x69);
// Agreement and disagreement reuse the tier tints: green for agreement, amber for a difference
// that needs reading, never red — a disagreement is information, not an error.
const QColor kAgreeBackground = tierBadgeBackground(model::Tier::Low);
const QColor kAgreeText = tierBadgeForeground(model::Tier::Low);
const QColor kDifferBackground = tierBadgeBackground(model::Tier::Medium);
const QColor kDifferText = tierBadgeForeground(model::Tier::Medium);

} // namespace

RecommendationView::RecommendationView(QWidget* parent)
    : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    m_empty = new QLabel(tr("No scenario evaluated yet: open or create a scenario to see the "
                            "recommended path."));
    m_empty->setObjectName(QStringLiteral("emptyState"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    layout->addWidget(m_empty);

    auto* top = new QWidget;
    auto* cards = new QHBoxLayout(top);
    cards->setContentsMargins(0, 0, 0, 0);
    cards->addWidget(buildPathCard(), 3);
    cards->addWidget(buildCheapestCard(), 2);
    auto* scroll = new QScrollArea;
    scroll->setWidget(top);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    auto* splitter = new QSplitter(Qt::Vertical);
    splitter->setObjectName(QStringLiteral("recommendationSplitter"));
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(scroll);
    splitter->addWidget(buildTrace());
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    m_content = splitter;
    m_top = scroll;
    layout->addWidget(m_content, 1);
    clear();
}

QWidget* RecommendationView::buildPathCard() {
    QFrame* frame = card(QStringLiteral("pathCard"), kPathAccent);
    auto* layout = new QVBoxLayout(frame);
    layout->setContentsMargins(14, 10, 12, 12);
    layout->addWidget(kicker(tr("Recommended path · from the audit's rules")));

    m_pathTitle = namedLabel(QStringLiteral("pathTitle"));
    QFont big = m_pathTitle->font();
    big.setPointSizeF(big.pointSizeF() * 1.45);
    big.setBold(true);
    m_pathTitle->setFont(big);
    layout->addWidget(m_pathTitle);
    m_pathMeta = namedLabel(QStringLiteral("pathMeta"));
    layout->addWidget(m_pathMeta);
    m_pathReason = namedLabel(QStringLiteral("pathReason"));
    layout->addWidget(m_pathReason);
    m_pathQuote = namedLabel(QStringLiteral("pathQuote"));
    layout->addWidget(m_pathQuote);
    m_effortQuote = namedLabel(QStringLiteral("effortQuote"));
    layout->addWidget(m_effortQuote);

    m_warningsHeading = kicker(tr("Warnings"));
    layout->addSpacing(4);
    layout->addWidget(m_warningsHeading);
    auto* warnings = new QWidget;
    warnings->setObjectName(QStringLiteral("warnings"));
    m_warnings = new QVBoxLayout(warnings);
    m_warnings->setContentsMargins(0, 0, 0, 0);
    m_warnings->setSpacing(6);
    layout->addWidget(warnings);

    m_revisit = namedLabel(QStringLiteral("revisitLabel"));
    layout->addSpacing(4);
    layout->addWidget(m_revisit);
    m_nextSteps = namedLabel(QStringLiteral("nextSteps"));
    layout->addWidget(m_nextSteps);
    layout->addStretch(1);
    return frame;
}

QWidget* RecommendationView::buildCheapestCard() {
    QFrame* frame = card(QStringLiteral("cheapestCard"), kCheapestAccent);
    auto* layout = new QVBoxLayout(frame);
    layout->setContentsMargins(14, 10, 12, 12);
    m_cheapestKicker = kicker(tr("Cheapest option · by NPV"));
    layout->addWidget(m_cheapestKicker);

    m_cheapestTitle = namedLabel(QStringLiteral("cheapestTitle"));
    QFont big = m_cheapestTitle->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    big.setBold(true);
    m_cheapestTitle->setFont(big);
    layout->addWidget(m_cheapestTitle);
    m_cheapestNpv = namedLabel(QStringLiteral("cheapestNpv"));
    layout->addWidget(m_cheapestNpv);
    m_rulePathCost = namedLabel(QStringLiteral("rulePathCost"));
    layout->addWidget(m_rulePathCost);

    m_disagreement = namedLabel(QStringLiteral("disagreementLabel"));
    m_disagreement->setStyleSheet(
        QStringLiteral("QLabel { background-color: %1; color: %2; border-radius: 3px; "
                       "padding: 6px; }")
            .arg(kDifferBackground.name(), kDifferText.name()));
    layout->addWidget(m_disagreement);
    m_agreement = namedLabel(QStringLiteral("agreementLabel"));
    m_agreement->setStyleSheet(
        QStringLiteral("QLabel { background-color: %1; color: %2; border-radius: 3px; "
                       "padding: 6px; }")
            .arg(kAgreeBackground.name(), kAgreeText.name()));
    layout->addWidget(m_agreement);
    m_information = namedLabel(QStringLiteral("informationLabel"));
    layout->addWidget(m_information);

    layout->addSpacing(4);
    layout->addWidget(kicker(tr("Every option · bold: cheapest and rule path")));
    m_options = new QStandardItemModel(0, OptionColumnCount, this);
    m_options->setHorizontalHeaderLabels({tr("Option"), tr("NPV"), tr("Total"), tr("Break-even")});
    m_optionsView = new QTableView;
    m_optionsView->setObjectName(QStringLiteral("optionsTable"));
    m_optionsView->setModel(m_options);
    m_optionsView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_optionsView->setSelectionMode(QAbstractItemView::NoSelection);
    m_optionsView->setFocusPolicy(Qt::NoFocus);
    m_optionsView->verticalHeader()->hide();
    m_optionsView->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    QHeaderView* h = m_optionsView->horizontalHeader();
    // The option's name always whole; the break-even month takes what is left and elides its
    // cash month first. The card is narrow beside the side panels: the total (in the Costs
    // view) is left to each row's tooltip, which holds every figure of the row.
    for (int c : {OptionName, OptionNpv, OptionTotal})
        h->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    h->setSectionResizeMode(OptionBreakEven, QHeaderView::Stretch);
    m_optionsView->setColumnHidden(OptionTotal, true);
    m_optionsView->setTextElideMode(Qt::ElideRight);
    m_optionsView->setWordWrap(false);
    // Five options at most (stay-cuda and four paths): sized to show them all.
    const int rows =
        int(model::kAllOptions.size()) * m_optionsView->verticalHeader()->defaultSectionSize();
    m_optionsView->setFixedHeight(rows + h->sizeHint().height() + 2 * m_optionsView->frameWidth() +
                                  2);
    layout->addWidget(m_optionsView);
    m_sameCosts = namedLabel(QStringLiteral("sameCostsLabel"));
    layout->addWidget(m_sameCosts);
    layout->addStretch(1);
    return frame;
}

QWidget* RecommendationView::buildTrace() {
    auto* box = new QGroupBox(tr("Rule trace — every rule in the order it is tried; the first "
                                 "that matches decides"));
    auto* layout = new QVBoxLayout(box);
    m_trace = new QStandardItemModel(0, TraceColumnCount, this);
    m_trace->setHorizontalHeaderLabels({tr("Rule"), tr("Result"), tr("Why"), tr("The article")});
    m_traceView = new QTableView;
    m_traceView->setObjectName(QStringLiteral("traceTable"));
    m_traceView->setModel(m_trace);
    m_traceView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_traceView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_traceView->setWordWrap(true);
    // Wrapped paragraphs need air between rows to read as separate rules.
    m_traceView->setStyleSheet(QStringLiteral("QTableView::item { padding: 3px 4px; }"));
    m_traceView->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_traceView->verticalHeader()->hide();
    QHeaderView* h = m_traceView->horizontalHeader();
    // Wrapped text is as tall as its column is narrow: re-fit the rows whenever a column moves.
    connect(h, &QHeaderView::sectionResized, m_traceView, &QTableView::resizeRowsToContents,
            Qt::QueuedConnection);
    h->setSectionResizeMode(TraceRule, QHeaderView::Interactive);
    h->resizeSection(TraceRule, 230);
    h->setSectionResizeMode(TraceResult, QHeaderView::ResizeToContents);
    h->setSectionResizeMode(TraceWhy, QHeaderView::Stretch);
    h->setSectionResizeMode(TraceArticle, QHeaderView::Stretch);
    layout->addWidget(m_traceView);
    return box;
}

void RecommendationView::clear() {
    m_hasEvaluation = false;
    m_empty->show();
    m_content->hide();
    m_trace->removeRows(0, m_trace->rowCount());
    m_options->removeRows(0, m_options->rowCount());
}

void RecommendationView::setEvaluation(const model::ScenarioEvaluation& evaluation,
                                       const model::UncertaintyAnalysis* analysis) {
    m_hasEvaluation = true;
    m_empty->hide();
    m_content->show();
    showPath(evaluation.recommendation);
    showCheapest(evaluation);
    showInformation(analysis);
    showSameCosts(evaluation);
    showTrace(evaluation.recommendation);
    fitCards();
    m_traceView->resizeRowsToContents();
}

void RecommendationView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitCards();
}

void RecommendationView::fitCards() {
    // The cards take what their wrapped text needs at the current width, up to three fifths,
    // and the trace the rest; the reader can still move the divider until the next resize.
    const int total = m_content->height();
    if (total <= 0)
        return;
    QWidget* cards = m_top->widget();
    // New texts change the cards' height for a width, which the layout caches.
    cards->layout()->invalidate();
    int wanted = cards->heightForWidth(m_content->width() - 2 * m_top->frameWidth());
    if (wanted < 0)
        wanted = cards->sizeHint().height();
    const int top = std::max(std::min(wanted + 2, total * 3 / 5), 120);
    m_content->setSizes({top, total - top});
}

void RecommendationView::showPath(const model::Recommendation& r) {
    m_pathTitle->setText(html(model::title(r.primary_path)));
    m_pathMeta->setText(tr("Decided by rule <b>%1</b> · %2 of 6 dimensions High · effort: "
                           "%3 (%4–%5 months)")
                            .arg(html(r.decided_by))
                            .arg(r.high_count)
                            .arg(html(r.effort.label))
                            .arg(model::inMonths(r.effort.shortest))
                            .arg(model::inMonths(r.effort.longest)));

    const auto fired = std::find_if(r.trace.begin(), r.trace.end(),
                                    [](const model::TraceEntry& e) { return e.fired; });
    if (fired != r.trace.end()) {
        m_pathReason->setText(html(fired->reason));
        m_pathQuote->setText(r.article_silent
                                 ? tr("<b>The article is silent here</b>; this is Crossgrade's "
                                      "stated choice (docs/rules.md, rule 7). ") +
                                       quote(fired->source, tr("the article"))
                                 : quote(fired->source, tr("the article, “How to choose”")));
    } else {
        m_pathReason->clear();
        m_pathQuote->clear();
    }
    m_effortQuote->setText(
        QStringLiteral("<span style=\"color:gray;\">%1</span>")
            .arg(tr("Effort band: ") + quote(r.effort.source, tr("the article, scoring"))));

    while (QLayoutItem* item = m_warnings->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_warnings->parentWidget()->setVisible(!r.warnings.empty());
    m_warningsHeading->setText(r.warnings.empty() ? tr("WARNINGS — NONE")
                                                  : tr("WARNINGS (%1)").arg(r.warnings.size()));
    for (const model::AuditWarning& w : r.warnings) {
        auto* label = namedLabel(QStringLiteral("warning-") + QString::fromStdString(w.id));
        label->setText(badge(QString::fromStdString(w.id), kDifferBackground, kDifferText) +
                       QStringLiteral(" ") + html(w.text) + QStringLiteral("<br>") +
                       quote(w.source, tr("the article")));
        m_warnings->addWidget(label);
        label->show(); // a layout shows new children of a visible parent only later
    }

    if (r.revisit.empty()) {
        m_revisit->setText(tr("<b>Revisit:</b> nothing scheduled — the path stands until the "
                              "audit changes."));
    } else {
        QStringList paths;
        for (model::PortabilityPath p : r.revisit)
            paths << html(model::title(p));
        m_revisit->setText(
            tr("<b>Revisit</b> %1: %2.").arg(html(r.revisit_when), paths.join(tr(" and "))));
    }
    if (r.advice.empty()) {
        m_nextSteps->clear();
        m_nextSteps->hide();
    } else {
        QString items;
        for (const std::string& a : r.advice)
            items += QStringLiteral("<li>%1</li>").arg(html(a));
        m_nextSteps->setText(tr("<b>Next steps</b><ul style=\"margin-top:2px; "
                                "margin-left:-20px;\">%1</ul>")
                                 .arg(items));
        m_nextSteps->show();
    }
}

void RecommendationView::showCheapest(const model::ScenarioEvaluation& e) {
    m_cheapestKicker->setText(e.decision_samples > 0 ? tr("Cheapest option · by mean NPV").toUpper()
                                                     : tr("Cheapest option · by NPV").toUpper());
    const model::OptionOutcome* cheapest = e.find(e.cheapest);
    const std::optional<model::OptionId> advisedId = [&]() -> std::optional<model::OptionId> {
        for (model::OptionId id : model::kAllOptions)
            if (model::pathOf(id) == e.recommendation.primary_path)
                return id;
        return std::nullopt;
    }();
    const model::OptionOutcome* advised = advisedId ? e.find(*advisedId) : nullptr;

    if (cheapest == nullptr) {
        m_cheapestTitle->setText(tr("No options evaluated"));
        m_cheapestNpv->clear();
    } else {
        m_cheapestTitle->setText(optionTitle(cheapest->id).toHtmlEscaped());
        if (cheapest->expected_npv_usd)
            m_cheapestNpv->setText(
                tr("Mean NPV <b>%1</b> over %2 samples · %3 at most likely values · "
                   "%4 months")
                    .arg(html(model::formatUsd(*cheapest->expected_npv_usd)))
                    .arg(countText(e.decision_samples))
                    .arg(html(model::formatUsd(cheapest->run.npv_usd)))
                    .arg(cheapest->run.horizon));
        else
            m_cheapestNpv->setText(tr("NPV <b>%1</b> at most likely values · total %2 over %3 "
                                      "months")
                                       .arg(html(model::formatUsd(cheapest->run.npv_usd)),
                                            html(model::formatUsd(cheapest->run.total_usd)))
                                       .arg(cheapest->run.horizon));
    }
    if (advised != nullptr && advised != cheapest)
        m_rulePathCost->setText(
            tr("The rule path, <b>%1</b>: NPV %2 · %3")
                .arg(html(model::toString(advised->id)),
                     html(model::formatUsd(advised->decisionNpv())),
                     advised->doors_taken == 1
                         ? tr("1 door to AMD taken")
                         : tr("%1 doors to AMD taken").arg(advised->doors_taken)));
    else if (advised == nullptr)
        m_rulePathCost->setText(tr("The rule path is not among this scenario's options."));
    else
        m_rulePathCost->clear();
    m_rulePathCost->setVisible(!m_rulePathCost->text().isEmpty());

    m_disagreement->setVisible(!e.disagreement.empty());
    m_disagreement->setText(tr("<b>Why they differ.</b> %1").arg(html(e.disagreement)));
    const bool agree = e.disagreement.empty() && advised != nullptr && advised == cheapest;
    m_agreement->setVisible(agree);
    m_agreement->setText(e.decision_samples > 0
                             ? tr("The rule path is also the cheapest option by mean NPV.")
                             : tr("The rule path is also the cheapest option by NPV."));

    m_options->removeRows(0, m_options->rowCount());
    for (const model::OptionOutcome& o : e.options) {
        QString name = qs(model::optionShortTitle(o.id));
        QStringList roles;
        if (&o == cheapest)
            roles << tr("cheapest");
        if (&o == advised)
            roles << tr("rule path");
        // The row's roles are its bold type (the kicker says so) and its tooltip: in the name
        // they took the width the break-even month needs beside the side panels.
        const QString role =
            roles.isEmpty()
                ? QString()
                : QStringLiteral(" (") + roles.join(QStringLiteral(", ")) + QLatin1Char(')');
        QList<QStandardItem*> row;
        row << new QStandardItem(name) << new QStandardItem(qs(model::formatUsd(o.run.npv_usd)))
            << new QStandardItem(qs(model::formatUsd(o.run.total_usd)))
            << new QStandardItem(reports::breakEvenCellText(e.start_month, o.break_even_month,
                                                            o.cash_break_even_month,
                                                            QStringLiteral("—")));
        for (QStandardItem* cell : row) {
            cell->setToolTip(optionTitle(o.id) + role + QStringLiteral("\n") + row[0]->text() +
                             QStringLiteral(": NPV ") + row[OptionNpv]->text() +
                             QStringLiteral(", total ") + row[OptionTotal]->text() +
                             QStringLiteral(", break-even ") + row[OptionBreakEven]->text());
            if (!roles.isEmpty()) {
                QFont bold = cell->font();
                bold.setBold(true);
                cell->setFont(bold);
            }
        }
        for (int c : {OptionNpv, OptionTotal, OptionBreakEven})
            row[c]->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_options->appendRow(row);
    }
}

// With a full Monte Carlo: how the plans were chosen, how often each option would be cheapest in
// hindsight and what knowing everything first would be worth, in words (issue 25).
void RecommendationView::showInformation(const model::UncertaintyAnalysis* analysis) {
    m_information->setVisible(analysis != nullptr && analysis->hindsight.has_value());
    if (!m_information->isVisible())
        return;
    // The sentence only: how often each option wins in hindsight is in the Costs view's
    // Uncertainty card, where there is room for it.
    m_information->setText(tr("<b>Value of information.</b> %1")
                               .arg(html(model::valueOfInformationSentence(*analysis->hindsight))));
}

// Under the options table: why options cost the same, as the CLI and the PDF say it.
void RecommendationView::showSameCosts(const model::ScenarioEvaluation& e) {
    QStringList sentences;
    for (const std::string& sentence : model::sameCostSentences(e))
        sentences << html(sentence);
    m_sameCosts->setText(sentences.join(QLatin1Char(' ')));
    m_sameCosts->setVisible(!sentences.isEmpty());
}

void RecommendationView::showTrace(const model::Recommendation& r) {
    m_trace->removeRows(0, m_trace->rowCount());
    const auto& rules = model::pathRules();
    int number = 0;
    for (const model::TraceEntry& entry : r.trace) {
        ++number;
        const auto rule = std::find_if(rules.begin(), rules.end(),
                                       [&entry](const auto& pr) { return pr.id == entry.rule; });
        QString ruleText = QStringLiteral("%1. %2").arg(number).arg(qs(entry.rule));
        if (rule != rules.end())
            ruleText += QLatin1Char('\n') + qs(rule->summary);
        const QString result = entry.fired     ? tr("Fired")
                               : entry.matched ? tr("Matched, not first")
                                               : tr("No match");
        QList<QStandardItem*> row;
        row << new QStandardItem(ruleText) << new QStandardItem(result)
            << new QStandardItem(qs(entry.reason))
            << new QStandardItem(QStringLiteral("“") + qs(entry.source) + QStringLiteral("”"));
        row[TraceResult]->setTextAlignment(Qt::AlignCenter);
        if (entry.fired) {
            row[TraceResult]->setBackground(kAgreeBackground);
            row[TraceResult]->setForeground(kAgreeText);
        } else if (!entry.matched) {
            row[TraceResult]->setForeground(QColor(0x6b, 0x72, 0x80));
        }
        for (QStandardItem* cell : row) {
            cell->setData(entry.fired, kFiredRole);
            if (entry.fired) {
                QFont bold = cell->font();
                bold.setBold(true);
                cell->setFont(bold);
            }
        }
        QFont italic = row[TraceArticle]->font();
        italic.setItalic(true);
        row[TraceArticle]->setFont(italic);
        m_trace->appendRow(row);
    }
}

} // namespace crossgrade::ui
