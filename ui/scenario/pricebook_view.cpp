#include "pricebook_view.h"

#include "qt_text.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace crossgrade::ui {

namespace {

QString n(double v, int decimals) {
    return QString::number(v, 'f', decimals);
}

QString range(const model::UncertainNumber& u, int decimals, const QString& prefix = {}) {
    if (u.isCertain())
        return prefix + n(u.mostLikely(), decimals);
    return prefix + n(u.range.low, decimals) + QStringLiteral(" – ") + prefix +
           n(u.range.most_likely, decimals) + QStringLiteral(" – ") + prefix +
           n(u.range.high, decimals);
}

QString provenance(const model::UncertainNumber& u) {
    QString tag = u.confidence ? QString::fromUtf8(model::toString(*u.confidence).data())
                               : QStringLiteral("?");
    return QObject::tr("%1 (%2, tag %3)")
        .arg(QString::fromStdString(u.source), QString::fromStdString(u.date), tag);
}

} // namespace

PriceBookTableModel::PriceBookTableModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void PriceBookTableModel::setPriceBook(const model::PriceBook& book) {
    beginResetModel();
    m_skus.assign(book.skus.begin(), book.skus.end());
    endResetModel();
}

int PriceBookTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_skus.size());
}

int PriceBookTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PriceBookTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const auto& [id, sku] = m_skus[std::size_t(index.row())];
    const model::UncertainNumber* figure = nullptr;
    switch (index.column()) {
    case HbmColumn:
        figure = &sku.hbm_gb;
        break;
    case PowerColumn:
        figure = &sku.board_power_kw;
        break;
    case PurchaseColumn:
        figure = &sku.purchase_usd;
        break;
    case ReservedColumn:
        figure = &sku.reserved_usd_per_hour;
        break;
    case OnDemandColumn:
        figure = &sku.on_demand_usd_per_hour;
        break;
    default:
        break;
    }
    if (role == Qt::ToolTipRole)
        return plainTip(figure ? provenance(*figure) : QString::fromStdString(sku.name));
    if (role == Qt::TextAlignmentRole && figure)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case SkuColumn:
        return QString::fromStdString(id);
    case VendorColumn:
        return sku.vendor == model::Vendor::Amd ? tr("AMD") : tr("NVIDIA");
    case HbmColumn:
        return range(sku.hbm_gb, 0);
    case PowerColumn:
        return range(sku.board_power_kw, 2);
    case PurchaseColumn:
        return range(sku.purchase_usd, 0, QStringLiteral("$"));
    case ReservedColumn:
        return range(sku.reserved_usd_per_hour, 2, QStringLiteral("$"));
    case OnDemandColumn:
        return range(sku.on_demand_usd_per_hour, 2, QStringLiteral("$"));
    case AvailableColumn:
        return sku.available_month <= 0 ? tr("now") : tr("month %1").arg(sku.available_month);
    default:
        return {};
    }
}

QVariant PriceBookTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    static const QStringList headers{tr("SKU"),
                                     tr("Vendor"),
                                     tr("HBM (GB)"),
                                     tr("Board power (kW)"),
                                     tr("Purchase / GPU"),
                                     tr("Reserved $/GPU-h"),
                                     tr("On-demand $/GPU-h"),
                                     tr("Available")};
    return headers.value(section);
}

PriceBookView::PriceBookView(QWidget* parent)
    : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    m_title = new QLabel;
    m_title->setTextFormat(Qt::RichText); // the book's name and version escaped
    m_title->setWordWrap(true);
    m_model = new PriceBookTableModel(this);
    m_table = new QTableView;
    m_table->setModel(m_model);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto* hint =
        new QLabel(tr("Ranges are low – most likely – high; hover a figure for its source, "
                      "date and confidence tag. A scenario keeps its own copy of the book: "
                      "edit prices in its Inputs view."));
    hint->setWordWrap(true);
    layout->addWidget(m_title);
    layout->addWidget(m_table, 1);
    layout->addWidget(hint);
}

void PriceBookView::setPriceBook(const model::PriceBook& book) {
    m_title->setText(tr("<h2>%1</h2>Version %2 · %n SKU(s)", "", int(book.skus.size()))
                         .arg(QString::fromStdString(book.name).toHtmlEscaped(),
                              QString::fromStdString(book.version).toHtmlEscaped()));
    m_model->setPriceBook(book);
}

} // namespace crossgrade::ui
