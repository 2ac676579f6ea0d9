#include "hetccl_watch.h"

#include <algorithm>
#include <cctype>

namespace crossgrade::model {

namespace {

constexpr auto kBoth = std::nullopt;
constexpr auto kSnu = HetcclPaper::Snu2601;
constexpr auto kOther = HetcclPaper::Other2605;

// The catalogue (docs/hetccl-watch.md). Each "look for" is a row of reference/facts.md §6's
// table of maturity signals, split into things one can check and date. The pulls are
// judgements, not measurements: facts.md §6 confirms no throughput or overhead number, so no
// row rests on one. Stronger evidence of production use pulls further.
const std::vector<HetcclSignal> kSignals{
    // Code
    {"code-public",
     SignalArea::Code,
     kBoth,
     "Public source code under a stated licence",
     {6, 12, 18},
     "Nothing can be adopted without code; for arXiv 2601.22585 one summary claims an "
     "open-source implementation but no public repository is known (facts.md §6)"},
    {"code-release",
     SignalArea::Code,
     kBoth,
     "A tagged release, not only a repository snapshot",
     {3, 6, 12},
     "facts.md §6 lists a tagged release; a release says what is supported, a snapshot is a "
     "research artefact (judgement)"},
    {"code-abi",
     SignalArea::Code,
     kBoth,
     "Release notes name the NCCL and RCCL API and ABI versions it tracks",
     {1, 3, 6},
     "A drop-in replacement for the vendor libraries (Tom's Hardware, B, facts.md §6) must "
     "follow their versions, or every NCCL or RCCL upgrade is a risk"},
    // Integration
    {"integration-shim",
     SignalArea::Integration,
     kBoth,
     "A libnccl.so shim (preload or link) that unchanged binaries pick up",
     {3, 6, 12},
     "Only code that uses NCCL through the standard collective API can benefit (facts.md §6); a "
     "shim is how that code gets it without a rebuild"},
    {"integration-framework",
     SignalArea::Integration,
     kBoth,
     "A PyTorch ProcessGroup backend or a framework patch",
     {2, 4, 8},
     "torch.distributed is where most training code meets NCCL (facts.md §6)"},
    {"integration-no-app-changes",
     SignalArea::Integration,
     kBoth,
     "\"No application changes\" shown for torch.distributed, DeepSpeed and Megatron",
     {2, 4, 8},
     "arXiv 2601.22585's abstract claims no changes to existing applications (A, facts.md §6); "
     "shown for the named stacks, the claim holds where it matters"},
    {"integration-overheads-removed",
     SignalArea::Integration,
     kOther,
     "A release that removes the stated CPU control-path and PyTorch-integration overheads",
     {2, 4, 6},
     "arXiv 2605.31000 states these overheads as limitations (C, facts.md §6); they cost "
     "training throughput until removed"},
    // Coverage
    {"coverage-collectives",
     SignalArea::Coverage,
     kBoth,
     "AllReduce, AllGather, ReduceScatter, Broadcast, AllToAll and Send/Recv across vendors",
     {2, 4, 6},
     "The collectives facts.md §6 lists; a training job uses several, and one missing keeps "
     "the job on one vendor"},
    {"coverage-dtypes",
     SignalArea::Coverage,
     kBoth,
     "bf16 and fp8 collectives",
     {1, 2, 4},
     "The data types facts.md §6 lists; training at those precisions needs them"},
    {"coverage-semantics",
     SignalArea::Coverage,
     kBoth,
     "Non-blocking and abort semantics and communicator split, as NCCL has them",
     {1, 2, 4},
     "Listed in facts.md §6; frameworks rely on them for overlap and for recovering from "
     "failures"},
    {"coverage-beyond-evaluated-settings",
     SignalArea::Coverage,
     kOther,
     "Evaluated or supported beyond the paper's four heterogeneous settings",
     {1, 3, 6},
     "arXiv 2605.31000 states a narrow set of evaluated setups as a limitation (C, facts.md "
     "§6)"},
    // Fabric
    {"fabric-ib-and-roce",
     SignalArea::Fabric,
     kBoth,
     "Runs over both InfiniBand and RoCE v2",
     {1, 2, 4},
     "facts.md §6 lists both fabrics; a cluster has one or the other"},
    {"fabric-gpudirect",
     SignalArea::Fabric,
     kBoth,
     "GPUDirect RDMA on both vendors' GPUs, with NIC vendors and driver or kernel requirements "
     "stated",
     {2, 3, 6},
     "arXiv 2601.22585 claims RDMA between vendors' GPUs without driver modifications (A, "
     "facts.md §6); stated requirements make that checkable on one's own cluster"},
    // Evidence
    {"evidence-bus-bandwidth",
     SignalArea::Evidence,
     kBoth,
     "nccl-tests-style bus bandwidth per collective and message size, homogeneous and "
     "heterogeneous, with cross-vendor link efficiency and end-to-end tokens/s",
     {1, 3, 6},
     "No throughput or overhead number is confirmed and secondary summaries of arXiv "
     "2601.22585 disagree (1.3x vs 2.97x, both C, facts.md §6)"},
    {"evidence-scale",
     SignalArea::Evidence,
     kBoth,
     "The evaluated cluster stated: nodes, GPUs, GPU generations and NICs",
     {1, 2, 3},
     "facts.md §6 asks for the cluster composition before any number is used"},
    {"evidence-independent-reproduction",
     SignalArea::Evidence,
     kBoth,
     "An independent reproduction of the results",
     {3, 6, 9},
     "The strongest evidence short of production use; a blog calls it \"not production-ready "
     "today\" (opinion, facts.md §6)"},
    {"evidence-peer-review",
     SignalArea::Evidence,
     kBoth,
     "Peer-reviewed acceptance",
     {0, 1, 3},
     "facts.md §6 lists peer-reviewed acceptance; it checks the method, not readiness, so the "
     "pull is small (judgement)"},
    // Ecosystem
    {"ecosystem-vendor",
     SignalArea::Ecosystem,
     kBoth,
     "Uptake by AMD or NVIDIA: upstreamed, documented or supported",
     {7, 9, 18},
     "A vendor's support is what production users wait for (facts.md §6 lists vendor uptake)"},
    {"ecosystem-pytorch",
     SignalArea::Ecosystem,
     kBoth,
     "Uptake by PyTorch: an upstream backend",
     {3, 6, 12},
     "Upstream support reaches every torch.distributed user (facts.md §6)"},
    {"ecosystem-cloud",
     SignalArea::Ecosystem,
     kBoth,
     "Offered by a cloud provider for mixed-vendor clusters",
     {3, 6, 12},
     "Someone runs it in production for others (facts.md §6 lists uptake by clouds)"},
    {"ecosystem-moreh-product",
     SignalArea::Ecosystem,
     kSnu,
     "Shipped in a Moreh product",
     {2, 4, 8},
     "arXiv 2601.22585 is also published as a technical report on Moreh's website (facts.md "
     "§6)"},
    {"ecosystem-active-tracker",
     SignalArea::Ecosystem,
     kBoth,
     "An active public issue tracker: issues answered and fixed",
     {1, 2, 3},
     "Listed in facts.md §6; users can get problems fixed"},
    {"ecosystem-interplay",
     SignalArea::Ecosystem,
     kBoth,
     "Documented interplay with UCC, MSCCL++ and RCCL",
     {0, 1, 2},
     "Listed in facts.md §6; it matters where those libraries are already deployed"},
    // Competition
    {"competition-baselines",
     SignalArea::Competition,
     kBoth,
     "Compared against Gloo or MPI baselines and against the other paper named HetCCL",
     {0, 1, 2},
     "facts.md §6 names the competitors; arXiv 2605.31000 claims 17-19x the bandwidth of Gloo "
     "(facts.md §6)"},
    {"competition-vendor-native",
     SignalArea::Competition,
     kBoth,
     "A vendor ships native cross-vendor collectives",
     {3, 6, 12},
     "hetccl.available_month is when cross-vendor collectives are production-ready, whoever "
     "provides them (facts.md §6 lists vendor-native support); checked per paper so that the "
     "papers' ranges stay apart"},
};

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

int capped(int month) {
    return std::clamp(month, 0, kMaxWatchMonth);
}

} // namespace

std::string_view toString(HetcclPaper p) {
    return p == HetcclPaper::Snu2601 ? "2601.22585" : "2605.31000";
}

std::optional<HetcclPaper> parseHetcclPaper(std::string_view text) {
    std::string s = lower(text);
    if (s.rfind("arxiv:", 0) == 0)
        s.erase(0, 6);
    for (HetcclPaper p : kAllHetcclPapers)
        if (s == toString(p))
            return p;
    return std::nullopt;
}

std::string_view paperTitle(HetcclPaper p) {
    return p == HetcclPaper::Snu2601
               ? "\"HetCCL: Accelerating LLM Training with Heterogeneous GPUs\" (Seoul National "
                 "University, Samsung Research; 30 Jan 2026)"
               : "\"HetCCL: Enabling Collective Communication For Mixed-Vendor Heterogeneous "
                 "Clusters\" (another group; 29 May 2026)";
}

std::string_view toString(SignalArea a) {
    switch (a) {
    case SignalArea::Code:
        return "Code";
    case SignalArea::Integration:
        return "Integration";
    case SignalArea::Coverage:
        return "Coverage";
    case SignalArea::Fabric:
        return "Fabric";
    case SignalArea::Evidence:
        return "Evidence";
    case SignalArea::Ecosystem:
        return "Ecosystem";
    case SignalArea::Competition:
        return "Competition";
    }
    return "Code";
}

const std::vector<HetcclSignal>& hetcclSignals() {
    return kSignals;
}

const HetcclSignal* findHetcclSignal(std::string_view id) {
    for (const HetcclSignal& s : kSignals)
        if (s.id == id)
            return &s;
    return nullptr;
}

bool appliesTo(const HetcclSignal& signal, HetcclPaper paper) {
    return !signal.paper || *signal.paper == paper;
}

HetcclResolution resolveHetcclWatch(HetcclPaper paper, const std::vector<CheckedSignal>& checked,
                                    int horizon_months) {
    HetcclResolution r;
    r.paper = paper;
    // In catalogue order, each signal once (its latest date), this paper's only.
    for (const HetcclSignal& signal : kSignals) {
        if (!appliesTo(signal, paper))
            continue;
        const CheckedSignal* latest = nullptr;
        for (const CheckedSignal& c : checked)
            if (c.paper == paper && c.signal == signal.id && (!latest || c.date > latest->date))
                latest = &c;
        if (latest)
            r.checked.push_back(*latest);
    }
    const int h = std::max(horizon_months, 0);
    // No signal: past the horizon by convention (facts.md §7.12), not an estimate.
    int low = capped(h);
    int mode = capped(h + kNoSignalMostLikelyAfterHorizon);
    int high = capped(h + kNoSignalHighAfterHorizon);
    std::string source;
    const std::string paperName = "arXiv " + std::string(toString(paper));
    if (r.checked.empty()) {
        source = "HetCCL watch: no signals for " + paperName + "; past the " + std::to_string(h) +
                 "-month horizon by convention (reference/facts.md §7.12)";
    } else {
        MonthPull total;
        std::string list;
        for (const CheckedSignal& c : r.checked) {
            const MonthPull& p = findHetcclSignal(c.signal)->pull;
            total.low += p.low;
            total.most_likely += p.most_likely;
            total.high += p.high;
            r.as_of = std::max(r.as_of, c.date);
            list += (list.empty() ? "" : ", ") + c.signal + " " + c.date;
        }
        // The first signal's range less every pull, never before the earliest range; then
        // never later than the no-signal range, so a signal can only bring the month in.
        int l = std::max(kEarliestRange.low, kFirstSignalRange.low - total.low);
        int m =
            std::max(kEarliestRange.most_likely, kFirstSignalRange.most_likely - total.most_likely);
        int u = std::max(kEarliestRange.high, kFirstSignalRange.high - total.high);
        m = std::max(m, l);
        u = std::max(u, m);
        low = std::min(low, l);
        mode = std::min(mode, m);
        high = std::min(high, u);
        const std::size_t n = r.checked.size();
        source = "HetCCL watch: " + std::to_string(n) + (n == 1 ? " signal" : " signals") +
                 " for " + paperName + " as of " + r.as_of + " (" + list +
                 "); table in docs/hetccl-watch.md, a judgement";
    }
    r.available_month = UncertainNumber::between(low, mode, high);
    r.available_month.source = source;
    r.available_month.date = r.as_of;
    r.available_month.confidence = Confidence::C;
    r.past_horizon = low >= h;
    return r;
}

HetcclWatchResult resolveHetcclWatch(const std::vector<CheckedSignal>& checked,
                                     int horizon_months) {
    HetcclWatchResult result;
    for (HetcclPaper p : kAllHetcclPapers)
        result.papers.push_back(resolveHetcclWatch(p, checked, horizon_months));
    for (std::size_t i = 1; i < result.papers.size(); ++i)
        if (result.papers[i].available_month.range.most_likely <
            result.papers[result.earliest].available_month.range.most_likely)
            result.earliest = i;
    return result;
}

} // namespace crossgrade::model
