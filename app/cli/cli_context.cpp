#include "cli_context.h"

#include "file_problems.h"
#include "json_checks.h"
#include "path_bytes.h"
#include "printable_text.h"
#include "samples.h"

#include <QDir>
#include <QFileInfo>
#include <algorithm>
#include <filesystem>

namespace crossgrade::app {

std::string storeName(const data::Store& store) {
    return data::printable(str(QDir::toNativeSeparators(store.path())));
}

data::Store& Context::openStore() {
    if (!store) {
        const QString path =
            parser.isSet(QStringLiteral("db")) ? parser.value("db") : data::Store::defaultPath();
        if (path.trimmed().isEmpty())
            throw InvalidInput("--db: expected the path of a store file (e.g. crossgrade.sqlite), "
                               "got an empty value");
        data::StoreOptions options;
        if (parser.isSet(QStringLiteral("busy-timeout"))) {
            bool ok = false;
            options.busy_timeout_ms = parser.value("busy-timeout").toInt(&ok);
            if (!ok || options.busy_timeout_ms < 0)
                throw InvalidInput("--busy-timeout: expected milliseconds (a whole number ≥ "
                                   "0), got '" +
                                   parser.value("busy-timeout").toStdString() + "'");
        }
        // Only the default store is seeded: a store named with --db starts as asked.
        store = parser.isSet(QStringLiteral("db")) ? data::Store::open(path, options)
                                                   : data::openStoreSeededIfNew(path, options);
    }
    return *store;
}

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

std::string str(const QString& s) {
    if (!data::hasRawBytes(s))
        return s.toStdString();
    // An argument's bytes that are not UTF-8 (kept for paths, path_bytes.h) are, in text such
    // as a name, what Qt made of them before: U+FFFD, not the '?' toStdString() would write.
    const std::string bytes = data::pathBytes(s);
    return QString::fromUtf8(bytes.data(), qsizetype(bytes.size())).toStdString();
}

std::string pathArgument(const QString& arg) {
    return data::pathBytes(arg);
}

std::string shownPath(const QString& arg) {
    return data::printablePath(data::pathBytes(arg));
}

bool pathExists(const QString& arg) {
    if (!data::hasRawBytes(arg))
        return QFileInfo::exists(arg);
    std::error_code ec;
    return std::filesystem::exists(data::pathBytes(arg), ec);
}

void refuseRawBytesName(const QString& path, const std::string& option) {
    if (data::hasRawBytes(path))
        throw InvalidInput((option.empty() ? "" : option + ": ") + shownPath(path) +
                           ": a file name that is not UTF-8 cannot be written to yet; choose a "
                           "UTF-8 name (nothing was written)");
}

std::int64_t parseId(const QString& text, const std::string& what) {
    bool ok = false;
    const qlonglong id = text.toLongLong(&ok);
    if (!ok || id <= 0)
        throw InvalidInput("'" + str(text) + "' is not " + what + " (a whole number ≥ 1)");
    return id;
}

void printWarnings(std::ostream& err, const std::string& file,
                   const std::vector<data::Problem>& warnings) {
    for (const data::Problem& w : warnings)
        err << data::printable(file) << ':' << data::printable(w.place.empty() ? "/" : w.place)
            << ": warning: " << data::printable(w.message) << '\n';
}

// Reads and validates one audit file; throws InvalidInput with every problem listed.

namespace {
// Cells come from files and users: their control characters are shown, not obeyed.
QString printableCell(const QString& cell) {
    return QString::fromStdString(data::printable(cell.toStdString()));
}
} // namespace

void TableLayout::widen(const QStringList& row) {
    for (qsizetype c = 0; c < row.size(); ++c) {
        if (m_widths.size() <= std::size_t(c))
            m_widths.push_back(0);
        m_widths[std::size_t(c)] = std::max(m_widths[std::size_t(c)], printableCell(row[c]).size());
    }
}

void TableLayout::print(std::ostream& out, const QStringList& row) const {
    QString line;
    for (qsizetype c = 0; c < row.size(); ++c) {
        const QString cell = printableCell(row[c]);
        const qsizetype width = std::size_t(c) < m_widths.size() ? m_widths[std::size_t(c)] : 0;
        line += c + 1 < row.size() ? cell.leftJustified(width + 2) : cell;
    }
    out << str(line) << '\n';
}

void printTable(std::ostream& out, const std::vector<QStringList>& rows) {
    TableLayout layout;
    for (const QStringList& row : rows)
        layout.widen(row);
    for (const QStringList& row : rows)
        layout.print(out, row);
}

std::string dateOption(const QCommandLineParser& parser, const char* name,
                       const std::string& what) {
    const std::string date = str(parser.value(QLatin1String(name)));
    if (!parser.isSet(QLatin1String(name)))
        return {};
    if (!data::isIsoDate(date))
        throw InvalidInput("--" + std::string(name) + ": expected " + what +
                           " (a day the calendar has, e.g. 2026-02-28), got '" +
                           data::printable(date) + "'");
    return date;
}

std::string textOption(const QCommandLineParser& parser, const char* name, std::size_t maxBytes) {
    const std::string text = str(parser.value(QLatin1String(name)));
    if (text.size() > maxBytes)
        throw InvalidInput("--" + std::string(name) + ": at most " + std::to_string(maxBytes) +
                           " bytes (UTF-8) fit, got " + std::to_string(text.size()) +
                           "; shorten it (docs/limits.md)");
    return text;
}

QString formatOption(const QCommandLineParser& parser, const QStringList& allowed) {
    const QString format = parser.value(QStringLiteral("format"));
    if (!allowed.contains(format))
        throw InvalidInput("--format: expected " + str(allowed.join(QLatin1String(" or "))) +
                           ", got '" + str(format) + "'");
    return format;
}

void addFormatOption(QCommandLineParser& p, const QStringList& allowed) {
    p.addOption({QStringLiteral("format"),
                 QStringLiteral("Output format: %1.").arg(allowed.join(QLatin1String(", "))),
                 allowed.join(QLatin1Char('|')), allowed.first()});
}

void addTextJsonFormat(QCommandLineParser& p) {
    addFormatOption(p, {"text", "json"});
}

void writeOutput(Context& ctx, const std::string& text) {
    CommandOutputs outputs(ctx);
    outputs.output(text);
    outputs.commit();
}

CommandOutputs::CommandOutputs(Context& ctx)
    : m_ctx(ctx) {}

void CommandOutputs::output(const std::string& text) {
    if (m_ctx.parser.isSet(QStringLiteral("out")))
        file(m_ctx.parser.value(QStringLiteral("out")), text, "--out");
    else
        m_stdout += text;
}

std::ostream& CommandOutputs::outputStream() {
    if (!m_ctx.parser.isSet(QStringLiteral("out")))
        return m_ctx.out;
    const QString path = m_ctx.parser.value(QStringLiteral("out"));
    refuseRawBytesName(path, "--out");
    try {
        return m_files.open(path, "--out");
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(std::string(e.what()) + "; nothing was written");
    }
}

void CommandOutputs::file(const QString& path, const std::string& text, const std::string& option) {
    refuseRawBytesName(path, option);
    try {
        m_files.stage(path, text, option);
    } catch (const std::runtime_error& e) {
        // What was staged before goes with this object: its temporaries are removed.
        throw std::runtime_error(std::string(e.what()) + "; nothing was written");
    }
}

void CommandOutputs::commit() {
    try {
        m_files.commit();
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(std::string(e.what()) + "; nothing was written");
    }
    m_ctx.out << m_stdout;
    m_stdout.clear();
}

} // namespace crossgrade::app
