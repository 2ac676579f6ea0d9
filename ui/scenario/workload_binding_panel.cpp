#include "workload_binding_panel.h"

#include "benchmark_text.h"
#include "qt_text.h"
#include "scenario_document.h"
#include "store.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDate>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableWidget>
#include <QTextDocument>
#include <QVBoxLayout>
#include <algorithm>

namespace crossgrade::ui {

namespace {

enum SkuColumn { SkuName, Ratio, Pairs, Joules, Rows, SkuColumnCount };

QComboBox* choiceBox(const QString& name, const QStringList& choices, QWidget* parent) {
    auto* box = new QComboBox(parent);
    box->setObjectName(name);
    box->setEditable(true);
    box->addItem(QString());
    box->addItems(choices);
    box->lineEdit()->setPlaceholderText(WorkloadBindingPanel::tr("any"));
    return box;
}

QSpinBox* lengthBox(const QString& name, QWidget* parent) {
    auto* box = new QSpinBox(parent);
    box->setObjectName(name);
    box->setRange(0, 10'000'000);
    box->setSpecialValueText(WorkloadBindingPanel::tr("any"));
    box->setSuffix(WorkloadBindingPanel::tr(" tokens"));
    return box;
}

// The selector in words: "“llama-3.1-70b”, fp8, 1024/1024 tokens, at 50 tok/s/user".
QString selectorText(const model::BenchmarkSelector& s) {
    QStringList parts{QStringLiteral("“%1”").arg(qstr(s.model))};
    if (!s.precision.empty())
        parts << qstr(s.precision);
    if (!s.scenario.empty())
        parts << qstr(s.scenario);
    if (s.isl || s.osl)
        parts << WorkloadBindingPanel::tr("%1/%2 tokens")
                     .arg(s.isl ? QString::number(*s.isl) : WorkloadBindingPanel::tr("any"),
                          s.osl ? QString::number(*s.osl) : WorkloadBindingPanel::tr("any"));
    if (s.interactivity)
        parts << WorkloadBindingPanel::tr("at %1 tok/s/user").arg(measuredText(*s.interactivity));
    if (s.include_flagged)
        parts << WorkloadBindingPanel::tr("flagged AMD rows included");
    return parts.join(QStringLiteral(", "));
}

// The last line of every selector field's tooltip: the default, and where the numbers a binding
// takes come from.
QString selectorTip(const QString& meaning) {
    return WorkloadBindingPanel::tr("<p>%1</p><p><b>Default from:</b> empty, which matches any "
                                    "row. <b>Source:</b> the benchmark results stored in this "
                                    "store (View → Benchmarks), each with its file and "
                                    "row.</p>")
        .arg(meaning.toHtmlEscaped());
}

QString plain(const QString& html) {
    QTextDocument document;
    document.setHtml(html);
    return document.toPlainText();
}

} // namespace

WorkloadBindingPanel::WorkloadBindingPanel(QWidget* parent)
    : QGroupBox(tr("Benchmark evidence"), parent) {
    setObjectName(QStringLiteral("benchmarkBinding"));
    auto* layout = new QHBoxLayout(this);

    m_fields = new QWidget(this);
    auto* form = new QFormLayout(m_fields);
    form->setContentsMargins(0, 0, 0, 0);
    m_model = new QLineEdit(m_fields);
    m_model->setObjectName(QStringLiteral("bindingModel"));
    m_model->setPlaceholderText(tr("part of the name, e.g. llama-3.1-70b"));
    m_model->setToolTip(
        selectorTip(tr("Rows whose model name contains this, in any case (required).")));
    m_precision = choiceBox(QStringLiteral("bindingPrecision"),
                            {QStringLiteral("fp8"), QStringLiteral("bf16"), QStringLiteral("fp16"),
                             QStringLiteral("fp4")},
                            m_fields);
    m_scenario = choiceBox(QStringLiteral("bindingScenario"),
                           {QStringLiteral("sweep"), QStringLiteral("Offline"),
                            QStringLiteral("Server"), QStringLiteral("Interactive")},
                           m_fields);
    m_precision->setToolTip(selectorTip(tr("The numeric precision the rows were run at.")));
    m_scenario->setToolTip(selectorTip(
        tr("The benchmark's scenario: an InferenceX sweep, or MLPerf Offline, Server or "
           "Interactive.")));
    m_isl = lengthBox(QStringLiteral("bindingIsl"), m_fields);
    m_osl = lengthBox(QStringLiteral("bindingOsl"), m_fields);
    m_isl->setToolTip(selectorTip(tr("Input length of the operating point, in tokens.")));
    m_osl->setToolTip(selectorTip(tr("Output length of the operating point, in tokens.")));
    m_interactivity = new QDoubleSpinBox(m_fields);
    m_interactivity->setObjectName(QStringLiteral("bindingInteractivity"));
    m_interactivity->setRange(0, 100'000);
    m_interactivity->setDecimals(1);
    m_interactivity->setSpecialValueText(tr("across the range both reach"));
    m_interactivity->setSuffix(tr(" tok/s/user"));
    m_interactivity->setToolTip(
        selectorTip(tr("Sweeps are compared at this many tokens/s per user; without it, at "
                       "five levels across the interactivity both frontiers reach.")));
    m_includeFlagged = new QCheckBox(tr("Include flagged AMD rows"), m_fields);
    m_includeFlagged->setObjectName(QStringLiteral("bindingIncludeFlagged"));
    m_includeFlagged->setToolTip(
        selectorTip(tr("Take in AMD InferenceX rows run on pre-2026 (or undated) private "
                       "images, which bindings leave out by default.")));
    form->addRow(tr("Model:"), m_model);
    form->addRow(tr("Precision:"), m_precision);
    form->addRow(tr("Scenario:"), m_scenario);
    form->addRow(tr("Input length:"), m_isl);
    form->addRow(tr("Output length:"), m_osl);
    form->addRow(tr("Interactivity:"), m_interactivity);
    form->addRow(QString(), m_includeFlagged);
    auto* buttons = new QHBoxLayout;
    m_bind = new QPushButton(tr("Bind"), m_fields);
    m_bind->setObjectName(QStringLiteral("bind"));
    m_bind->setToolTip(tr("Resolve these rows against the store now and keep the result in the "
                          "scenario (one undo step)"));
    m_unbind = new QPushButton(tr("Unbind"), m_fields);
    m_unbind->setObjectName(QStringLiteral("unbind"));
    m_unbind->setToolTip(tr("Go back to the performance table's ratios and the workload's own "
                            "reference throughput"));
    buttons->addWidget(m_bind);
    buttons->addWidget(m_unbind);
    buttons->addStretch(1);
    form->addRow(buttons);
    connect(m_bind, &QPushButton::clicked, this, [this] { bind(); });
    connect(m_unbind, &QPushButton::clicked, this, [this] { unbind(); });
    connect(m_model, &QLineEdit::returnPressed, this, [this] { bind(); });

    auto* result = new QWidget(this);
    auto* resultLayout = new QVBoxLayout(result);
    resultLayout->setContentsMargins(0, 0, 0, 0);
    m_status = new QLabel(result);
    m_status->setObjectName(QStringLiteral("bindingStatus"));
    m_status->setTextFormat(Qt::RichText); // names escaped; see qt_text.h
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_skus = new QTableWidget(0, SkuColumnCount, result);
    m_skus->setObjectName(QStringLiteral("bindingSkus"));
    m_skus->setHorizontalHeaderLabels(
        {tr("SKU"), tr("Ratio to H100 per GPU"), tr("Pairs"), tr("J/token"), tr("Rows")});
    m_skus->horizontalHeaderItem(Ratio)->setToolTip(
        tr("Median (min–max) over like-for-like pairs; replaces the performance table's ratio "
           "for this workload, with no transition penalty on top"));
    m_skus->horizontalHeaderItem(Rows)->setToolTip(
        tr("How many benchmark rows the SKU's figures rest on; hover a count for the rows"));
    m_skus->horizontalHeaderItem(Joules)->setToolTip(
        tr("Measured energy per total token: prices the energy of the GPUs serving it"));
    m_skus->verticalHeader()->hide();
    m_skus->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_skus->setSelectionMode(QAbstractItemView::NoSelection);
    m_skus->setAlternatingRowColors(true);
    m_skus->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_skus->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_skus->horizontalHeader()->setSectionResizeMode(Ratio, QHeaderView::Stretch);
    m_skus->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_skus->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_skus->verticalHeader()->setDefaultSectionSize(m_skus->fontMetrics().height() + 8);
    m_reference = new QLabel(result);
    m_reference->setObjectName(QStringLiteral("bindingReference"));
    m_reference->setTextFormat(Qt::RichText);
    m_reference->setWordWrap(true);
    m_notes = new QLabel(result);
    m_notes->setObjectName(QStringLiteral("bindingNotes"));
    m_notes->setTextFormat(Qt::RichText);
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    resultLayout->addWidget(m_status);
    resultLayout->addWidget(m_skus);
    resultLayout->addWidget(m_reference);
    resultLayout->addWidget(m_notes);
    resultLayout->addStretch(1);

    layout->addWidget(m_fields);
    layout->addWidget(result, 1);
    refresh();
}

void WorkloadBindingPanel::setDocument(ScenarioDocument* document) {
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    m_workload.clear();
    m_filledFor.clear();
    m_filledFrom.reset();
    if (m_document)
        connect(m_document, &ScenarioDocument::scenarioChanged, this,
                &WorkloadBindingPanel::refresh);
    refresh();
}

void WorkloadBindingPanel::setStore(data::Store* store) {
    m_store = store;
    refresh();
}

void WorkloadBindingPanel::setWorkload(const std::string& id) {
    m_workload = id;
    refresh();
}

const model::Workload* WorkloadBindingPanel::shownWorkload() const {
    if (!m_document || m_workload.empty())
        return nullptr;
    const auto& all = m_document->scenario().workloads;
    const auto it = all.find(m_workload);
    return it == all.end() ? nullptr : &it->second;
}

model::BenchmarkSelector WorkloadBindingPanel::selector() const {
    model::BenchmarkSelector s;
    s.model = m_model->text().trimmed().toStdString();
    s.precision = m_precision->currentText().trimmed().toStdString();
    s.scenario = m_scenario->currentText().trimmed().toStdString();
    if (m_isl->value() > 0)
        s.isl = m_isl->value();
    if (m_osl->value() > 0)
        s.osl = m_osl->value();
    if (m_interactivity->value() > 0)
        s.interactivity = m_interactivity->value();
    s.include_flagged = m_includeFlagged->isChecked();
    return s;
}

void WorkloadBindingPanel::setSelector(const model::BenchmarkSelector& s) {
    m_model->setText(qstr(s.model));
    m_precision->setCurrentText(qstr(s.precision));
    m_scenario->setCurrentText(qstr(s.scenario));
    m_isl->setValue(s.isl.value_or(0));
    m_osl->setValue(s.osl.value_or(0));
    m_interactivity->setValue(s.interactivity.value_or(0));
    m_includeFlagged->setChecked(s.include_flagged);
}

QString WorkloadBindingPanel::refuse(const QString& reason) {
    emit editRefused(reason);
    return reason;
}

QString WorkloadBindingPanel::bind() {
    if (!m_document)
        return refuse(tr("No scenario is open"));
    const model::Workload* w = shownWorkload();
    if (!w)
        return refuse(tr("Select the inference workload to bind"));
    const QString id = qstr(m_workload);
    if (w->kind != model::WorkloadKindOfDemand::Inference)
        return refuse(
            tr("“%1” is a training workload: bindings are for inference workloads").arg(id));
    if (!m_store)
        return refuse(tr("No store is open: there are no benchmark records to bind to"));
    const model::BenchmarkSelector s = selector();
    if (s.model.empty())
        return refuse(tr("Give part of the model name the benchmark rows must have"));
    std::vector<model::BenchmarkRecord> records;
    try {
        for (data::StoredBenchmark& b : m_store->benchmarks())
            records.push_back(std::move(b.record));
    } catch (const data::StoreError& e) {
        return refuse(tr("The benchmarks could not be read: %1").arg(QString::fromUtf8(e.what())));
    }
    model::WorkloadBinding binding =
        model::bindWorkload(s, records, m_document->scenario().pricebook,
                            QDate::currentDate().toString(Qt::ISODate).toStdString());
    const std::string key = m_workload;
    const QString error = m_document->edit(tr("Bind workload %1 to benchmarks").arg(id),
                                           [&key, &binding](model::Scenario& sc) {
                                               sc.workloads.at(key).benchmark = std::move(binding);
                                           });
    return error.isEmpty() ? error : refuse(error);
}

QString WorkloadBindingPanel::unbind() {
    if (!m_document)
        return refuse(tr("No scenario is open"));
    const model::Workload* w = shownWorkload();
    if (!w || !w->benchmark)
        return refuse(tr("“%1” is not bound to benchmarks").arg(qstr(m_workload)));
    const std::string key = m_workload;
    const QString error =
        m_document->edit(tr("Unbind workload %1 from benchmarks").arg(qstr(key)),
                         [&key](model::Scenario& sc) { sc.workloads.at(key).benchmark.reset(); });
    return error.isEmpty() ? error : refuse(error);
}

void WorkloadBindingPanel::refresh() {
    const model::Workload* w = shownWorkload();
    const bool inference = w && w->kind == model::WorkloadKindOfDemand::Inference;
    m_fields->setEnabled(inference);
    m_bind->setEnabled(inference && m_store);
    m_unbind->setEnabled(inference && w->benchmark.has_value());
    m_skus->setRowCount(0);
    m_skus->setVisible(false);
    m_reference->clear();
    m_notes->clear();
    setEnabled(m_document != nullptr);
    if (!m_document) {
        m_status->setText(tr("No scenario is open."));
        return;
    }
    if (!w) {
        m_status->setText(tr("Select an inference workload above to bind it to measured "
                             "benchmark results."));
        return;
    }
    if (!inference) {
        m_status->setText(tr("“%1” is a training workload. Bindings are for inference "
                             "workloads: benchmarks measure serving.")
                              .arg(qstr(m_workload).toHtmlEscaped()));
        return;
    }
    // Fill the fields from the binding when another workload is shown or its binding changed
    // (a bind, an undo); otherwise leave what the user is typing.
    const std::optional<model::BenchmarkSelector> bound =
        w->benchmark ? std::optional(w->benchmark->selector) : std::nullopt;
    if (m_filledFor != m_workload || (bound && bound != m_filledFrom)) {
        setSelector(bound.value_or(model::BenchmarkSelector{}));
        m_filledFor = m_workload;
        m_filledFrom = bound;
    }
    const QString noStore =
        m_store ? QString()
                : tr(" <i>No store is open: Bind needs the store's benchmark records.</i>");
    if (!w->benchmark) {
        m_status->setText(tr("<b>Not bound.</b> The performance table's ratios and the "
                             "workload's own reference throughput apply. Say which stored rows "
                             "stand for “%1” and Bind.")
                              .arg(qstr(w->name).toHtmlEscaped()) +
                          noStore);
        return;
    }
    showBinding(*w->benchmark);
    if (!noStore.isEmpty())
        m_status->setText(m_status->text() + noStore);
}

void WorkloadBindingPanel::showBinding(const model::WorkloadBinding& b) {
    bool anyRatio = false;
    bool anyEnergy = false;
    for (const auto& [id, bound] : b.skus) {
        anyRatio = anyRatio || bound.ratio.has_value();
        anyEnergy = anyEnergy || bound.joules_per_token.has_value();
    }
    QString status =
        tr("<b>Bound</b> on %1 to %2.")
            .arg(qstr(b.bound_on).toHtmlEscaped(), selectorText(b.selector).toHtmlEscaped());
    if (anyRatio) {
        status += tr(" The measured ratios replace the performance table's for this workload, "
                     "with no transition penalty on top.");
    } else {
        status += tr(" <b style=\"color:#b3261e\">No match: the default stays</b> — no rows "
                     "pair like-for-like with H100's, so the performance table's ratios apply");
        status += anyEnergy || b.reference_tokens_per_s_per_gpu
                      ? tr("; what was measured below still applies.")
                      : tr(", and the workload's own reference throughput.");
    }
    m_status->setText(status);

    m_skus->setVisible(!b.skus.empty());
    m_skus->setRowCount(int(b.skus.size()));
    // Tall enough for every SKU of a price book without a scroll bar; the notes follow.
    const int rowsShown = std::min(m_skus->rowCount(), 8);
    m_skus->setVerticalScrollBarPolicy(m_skus->rowCount() > rowsShown ? Qt::ScrollBarAsNeeded
                                                                      : Qt::ScrollBarAlwaysOff);
    m_skus->setFixedHeight(m_skus->horizontalHeader()->sizeHint().height() +
                           rowsShown * m_skus->verticalHeader()->defaultSectionSize() +
                           2 * m_skus->frameWidth() + 2);
    int row = 0;
    for (const auto& [id, bound] : b.skus) {
        const auto cell = [&](int column, const QString& text, const QString& tip = {}) {
            auto* item = new QTableWidgetItem(text);
            item->setToolTip(plainTip(tip)); // sources and rows name the imported files
            m_skus->setItem(row, column, item);
        };
        cell(SkuName, qstr(id));
        if (bound.ratio)
            cell(Ratio, rangeText(*bound.ratio, kRatioDigits), qstr(bound.ratio->source));
        else
            cell(Ratio,
                 id == model::kReferenceSku ? tr("the reference (1)") : tr("table's ratio stays"));
        cell(Pairs, bound.pairs > 0 ? QString::number(bound.pairs) : QStringLiteral("—"));
        if (bound.joules_per_token)
            cell(Joules, rangeText(*bound.joules_per_token), qstr(bound.joules_per_token->source));
        else
            cell(Joules, QStringLiteral("—"));
        QStringList rows;
        for (const std::string& r : bound.rows)
            rows << qstr(r);
        cell(Rows, QString::number(rows.size()), rows.join(QLatin1Char('\n')));
        ++row;
    }

    if (b.reference_tokens_per_s_per_gpu) {
        QStringList rows;
        for (const std::string& r : b.reference_rows)
            rows << qstr(r);
        m_reference->setText(
            tr("<b>Reference throughput:</b> %1 total tokens/s per H100 GPU from your own "
               "serving runs (replaces the workload's estimate).")
                .arg(rangeText(*b.reference_tokens_per_s_per_gpu)));
        m_reference->setToolTip(plainTip(rows.join(QLatin1Char('\n'))));
    }
    if (!b.notes.empty()) {
        QString notes = tr("<b>What stays default:</b><ul style=\"margin:0\">");
        for (const std::string& n : b.notes)
            notes += QStringLiteral("<li>%1</li>").arg(qstr(n).toHtmlEscaped());
        m_notes->setText(notes + QStringLiteral("</ul>"));
    }
}

QString WorkloadBindingPanel::text() const {
    QStringList parts{plain(m_status->text())};
    for (int row = 0; row < m_skus->rowCount(); ++row) {
        QStringList cells;
        for (int column = 0; column < m_skus->columnCount(); ++column)
            cells << m_skus->item(row, column)->text();
        parts << cells.join(QStringLiteral(" | "));
    }
    if (!m_reference->text().isEmpty())
        parts << plain(m_reference->text());
    if (!m_notes->text().isEmpty())
        parts << plain(m_notes->text());
    return parts.join(QLatin1Char('\n'));
}

} // namespace crossgrade::ui
