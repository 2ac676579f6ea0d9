#include "costs_view.h"

#include "atomic_files.h"
#include "month_text.h"
#include "probability_card.h"
#include "qt_text.h"

#include <QBuffer>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSplitter>
#include <QStandardPaths>
#include <QSvgGenerator>
#include <QToolButton>
#include <QVBoxLayout>

namespace crossgrade::ui {

// The figure builders and their look live in reports/.
using reports::doorNames;
using reports::FigureStyle;
using reports::MoneyTicker;
using reports::optionColour;
using reports::optionLabel;
using reports::plotComponents;
using reports::plotCumulative;
using reports::plotGpus;
using reports::skuIds;
using reports::skuVendors;

using model::OptionId;

namespace {

constexpr auto kHoverLayer = "hover";

// A chart that has never been laid out (the view hidden, a report) still exports at a size
// that reads well on a slide.
QSize exportSize(const QCustomPlot* chart) {
    const QSize size = chart->size();
    if (chart->isVisible() && size.width() >= 200 && size.height() >= 150)
        return size;
    return {1000, 600};
}

// Renders onto `device` through QCustomPlot::toPainter, in vector mode (no cached pixmaps of
// labels), so PDF and SVG keep text as text and lines as paths.
bool paintChart(QCustomPlot* chart, QPaintDevice* device, QSize size) {
    QCPPainter painter;
    if (!painter.begin(device))
        return false;
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    chart->toPainter(&painter, size.width(), size.height());
    painter.end();
    return true;
}

QString htmlColour(const QColor& c) {
    return c.name(QColor::HexRgb);
}

} // namespace

bool exportChart(QCustomPlot* chart, const QString& path, QString* error) {
    auto fail = [&](const QString& why) {
        if (error)
            *error = QObject::tr("Cannot export the chart to %1: %2")
                         .arg(QDir::toNativeSeparators(path), why);
        return false;
    };
    if (!chart)
        return fail(QObject::tr("there is no chart"));
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QSize size = exportSize(chart);
    const int dpi = std::max(72, chart->logicalDpiX());

    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    bool painted = false;
    if (suffix == QLatin1String("png")) {
        // Twice the screen resolution: sharp on high-DPI screens and in slides.
        const QPixmap pixmap = chart->toPixmap(size.width(), size.height(), 2.0);
        painted = !pixmap.isNull() && pixmap.save(&buffer, "PNG");
    } else if (suffix == QLatin1String("pdf")) {
        QPdfWriter writer(&buffer);
        writer.setCreator(QStringLiteral("Crossgrade"));
        writer.setTitle(QFileInfo(path).completeBaseName());
        writer.setResolution(dpi);
        // A page exactly the chart's size, so the PDF is a figure, not a page with a figure.
        const QSizeF points(size.width() * 72.0 / dpi, size.height() * 72.0 / dpi);
        writer.setPageLayout(
            QPageLayout(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch),
                        QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        painted = paintChart(chart, &writer, size);
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(size);
        generator.setViewBox(QRect(QPoint(0, 0), size));
        generator.setResolution(dpi);
        generator.setTitle(QFileInfo(path).completeBaseName());
        generator.setDescription(QObject::tr("Chart exported by Crossgrade"));
        painted = paintChart(chart, &generator, size);
    } else {
        return fail(suffix.isEmpty()
                        ? QObject::tr("the file name has no suffix (use .png, .pdf or .svg)")
                        : QObject::tr("unknown format \u201c.%1\u201d (use .png, .pdf or .svg)")
                              .arg(suffix));
    }
    buffer.close();
    // Export drew the chart at the export size; the screen gets its own layout back.
    chart->replot(QCustomPlot::rpQueuedReplot);
    if (!painted || bytes.isEmpty())
        return fail(QObject::tr("the chart could not be drawn as %1").arg(suffix.toUpper()));

    if (const QString failed = data::writeFileOrError(path, bytes); !failed.isEmpty()) {
        if (error)
            *error = failed;
        return false;
    }
    return true;
}

CostsView::CostsView(QWidget* parent)
    : QWidget(parent) {
    m_style = FigureStyle::fromPalette(palette(), font());

    auto makeChart = [this](const QString& name) {
        auto* chart = new QCustomPlot(this);
        chart->setObjectName(name);
        chart->setMinimumSize(320, 220);
        chart->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(chart, &QWidget::customContextMenuRequested, this,
                [this, chart](const QPoint& p) { showChartMenu(chart, p); });
        return chart;
    };
    m_cumulative = makeChart(QStringLiteral("cumulativeChart"));
    m_components = makeChart(QStringLiteral("componentsChart"));
    m_gpus = makeChart(QStringLiteral("gpusChart"));
    m_cumulative->setMinimumHeight(300);

    m_readOut = new QLabel(this);
    m_readOut->setObjectName(QStringLiteral("costsReadOut"));
    m_readOut->setTextFormat(Qt::RichText);
    m_readOut->setWordWrap(true);
    m_readOut->setContentsMargins(6, 2, 6, 2);
    m_readOut->setMinimumHeight(m_readOut->fontMetrics().height() * 2 + 6);
    m_readOut->setAlignment(Qt::AlignLeft | Qt::AlignTop);

    m_savedLine = new QLabel(this);
    m_savedLine->setObjectName(QStringLiteral("costsSavedVersion"));
    m_savedLine->setTextFormat(Qt::PlainText); // it quotes the saved headline
    m_savedLine->setWordWrap(true);
    m_savedLine->setContentsMargins(6, 0, 6, 2);
    m_savedLine->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_savedLine->hide();

    m_optionChooser = new QComboBox(this);
    m_optionChooser->setObjectName(QStringLiteral("costsOptionChooser"));
    m_optionChooser->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_optionChooser, &QComboBox::activated, this, [this](int index) {
        m_userChoice = OptionId(m_optionChooser->itemData(index).toInt());
        redrawOptionFigures();
        if (isVisible()) {
            m_components->replot(QCustomPlot::rpQueuedReplot);
            m_gpus->replot(QCustomPlot::rpQueuedReplot);
        }
    });
    auto* chooserLabel = new QLabel(tr("Components and GPUs of:"), this);
    chooserLabel->setBuddy(m_optionChooser);

    m_exportButton = new QToolButton(this);
    m_exportButton->setObjectName(QStringLiteral("costsExportButton"));
    m_exportButton->setText(tr("Export chart…"));
    m_exportButton->setToolTip(tr("Save a chart as PNG, PDF or SVG"));
    m_exportButton->setPopupMode(QToolButton::MenuButtonPopup);
    auto* exportMenu = new QMenu(m_exportButton);
    exportMenu->addAction(tr("Cumulative cost…"), this, [this] { exportWithDialog(m_cumulative); });
    exportMenu->addAction(tr("Cost components…"), this, [this] { exportWithDialog(m_components); });
    exportMenu->addAction(tr("GPUs per SKU…"), this, [this] { exportWithDialog(m_gpus); });
    m_exportButton->setMenu(exportMenu);
    connect(m_exportButton, &QToolButton::clicked, this,
            [this] { exportWithDialog(m_cumulative); });

    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->setSpacing(0);
    topLayout->addWidget(m_cumulative, 1);
    topLayout->addWidget(m_readOut);
    topLayout->addWidget(m_savedLine);
    m_card = new ProbabilityCard(top);
    topLayout->addWidget(m_card);

    auto* bottom = new QWidget(this);
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 4, 0, 0);
    auto* chooserRow = new QHBoxLayout;
    chooserRow->setContentsMargins(6, 0, 6, 0);
    chooserRow->addWidget(chooserLabel);
    chooserRow->addWidget(m_optionChooser);
    chooserRow->addStretch(1);
    chooserRow->addWidget(m_exportButton);
    bottomLayout->addLayout(chooserRow);
    auto* sideBySide = new QSplitter(Qt::Horizontal, bottom);
    sideBySide->addWidget(m_components);
    sideBySide->addWidget(m_gpus);
    sideBySide->setChildrenCollapsible(false);
    sideBySide->setStretchFactor(0, 3); // the components chart has the longer legend
    sideBySide->setStretchFactor(1, 2);
    bottomLayout->addWidget(sideBySide, 1);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(top);
    splitter->addWidget(bottom);
    splitter->setStretchFactor(0, 5);
    splitter->setStretchFactor(1, 4);
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    // Hovering reads the curves: tracking reports moves without a pressed button.
    m_cumulative->setMouseTracking(true);
    m_cumulative->installEventFilter(this);
    connect(m_cumulative, &QCustomPlot::mouseMove, this,
            [this](QMouseEvent* event) { hoverAt(event->pos()); });

    redraw();
}

CostsView::~CostsView() = default;

void CostsView::setDocument(ScenarioDocument* document) {
    if (m_document == document && (document || !m_documentShown))
        return;
    disconnect(m_evaluationConnection);
    disconnect(m_scenarioConnection);
    disconnect(m_destroyedConnection);
    disconnect(m_monteCarloConnection);
    // By the time QObject::destroyed arrives the QPointer already reads null, so "shown" is
    // tracked apart to know the figures still hold the departed document's numbers.
    m_document = document;
    m_documentShown = document != nullptr;
    m_namesStale = true;
    m_userChoice.reset();
    m_hoverMonth = -1;
    if (document) {
        m_evaluationConnection = connect(document, &ScenarioDocument::evaluationChanged, this,
                                         &CostsView::takeEvaluation);
        m_scenarioConnection = connect(document, &ScenarioDocument::scenarioChanged, this,
                                       [this] { m_namesStale = true; });
        m_destroyedConnection =
            connect(document, &QObject::destroyed, this, [this] { setDocument(nullptr); });
        // A Monte Carlo result redraws the bands; the document's curves are unchanged.
        m_monteCarloConnection = connect(document->monteCarlo(), &MonteCarloRunner::resultChanged,
                                         this, &CostsView::redraw);
    }
    m_card->setDocument(document);
    refreshNames();
    redraw();
}

const model::ScenarioEvaluation* CostsView::evaluation() const {
    return m_document ? &m_document->evaluation() : nullptr;
}

std::optional<OptionId> CostsView::chosenOption() const {
    const int index = m_optionChooser->currentIndex();
    if (index < 0)
        return std::nullopt;
    return OptionId(m_optionChooser->itemData(index).toInt());
}

void CostsView::chooseOption(OptionId option) {
    const int index = m_optionChooser->findData(int(option));
    if (index < 0)
        return;
    m_optionChooser->setCurrentIndex(index);
    m_userChoice = option;
    redrawOptionFigures();
    replotAll();
}

QString CostsView::readOut() const {
    return m_readOutText;
}

void CostsView::takeEvaluation() {
    refreshNames();
    redraw();
}

void CostsView::refreshNames() {
    if (!m_namesStale)
        return;
    m_namesStale = false;
    m_skuIds.clear();
    m_skuVendors.clear();
    m_doorNames.clear();
    if (!m_document)
        return;
    // Called as an evaluation arrives: the document applies an evaluation only for the
    // scenario as it stands, so these names are the evaluation's; its compile is the one the
    // evaluation was made from.
    const model::CompiledScenario& compiled = *m_document->compiled();
    m_skuIds = skuIds(compiled);
    m_skuVendors = skuVendors(compiled);
    m_doorNames = doorNames(compiled);
}

void CostsView::redraw() {
    static const model::ScenarioEvaluation kNothing;
    const model::ScenarioEvaluation* current = evaluation();
    // The newest Monte Carlo, which may lag the curves by a run while a slider moves (the card
    // says "updating…"); a cancelled one leaves no band.
    const std::shared_ptr<const model::MonteCarloResult> uncertainty =
        m_document ? m_document->monteCarlo()->result() : nullptr;
    plotCumulative(m_cumulative, current ? *current : kNothing,
                   m_document ? &m_document->baselineEvaluation() : nullptr, m_style, m_doorNames,
                   uncertainty.get());
    setUpHoverItems();
    updateOptionChooser();
    redrawOptionFigures();
    updateReadOut(m_hoverMonth);
    updateSavedLine();
    replotAll();
}

QString CostsView::savedVersionLine() const {
    return m_savedLine->isHidden() ? QString() : m_savedLine->text();
}

// The baseline is the saved inputs evaluated by this build, so a difference here is the
// program's, not an edit's.
void CostsView::updateSavedLine() {
    const QString text = m_document ? m_document->savedComparisonText() : QString();
    m_savedLine->setVisible(!text.isEmpty());
    m_savedLine->setText(text);
}

void CostsView::updateOptionChooser() {
    const model::ScenarioEvaluation* current = evaluation();
    QList<int> ids;
    if (current)
        for (const model::OptionOutcome& o : current->options)
            ids << int(o.id);
    QList<int> shown;
    for (int i = 0; i < m_optionChooser->count(); ++i)
        shown << m_optionChooser->itemData(i).toInt();
    if (ids != shown) {
        const QSignalBlocker block(m_optionChooser);
        m_optionChooser->clear();
        for (int id : ids)
            m_optionChooser->addItem(optionLabel(OptionId(id)), id);
    }
    m_optionChooser->setEnabled(!ids.isEmpty());
    if (ids.isEmpty())
        return;

    std::optional<OptionId> wanted = m_userChoice;
    if (!wanted || !ids.contains(int(*wanted))) {
        wanted = current->cheapest;
        for (OptionId o : model::kAllOptions)
            if (model::pathOf(o) == current->recommendation.primary_path && ids.contains(int(o)))
                wanted = o;
    }
    const QSignalBlocker block(m_optionChooser);
    m_optionChooser->setCurrentIndex(m_optionChooser->findData(int(*wanted)));
}

void CostsView::redrawOptionFigures() {
    static const model::OptionOutcome kNothing{};
    const model::ScenarioEvaluation* current = evaluation();
    const std::optional<OptionId> chosen = chosenOption();
    const model::OptionOutcome* outcome = current && chosen ? current->find(*chosen) : nullptr;
    if (!outcome)
        outcome = &kNothing;
    const auto doors = m_doorNames.find(outcome->id);
    const std::optional<model::YearMonth> start =
        current ? current->start_month : std::optional<model::YearMonth>{};
    plotComponents(m_components, *outcome, m_style, start,
                   doors != m_doorNames.end() ? doors->second : std::vector<std::string>{});
    plotGpus(m_gpus, *outcome, m_skuIds, m_style, start, m_skuVendors);
}

void CostsView::replotAll() {
    if (!isVisible()) {
        m_replotPending = true;
        return;
    }
    m_replotPending = false;
    // Queued: several evaluations inside one event-loop pass (a fast slider drag) cost one
    // replot per chart, not one each.
    for (QCustomPlot* chart : {m_cumulative, m_components, m_gpus})
        chart->replot(QCustomPlot::rpQueuedReplot);
}

void CostsView::setUpHoverItems() {
    if (!m_cumulative->layer(QString::fromLatin1(kHoverLayer))) {
        m_cumulative->addLayer(QString::fromLatin1(kHoverLayer));
        m_cumulative->layer(QString::fromLatin1(kHoverLayer))->setMode(QCPLayer::lmBuffered);
    }
    if (!m_cursor) {
        m_cursor = new QCPItemStraightLine(m_cumulative);
        m_cursor->setLayer(QString::fromLatin1(kHoverLayer));
        m_cursor->setSelectable(false);
        m_cursor->setVisible(false);
    }
    QColor cursorColour = m_style.foreground;
    cursorColour.setAlpha(110);
    m_cursor->setPen(QPen(cursorColour, 1));
    for (OptionId o : model::kAllOptions) {
        QPointer<QCPItemTracer>& dot = m_cursorDots[o];
        if (!dot) {
            dot = new QCPItemTracer(m_cumulative);
            dot->setLayer(QString::fromLatin1(kHoverLayer));
            dot->setSelectable(false);
            dot->setStyle(QCPItemTracer::tsCircle);
            dot->setSize(8);
            dot->position->setType(QCPItemPosition::ptPlotCoords);
            dot->setVisible(false);
        }
        dot->setPen(QPen(optionColour(o, m_style), 2));
        dot->setBrush(m_style.background);
    }
}

void CostsView::showMonth(int month) {
    updateReadOut(month);
    // Only the hover layer is redrawn: the curves beneath stay in their buffers.
    if (QCPLayer* layer = m_cumulative->layer(QString::fromLatin1(kHoverLayer));
        layer && isVisible() && !m_replotPending)
        layer->replot();
}

void CostsView::updateReadOut(int month) {
    const model::ScenarioEvaluation* current = evaluation();
    int horizon = 0;
    if (current)
        for (const model::OptionOutcome& o : current->options)
            horizon = std::max(horizon, o.run.horizon);
    m_hoverMonth = month >= 0 && month < horizon ? month : -1;
    const bool hovering = m_hoverMonth >= 0;
    const int shownMonth = hovering ? m_hoverMonth : horizon - 1;

    if (m_cursor) {
        m_cursor->setVisible(hovering);
        m_cursor->point1->setCoords(shownMonth, 0);
        m_cursor->point2->setCoords(shownMonth, 1);
    }
    for (auto& [id, dot] : m_cursorDots) {
        const model::OptionOutcome* o = current ? current->find(id) : nullptr;
        const bool on = hovering && o && shownMonth < int(o->run.discounted_cumulative.size());
        if (!dot)
            continue;
        dot->setVisible(on);
        if (on)
            dot->position->setCoords(shownMonth,
                                     o->run.discounted_cumulative[std::size_t(shownMonth)]);
    }

    QString html, plain;
    if (!current || horizon == 0) {
        plain = m_document ? tr("This scenario has no months to show.") : tr("No scenario open.");
        html = plain.toHtmlEscaped();
    } else {
        const std::optional<model::YearMonth>& start = current->start_month;
        const QString named =
            start ? tr("%1 (month %2)").arg(reports::monthText(start, shownMonth)).arg(shownMonth)
                  : tr("month %1").arg(shownMonth);
        const QString when =
            hovering ? named.left(1).toUpper() + named.mid(1) : tr("End of horizon, %1").arg(named);
        html = QStringLiteral("<b style=\"white-space:nowrap\">%1</b>").arg(when.toHtmlEscaped());
        // Secondary text: halfway between the text and its background, in either theme.
        const QColor faint = QColor::fromRgbF(
            0.55f * m_style.foreground.redF() + 0.45f * m_style.background.redF(),
            0.55f * m_style.foreground.greenF() + 0.45f * m_style.background.greenF(),
            0.55f * m_style.foreground.blueF() + 0.45f * m_style.background.blueF());
        plain = when;
        const model::ScenarioEvaluation* saved =
            m_document && &m_document->baselineEvaluation() != current
                ? &m_document->baselineEvaluation()
                : nullptr;
        QStringList events;
        for (const model::OptionOutcome& o : current->options) {
            if (shownMonth >= int(o.run.discounted_cumulative.size()))
                continue;
            const QString name = optionLabel(o.id);
            const QString value =
                MoneyTicker::label(o.run.discounted_cumulative[std::size_t(shownMonth)]);
            QString savedText;
            const model::OptionOutcome* s = saved ? saved->find(o.id) : nullptr;
            if (s && shownMonth < int(s->run.discounted_cumulative.size()) &&
                s->run.discounted_cumulative[std::size_t(shownMonth)] !=
                    o.run.discounted_cumulative[std::size_t(shownMonth)])
                savedText = tr("saved %1")
                                .arg(MoneyTicker::label(
                                    s->run.discounted_cumulative[std::size_t(shownMonth)]));
            // One entry never breaks across lines; the read-out wraps between entries.
            QString entry = QStringLiteral("<span style=\"color:%1\">&#9632;</span>&nbsp;"
                                           "%2&nbsp;<b>%3</b>")
                                .arg(htmlColour(optionColour(o.id, m_style)), name.toHtmlEscaped(),
                                     value.toHtmlEscaped());
            plain += QStringLiteral(" · %1 %2").arg(name, value);
            if (!savedText.isEmpty()) {
                entry += QStringLiteral("&nbsp;<span style=\"color:%1\">(%2)</span>")
                             .arg(htmlColour(faint), savedText.toHtmlEscaped());
                plain += QStringLiteral(" (%1)").arg(savedText);
            }
            html +=
                QStringLiteral(" &nbsp; <span style=\"white-space:nowrap\">%1</span>").arg(entry);
            if (o.break_even_month && *o.break_even_month == shownMonth)
                events << tr("%1 breaks even with Stay on CUDA").arg(name);
            for (std::size_t d = 0; d < o.run.door_taken_month.size(); ++d) {
                if (o.run.door_taken_month[d] < 0 || int(o.run.door_taken_month[d]) != shownMonth)
                    continue;
                const auto doors = m_doorNames.find(o.id);
                const QString door = doors != m_doorNames.end() && d < doors->second.size()
                                         ? QString::fromStdString(doors->second[d])
                                         : tr("door %1").arg(d + 1);
                events << tr("%1 moves %2 to AMD").arg(name, door);
            }
        }
        if (!events.isEmpty()) {
            html += QStringLiteral("<br>") + events.join(QStringLiteral(" · ")).toHtmlEscaped();
            plain += QStringLiteral(" — ") + events.join(QStringLiteral(" · "));
        }
        if (!hovering) {
            html += QStringLiteral("<br><span style=\"color:%1\">%2</span>")
                        .arg(htmlColour(faint),
                             tr("Hover over the chart to read any month.").toHtmlEscaped());
        }
    }
    m_readOut->setText(html);
    m_readOutText = plain;
}

void CostsView::hoverAt(const QPoint& position) {
    const QRect area = m_cumulative->axisRect()->rect();
    int month = -1;
    if (area.contains(position))
        month = int(std::lround(m_cumulative->xAxis->pixelToCoord(position.x())));
    if (month != m_hoverMonth)
        showMonth(month);
}

bool CostsView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_cumulative && event->type() == QEvent::Leave && m_hoverMonth >= 0)
        showMonth(-1);
    return QWidget::eventFilter(watched, event);
}

void CostsView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        m_style = FigureStyle::fromPalette(palette(), font());
        redraw();
    }
}

void CostsView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_replotPending)
        replotAll();
}

void CostsView::showChartMenu(QCustomPlot* chart, const QPoint& position) {
    QMenu menu(this);
    menu.addAction(tr("Export chart…"), this, [this, chart] { exportWithDialog(chart); });
    menu.exec(chart->mapToGlobal(position));
}

void CostsView::exportWithDialog(QCustomPlot* chart) {
    showMonth(-1); // the hover cursor is not part of the figure
    const QString png = tr("PNG image (*.png)");
    const QString pdf = tr("PDF document (*.pdf)");
    const QString svg = tr("SVG drawing (*.svg)");
    QString what = tr("cumulative cost");
    if (chart == m_components)
        what = tr("cost components");
    else if (chart == m_gpus)
        what = tr("GPUs per SKU");
    QString base = m_document ? QString::fromStdString(m_document->scenario().name) : QString();
    base.replace(QRegularExpression(QStringLiteral("[\\\\/:*?\"<>|]")), QStringLiteral("-"));
    const QString suggested =
        QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
            .filePath((base.isEmpty() ? QString() : base + QStringLiteral(" - ")) + what +
                      QStringLiteral(".png"));
    QString filter = png;
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export chart"), suggested, QStringList{png, pdf, svg}.join(QStringLiteral(";;")),
        &filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += filter == pdf   ? QStringLiteral(".pdf")
                : filter == svg ? QStringLiteral(".svg")
                                : QStringLiteral(".png");
    QString error;
    if (!exportChart(chart, path, &error)) {
        plainMessage(this, QMessageBox::Warning, tr("Export chart"), error); // it names the file
        return;
    }
    emit chartExported(path);
}

} // namespace crossgrade::ui
