#include "cli_context.h"

#include "file_problems.h"
#include "path_bytes.h"
#include "samples.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <algorithm>
#include <filesystem>

namespace crossgrade::app {

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
        throw InvalidInput(option + ": " + shownPath(path) +
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
        err << file << ':' << (w.place.empty() ? "/" : w.place) << ": warning: " << w.message
            << '\n';
}

// Reads and validates one audit file; throws InvalidInput with every problem listed.

void printTable(std::ostream& out, const std::vector<QStringList>& rows) {
    std::vector<qsizetype> widths;
    for (const QStringList& row : rows)
        for (qsizetype c = 0; c < row.size(); ++c) {
            if (widths.size() <= std::size_t(c))
                widths.push_back(0);
            widths[std::size_t(c)] = std::max(widths[std::size_t(c)], row[c].size());
        }
    for (const QStringList& row : rows) {
        QString line;
        for (qsizetype c = 0; c < row.size(); ++c)
            line += c + 1 < row.size() ? row[c].leftJustified(widths[std::size_t(c)] + 2) : row[c];
        out << str(line) << '\n';
    }
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

void writeOutput(Context& ctx, const std::string& text) {
    if (!ctx.parser.isSet(QStringLiteral("out"))) {
        ctx.out << text;
        return;
    }
    refuseRawBytesName(ctx.parser.value(QStringLiteral("out")), "--out");
    writeFileAtomically(ctx.parser.value(QStringLiteral("out")), text, "--out");
}

void writeFileAtomically(const QString& path, const std::string& text, const std::string& option) {
    // QSaveFile writes beside the target and renames, so a failure leaves no half file.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit())
        throw std::runtime_error((option.empty() ? "" : option + ": ") +
                                 data::writeFailure(path, file.errorString()) +
                                 "; nothing was written");
}

} // namespace crossgrade::app
