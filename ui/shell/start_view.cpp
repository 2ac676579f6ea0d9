#include "start_view.h"

#include "qt_text.h"
#include "sample_data.h"

#include <QCommandLinkButton>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QListWidget>
#include <QScrollArea>
#include <QVBoxLayout>

namespace crossgrade::ui {

namespace {

// A list that is as tall as its rows (up to `maxRows`), so the welcome does not scroll twice.
QListWidget* shortList(const QString& objectName) {
    auto* list = new QListWidget;
    list->setObjectName(objectName);
    list->setUniformItemSizes(true);
    list->setTextElideMode(Qt::ElideMiddle);
    return list;
}

// A titled short list of recent work (its title the list's buddy), hidden until it has rows.
struct RecentSection {
    QWidget* box = nullptr;
    QListWidget* list = nullptr;
};

RecentSection recentSection(const QString& title, const QString& objectName,
                            const QString& tooltip) {
    RecentSection section{new QWidget, shortList(objectName)};
    auto* layout = new QVBoxLayout(section.box);
    layout->setContentsMargins(0, 10, 0, 0);
    auto* label = new QLabel(title);
    section.list->setToolTip(tooltip);
    label->setBuddy(section.list);
    layout->addWidget(label);
    layout->addWidget(section.list);
    section.box->hide();
    return section;
}

void fitHeight(QListWidget* list, int maxRows) {
    const int rows = std::min(list->count(), maxRows);
    const int row =
        list->sizeHintForRow(0) > 0 ? list->sizeHintForRow(0) : list->fontMetrics().height() + 6;
    list->setFixedHeight(rows * row + 2 * list->frameWidth() + 4);
}

} // namespace

StartView::StartView(QWidget* parent)
    : QWidget(parent) {
    auto* column = new QWidget;
    column->setObjectName(QStringLiteral("welcome"));
    column->setMaximumWidth(760);
    auto* layout = new QVBoxLayout(column);
    layout->setSpacing(6);

    auto* title = new QLabel(tr("<h1>Welcome to Crossgrade</h1>"));
    auto* pitch = new QLabel(
        tr("Crossgrade helps you decide whether, when and how to move your AI workloads off "
           "CUDA — and what each way costs, with its uncertainty — starting from the NVIDIA "
           "fleet you own today."));
    pitch->setWordWrap(true);
    layout->addWidget(title);
    layout->addWidget(pitch);
    layout->addSpacing(6);

    // The workflow in the user's words; each step names where it happens in the window.
    auto* steps = new QGridLayout;
    steps->setHorizontalSpacing(10);
    steps->setVerticalSpacing(6);
    const QStringList stepTexts{
        tr("<b>Audit</b> — rate your codebase on the six dimensions of CUDA dependency, by hand "
           "or by scanning your repositories for file:line evidence."),
        tr("<b>Path</b> — the audit's rules recommend a portability path: gradual ROCm "
           "migration, Triton/PyTorch abstraction, HetCCL with an AMD cluster, or both — with "
           "the reasons."),
        tr("<b>Costs</b> — your fleet costed month by month for staying on NVIDIA and for each "
           "path: P10–P90 ranges, break-even, and what-if sliders on discounts, prices and "
           "timing."),
        tr("<b>Report</b> — a PDF with the decision, its numbers and every assumption's "
           "source, for the people who sign off (File → Export report…)."),
    };
    for (int i = 0; i < stepTexts.size(); ++i) {
        auto* number = new QLabel(QStringLiteral("<b>%1</b>").arg(i + 1));
        number->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
        number->setMinimumWidth(number->fontMetrics().horizontalAdvance(QStringLiteral("00")));
        auto* text = new QLabel(stepTexts[i]);
        text->setObjectName(QStringLiteral("step%1").arg(i + 1));
        text->setWordWrap(true);
        steps->addWidget(number, i, 0);
        steps->addWidget(text, i, 1);
    }
    steps->setColumnStretch(1, 1);
    layout->addLayout(steps);
    layout->addSpacing(10);

    auto* start = new QLabel(tr("<b>Start here</b>"));
    layout->addWidget(start);
    const auto action = [this, layout](const QString& name, const QString& text,
                                       const QString& description) {
        auto* button = new QCommandLinkButton(text, description);
        button->setObjectName(name);
        // Enter activates the focused action, as Space does (outside a dialog a push button
        // takes only Space unless it is auto-default).
        button->setAutoDefault(true);
        button->setFocusPolicy(Qt::StrongFocus);
        layout->addWidget(button);
        m_actions << button;
        return button;
    };
    m_demoButton = action(
        QStringLiteral("openDemo"), tr("Open the demo scenario"),
        tr("Sample data: an invented large-model inference fleet of H100s with its audit — look "
           "round every view before you enter your own."));
    QCommandLinkButton* import = action(
        QStringLiteral("importFiles"), tr("Import an audit or scenario…  (Ctrl+O)"),
        tr("Audit JSON, scenario JSON or a price book; you can also drop files on the window."));
    QCommandLinkButton* scan =
        action(QStringLiteral("auditRepositories"), tr("Audit repositories…"),
               tr("Scan your code for CUDA dependencies: a proposed audit with file:line "
                  "evidence that you review dimension by dimension."));
    QCommandLinkButton* create = action(
        QStringLiteral("newScenario"), tr("New scenario…  (Ctrl+N)"),
        tr("Start from a template's fleet and workloads with the store's default price book, "
           "then replace its numbers with yours on the Inputs view."));
    QCommandLinkButton* guide =
        action(QStringLiteral("userGuide"), tr("Read the user guide  (F1)"),
               tr("The workflow from audit to report, every input and where its default comes "
                  "from, and how to read ranges and percentiles."));
    connect(m_demoButton, &QCommandLinkButton::clicked, this, &StartView::openDemoRequested);
    connect(import, &QCommandLinkButton::clicked, this, &StartView::importRequested);
    connect(scan, &QCommandLinkButton::clicked, this, &StartView::scanRequested);
    connect(create, &QCommandLinkButton::clicked, this, &StartView::newScenarioRequested);
    connect(guide, &QCommandLinkButton::clicked, this, &StartView::userGuideRequested);

    // Recent work: the store's latest scenarios and the files opened lately.
    const RecentSection scenarios = recentSection(
        tr("<b>Recent scenarios</b> in this store"), QStringLiteral("recentScenarios"),
        tr("Enter or double-click opens the scenario's latest version"));
    m_scenariosBox = scenarios.box;
    m_scenarios = scenarios.list;
    connect(m_scenarios, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        emit storedScenarioRequested(item->data(Qt::UserRole).toLongLong());
    });
    layout->addWidget(m_scenariosBox);

    const RecentSection files =
        recentSection(tr("<b>Recent files</b>"), QStringLiteral("recentFiles"),
                      tr("Enter or double-click opens or imports the file again"));
    m_recentBox = files.box;
    m_recent = files.list;
    connect(m_recent, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        emit recentFileRequested(item->data(Qt::UserRole).toString());
    });
    layout->addWidget(m_recentBox);
    layout->addStretch(1);

    // Centred, and scrolling rather than clipping on a small screen.
    auto* page = new QWidget;
    auto* row = new QHBoxLayout(page);
    row->addStretch(1);
    row->addWidget(column, 6, Qt::AlignTop);
    row->addStretch(1);
    auto* centred = new QVBoxLayout;
    auto* scroll = new QScrollArea;
    scroll->setWidget(page);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setFocusPolicy(Qt::NoFocus);
    centred->setContentsMargins(0, 0, 0, 0);
    centred->addWidget(scroll);
    setLayout(centred);
    // Focus given to the view (View → Welcome, a closed scenario) lands on the first action.
    setFocusProxy(m_demoButton);
}

QList<QCommandLinkButton*> StartView::actions() const {
    return m_actions;
}

void StartView::setRecentFiles(const QStringList& files) {
    m_recent->clear();
    for (const QString& f : files) {
        auto* item = new QListWidgetItem(QFileInfo(f).fileName() + QStringLiteral("  —  ") + f);
        item->setData(Qt::UserRole, f);
        item->setToolTip(plainTip(f)); // a file name may hold anything but "/"
        m_recent->addItem(item);
    }
    fitHeight(m_recent, 5);
    m_recentBox->setVisible(!files.isEmpty());
}

void StartView::setRecentScenarios(const std::vector<RecentScenario>& scenarios) {
    m_scenarios->clear();
    for (const RecentScenario& s : scenarios) {
        QString text = s.name;
        if (s.sample)
            text += QStringLiteral(" (") + sampleSuffix() + QLatin1Char(')');
        if (!s.detail.isEmpty())
            text += QStringLiteral("  —  ") + s.detail;
        auto* item = new QListWidgetItem(text);
        item->setData(Qt::UserRole, QVariant::fromValue<qlonglong>(s.id));
        if (s.sample) {
            QFont italic = item->font();
            italic.setItalic(true);
            item->setFont(italic);
            item->setToolTip(tr("Sample data shipped with Crossgrade, not your organisation's."));
        }
        m_scenarios->addItem(item);
    }
    if (m_scenarios->count() > 0)
        m_scenarios->setCurrentRow(0);
    fitHeight(m_scenarios, 5);
    m_scenariosBox->setVisible(!scenarios.empty());
}

void StartView::setDemoAvailable(bool available) {
    m_demoButton->setEnabled(available);
    // A disabled proxy takes no focus: the next action does.
    setFocusProxy(available ? m_demoButton : m_actions.value(1));
}

} // namespace crossgrade::ui
