#include "hetccl_watch_dialog.h"

#include "qt_text.h"
#include "recommendation.h"
#include "scenario_document.h"
#include "theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QTabWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <optional>

namespace crossgrade::ui {

namespace {

using model::HetcclPaper;

QString paperName(HetcclPaper paper) {
    return QStringLiteral("arXiv %1").arg(qs(model::toString(paper)));
}

// Object names the tests (and accessibility tools) find the parts by.
QString rowName(const char* part, HetcclPaper paper, std::string_view signal) {
    return QStringLiteral("%1-%2-%3")
        .arg(QLatin1String(part), qs(model::toString(paper)), qs(signal));
}

QString monthsText(const model::Range& r) {
    return QStringLiteral("%1 / %2 / %3")
        .arg(QString::number(r.low), QString::number(r.most_likely), QString::number(r.high));
}

QString provenanceText(const model::UncertainNumber& n) {
    return HetcclWatchDialog::tr("Source: %1. Date: %2. Confidence: %3.")
        .arg(qs(n.source), n.date.empty() ? HetcclWatchDialog::tr("none") : qs(n.date),
             n.confidence ? qs(model::toString(*n.confidence)) : QStringLiteral("?"));
}

// The warning `crossgrade-cli hetccl-watch apply` refuses on, as the model words it.
std::optional<model::AuditWarning> prematureWarning(const model::Scenario& scenario) {
    for (model::AuditWarning& w : model::auditWarnings(scenario.audit.profile()))
        if (w.id == "hetccl-premature")
            return std::move(w);
    return std::nullopt;
}

const model::HetcclResolution& resolutionOf(const model::HetcclWatchResult& result,
                                            HetcclPaper paper) {
    for (const model::HetcclResolution& r : result.papers)
        if (r.paper == paper)
            return r;
    return result.papers.at(result.earliest);
}

} // namespace

HetcclWatchDialog::HetcclWatchDialog(data::Store& store, ScenarioDocument* document,
                                     QWidget* parent)
    : QDialog(parent)
    , m_store(store)
    , m_document(document) {
    setWindowTitle(tr("HetCCL watch"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(
        tr("Tick a maturity signal when you have seen it, with the date you saw it. Each change "
           "is saved to the store at once. Two different papers are named HetCCL: each is "
           "tracked and resolved on its own signals. With no signal, "
           "<tt>hetccl.available_month</tt> lies past the horizon. See "
           "docs/hetccl-watch.md."));
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto* tabs = new QTabWidget;
    tabs->setObjectName(QStringLiteral("papers"));
    for (HetcclPaper paper : model::kAllHetcclPapers) {
        const int index = tabs->addTab(buildPaperPage(paper), paperName(paper));
        tabs->setTabToolTip(index, qs(model::paperTitle(paper)));
    }
    layout->addWidget(tabs, 1);
    layout->addWidget(buildApplyBox());

    m_error = plainLabel(); // store errors quote notes and sources
    m_error->setObjectName(QStringLiteral("error"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    markAsError(m_error);
    m_error->hide();
    layout->addWidget(m_error);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    if (m_document)
        connect(m_document, &ScenarioDocument::scenarioChanged, this,
                &HetcclWatchDialog::showResolution);
    reload();
    resize(1000, 820);
}

QWidget* HetcclWatchDialog::buildPaperPage(HetcclPaper paper) {
    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);
    auto* title = new QLabel(
        QStringLiteral("<b>%1</b> — %2")
            .arg(paperName(paper).toHtmlEscaped(), qs(model::paperTitle(paper)).toHtmlEscaped()));
    title->setWordWrap(true);
    layout->addWidget(title);

    auto* resolved = new QGroupBox(tr("hetccl.available_month from this paper's signals"));
    auto* form = new QFormLayout(resolved);
    PaperView view;
    view.range = new QLabel;
    view.range->setObjectName(rowName("range", paper, "available-month"));
    view.range->setTextInteractionFlags(Qt::TextSelectableByMouse);
    view.provenance = plainLabel(); // the signals' sources
    view.provenance->setObjectName(rowName("provenance", paper, "available-month"));
    view.provenance->setWordWrap(true);
    view.provenance->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(tr("Months (low / most likely / high):"), view.range);
    form->addRow(view.provenance);
    m_papers.push_back(view);
    layout->addWidget(resolved);

    auto* list = new QWidget;
    auto* listLayout = new QVBoxLayout(list);
    // Every area's grid gets the same first column, so the rows line up from group to group.
    int idWidth = 0;
    for (const model::HetcclSignal& signal : model::hetcclSignals())
        idWidth = std::max(idWidth, QCheckBox(qs(signal.id)).sizeHint().width());
    QGridLayout* grid = nullptr;
    std::optional<model::SignalArea> area;
    for (const model::HetcclSignal& signal : model::hetcclSignals()) {
        // A signal about the other paper alone has no row here: it cannot be checked for this one.
        if (!model::appliesTo(signal, paper))
            continue;
        if (area != signal.area) { // the catalogue is in area order
            area = signal.area;
            auto* group = new QGroupBox(qs(model::toString(signal.area)));
            grid = new QGridLayout(group);
            grid->setColumnMinimumWidth(0, idWidth);
            grid->setColumnStretch(3, 1);
            grid->setColumnStretch(5, 1);
            listLayout->addWidget(group);
        }
        const QString tip = tr("<p><b>%1</b>: %2</p><p>Checked, it pulls hetccl.available_month "
                               "%3 months earlier (low / most likely / high).</p><p>%4</p>")
                                .arg(qs(signal.id), qs(signal.look_for).toHtmlEscaped(),
                                     QStringLiteral("%1 / %2 / %3")
                                         .arg(signal.pull.low)
                                         .arg(signal.pull.most_likely)
                                         .arg(signal.pull.high),
                                     qs(signal.reason).toHtmlEscaped());
        SignalRow row{paper, &signal};
        row.check = new QCheckBox(qs(signal.id));
        row.check->setObjectName(rowName("check", paper, signal.id));
        row.check->setToolTip(tip);
        auto* lookFor = new QLabel(qs(signal.look_for));
        lookFor->setWordWrap(true);
        lookFor->setToolTip(tip);
        auto* pull = new QLabel(tr("−%1 / −%2 / −%3 mo")
                                    .arg(signal.pull.low)
                                    .arg(signal.pull.most_likely)
                                    .arg(signal.pull.high));
        pull->setToolTip(tip);
        row.date = new QDateEdit(QDate::currentDate());
        row.date->setObjectName(rowName("date", paper, signal.id));
        row.date->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
        row.date->setCalendarPopup(true);
        row.date->setKeyboardTracking(false); // one write when the date is set, not per digit
        row.date->setToolTip(tr("The date the signal was observed"));
        row.note = new QLineEdit;
        row.note->setObjectName(rowName("note", paper, signal.id));
        row.note->setPlaceholderText(tr("Note"));
        row.source = new QLineEdit;
        row.source->setObjectName(rowName("source", paper, signal.id));
        row.source->setPlaceholderText(tr("Source (URL or reference)"));

        const int r = grid->rowCount();
        grid->addWidget(row.check, r, 0);
        grid->addWidget(lookFor, r, 1, 1, 5);
        grid->addWidget(pull, r, 6);
        grid->addWidget(new QLabel(tr("Seen on")), r + 1, 0, Qt::AlignRight);
        grid->addWidget(row.date, r + 1, 1, Qt::AlignLeft);
        grid->addWidget(new QLabel(tr("Note")), r + 1, 2, Qt::AlignRight);
        grid->addWidget(row.note, r + 1, 3);
        grid->addWidget(new QLabel(tr("Source")), r + 1, 4, Qt::AlignRight);
        grid->addWidget(row.source, r + 1, 5, 1, 2);

        // By index: m_rows grows while the pages are built.
        const std::size_t i = m_rows.size();
        m_rows.push_back(row);
        connect(row.check, &QCheckBox::toggled, this, [this, i] { writeRow(m_rows[i]); });
        connect(row.date, &QDateEdit::dateChanged, this, [this, i] { editCheckedRow(m_rows[i]); });
        connect(row.note, &QLineEdit::editingFinished, this,
                [this, i] { editCheckedRow(m_rows[i]); });
        connect(row.source, &QLineEdit::editingFinished, this,
                [this, i] { editCheckedRow(m_rows[i]); });
    }
    listLayout->addStretch(1);
    auto* scroll = new QScrollArea;
    scroll->setWidget(list);
    scroll->setWidgetResizable(true);
    layout->addWidget(scroll, 1);
    return page;
}

QWidget* HetcclWatchDialog::buildApplyBox() {
    auto* box = new QGroupBox(tr("Apply to the open scenario"));
    auto* layout = new QVBoxLayout(box);
    m_defaultPaper = new QLabel;
    m_defaultPaper->setObjectName(QStringLiteral("default-paper"));
    m_defaultPaper->setWordWrap(true);
    layout->addWidget(m_defaultPaper);

    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Range of:")));
    m_applyPaper = new QComboBox;
    m_applyPaper->setObjectName(QStringLiteral("apply-paper"));
    m_applyPaper->addItem(tr("The earliest paper (default)"), -1);
    for (HetcclPaper paper : model::kAllHetcclPapers)
        m_applyPaper->addItem(paperName(paper), int(paper));
    connect(m_applyPaper, &QComboBox::currentIndexChanged, this,
            &HetcclWatchDialog::showResolution);
    row->addWidget(m_applyPaper);
    m_apply = new QPushButton(tr("&Apply to scenario"));
    m_apply->setObjectName(QStringLiteral("apply"));
    m_apply->setAutoDefault(false);
    connect(m_apply, &QPushButton::clicked, this, &HetcclWatchDialog::applyToScenario);
    row->addWidget(m_apply);
    row->addStretch(1);
    layout->addLayout(row);

    m_current = plainLabel(); // the scenario's name and sources
    m_current->setObjectName(QStringLiteral("current"));
    m_current->setWordWrap(true);
    layout->addWidget(m_current);
    m_refusal = plainLabel();
    m_refusal->setObjectName(QStringLiteral("refusal"));
    m_refusal->setWordWrap(true);
    markAsWarning(m_refusal);
    layout->addWidget(m_refusal);
    return box;
}

int HetcclWatchDialog::horizonMonths() const {
    return m_document ? m_document->scenario().horizon_months : kNoScenarioHorizon;
}

HetcclPaper HetcclWatchDialog::paperToApply() const {
    const int chosen = m_applyPaper->currentData().toInt();
    return chosen < 0 ? m_result.papers.at(m_result.earliest).paper : HetcclPaper(chosen);
}

QString HetcclWatchDialog::error() const {
    return m_error->isHidden() ? QString() : m_error->text();
}

void HetcclWatchDialog::showError(const QString& message) {
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
}

const model::CheckedSignal* HetcclWatchDialog::stored(const SignalRow& row) const {
    for (const model::CheckedSignal& c : m_checklist)
        if (c.paper == row.paper && c.signal == row.signal->id)
            return &c;
    return nullptr;
}

void HetcclWatchDialog::writeRow(const SignalRow& row) {
    const bool check = row.check->isChecked();
    const std::string id(row.signal->id);
    const QString what = tr("“%1” for %2").arg(qs(id), paperName(row.paper));
    try {
        if (check) {
            m_store.checkHetcclSignals(
                {{row.paper, id, row.date->date().toString(Qt::ISODate).toStdString(),
                  row.note->text().trimmed().toStdString(),
                  row.source->text().trimmed().toStdString()}});
            showError({});
        } else if (m_store.uncheckHetcclSignal(row.paper, id)) {
            showError({});
        } else {
            showError(tr("%1 was no longer checked in the store.").arg(what));
        }
    } catch (const std::exception& e) {
        // Each write is one transaction: a failed one leaves the store as it was.
        showError(tr("Could not %1 %2; the store is unchanged. %3")
                      .arg(check ? tr("check") : tr("uncheck"), what, QString::fromUtf8(e.what())));
    }
    reload();
}

void HetcclWatchDialog::editCheckedRow(const SignalRow& row) {
    const model::CheckedSignal* was = stored(row);
    if (!row.check->isChecked() || was == nullptr)
        return;
    if (was->date == row.date->date().toString(Qt::ISODate).toStdString() &&
        was->note == row.note->text().trimmed().toStdString() &&
        was->source == row.source->text().trimmed().toStdString())
        return;
    writeRow(row); // checking again re-dates it and replaces its note and source
}

void HetcclWatchDialog::reload() {
    try {
        m_checklist = m_store.hetcclChecklist();
    } catch (const std::exception& e) {
        showError(tr("Could not read the HetCCL checklist from the store. %1")
                      .arg(QString::fromUtf8(e.what())));
    }
    // The rows show what the store holds; an unchecked row keeps what was typed into it.
    for (const SignalRow& row : m_rows) {
        const model::CheckedSignal* c = stored(row);
        const QSignalBlocker blockCheck(row.check), blockDate(row.date), blockNote(row.note),
            blockSource(row.source);
        row.check->setChecked(c != nullptr);
        if (c == nullptr)
            continue;
        row.date->setDate(QDate::fromString(qs(c->date), Qt::ISODate));
        row.note->setText(qs(c->note));
        row.source->setText(qs(c->source));
    }
    showResolution();
}

void HetcclWatchDialog::showResolution() {
    const int horizon = horizonMonths();
    m_result = model::resolveHetcclWatch(m_checklist, horizon);
    for (std::size_t i = 0; i < m_papers.size(); ++i) {
        const model::HetcclResolution& r = m_result.papers.at(i);
        QString range = monthsText(r.available_month.range);
        if (r.past_horizon)
            range += tr("  — past the %1-month horizon: Path 3's door stays shut").arg(horizon);
        if (i == m_result.earliest)
            range += tr("  — the earliest: what Apply uses by default");
        m_papers[i].range->setText(range);
        m_papers[i].provenance->setText(provenanceText(r.available_month));
    }

    const HetcclPaper earliest = m_result.papers.at(m_result.earliest).paper;
    m_defaultPaper->setText(
        tr("By default Apply writes the range of %1: the paper whose most-likely month is the "
           "earlier (Path 3 needs one working library; a tie goes to %2). The two papers' "
           "ranges are never combined.")
            .arg(paperName(earliest), paperName(model::kAllHetcclPapers.front())));

    const model::HetcclResolution& chosen = resolutionOf(m_result, paperToApply());
    QString refusal;
    bool same = false;
    if (!m_document) {
        m_current->setText(tr("No scenario is open: the ranges above are at a %1-month horizon.")
                               .arg(kNoScenarioHorizon));
        refusal = tr("Open a scenario to apply a range to it.");
    } else {
        const model::Scenario& s = m_document->scenario();
        same = s.hetccl_available_month == chosen.available_month;
        m_current->setText(tr("“%1” (horizon %2 months) now has %3 months. %4%5")
                               .arg(qs(s.name), QString::number(horizon),
                                    monthsText(s.hetccl_available_month.range),
                                    provenanceText(s.hetccl_available_month),
                                    same ? tr(" It already holds %1's range and provenance.")
                                               .arg(paperName(chosen.paper))
                                         : QString()));
        if (const auto warning = prematureWarning(s))
            refusal = tr("Not applied: the scenario's audit gives the %1 warning: %2")
                          .arg(qs(warning->id), qs(warning->text));
    }
    m_refusal->setText(refusal);
    m_refusal->setVisible(!refusal.isEmpty());
    m_apply->setEnabled(refusal.isEmpty() && !same);
    m_applyPaper->setEnabled(refusal.isEmpty());
}

bool HetcclWatchDialog::applyToScenario() {
    showResolution(); // the refusal and the range as of now
    if (!m_apply->isEnabled()) {
        showError(m_refusal->isVisible() ? m_refusal->text()
                                         : tr("The scenario already holds this range."));
        return false;
    }
    const model::HetcclResolution& chosen = resolutionOf(m_result, paperToApply());
    const model::UncertainNumber value = chosen.available_month;
    const QString refused = m_document->edit(
        tr("HetCCL watch: %1 [%2]").arg(paperName(chosen.paper), monthsText(value.range)),
        [value](model::Scenario& s) { s.hetccl_available_month = value; });
    if (!refused.isEmpty()) {
        showError(tr("The scenario did not take the range: %1").arg(refused));
        return false;
    }
    showError({});
    showResolution();
    return true;
}

} // namespace crossgrade::ui
