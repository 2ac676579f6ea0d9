#include "benchmark_compare_dialog.h"

#include "benchmark_text.h"
#include "qt_text.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>

namespace crossgrade::ui {

namespace {

QStringList lines(const std::vector<std::string>& items) {
    QStringList out;
    for (const std::string& s : items)
        out << qstr(s);
    return out;
}

} // namespace

BenchmarkCompareDialog::BenchmarkCompareDialog(std::vector<model::BenchmarkRecord> records,
                                               const model::PriceBook& book, QWidget* parent)
    : QDialog(parent)
    , m_records(std::move(records)) {
    setWindowTitle(tr("Compare hardware"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(
        tr("Throughput per GPU of an AMD SKU relative to an NVIDIA SKU, from the stored "
           "benchmarks. Only like is compared with like: the same model, precision, scenario, "
           "sequence lengths and unit; sweeps at equal interactivity on each SKU's frontier."));
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto* choices = new QHBoxLayout;
    m_nvidia = new QComboBox;
    m_nvidia->setObjectName(QStringLiteral("nvidiaSku"));
    m_amd = new QComboBox;
    m_amd->setObjectName(QStringLiteral("amdSku"));
    for (const auto& [id, sku] : book.skus)
        (sku.vendor == model::Vendor::Nvidia ? m_nvidia : m_amd)->addItem(qstr(id));
    m_nvidia->setCurrentIndex(std::max(0, m_nvidia->findText(QStringLiteral("H100"))));
    m_amd->setCurrentIndex(std::max(0, m_amd->findText(QStringLiteral("MI300X"))));
    m_model = new QLineEdit;
    m_model->setObjectName(QStringLiteral("model"));
    m_model->setPlaceholderText(tr("every model"));
    m_model->setClearButtonEnabled(true);
    m_includeFlagged = new QCheckBox(tr("Include flagged AMD rows"));
    m_includeFlagged->setObjectName(QStringLiteral("includeFlagged"));
    m_includeFlagged->setToolTip(tr("Take in AMD InferenceX rows run on pre-2026 (or undated) "
                                    "private images, which comparisons leave out by default"));
    choices->addWidget(new QLabel(tr("AMD:")));
    choices->addWidget(m_amd);
    choices->addWidget(new QLabel(tr("relative to NVIDIA:")));
    choices->addWidget(m_nvidia);
    choices->addSpacing(12);
    choices->addWidget(new QLabel(tr("Model contains:")));
    choices->addWidget(m_model, 1);
    choices->addWidget(m_includeFlagged);
    layout->addLayout(choices);

    m_headline = new QLabel;
    m_headline->setTextFormat(Qt::RichText); // SKU ids escaped
    m_headline->setObjectName(QStringLiteral("headline"));
    m_headline->setWordWrap(true);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_headline);

    m_tabs = new QTabWidget;
    m_pairs = new QTreeWidget;
    m_pairs->setObjectName(QStringLiteral("pairs"));
    m_pairs->setRootIsDecorated(true);
    m_pairs->setAlternatingRowColors(true);
    m_pairs->setUniformRowHeights(true);
    m_pairs->header()->setStretchLastSection(false);
    m_unpaired = new QPlainTextEdit;
    m_unpaired->setObjectName(QStringLiteral("unpaired"));
    m_unpaired->setReadOnly(true);
    m_excluded = new QPlainTextEdit;
    m_excluded->setObjectName(QStringLiteral("excluded"));
    m_excluded->setReadOnly(true);
    m_tabs->addTab(m_pairs, QString());
    m_tabs->addTab(m_unpaired, QString());
    m_tabs->addTab(m_excluded, QString());
    layout->addWidget(m_tabs, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    connect(m_nvidia, &QComboBox::currentIndexChanged, this, &BenchmarkCompareDialog::compare);
    connect(m_amd, &QComboBox::currentIndexChanged, this, &BenchmarkCompareDialog::compare);
    connect(m_model, &QLineEdit::editingFinished, this, &BenchmarkCompareDialog::compare);
    connect(m_includeFlagged, &QCheckBox::toggled, this, &BenchmarkCompareDialog::compare);
    compare();
    resize(980, 620);
}

void BenchmarkCompareDialog::setSkus(const QString& nvidia, const QString& amd) {
    m_nvidia->setCurrentIndex(std::max(0, m_nvidia->findText(nvidia, Qt::MatchFixedString)));
    m_amd->setCurrentIndex(std::max(0, m_amd->findText(amd, Qt::MatchFixedString)));
    compare();
}

void BenchmarkCompareDialog::setModelText(const QString& text) {
    m_model->setText(text);
    compare();
}

void BenchmarkCompareDialog::setIncludeFlagged(bool include) {
    m_includeFlagged->setChecked(include); // compares through toggled when it changes
}

void BenchmarkCompareDialog::compare() {
    model::CompareOptions options;
    options.model = m_model->text().trimmed().toStdString();
    options.include_flagged = m_includeFlagged->isChecked();
    m_comparison = model::compareSkus(m_records, m_nvidia->currentText().toStdString(),
                                      m_amd->currentText().toStdString(), options);
    showComparison();
}

QString BenchmarkCompareDialog::headline() const {
    return m_headline->text();
}

void BenchmarkCompareDialog::showComparison() {
    const model::SkuComparison& c = m_comparison;
    const QString other = qstr(c.other_sku);
    const QString reference = qstr(c.reference_sku);
    if (c.ratio) {
        const model::Range& r = c.ratio->range;
        m_headline->setText(
            tr("<b>%1 per GPU relative to %2: %3</b> (median; min %4, max %5) over %n pair(s), "
               "confidence %6. Above 1, %1 serves more tokens per GPU.",
               "", int(c.pairs.size()))
                .arg(other.toHtmlEscaped(), reference.toHtmlEscaped(),
                     measuredText(r.most_likely, kRatioDigits), measuredText(r.low, kRatioDigits),
                     measuredText(r.high, kRatioDigits),
                     c.ratio->confidence ? qstr(model::toString(*c.ratio->confidence))
                                         : QStringLiteral("?")));
    } else {
        m_headline->setText(tr("<b>No pairs</b>: the benchmarks hold no like-for-like rows of "
                               "%1 and %2, so the performance table's default ratio stays.")
                                .arg(other.toHtmlEscaped(), reference.toHtmlEscaped()));
    }

    m_pairs->clear();
    m_pairs->setHeaderLabels({tr("Compared"), tr("At tok/s/user"), tr("Basis"),
                              tr("%1/GPU").arg(other), tr("%1/GPU").arg(reference), tr("Ratio")});
    m_pairs->headerItem()->setToolTip(3, plainTip(tr("Tokens/s per GPU on %1").arg(other)));
    m_pairs->headerItem()->setToolTip(4, plainTip(tr("Tokens/s per GPU on %1").arg(reference)));
    const QFontMetrics metrics = m_pairs->fontMetrics();
    int groupWidth = metrics.horizontalAdvance(tr("Compared"));
    for (const model::RatioPair& p : c.pairs) {
        auto* item = new QTreeWidgetItem(m_pairs);
        item->setText(0, qstr(p.group.label()));
        item->setText(1, p.interactivity ? measuredText(*p.interactivity) : QStringLiteral("—"));
        item->setText(2, qstr(p.basis));
        item->setToolTip(2, plainTip(qstr(p.basis)));
        item->setText(3, measuredText(p.other_per_gpu));
        item->setText(4, measuredText(p.reference_per_gpu));
        item->setText(5, measuredText(p.ratio, kRatioDigits));
        for (int column : {1, 3, 4, 5})
            item->setTextAlignment(column, Qt::AlignRight | Qt::AlignVCenter);
        groupWidth = std::max(groupWidth, metrics.horizontalAdvance(item->text(0)));
        const auto addRows = [item](const QString& sku, const std::vector<std::string>& rows) {
            for (const std::string& row : rows) {
                auto* child = new QTreeWidgetItem(item);
                child->setText(0, QStringLiteral("%1: %2").arg(sku, qstr(row)));
                child->setFirstColumnSpanned(true);
            }
        };
        addRows(other, p.other_rows);
        addRows(reference, p.reference_rows);
    }
    // The rows behind each pair are shown: a ratio is read with what it rests on.
    m_pairs->expandAll();
    m_pairs->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_pairs->header()->setSectionResizeMode(0, QHeaderView::Interactive);
    m_pairs->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_pairs->setColumnWidth(0, groupWidth + 32);

    m_unpaired->setPlainText(c.unpaired.empty() ? tr("Every group with rows of both SKUs paired.")
                                                : lines(c.unpaired).join(QLatin1Char('\n')));
    m_excluded->setPlainText(
        c.excluded.empty() ? tr("No row was left out.")
                           : tr("Left out (tick “Include flagged AMD rows” to take them in):\n") +
                                 lines(c.excluded).join(QLatin1Char('\n')));
    m_tabs->setTabText(0, tr("Pairs (%1)").arg(c.pairs.size()));
    m_tabs->setTabText(1, tr("Not paired (%1)").arg(c.unpaired.size()));
    m_tabs->setTabText(2, tr("Left out (%1)").arg(c.excluded.size()));
}

} // namespace crossgrade::ui
