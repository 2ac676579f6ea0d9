#pragma once

// Benchmark records and what the model derives from them, as the Benchmarks view, the compare
// dialog and the workload editor's binding panel write them: numbers rounded for reading only,
// ranges as "median (min–max)", flags and provenance as text. Nothing here computes a value.

#include "benchmark.h"
#include "store.h"
#include "uncertain.h"

#include <QString>
#include <optional>
#include <string>
#include <string_view>

namespace crossgrade::ui {

QString qstr(std::string_view s);

// A measured number with `significant` digits (four by default) and group separators
// ("1,250", "62.41", "0.532"); "—" when the source did not give it. Ratios read with three.
QString measuredText(std::optional<double> value, int significant = 4);
QString measuredText(double value, int significant = 4);
inline constexpr int kRatioDigits = 3;
QString optionalIntText(std::optional<int> value);

// "1024/1024", "8192/—", "—" (input / output sequence lengths in tokens).
QString lengthsText(const model::BenchmarkRecord& r);
// The record's flags joined by "; ", or empty.
QString flagsText(const model::BenchmarkRecord& r);

// "0.88 (0.80–0.95)": the most likely value, then the range when it is one.
QString rangeText(const model::UncertainNumber& n, int significant = 4);

// The row's full provenance as rich text (file, row, round, date, hardware, software, image,
// accuracy note, flags, import time) and the measurements the table has no column for.
QString provenanceHtml(const data::StoredBenchmark& stored);

} // namespace crossgrade::ui
