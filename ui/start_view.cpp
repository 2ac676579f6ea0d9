#include "start_view.h"

#include <QCommandLinkButton>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

namespace crossgrade::ui {

StartView::StartView(QWidget* parent)
    : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    outer->addStretch(1);
    auto* column = new QWidget;
    column->setMaximumWidth(640);
    auto* layout = new QVBoxLayout(column);
    auto* title = new QLabel(tr("<h1>Crossgrade</h1>"));
    auto* pitch = new QLabel(
        tr("Decide how to get out of CUDA lock-in and what it will cost. Audit a codebase on the "
           "six dimensions of CUDA dependency, get the portability path with its reasons, and "
           "compare the fleet cost of staying on NVIDIA with each way of adding AMD — month by "
           "month, with the door to AMD taken only when it pays."));
    pitch->setWordWrap(true);
    layout->addWidget(title);
    layout->addWidget(pitch);
    layout->addSpacing(12);

    auto* demo = new QCommandLinkButton(
        tr("Open the demo scenario"),
        tr("A sample large-model inference fleet of H100s, with its audit (sample data)."));
    auto* import = new QCommandLinkButton(
        tr("Import an audit or scenario…"),
        tr("Audit JSON, scenario JSON or a price book; you can also drop files on the window."));
    auto* scan = new QCommandLinkButton(
        tr("Audit repositories…"),
        tr("Scan your code for CUDA dependencies: a proposed audit with file:line evidence."));
    scan->setObjectName(QStringLiteral("auditRepositories"));
    auto* create = new QCommandLinkButton(
        tr("New scenario…"),
        tr("Start from a template's fleet and workloads with the store's default price book."));
    m_demoButton = demo;
    connect(demo, &QCommandLinkButton::clicked, this, &StartView::openDemoRequested);
    connect(import, &QCommandLinkButton::clicked, this, &StartView::importRequested);
    connect(scan, &QCommandLinkButton::clicked, this, &StartView::scanRequested);
    connect(create, &QCommandLinkButton::clicked, this, &StartView::newScenarioRequested);
    layout->addWidget(demo);
    layout->addWidget(import);
    layout->addWidget(scan);
    layout->addWidget(create);

    m_recentBox = new QWidget;
    auto* recentLayout = new QVBoxLayout(m_recentBox);
    recentLayout->setContentsMargins(0, 12, 0, 0);
    recentLayout->addWidget(new QLabel(tr("<b>Recent files</b>")));
    m_recent = new QListWidget;
    m_recent->setMaximumHeight(140);
    connect(m_recent, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        emit recentFileRequested(item->data(Qt::UserRole).toString());
    });
    recentLayout->addWidget(m_recent);
    layout->addWidget(m_recentBox);
    m_recentBox->hide();

    auto* row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(column, 3);
    row->addStretch(1);
    outer->addLayout(row);
    outer->addStretch(2);
}

void StartView::setRecentFiles(const QStringList& files) {
    m_recent->clear();
    for (const QString& f : files) {
        auto* item = new QListWidgetItem(QFileInfo(f).fileName() + QStringLiteral("  —  ") + f);
        item->setData(Qt::UserRole, f);
        m_recent->addItem(item);
    }
    m_recentBox->setVisible(!files.isEmpty());
}

void StartView::setDemoAvailable(bool available) {
    m_demoButton->setEnabled(available);
}

} // namespace crossgrade::ui
