#pragma once

// The SQLite store (DESIGN.md, "Data"): one file, WAL, foreign keys, PRAGMA user_version
// migrations, every write in one transaction, every query prepared with bound values.

#include "audit.h"
#include "benchmark.h"
#include "hetccl_watch.h"
#include "price_book.h"
#include "scenario.h"

#include <QString>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

namespace crossgrade::model {
struct ScenarioEvaluation;
}

namespace crossgrade::data {

class StoreError : public std::runtime_error {
public:
    enum class Kind {
        Locked,       // another process holds the write lock past the busy timeout
        Corrupt,      // not a SQLite file, or integrity problems
        NewerVersion, // made by a newer Crossgrade: refused for writing
        NotFound,     // no row with that id
        Io,           // cannot open / create / write the file
        Query         // any other SQL failure
    };
    StoreError(Kind kind, const std::string& message)
        : std::runtime_error(message)
        , m_kind(kind) {}
    Kind kind() const { return m_kind; }

private:
    Kind m_kind;
};

struct StoreOptions {
    int busy_timeout_ms = 5000; // how long a writer waits for another process's lock
};

// One stored audit as the store browser and `crossgrade-cli audits` list it.
struct AuditSummary {
    std::int64_t id = 0;
    std::string name;
    std::string organisation;
    std::string date;
    model::WorkloadKind workload = model::WorkloadKind::InferenceOnly;
    int high_count = 0;
    std::string source;      // file it was imported from, or empty
    std::string imported_at; // ISO 8601 UTC
    // Why the stored row no longer reads (its workload is not one this version knows), empty
    // when it does; such a row is listed, never stops the listing (issue 20).
    std::string damage;
};

// One stored price book as `crossgrade-cli pricebook list` shows it.
struct PriceBookSummary {
    std::int64_t id = 0;
    std::string name;
    std::string version;
    bool is_default = false;
    int sku_count = 0;
    std::string source;      // file it was imported from, "sample:…", or empty
    std::string imported_at; // ISO 8601 UTC
    // Why the stored book no longer reads, empty when it does (sku_count is then 0).
    std::string damage;
};

// What a saved scenario version keeps of its evaluation, so history is a query and not a
// re-run: the engine may change, the saved numbers do not.
struct OptionHeadline {
    std::string option; // "stay-cuda", "path1", …
    double npv_usd = 0;
    double total_usd = 0;
    int doors_taken = 0;

    bool operator==(const OptionHeadline&) const = default;
};
struct ScenarioHeadline {
    std::string cheapest_option;
    std::string rule_path;
    std::vector<OptionHeadline> options; // in the scenario's order

    bool operator==(const ScenarioHeadline&) const = default;
};
ScenarioHeadline headlineOf(const model::ScenarioEvaluation& evaluation);
// What a user can do about a stored version that no longer reads: "delete it with
// `crossgrade-cli delete-version 3 2`, or export its raw JSON with `crossgrade-cli
// export-version 3 2`".
std::string damagedVersionAdvice(std::int64_t scenarioId, int number);

struct ScenarioVersionId {
    std::int64_t scenario_id = 0;
    int number = 0; // 1, 2, … within its scenario

    bool operator==(const ScenarioVersionId&) const = default;
};

// One stored scenario as `crossgrade-cli scenarios` lists it; "latest" is its newest version.
struct ScenarioSummary {
    std::int64_t id = 0;
    std::string name;
    std::string created_at;
    int version_count = 0;
    int latest_number = 0;
    std::string latest_saved_at;
    std::string latest_cheapest_option;
    std::string latest_rule_path;
    // Why the latest version's headline no longer reads (a row damaged outside Crossgrade, or
    // saved by a version that stored a NaN as null); empty when it reads. A damaged row is
    // still listed, so that it can be removed or exported (issue 20).
    std::string damage;
};

struct ScenarioVersionSummary {
    int number = 0;
    std::string note;
    std::string saved_at;
    std::string engine_version;
    std::string pricebook_name;
    std::string pricebook_version;
    ScenarioHeadline headline; // empty when damaged
    std::string damage;        // as ScenarioSummary::damage

    bool operator==(const ScenarioVersionSummary&) const = default;
};

// A stored version as it is kept, unread: what `export-version` prints, so that a version that
// no longer reads can still be taken out and mended by hand.
struct StoredScenarioText {
    std::string name;
    std::string inputs_json;
    std::string headline_json;
};

// One stored benchmark record (docs/benchmarks.md).
struct StoredBenchmark {
    std::int64_t id = 0;
    model::BenchmarkRecord record;
    std::string imported_at; // ISO 8601 UTC
};

// Which stored benchmarks to list; an empty field matches everything.
struct BenchmarkFilter {
    std::string sku;   // a price-book SKU id, any case ("mi300x" = "MI300X")
    std::string model; // part of the model name, any case ("llama" matches "llama2-70b-99")
};

// How many records the store holds of one SKU, and how many of them carry a flag (the store
// browser's Benchmarks node lists these without reading every record).
struct BenchmarkSkuCount {
    std::string sku;
    std::size_t records = 0;
    std::size_t flagged = 0;

    bool operator==(const BenchmarkSkuCount&) const = default;
};

struct BenchmarksAdded {
    std::size_t added = 0;
    std::size_t duplicates = 0; // already stored (the same measurement): not added again

    bool operator==(const BenchmarksAdded&) const = default;
};

class Store {
public:
    // Opens (creating if absent) and migrates the store at `path`. Throws StoreError.
    static Store open(const QString& path, StoreOptions options = {});
    // QStandardPaths::AppDataLocation/crossgrade.sqlite
    static QString defaultPath();
    static int latestSchemaVersion();

    Store(Store&&) noexcept;
    Store& operator=(Store&&) noexcept;
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;
    ~Store();

    QString path() const;
    int schemaVersion() const;

    // Stores all audits in one transaction: either every one is stored or none is.
    // Returns their ids in order. `source` is kept as provenance (may be empty).
    std::vector<std::int64_t> addAudits(const std::vector<model::Audit>& audits,
                                        const std::vector<std::string>& sources);
    std::int64_t addAudit(const model::Audit& audit, const std::string& source = {});

    // Replaces stored audit `id` in one transaction (a re-scan); its id, source and import time
    // stay. False when there is no audit with that id (nothing is written then).
    bool replaceAudit(std::int64_t id, const model::Audit& audit);

    std::optional<model::Audit> audit(std::int64_t id) const;
    std::vector<AuditSummary> audits() const;
    bool removeAudit(std::int64_t id);

    // Stores the price book (as crossgrade.pricebook/1 text) and returns its id. With
    // `makeDefault` it becomes the one default book in the same transaction.
    std::int64_t addPriceBook(const model::PriceBook& book, const std::string& source,
                              bool makeDefault);
    std::vector<PriceBookSummary> priceBooks() const;
    std::optional<model::PriceBook> priceBook(std::int64_t id) const;
    std::optional<model::PriceBook> defaultPriceBook() const;

    // Saves the scenario (self-contained: its audit and price book inline) as the next version
    // of the stored scenario with the same name, creating that scenario when there is none.
    // A headline that is not finite (a NaN, an infinity) is refused with std::invalid_argument
    // and nothing is written: JSON would keep it as null, which no listing reads back.
    ScenarioVersionId saveScenarioVersion(const model::Scenario& scenario, const std::string& note,
                                          const std::string& engineVersion,
                                          const ScenarioHeadline& headline);
    std::vector<ScenarioSummary> scenarios() const;
    // Oldest first; empty when there is no scenario with that id.
    std::vector<ScenarioVersionSummary> versions(std::int64_t scenarioId) const;
    // One of them (the latest when `number` is empty); nothing when there is none.
    std::optional<ScenarioVersionSummary> version(std::int64_t scenarioId,
                                                  std::optional<int> number = std::nullopt) const;
    // The saved inputs of that version (the latest when `number` is empty), or nothing when
    // there is no such scenario or version. A stored version that no longer reads is Corrupt.
    std::optional<model::Scenario> scenarioVersion(std::int64_t scenarioId,
                                                   std::optional<int> number = std::nullopt) const;
    // The version's stored text without reading it; nothing when there is no such version.
    std::optional<StoredScenarioText> scenarioVersionText(std::int64_t scenarioId,
                                                          int number) const;
    // Removes one saved version, and the scenario with it when it was the scenario's last; false
    // when there is no such version (nothing is written then).
    bool removeScenarioVersion(std::int64_t scenarioId, int number);

    // The HetCCL watch's dated checklist (model/scenario/hetccl_watch.h), by paper then signal id.
    std::vector<model::CheckedSignal> hetcclChecklist() const;
    // Checks the signals, or re-dates those already checked, in one transaction: every row is
    // validated first (a known signal id that applies to its paper, a YYYY-MM-DD date), and a
    // bad one throws std::invalid_argument naming it with nothing written.
    void checkHetcclSignals(const std::vector<model::CheckedSignal>& rows);
    // Removes one row; false when that signal was not checked for that paper.
    bool uncheckHetcclSignal(model::HetcclPaper paper, const std::string& signal);

    // Stores the records in one transaction, skipping those already stored (the same source,
    // round, source_ref, SKU, model, precision, ISL, OSL, concurrency and date), so importing
    // a file twice adds nothing. Records need a SKU, ≥ 1 GPU and a positive throughput; one
    // without throws std::invalid_argument naming it, with nothing written.
    BenchmarksAdded addBenchmarks(const std::vector<model::BenchmarkRecord>& records);
    // The same, for records that come one at a time (issue 20: a million-row import need not
    // hold them all): `produce` hands each record to the function it is given, which inserts it
    // at once, all inside one transaction. When `produce` throws (a file refused part-way, a
    // record without SKU: std::invalid_argument), the transaction is rolled back, nothing is
    // stored, and the exception goes on to the caller.
    using BenchmarkProducer =
        std::function<void(const std::function<void(const model::BenchmarkRecord&)>& store)>;
    BenchmarksAdded addBenchmarksOneByOne(const BenchmarkProducer& produce);
    // By SKU, model, scenario, ISL, OSL, concurrency, then id.
    std::vector<StoredBenchmark> benchmarks(const BenchmarkFilter& filter = {}) const;
    // The same records in the same order, one at a time as they are read (issue 20: a
    // million-row listing need not hold them all).
    void forEachBenchmark(const BenchmarkFilter& filter,
                          const std::function<void(const StoredBenchmark&)>& visit) const;
    // Per SKU, by SKU: one counting query, not a read of the records.
    std::vector<BenchmarkSkuCount> benchmarkCounts() const;
    bool removeBenchmark(std::int64_t id);

private:
    struct Impl;
    explicit Store(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

} // namespace crossgrade::data
