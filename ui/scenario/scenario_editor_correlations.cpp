// The editor's Correlations page (issue 25, point 4): the rank correlations the Monte Carlo draws
// with, visible and editable — ρ and the note in the table, a pair added from two lists of the
// scenario's inputs or removed.

#include "correlation_table_model.h"
#include "scenario_document.h"
#include "scenario_editor.h"
#include "scenario_inputs.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableView>
#include <QVBoxLayout>

namespace crossgrade::ui {

QWidget* ScenarioEditor::buildCorrelationsPage() {
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* explanation = new QLabel(
        tr("Inputs that move together: the Monte Carlo reorders their draws to this rank "
           "correlation (Iman–Conover), each keeping its own range and distribution. New "
           "scenarios start with the price book's shared assumptions correlated: the same "
           "server-class figure of every SKU (host power, server price, price decline, residual "
           "floor, useful life) at ρ 0.8. Double-click ρ or the note to change it."),
        page);
    explanation->setWordWrap(true);
    layout->addWidget(explanation);

    m_correlationsView = new QTableView(page);
    m_correlationsView->setObjectName(QStringLiteral("correlations"));
    m_correlationsView->setModel(m_correlations);
    m_correlationsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_correlationsView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_correlationsView->verticalHeader()->hide();
    m_correlationsView->setWordWrap(false);
    QHeaderView* header = m_correlationsView->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setStretchLastSection(true);
    const QFontMetrics metrics = m_correlationsView->fontMetrics();
    const int inputWidth =
        metrics.horizontalAdvance(QStringLiteral("MI300X reserved $/GPU-hour")) + 24;
    m_correlationsView->setColumnWidth(CorrelationTableModel::FirstColumn, inputWidth);
    m_correlationsView->setColumnWidth(CorrelationTableModel::SecondColumn, inputWidth);
    m_correlationsView->setColumnWidth(CorrelationTableModel::RhoColumn,
                                       metrics.horizontalAdvance(tr("Rank correlation ρ")) + 24);
    layout->addWidget(m_correlationsView, 1);

    auto* add = new QHBoxLayout;
    m_correlateFirst = new QComboBox(page);
    m_correlateFirst->setObjectName(QStringLiteral("correlateFirst"));
    m_correlateSecond = new QComboBox(page);
    m_correlateSecond->setObjectName(QStringLiteral("correlateSecond"));
    for (QComboBox* box : {m_correlateFirst, m_correlateSecond}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(18);
        box->setToolTip(tr("One of the two inputs a new pair correlates: every uncertain input of "
                           "the scenario, by name.\nDefault from: the first inputs of the list; "
                           "nothing is correlated until Correlate is pressed."));
    }
    m_correlateRho = new QDoubleSpinBox(page);
    m_correlateRho->setObjectName(QStringLiteral("correlateRho"));
    m_correlateRho->setRange(-0.99, 0.99);
    m_correlateRho->setSingleStep(0.05);
    m_correlateRho->setDecimals(2);
    m_correlateRho->setValue(0.5);
    m_correlateRho->setPrefix(QStringLiteral("ρ "));
    m_correlateRho->setToolTip(
        tr("The new pair's rank correlation, −0.99 to 0.99.\nDefault from: 0.5, a moderate link; "
           "the price book's shared assumptions use 0.8 (docs/uncertainty.md, Correlation)."));
    auto* addButton = new QPushButton(tr("Correlate"), page);
    addButton->setObjectName(QStringLiteral("addCorrelation"));
    connect(addButton, &QPushButton::clicked, this, [this] {
        m_correlations->addPair(m_correlateFirst->currentData().toString().toStdString(),
                                m_correlateSecond->currentData().toString().toStdString(),
                                m_correlateRho->value());
    });
    auto* remove = new QPushButton(tr("Remove"), page);
    remove->setObjectName(QStringLiteral("removeCorrelation"));
    connect(remove, &QPushButton::clicked, this,
            [this] { m_correlations->removeRow(m_correlationsView->currentIndex().row()); });
    add->addWidget(m_correlateFirst, 1);
    add->addWidget(new QLabel(tr("with"), page));
    add->addWidget(m_correlateSecond, 1);
    add->addWidget(m_correlateRho);
    add->addWidget(addButton);
    add->addSpacing(12);
    add->addWidget(remove);
    layout->addLayout(add);
    return page;
}

// The two lists of inputs a new pair is chosen from, kept on the inputs chosen when they remain.
void ScenarioEditor::refreshCorrelationInputs() {
    if (!m_document || !m_correlateFirst)
        return;
    const std::vector<model::ScenarioInput> inputs = model::scenarioInputs(m_document->scenario());
    for (QComboBox* box : {m_correlateFirst, m_correlateSecond}) {
        if (box->count() == int(inputs.size()))
            continue; // the same inputs: the lists stay as they are
        const QSignalBlocker block(box);
        const QString chosen = box->currentData().toString();
        box->clear();
        for (const model::ScenarioInput& input : inputs)
            box->addItem(QString::fromStdString(input.label),
                         QString::fromStdString(input.pointer));
        const int again = box->findData(chosen);
        box->setCurrentIndex(again >= 0 ? again : (box == m_correlateSecond ? 1 : 0));
    }
}

} // namespace crossgrade::ui
