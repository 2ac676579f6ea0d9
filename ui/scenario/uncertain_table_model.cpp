#include "uncertain_table_model.h"

#include "input_text.h"
#include "month_text.h"
#include "sampling.h"
#include "scenario_document.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>
#include <QRegularExpression>
#include <cmath>

namespace crossgrade::ui {

namespace {

// Badge colours: light fills with dark text, so a badge reads the same in a dark theme.
const QColor kSecondaryBadge(0xf3, 0xd0, 0x7a); // C: amber
const QColor kSecondaryTint(0xfd, 0xf5, 0xe0);
const QColor kUncheckedBadge(0xf0, 0xa8, 0xa0); // ? and untagged: rose
const QColor kUncheckedTint(0xfc, 0xec, 0xea);
const QColor kBadgeText(0x20, 0x20, 0x20);

bool isBadged(const model::ScenarioInput& input, const model::UncertainNumber& n) {
    if (input.domain.isFixed())
        return false; // exact by definition (H100 relative to itself)
    return !n.confidence || *n.confidence == model::Confidence::C ||
           *n.confidence == model::Confidence::Unknown;
}

QString distributionName(model::Distribution d) {
    switch (d) {
    case model::Distribution::Pert:
        return QStringLiteral("PERT");
    case model::Distribution::Triangular:
        return QStringLiteral("triangular");
    case model::Distribution::Uniform:
        return QStringLiteral("uniform");
    }
    return {};
}

const QString kNoTag = QStringLiteral("(none)");

QString tagText(std::optional<model::Confidence> tag) {
    return tag ? QString::fromUtf8(model::toString(*tag).data()) : QString();
}

double part(const model::Range& r, int column) {
    switch (column) {
    case UncertainTableModel::LowColumn:
        return r.low;
    case UncertainTableModel::MostLikelyColumn:
        return r.most_likely;
    default:
        return r.high;
    }
}

} // namespace

UncertainTableModel::UncertainTableModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void UncertainTableModel::setDocument(ScenarioDocument* document) {
    if (m_document == document)
        return;
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document) {
        connect(m_document, &ScenarioDocument::scenarioChanged, this, &UncertainTableModel::reload);
        connect(m_document, &QObject::destroyed, this, &UncertainTableModel::reload);
    }
    reload();
}

void UncertainTableModel::setGroup(std::optional<model::InputGroup> group) {
    if (m_group == group)
        return;
    m_group = group;
    reload();
}

void UncertainTableModel::setFilterText(const QString& text) {
    if (m_filter == text)
        return;
    m_filter = text;
    reload();
}

QString UncertainTableModel::pointerAt(int row) const {
    if (row < 0 || row >= rowCount())
        return {};
    return QString::fromStdString(m_rows[std::size_t(row)].input.pointer);
}

int UncertainTableModel::rowOf(const QString& pointer) const {
    const std::string p = pointer.toStdString();
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].input.pointer == p)
            return int(i);
    return -1;
}

bool UncertainTableModel::matchesFilter(const model::ScenarioInput& input,
                                        const model::UncertainNumber& number) const {
    const QString trimmed = m_filter.trimmed();
    if (trimmed.isEmpty())
        return true;
    const QString haystack = QString::fromStdString(input.label + ' ' + input.pointer + ' ' +
                                                    std::string(model::toString(input.group)) +
                                                    ' ' + number.source + ' ' + input.owner) +
                             ' ' + tagText(number.confidence);
    const QStringList words = trimmed.split(QRegularExpression(QStringLiteral("\\s+")));
    for (const QString& word : words)
        if (!haystack.contains(word, Qt::CaseInsensitive))
            return false;
    return true;
}

std::vector<UncertainTableModel::Row> UncertainTableModel::currentRows() const {
    std::vector<Row> rows;
    if (!m_document)
        return rows;
    const model::Scenario& scenario = m_document->scenario();
    for (model::ScenarioInput& input :
         m_group ? model::scenarioInputs(scenario, *m_group) : model::scenarioInputs(scenario)) {
        const model::UncertainNumber* number = model::findInput(scenario, input.pointer);
        if (number == nullptr || !matchesFilter(input, *number))
            continue;
        rows.push_back({std::move(input), *number});
    }
    return rows;
}

// Keeps the rows (and the view's selection and scroll position) when only values changed,
// which is what nearly every edit and undo does.
void UncertainTableModel::reload() {
    std::vector<Row> rows = currentRows();
    const bool samePointers =
        rows.size() == m_rows.size() &&
        std::equal(rows.begin(), rows.end(), m_rows.begin(),
                   [](const Row& a, const Row& b) { return a.input.pointer == b.input.pointer; });
    if (!samePointers) {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
        return;
    }
    m_rows = std::move(rows);
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int UncertainTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int UncertainTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant UncertainTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case InputColumn:
            return tr("Input");
        case LowColumn:
            return tr("Low");
        case MostLikelyColumn:
            return tr("Most likely");
        case HighColumn:
            return tr("High");
        case DistributionColumn:
            return tr("Distribution");
        case SourceColumn:
            return tr("Source");
        case DateColumn:
            return tr("Date");
        case TagColumn:
            return tr("Tag");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case LowColumn:
            return tr("Low: the lowest value the Monte Carlo can draw — the distribution's lower "
                      "bound, not its P10. Fractions are typed in percent.");
        case HighColumn:
            return tr("High: the highest value the Monte Carlo can draw — the distribution's "
                      "upper bound, not its P90. Fractions are typed in percent.");
        case MostLikelyColumn:
            return tr("Most likely: the mode, the single most plausible value — not the mean or "
                      "the median. The deterministic run uses it.");
        case DistributionColumn:
            return tr("How the range is spread: PERT (weighted to the most likely value), "
                      "triangular or uniform.");
        case TagColumn:
            return tr("A datasheet or official; B analyst or trade press; C secondary "
                      "write-up; ? no source — must be checked. C and ? are badged.");
        }
    }
    if (role == Qt::TextAlignmentRole && section >= LowColumn && section <= HighColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

// What the Monte Carlo makes of the range: its implied P10 / P50 / P90 and mean, so that
// low/high are not mistaken for P10/P90 (decision-practice.md §2).
QString UncertainTableModel::impliedText(const model::UncertainNumber& n, model::InputUnit unit) {
    const model::ImpliedSpread spread = model::impliedSpread(n);
    return tr("Drawn as %1 between low and high: P10 %2, P50 %3, P90 %4, mean %5. Low and high "
              "are bounds, never drawn past.")
        .arg(distributionName(n.distribution), displayText(spread.p10, unit),
             displayText(spread.p50, unit), displayText(spread.p90, unit),
             displayText(spread.mean, unit));
}

Qt::ItemFlags UncertainTableModel::flags(const QModelIndex& index) const {
    if (!index.isValid() || index.row() >= rowCount())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == InputColumn)
        return f;
    const bool fixed = m_rows[std::size_t(index.row())].input.domain.isFixed();
    const bool isValue = index.column() >= LowColumn && index.column() <= DistributionColumn;
    if (!(fixed && isValue))
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant UncertainTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Row& row = m_rows[std::size_t(index.row())];
    const model::ScenarioInput& input = row.input;
    const model::UncertainNumber& n = row.number;
    const int column = index.column();
    const bool badged = isBadged(input, n);
    const bool isValue = column >= LowColumn && column <= HighColumn;

    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case InputColumn:
            return QString::fromStdString(input.label);
        case LowColumn:
        case MostLikelyColumn:
        case HighColumn: {
            const double value = part(n.range, column);
            // A month of the plan reads as its calendar month ("Jan 2033"); it is still typed
            // in months after the start (the edit text), as the file holds it.
            if (input.unit == model::InputUnit::MonthFromStart && m_document &&
                m_document->scenario().start_month)
                return reports::monthText(m_document->scenario().start_month,
                                          int(std::lround(value)));
            return displayText(value, input.unit);
        }
        case DistributionColumn:
            return n.isCertain() ? tr("certain") : distributionName(n.distribution);
        case SourceColumn:
            return QString::fromStdString(n.source).simplified();
        case DateColumn:
            return QString::fromStdString(n.date);
        case TagColumn:
            return n.confidence ? tagText(n.confidence) : QStringLiteral("—");
        }
        break;
    case Qt::EditRole:
        switch (column) {
        case InputColumn:
            return QString::fromStdString(input.label);
        case LowColumn:
        case MostLikelyColumn:
        case HighColumn:
            return editText(part(n.range, column), input.unit);
        case DistributionColumn:
            return distributionName(n.distribution);
        case SourceColumn:
            return QString::fromStdString(n.source);
        case DateColumn:
            return QString::fromStdString(n.date);
        case TagColumn:
            return n.confidence ? tagText(n.confidence) : kNoTag;
        }
        break;
    case Qt::ToolTipRole: {
        // Every cell says where the number comes from (the last paragraph); the cell's own
        // explanation comes first. Rich text, so that a long source wraps.
        const QString provenance =
            m_document ? provenanceText(input, n, m_document->scenario()) : QString();
        const auto withProvenance = [&provenance](const QString& first) {
            return QStringLiteral("<p>%1</p>").arg(first) + provenance;
        };
        switch (column) {
        case InputColumn: {
            QString allowed = QString::fromStdString(input.domain.describe());
            if (model::isFraction(input.unit))
                allowed += tr(" (a fraction: 0.25 is 25 %)");
            return QStringLiteral("<p><b>%1</b></p><p>%2</p><p>%3 %4<br>%5 %6<br><code>%7</code>"
                                  "</p>")
                       .arg(QString::fromStdString(input.label).toHtmlEscaped(),
                            QString::fromStdString(input.meaning).toHtmlEscaped(), tr("Unit:"),
                            unitText(input.unit).toHtmlEscaped(), tr("Allowed:"),
                            allowed.toHtmlEscaped(),
                            QString::fromStdString(input.pointer).toHtmlEscaped()) +
                   provenance;
        }
        case SourceColumn:
            return provenance;
        case DistributionColumn:
            return withProvenance(n.isCertain()
                                      ? tr("A certain number: low = most likely = high, nothing to "
                                           "spread. Edit Low or High to make it a range.")
                                      : impliedText(n, input.unit).toHtmlEscaped());
        case TagColumn:
            return withProvenance(tagMeaning(n.confidence).toHtmlEscaped());
        case DateColumn:
            return withProvenance(tr("When the source was published or the figure last "
                                     "checked."));
        default:
            if (isValue && input.domain.isFixed())
                return withProvenance(
                    tr("Fixed: H100 is the reference every ratio is relative to."));
            if (isValue && !n.isCertain())
                return withProvenance(
                    (badged ? tagMeaning(n.confidence) + QLatin1Char(' ') : QString())
                        .toHtmlEscaped() +
                    impliedText(n, input.unit).toHtmlEscaped());
            if (isValue)
                return withProvenance(
                    (badged ? tagMeaning(n.confidence) + QLatin1Char(' ') : QString())
                        .toHtmlEscaped() +
                    tr("A certain number in %1.").arg(unitText(input.unit).toHtmlEscaped()));
            return {};
        }
    }
    case Qt::BackgroundRole:
        if (!badged)
            return {};
        if (n.confidence == model::Confidence::C)
            return QBrush(column == TagColumn ? kSecondaryBadge : kSecondaryTint);
        return QBrush(column == TagColumn ? kUncheckedBadge : kUncheckedTint);
    case Qt::ForegroundRole:
        if (badged)
            return QBrush(kBadgeText);
        return {};
    case Qt::FontRole:
        if (column == TagColumn && badged) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        if (column == DistributionColumn && n.isCertain()) {
            QFont italic;
            italic.setItalic(true);
            return italic;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (isValue)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        if (column == TagColumn || column == DistributionColumn || column == DateColumn)
            return QVariant::fromValue(Qt::AlignCenter);
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    case PointerRole:
        return QString::fromStdString(input.pointer);
    case ChoicesRole:
        if (column == DistributionColumn)
            return QStringList{distributionName(model::Distribution::Pert),
                               distributionName(model::Distribution::Triangular),
                               distributionName(model::Distribution::Uniform)};
        if (column == TagColumn)
            return QStringList{QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C"),
                               QStringLiteral("?"), kNoTag};
        return {};
    case BadgedRole:
        return badged;
    case GroupRole:
        return QString::fromUtf8(model::toString(input.group).data());
    }
    return {};
}

bool UncertainTableModel::refuse(const QString& reason) {
    emit editRefused(reason);
    return false;
}

bool UncertainTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || index.row() >= rowCount() || role != Qt::EditRole || !m_document)
        return false;
    if (!(flags(index) & Qt::ItemIsEditable))
        return false;
    const Row& row = m_rows[std::size_t(index.row())];
    const model::ScenarioInput input = row.input; // the row is replaced when the edit lands
    model::UncertainNumber n = row.number;
    const int column = index.column();
    const QString text = value.toString().trimmed();

    switch (column) {
    case LowColumn:
    case MostLikelyColumn:
    case HighColumn: {
        std::optional<double> v;
        const int type = value.typeId();
        if (type == QMetaType::Double || type == QMetaType::Float || type == QMetaType::Int ||
            type == QMetaType::LongLong || type == QMetaType::UInt ||
            type == QMetaType::ULongLong) {
            v = value.toDouble();
        } else {
            if (text == editText(part(n.range, column), input.unit))
                return true; // the editor was opened and closed: nothing typed
            v = parseValue(text, input.unit);
            if (!v)
                return refuse(tr("“%1” is not a number").arg(text));
        }
        if (column == LowColumn)
            n.range.low = *v;
        else if (column == HighColumn)
            n.range.high = *v;
        else if (n.isCertain())
            n.range = {*v, *v, *v};
        else
            n.range.most_likely = *v;
        break;
    }
    case DistributionColumn: {
        const auto d = model::parseDistribution(text.toLower().toStdString());
        if (!d)
            return refuse(
                tr("“%1” is not a distribution: expected PERT, triangular or uniform").arg(text));
        n.distribution = *d;
        break;
    }
    case SourceColumn:
        n.source = text.toStdString();
        break;
    case DateColumn:
        n.date = text.toStdString();
        break;
    case TagColumn:
        if (text.isEmpty() || text == kNoTag || text == QStringLiteral("—")) {
            n.confidence.reset();
        } else if (auto tag = model::parseConfidence(text.left(1).toUpper().toStdString())) {
            n.confidence = *tag;
        } else {
            return refuse(tr("“%1” is not a tag: expected A, B, C or ?").arg(text));
        }
        break;
    default:
        return false;
    }
    if (n == row.number)
        return true;
    if (const auto problem = model::checkInput(input, n))
        return refuse(QString::fromStdString(input.label) + QStringLiteral(": ") +
                      QString::fromStdString(*problem));
    const std::string pointer = input.pointer;
    const QString error =
        m_document->edit(tr("Edit %1 (%2)")
                             .arg(QString::fromStdString(input.label),
                                  headerData(column, Qt::Horizontal).toString().toLower()),
                         [pointer, n](model::Scenario& s) {
                             if (model::UncertainNumber* target = model::findInput(s, pointer))
                                 *target = n;
                         });
    if (!error.isEmpty())
        return refuse(error);
    return true;
}

QString UncertainTableModel::displayText(double value, model::InputUnit unit) {
    return reports::inputValueText(value, unit);
}

QString UncertainTableModel::editText(double value, model::InputUnit unit) {
    if (model::isFraction(unit))
        return QString::number(value * 100, 'g', 12) + QStringLiteral(" %");
    return QString::number(value, 'g', 15);
}

std::optional<double> UncertainTableModel::parseValue(const QString& text, model::InputUnit unit) {
    QString t = text.trimmed();
    t.replace(QChar(0x2212), QLatin1Char('-')); // the minus sign displayText writes
    t.remove(QLatin1Char('$'));
    t.remove(QLatin1Char(','));
    t.remove(QChar::Nbsp);
    t.remove(QLatin1Char(' '));
    static const QRegularExpression number(
        QStringLiteral("^([+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?)(.*)$"));
    const QRegularExpressionMatch m = number.match(t);
    if (!m.hasMatch())
        return std::nullopt;
    bool ok = false;
    const double v = QLocale::c().toDouble(m.captured(1), &ok);
    if (!ok)
        return std::nullopt;
    QString rest = m.captured(2);
    const bool percent = rest.startsWith(QLatin1Char('%'));
    if (percent)
        rest.remove(0, 1);
    // What displayText appends may follow the number ("36 mo", "$2.10/GPU-h", "1.3×").
    QString symbol = QString::fromUtf8(model::unitSymbol(unit).data());
    symbol.remove(QLatin1Char(' '));
    if (!rest.isEmpty() && rest.compare(symbol, Qt::CaseInsensitive) != 0 &&
        !(unit == model::InputUnit::RatioToH100 &&
          rest.compare(QStringLiteral("x"), Qt::CaseInsensitive) == 0))
        return std::nullopt;
    // A fraction is shown and typed in percent; a percentage of anything else means nothing.
    if (model::isFraction(unit))
        return v / 100;
    if (percent)
        return std::nullopt;
    return v;
}

QString UncertainTableModel::unitText(model::InputUnit unit) {
    using model::InputUnit;
    switch (unit) {
    case InputUnit::Fraction:
        return tr("a fraction, typed in per cent (25 % is 0.25)");
    case InputUnit::FractionPerYear:
        return tr("a fraction per year, typed in per cent");
    case InputUnit::FractionPerMonth:
        return tr("a fraction per month, typed in per cent; negative for shrinking demand");
    case InputUnit::Usd:
        return tr("US dollars per GPU");
    case InputUnit::UsdPerMonth:
        return tr("US dollars per month");
    case InputUnit::UsdPerGpuHour:
        return tr("US dollars per GPU-hour");
    case InputUnit::UsdPerKwh:
        return tr("US dollars per kilowatt-hour");
    case InputUnit::UsdPerKwMonth:
        return tr("US dollars per provisioned kilowatt per month");
    case InputUnit::Months:
        return tr("months (a duration)");
    case InputUnit::MonthFromStart:
        return tr("months after the scenario's start");
    case InputUnit::RatioToH100:
        return tr("throughput relative to H100 (1.2× is 20 % faster)");
    case InputUnit::TokensPerSecond:
        return tr("tokens per second, input plus output");
    case InputUnit::Gigabytes:
        return tr("gigabytes");
    case InputUnit::Kilowatts:
        return tr("kilowatts");
    case InputUnit::H100Equivalents:
        return tr("H100-equivalent GPUs");
    case InputUnit::Factor:
        return tr("a factor (1.3 means 30 % on top)");
    case InputUnit::JoulesPerToken:
        return tr("joules per token, input plus output");
    case InputUnit::GpusPerMonth:
        return tr("GPUs a month");
    case InputUnit::TerabytesPerSecond:
        return tr("terabytes per second");
    case InputUnit::Teraflops:
        return tr("dense teraflops");
    case InputUnit::MegabytesPerToken:
        return tr("megabytes per token of context");
    case InputUnit::Petabytes:
        return tr("petabytes of parallel storage");
    case InputUnit::UsdPerPbMonth:
        return tr("US dollars per petabyte per month");
    case InputUnit::Megawatts:
        return tr("megawatts of provisioned power");
    case InputUnit::GpusPerPerson:
        return tr("GPUs one person operates");
    }
    return {};
}

QString UncertainTableModel::provenanceText(const model::ScenarioInput& input,
                                            const model::UncertainNumber& n,
                                            const model::Scenario& scenario) {
    const bool fromPriceBook = input.pointer.rfind("/pricebook/", 0) == 0;
    const QString origin =
        fromPriceBook ? tr("the price book “%1” %2, copied into this scenario when it was created "
                           "(Prices and Performance in docs/pricebook.md)")
                            .arg(QString::fromStdString(scenario.pricebook.name),
                                 QString::fromStdString(scenario.pricebook.version))
                      : tr("this scenario's own value, as its template, file or your edit set it");
    QString source;
    if (n.source.empty()) {
        source = tr("none given — treat the number as an assumption to check");
    } else {
        source = QString::fromStdString(n.source).toHtmlEscaped();
        QStringList extra;
        if (!n.date.empty())
            extra << QString::fromStdString(n.date).toHtmlEscaped();
        extra << (n.confidence ? tr("tag %1").arg(tagText(n.confidence)) : tr("untagged"));
        source += QStringLiteral(" (") + extra.join(QStringLiteral(", ")) + QLatin1Char(')');
    }
    return QStringLiteral("<p><b>%1</b> %2.<br><b>%3</b> %4</p>")
        .arg(tr("Default from:"), origin.toHtmlEscaped(), tr("Source:"), source);
}

QString UncertainTableModel::tagMeaning(std::optional<model::Confidence> tag) {
    if (!tag)
        return tr("No tag: nobody has said where this number comes from. Treat it as ? and "
                  "check it.");
    switch (*tag) {
    case model::Confidence::A:
        return tr("A — from a datasheet or official results.");
    case model::Confidence::B:
        return tr("B — from a reputable analyst or the trade press.");
    case model::Confidence::C:
        return tr("C — from a secondary write-up: check it against a primary source.");
    case model::Confidence::Unknown:
        return tr("? — no source: an assumption that must be checked.");
    }
    return {};
}

} // namespace crossgrade::ui
