#pragma once

// The HetCCL watch (docs/hetccl-watch.md): the maturity signals of reference/facts.md §6 as a
// dated checklist, a table of what each checked signal does to the [low, most_likely, high] of
// hetccl.available_month, and the pure function that turns one paper's checked signals into a
// range with its provenance. HetCCL timing is a what-if, not a fact (facts.md §7.12): with no
// signal checked the range lies past the horizon, and only dated signals pull it in.
//
// Two different papers are named HetCCL (facts.md §6, "Name collision"): arXiv 2601.22585
// (Seoul National University and Samsung Research) and arXiv 2605.31000 (another group). Their
// signals are never combined: each range rests on one paper's signals and names it.

#include "uncertain.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::model {

enum class HetcclPaper { Snu2601, Other2605 };
inline constexpr std::array<HetcclPaper, 2> kAllHetcclPapers{HetcclPaper::Snu2601,
                                                             HetcclPaper::Other2605};
std::string_view toString(HetcclPaper p); // "2601.22585", "2605.31000" (the arXiv id)
// Takes "2601.22585" or "arXiv:2601.22585" (any case).
std::optional<HetcclPaper> parseHetcclPaper(std::string_view text);
std::string_view paperTitle(HetcclPaper p); // title, authors' affiliation, date

// The seven areas of facts.md §6's table of maturity signals.
enum class SignalArea { Code, Integration, Coverage, Fabric, Evidence, Ecosystem, Competition };
std::string_view toString(SignalArea a); // "Code", "Integration", …

// Months a checked signal pulls [low, most_likely, high] earlier; never negative, so a signal
// never pushes the month later.
struct MonthPull {
    int low = 0;
    int most_likely = 0;
    int high = 0;
};

struct HetcclSignal {
    std::string_view id; // stable: stored in the checklist, e.g. "code-public"
    SignalArea area;
    std::optional<HetcclPaper> paper; // the paper it applies to; none: both (checked per paper)
    std::string_view look_for;        // one line: what to check
    MonthPull pull;
    std::string_view reason; // why it moves the month that much
};

// The catalogue and its table, in area order (docs/hetccl-watch.md prints it).
const std::vector<HetcclSignal>& hetcclSignals();
const HetcclSignal* findHetcclSignal(std::string_view id);
bool appliesTo(const HetcclSignal& signal, HetcclPaper paper);

// One row of the checklist: a signal seen for one paper on a date.
struct CheckedSignal {
    HetcclPaper paper = HetcclPaper::Snu2601;
    std::string signal; // id in hetcclSignals()
    std::string date;   // observed, YYYY-MM-DD
    std::string note;
    std::string source; // URL or reference

    bool operator==(const CheckedSignal&) const = default;
};

// The range of the first checked signal before its pull, and the earliest any set of signals
// reaches (docs/hetccl-watch.md, "How a range is resolved").
inline constexpr MonthPull kFirstSignalRange{48, 84, 144};
inline constexpr MonthPull kEarliestRange{0, 3, 9};
// Past the horizon H with no signal: [H, H + 12, H + 36], capped at the reader's month limit.
inline constexpr int kNoSignalMostLikelyAfterHorizon = 12;
inline constexpr int kNoSignalHighAfterHorizon = 36;
inline constexpr int kMaxWatchMonth = 1200; // data/documents/scenario_json.cpp's month limit

struct HetcclResolution {
    HetcclPaper paper = HetcclPaper::Snu2601;
    std::vector<CheckedSignal> checked; // of this paper only, known ids only, in catalogue order
    std::string as_of;                  // latest signal date; empty with no signal
    // The range (PERT) with source "HetCCL watch: …", date as_of and confidence C.
    UncertainNumber available_month;
    bool past_horizon = true; // low ≥ horizon: Path 3's door stays shut on every sample
};

// Resolves one paper's checked signals against a horizon (months). Signals of the other paper
// and unknown or inapplicable ids are ignored (never merged); a signal listed twice counts once.
HetcclResolution resolveHetcclWatch(HetcclPaper paper, const std::vector<CheckedSignal>& checked,
                                    int horizon_months);

// Both papers, each on its own signals; `earliest` is the one whose range a scenario needs
// (the earlier most-likely month, ties to arXiv 2601.22585), since Path 3 needs one working
// library — and its provenance names that paper alone.
struct HetcclWatchResult {
    std::vector<HetcclResolution> papers; // in kAllHetcclPapers order
    std::size_t earliest = 0;
};
HetcclWatchResult resolveHetcclWatch(const std::vector<CheckedSignal>& checked, int horizon_months);

} // namespace crossgrade::model
