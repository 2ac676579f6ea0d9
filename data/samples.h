#pragma once

// The sample audits shipped in resources/samples/ (compiled in as Qt resources), and the
// default store that is seeded with them on first use.

#include "store.h"

#include <QString>
#include <string>
#include <vector>

namespace crossgrade::data {

struct SampleFile {
    QString name; // resource file name, e.g. "tensorrt-inference.json"
    std::string text;
};

std::vector<SampleFile> sampleAudits();

// Opens the store at `path`; when the file did not exist before, stores every sample audit
// (in one transaction) so that a new user has something to work with.
Store openStoreSeededIfNew(const QString& path, StoreOptions options = {});

} // namespace crossgrade::data
