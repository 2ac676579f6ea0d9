#include "samples.h"

#include "audit_json.h"
#include "compiled_scenario.h"
#include "evaluation.h"
#include "pricebook_diff.h"
#include "pricebook_json.h"
#include "scenario_json.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <csignal>
#include <cstdio>  // renameat2
#include <fcntl.h> // AT_FDCWD
#include <unistd.h>
#endif

// Resources compiled into a static library are registered only when asked for by name.
static void registerSampleResources() {
    Q_INIT_RESOURCE(samples);
}

namespace crossgrade::data {

namespace {

// Every *.json of a resource folder, sorted by name.
std::vector<SampleFile> jsonFilesIn(const QString& folder) {
    registerSampleResources();
    std::vector<SampleFile> samples;
    const QDir dir(folder);
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        samples.push_back({name, file.readAll().toStdString()});
    }
    return samples;
}

} // namespace

std::vector<SampleFile> sampleAudits() {
    return jsonFilesIn(QStringLiteral(":/samples/audits"));
}

std::vector<SampleFile> sampleScenarios() {
    return jsonFilesIn(QStringLiteral(":/samples/scenarios"));
}

std::string defaultPriceBookText() {
    registerSampleResources();
    QFile file(QStringLiteral(":/pricebook/default.json"));
    // The file is compiled in; failing to open it is a build defect, not a user's problem.
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll().toStdString();
}

namespace {

// The shipped price books: the superseded versions, then the default.
const std::vector<QString>& shippedPriceBookFiles() {
    static const std::vector<QString> files{QStringLiteral(":/pricebook/2026-11.json"),
                                            QStringLiteral(":/pricebook/default.json")};
    return files;
}

std::string resourceText(const QString& path) {
    registerSampleResources();
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll().toStdString() : std::string();
}

} // namespace

std::vector<std::string> shippedPriceBookVersions() {
    std::vector<std::string> out;
    for (const QString& path : shippedPriceBookFiles()) {
        PriceBookReadResult read = readPriceBook(resourceText(path));
        if (read.ok())
            out.push_back(read.price_book->version);
    }
    return out;
}

std::optional<std::string> shippedPriceBookText(const std::string& version) {
    for (const QString& path : shippedPriceBookFiles()) {
        std::string text = resourceText(path);
        PriceBookReadResult read = readPriceBook(text);
        if (read.ok() && read.price_book->version == version)
            return text;
    }
    return std::nullopt;
}

std::optional<model::PriceBook> priceBookMadeFrom(Store& store, const model::PriceBook& current) {
    std::vector<model::PriceBook> candidates;
    for (const PriceBookSummary& s : store.priceBooks())
        if (s.damage.empty() && s.name == current.name && s.version == current.version)
            if (auto b = store.priceBook(s.id))
                candidates.push_back(std::move(*b));
    if (auto text = shippedPriceBookText(current.version)) {
        PriceBookReadResult read = readPriceBook(*text);
        if (read.ok() && read.price_book->name == current.name)
            candidates.push_back(std::move(*read.price_book));
    }
    std::optional<model::PriceBook> best;
    std::size_t fewest = 0;
    for (model::PriceBook& b : candidates) {
        const std::size_t n = diffPriceBooks(current, b).size();
        if (!best || n < fewest) {
            fewest = n;
            best = std::move(b);
        }
    }
    return best;
}

namespace {

// A new store is built and seeded under this name beside the real one, then renamed into
// place: a first run killed half way leaves no half-seeded store that the next run would take
// as seeded, only a side file that the next first run removes.
QString seedingPrefix(const QString& path) {
    return QFileInfo(path).fileName() + QStringLiteral(".seeding-");
}

bool processIsRunning(qint64 pid) {
#ifdef Q_OS_UNIX
    return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM);
#else
    Q_UNUSED(pid);
    return false;
#endif
}

// Side files (and their -wal/-shm) left by first runs whose process has gone.
void removeAbandonedSeedingFiles(const QString& path) {
    const QDir folder = QFileInfo(path).absoluteDir();
    const QString prefix = seedingPrefix(path);
    for (const QString& name : folder.entryList({prefix + QLatin1Char('*')}, QDir::Files)) {
        bool ok = false;
        const qint64 pid = name.mid(prefix.size()).section(QLatin1Char('-'), 0, 0).toLongLong(&ok);
        if (ok && !processIsRunning(pid))
            QFile::remove(folder.filePath(name));
    }
}

// Renames `from` to `to` unless `to` exists, atomically: false when it exists (or the move
// failed). QFile::rename is not enough: when the kernel refuses to replace a file that another
// first run has just moved into place, it falls back to copying over it, truncating a store
// that the other run is already using (issue 20).
bool moveIntoPlaceUnlessTaken(const QString& from, const QString& to) {
#ifdef Q_OS_UNIX
    const QByteArray source = QFile::encodeName(from);
    const QByteArray target = QFile::encodeName(to);
#ifdef RENAME_NOREPLACE
    if (::renameat2(AT_FDCWD, source.constData(), AT_FDCWD, target.constData(), RENAME_NOREPLACE) ==
        0)
        return true;
    if (errno != EINVAL && errno != ENOSYS)
        return false; // EEXIST: taken
#endif
    // A hard link is never made over an existing name either.
    if (::link(source.constData(), target.constData()) != 0)
        return false;
    ::unlink(source.constData());
    return true;
#else
    return !QFileInfo::exists(to) && QFile::rename(from, to);
#endif
}

void addDefaultPriceBook(Store& store) {
    PriceBookReadResult book = readPriceBook(defaultPriceBookText());
    if (!book.ok())
        throw StoreError(StoreError::Kind::Query, "shipped default price book is invalid:\n" +
                                                      formatProblems("default.json", book.errors));
    store.addPriceBook(*book.price_book, "sample:default.json", true);
    // The superseded shipped versions after it, kept beside the default for diffs (issue 24).
    for (const QString& path : shippedPriceBookFiles())
        if (path != QStringLiteral(":/pricebook/default.json"))
            if (PriceBookReadResult old = readPriceBook(resourceText(path)); old.ok())
                store.addPriceBook(*old.price_book, "sample:" + path.mid(12).toStdString(), false);
}

// A store made by an earlier release keeps the books it has, and gains each shipped version it
// lacks. A default that is an earlier release's copy of the shipped default (its name and
// version, other figures) gives way to this release's, so that a new scenario does not price a
// server's network twice (issue 24); a default of the user's own stays. A store that cannot be
// written (read-only) is left as it is.
void refreshShippedPriceBooks(Store& store) {
    PriceBookReadResult current = readPriceBook(defaultPriceBookText());
    if (!current.ok())
        return;
    try {
        std::vector<model::PriceBook> stored;
        std::optional<model::PriceBook> defaultBook = store.defaultPriceBook();
        for (const PriceBookSummary& s : store.priceBooks())
            if (s.damage.empty())
                if (auto b = store.priceBook(s.id))
                    stored.push_back(std::move(*b));
        const auto has = [&](const model::PriceBook& b) {
            return std::find(stored.begin(), stored.end(), b) != stored.end();
        };
        const model::PriceBook& shipped = *current.price_book;
        const bool staleDefault = defaultBook && *defaultBook != shipped &&
                                  defaultBook->name == shipped.name &&
                                  defaultBook->version == shipped.version;
        if (!has(shipped) || staleDefault)
            store.addPriceBook(shipped, "sample:default.json", staleDefault || !defaultBook);
        for (const QString& path : shippedPriceBookFiles())
            if (path != QStringLiteral(":/pricebook/default.json"))
                if (PriceBookReadResult old = readPriceBook(resourceText(path));
                    old.ok() && !has(*old.price_book))
                    store.addPriceBook(*old.price_book, "sample:" + path.mid(12).toStdString(),
                                       false);
    } catch (const StoreError&) {
        // Read-only or busy: the store still reads; the shipped books stay available by version.
    }
}

void seed(Store& store) {
    std::vector<model::Audit> audits;
    std::vector<std::string> sources;
    for (const SampleFile& sample : sampleAudits()) {
        AuditReadResult read = readAudit(sample.text);
        // Samples are validated by the test suite; a broken one is a build defect.
        if (!read.ok())
            throw StoreError(StoreError::Kind::Query,
                             "shipped sample " + sample.name.toStdString() + " is invalid:\n" +
                                 formatProblems(sample.name.toStdString(), read.errors));
        audits.push_back(std::move(*read.audit));
        sources.push_back("sample:" + sample.name.toStdString());
    }
    store.addAudits(audits, sources);

    addDefaultPriceBook(store);

    for (const SampleFile& sample : sampleScenarios()) {
        ScenarioReadResult read = readScenario(sample.text);
        if (!read.ok())
            throw StoreError(StoreError::Kind::Query,
                             "shipped sample " + sample.name.toStdString() + " is invalid:\n" +
                                 formatProblems(sample.name.toStdString(), read.errors));
        const model::Scenario& scenario = *read.scenario;
        const ScenarioHeadline headline =
            headlineOf(model::evaluateScenario(scenario, model::compile(scenario)));
        store.saveScenarioVersion(scenario, "sample", CROSSGRADE_VERSION, headline);
    }
}

} // namespace

Store openStoreSeededIfNew(const QString& path, StoreOptions options) {
    if (QFileInfo::exists(path)) {
        Store store = Store::open(path, options);
        // A store from before price books (schema version 1) has none, and a scenario cannot
        // be started without one: it gets the shipped default, as a new store does.
        if (store.priceBooks().empty())
            addDefaultPriceBook(store);
        else
            refreshShippedPriceBooks(store);
        return store;
    }
    removeAbandonedSeedingFiles(path);
    const QString side = QFileInfo(path).absoluteDir().filePath(
        seedingPrefix(path) + QString::number(QCoreApplication::applicationPid()));
    QFile::remove(side);
    {
        Store store = Store::open(side, options);
        seed(store);
    } // closing the last connection checkpoints the WAL into the file and removes it
    if (QFileInfo::exists(side + QStringLiteral("-wal")))
        throw StoreError(StoreError::Kind::Io,
                         "cannot finish the new store " +
                             QDir::toNativeSeparators(side).toStdString() +
                             ": its write-ahead log was not merged on closing");
    // Moving into place never replaces: if another first run got there first, its store is
    // used and ours is dropped.
    if (!moveIntoPlaceUnlessTaken(side, path)) {
        QFile::remove(side);
        if (!QFileInfo::exists(path))
            throw StoreError(StoreError::Kind::Io,
                             "cannot move the new store into place: " +
                                 QDir::toNativeSeparators(path).toStdString());
    }
    return Store::open(path, options);
}

} // namespace crossgrade::data
