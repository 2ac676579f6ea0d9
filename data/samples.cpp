#include "samples.h"

#include "audit_json.h"
#include "compiled_scenario.h"
#include "evaluation.h"
#include "pricebook_json.h"
#include "scenario_json.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

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

Store openStoreSeededIfNew(const QString& path, StoreOptions options) {
    const bool isNew = !QFileInfo::exists(path);
    Store store = Store::open(path, options);
    if (!isNew)
        return store;
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

    PriceBookReadResult book = readPriceBook(defaultPriceBookText());
    if (!book.ok())
        throw StoreError(StoreError::Kind::Query, "shipped default price book is invalid:\n" +
                                                      formatProblems("default.json", book.errors));
    store.addPriceBook(*book.price_book, "sample:default.json", true);

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
    return store;
}

} // namespace crossgrade::data
