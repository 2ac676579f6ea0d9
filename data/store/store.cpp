#include "store.h"

#include "json_checks.h"
#include "store_audits.h"
#include "store_benchmarks.h"
#include "store_connection.h"
#include "store_hetccl.h"
#include "store_pricebooks.h"
#include "store_scenarios.h"
#include "store_schema.h"

#include <QStandardPaths>
#include <stdexcept>
#include <string>
#include <utility>

namespace crossgrade::data {

using store_detail::Connection;
using store_detail::Transaction;

struct Store::Impl {
    Impl(const QString& path, StoreOptions options)
        : m_connection(path, options) {}
    Connection m_connection;
};

Store Store::open(const QString& path, StoreOptions options) {
    if (options.busy_timeout_ms < 0)
        throw std::invalid_argument("Store::open: busy_timeout_ms must not be negative");
    store_detail::prepareLocation(path);
    auto impl = std::make_unique<Impl>(path, options);
    Connection& connection = impl->m_connection;
    connection.open();
    // Everything up to enableWal() only reads, so a refused file is left byte for byte.
    store_detail::checkIntegrity(connection);
    store_detail::readVersionRefusingForeign(connection);
    store_detail::enableWal(connection);
    store_detail::migrate(connection);
    return Store(std::move(impl));
}

// Independent of the application's and organisation's names, so the CLI and the desktop
// application (which names an organisation for its settings) share one default store.
QString Store::defaultPath() {
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/crossgrade/crossgrade.sqlite");
}

int Store::latestSchemaVersion() {
    return store_detail::latestSchemaVersion();
}

Store::Store(std::unique_ptr<Impl> impl)
    : m_impl(std::move(impl)) {}
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;
Store::~Store() = default;

QString Store::path() const {
    return m_impl->m_connection.path();
}

int Store::schemaVersion() const {
    return store_detail::readSchemaVersion(m_impl->m_connection);
}

std::vector<std::int64_t> Store::addAudits(const std::vector<model::Audit>& audits,
                                           const std::vector<std::string>& sources) {
    if (sources.size() != audits.size())
        throw std::invalid_argument("Store::addAudits: " + std::to_string(audits.size()) +
                                    " audits but " + std::to_string(sources.size()) + " sources");
    std::vector<std::int64_t> ids;
    if (audits.empty())
        return ids;
    const Connection& connection = m_impl->m_connection;
    Transaction transaction(connection, Transaction::Mode::Write);
    {
        // The writer's statements must be gone before COMMIT.
        store_detail::AuditWriter writer(connection);
        ids.reserve(audits.size());
        for (std::size_t i = 0; i < audits.size(); ++i)
            ids.push_back(writer.write(audits[i], sources[i]));
    }
    transaction.commit();
    return ids;
}

std::int64_t Store::addAudit(const model::Audit& audit, const std::string& source) {
    return addAudits({audit}, {source}).front();
}

bool Store::replaceAudit(std::int64_t id, const model::Audit& audit) {
    const Connection& connection = m_impl->m_connection;
    Transaction transaction(connection, Transaction::Mode::Write);
    if (!store_detail::readAudit(connection, id))
        return false; // the transaction rolls back unused
    {
        store_detail::AuditWriter writer(connection);
        writer.rewrite(id, audit);
    }
    transaction.commit();
    return true;
}

std::optional<model::Audit> Store::audit(std::int64_t id) const {
    const Connection& connection = m_impl->m_connection;
    // One snapshot, so an audit removed by another process meanwhile is not read half.
    Transaction transaction(connection, Transaction::Mode::Read);
    std::optional<model::Audit> audit = store_detail::readAudit(connection, id);
    transaction.commit();
    return audit;
}

std::vector<AuditSummary> Store::audits() const {
    return store_detail::readAuditSummaries(m_impl->m_connection);
}

bool Store::removeAudit(std::int64_t id) {
    const Connection& connection = m_impl->m_connection;
    Transaction transaction(connection, Transaction::Mode::Write);
    // The delete's statement is gone before COMMIT.
    const bool removed = store_detail::deleteAudit(connection, id);
    transaction.commit();
    return removed;
}

// --- Price books ----------------------------------------------------------------------------

std::int64_t Store::addPriceBook(const model::PriceBook& book, const std::string& source,
                                 bool makeDefault) {
    const Connection& connection = m_impl->m_connection;
    Transaction transaction(connection, Transaction::Mode::Write);
    // The insert's statements are gone before COMMIT.
    const std::int64_t id = store_detail::insertPriceBook(connection, book, source, makeDefault);
    transaction.commit();
    return id;
}

std::vector<PriceBookSummary> Store::priceBooks() const {
    return store_detail::readPriceBookSummaries(m_impl->m_connection);
}

std::optional<model::PriceBook> Store::priceBook(std::int64_t id) const {
    return store_detail::readStoredPriceBook(m_impl->m_connection, id);
}

std::optional<model::PriceBook> Store::defaultPriceBook() const {
    return store_detail::readStoredPriceBook(m_impl->m_connection, std::nullopt);
}

// --- Scenarios ------------------------------------------------------------------------------

ScenarioVersionId Store::saveScenarioVersion(const model::Scenario& scenario,
                                             const std::string& note,
                                             const std::string& engineVersion,
                                             const ScenarioHeadline& headline) {
    const Connection& connection = m_impl->m_connection;
    // The write lock is taken at BEGIN, so two processes saving the same scenario cannot both
    // pick the same next number.
    Transaction transaction(connection, Transaction::Mode::Write);
    const ScenarioVersionId saved =
        store_detail::insertScenarioVersion(connection, scenario, note, engineVersion, headline);
    transaction.commit();
    return saved;
}

std::vector<ScenarioSummary> Store::scenarios() const {
    return store_detail::readScenarioSummaries(m_impl->m_connection);
}

std::vector<ScenarioVersionSummary> Store::versions(std::int64_t scenarioId) const {
    return store_detail::readScenarioVersions(m_impl->m_connection, scenarioId);
}

std::optional<ScenarioVersionSummary> Store::version(std::int64_t scenarioId,
                                                     std::optional<int> number) const {
    std::vector<ScenarioVersionSummary> all = versions(scenarioId);
    if (all.empty())
        return std::nullopt;
    if (!number)
        return std::move(all.back());
    for (ScenarioVersionSummary& v : all)
        if (v.number == *number)
            return std::move(v);
    return std::nullopt;
}

std::optional<model::Scenario> Store::scenarioVersion(std::int64_t scenarioId,
                                                      std::optional<int> number) const {
    return store_detail::readScenarioVersion(m_impl->m_connection, scenarioId, number);
}

std::optional<StoredScenarioText> Store::scenarioVersionText(std::int64_t scenarioId,
                                                             int number) const {
    return store_detail::readScenarioVersionText(m_impl->m_connection, scenarioId, number);
}

bool Store::removeScenarioVersion(std::int64_t scenarioId, int number) {
    const Connection& connection = m_impl->m_connection;
    Transaction transaction(connection, Transaction::Mode::Write);
    // The deletes' statements are gone before COMMIT.
    const bool removed = store_detail::deleteScenarioVersion(connection, scenarioId, number);
    transaction.commit();
    return removed;
}

// --- The HetCCL watch -----------------------------------------------------------------------

std::vector<model::CheckedSignal> Store::hetcclChecklist() const {
    return store_detail::readHetcclChecklist(m_impl->m_connection);
}

void Store::checkHetcclSignals(const std::vector<model::CheckedSignal>& rows) {
    for (const model::CheckedSignal& s : rows) {
        const std::string what =
            "HetCCL signal \"" + s.signal + "\" for arXiv " + std::string(model::toString(s.paper));
        const model::HetcclSignal* known = model::findHetcclSignal(s.signal);
        if (known == nullptr)
            throw std::invalid_argument(what + ": not a signal of the watch");
        if (!model::appliesTo(*known, s.paper))
            throw std::invalid_argument(what + ": the signal is about the other paper");
        if (!isIsoDate(s.date))
            throw std::invalid_argument(what +
                                        ": expected the date it was observed as "
                                        "YYYY-MM-DD, got \"" +
                                        s.date + "\"");
    }
    const Connection& connection = m_impl->m_connection;
    Transaction transaction(connection, Transaction::Mode::Write);
    store_detail::writeHetcclSignals(connection, rows);
    transaction.commit();
}

bool Store::uncheckHetcclSignal(model::HetcclPaper paper, const std::string& signal) {
    const Connection& connection = m_impl->m_connection;
    Transaction transaction(connection, Transaction::Mode::Write);
    const bool removed = store_detail::deleteHetcclSignal(connection, paper, signal);
    transaction.commit();
    return removed;
}

// --- Benchmark results ----------------------------------------------------------------------

namespace {

// Throws std::invalid_argument for a record the table cannot hold; `ordinal` is 1-based.
void checkStorable(const model::BenchmarkRecord& r, std::size_t ordinal) {
    const auto positive = [](const std::optional<double>& v) {
        return v && *v > 0;
    };
    if (r.sku.empty() || r.gpus < 1 || r.nodes < 1 ||
        !(positive(r.total_tokens_per_s_per_gpu) || positive(r.output_tokens_per_s_per_gpu)))
        throw std::invalid_argument("benchmark record " + std::to_string(ordinal) + " (" + r.file +
                                    ", " + r.source_ref +
                                    ") needs a SKU, at least one GPU and a positive throughput");
}

} // namespace

BenchmarksAdded Store::addBenchmarks(const std::vector<model::BenchmarkRecord>& records) {
    for (std::size_t i = 0; i < records.size(); ++i)
        checkStorable(records[i], i + 1);
    const Connection& connection = m_impl->m_connection;
    Transaction transaction(connection, Transaction::Mode::Write);
    const BenchmarksAdded added = store_detail::insertBenchmarks(connection, records);
    transaction.commit();
    return added;
}

BenchmarksAdded Store::addBenchmarksOneByOne(const BenchmarkProducer& produce) {
    const Connection& connection = m_impl->m_connection;
    Transaction transaction(connection, Transaction::Mode::Write);
    store_detail::BenchmarkInserter inserter(connection);
    std::size_t ordinal = 0;
    produce([&](const model::BenchmarkRecord& r) {
        checkStorable(r, ++ordinal);
        inserter.insert(r);
    });
    transaction.commit();
    return inserter.added();
}

std::vector<StoredBenchmark> Store::benchmarks(const BenchmarkFilter& filter) const {
    return store_detail::readBenchmarks(m_impl->m_connection, filter);
}

void Store::forEachBenchmark(const BenchmarkFilter& filter,
                             const std::function<void(const StoredBenchmark&)>& visit) const {
    store_detail::visitBenchmarks(m_impl->m_connection, filter, visit);
}

std::vector<BenchmarkSkuCount> Store::benchmarkCounts() const {
    return store_detail::countBenchmarks(m_impl->m_connection);
}

bool Store::removeBenchmark(std::int64_t id) {
    const Connection& connection = m_impl->m_connection;
    Transaction transaction(connection, Transaction::Mode::Write);
    const bool removed = store_detail::deleteBenchmark(connection, id);
    transaction.commit();
    return removed;
}

} // namespace crossgrade::data
