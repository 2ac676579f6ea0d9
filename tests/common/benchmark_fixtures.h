#pragma once

// The benchmark importers' files under tests/fixtures/benchmarks/ and what their suites ask of
// an import (tests only).

#include "benchmark_import.h"

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QtGlobal>
#include <string>

namespace crossgrade::testing {

// The path of a file under tests/fixtures/benchmarks/.
inline std::string benchmarkFixturePath(const char* name) {
    return std::string(CROSSGRADE_SOURCE_DIR "/tests/fixtures/benchmarks/") + name;
}

// Its bytes; stops the test run when it is missing.
inline std::string benchmarkFixture(const char* name) {
    QFile f(QString::fromStdString(benchmarkFixturePath(name)));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return f.readAll().toStdString();
}

// The row the import skipped at `place` ("3", "12:4", a JSON pointer), or null.
inline const data::Problem* skippedAt(const data::BenchmarkImport& in, const std::string& place) {
    for (const data::Problem& p : in.skipped)
        if (p.place == place)
            return &p;
    return nullptr;
}

} // namespace crossgrade::testing
