#pragma once

// The sample audits and scenarios shipped in resources/samples/ and the default price book
// in resources/pricebook/ (compiled in as Qt resources), and the default store that is seeded
// with the sample audits on first use.

#include "store.h"

#include <QString>
#include <optional>
#include <string>
#include <vector>

namespace crossgrade::data {

struct SampleFile {
    QString name; // resource file name, e.g. "tensorrt-inference.json"
    std::string text;
};

std::vector<SampleFile> sampleAudits();

// The sample scenarios (resources/samples/scenarios/, docs/formats/scenario.md), by name.
std::vector<SampleFile> sampleScenarios();

// The default price book (resources/pricebook/default.json, docs/pricebook.md) as shipped.
std::string defaultPriceBookText();

// Every price book version shipped with this release (resources/pricebook/: the default and
// the ones before it, kept so that a diff can name them), oldest first: "2026-11", "2026-12".
std::vector<std::string> shippedPriceBookVersions();
// The shipped book of `version`, or nothing.
std::optional<std::string> shippedPriceBookText(const std::string& version);

// The book version a scenario's price book `current` was made from: of the stored and shipped
// books with its name and version (a store may keep an earlier release's copy beside this
// one's), the one it differs from least; nothing when neither has that name and version.
std::optional<model::PriceBook> priceBookMadeFrom(Store& store, const model::PriceBook& current);

// Opens the store at `path`; when the file did not exist before, stores every sample audit,
// the default price book (as the default) and every sample scenario (as version 1, note
// "sample") so that a new user has something to work with. The new store is built beside
// `path` and renamed into place when complete, so a first run that dies half way leaves no
// half-seeded store behind (the next first run removes its side file and seeds again). An
// existing store without any price book (one made before price books) gets the default one.
Store openStoreSeededIfNew(const QString& path, StoreOptions options = {});

} // namespace crossgrade::data
