// The rubric's tier rules (scan_rubric.h, proposeTiers): per dimension, the tier follows the
// amount of production code behind the findings, with thresholds stated in docs/scanner.md
// ("Rubric"), and mitigations step down only what they cover. Dimensions 1 and 2 and the
// proposal are here; 3 to 5 in scan_rubric_tiers_platform.cpp.

#include "scan_rubric_tiers_internal.h"

#include <algorithm>
#include <array>
#include <set>
#include <span>
#include <string_view>
#include <vector>

namespace crossgrade::model {

namespace rubric {

std::string count(long long n, std::string_view what) {
    return std::to_string(n) + " " + std::string(what) + (n == 1 ? "" : "s");
}

std::string files(long long n) {
    return count(n, "production file");
}

std::string ruleCounts(const FindingTally& t, std::span<const std::string_view> rules) {
    std::string out;
    for (std::string_view r : rules) {
        const RuleVolume v = t.volumeOf(r);
        if (v.files == 0)
            continue;
        out += (out.empty() ? "" : ", ") + std::string(r) + " " + std::to_string(v.files);
    }
    return out;
}

std::vector<std::pair<std::string_view, long long>> rulesAt(const FindingTally& t, Dimension d,
                                                            Level level) {
    std::vector<std::pair<std::string_view, long long>> out;
    for (const ScanRule& r : scanRules()) {
        if (r.dimension != d || r.kind != RuleKind::Finding)
            continue;
        const long long n =
            t.volumeOf(std::string(r.id) + "@" + std::string(toString(level))).files;
        if (n > 0)
            out.emplace_back(r.id, n);
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    return out;
}

std::string listed(const std::vector<std::pair<std::string_view, long long>>& rules) {
    std::string out;
    for (const auto& [id, n] : rules)
        out += (out.empty() ? "" : ", ") + std::string(id) + " " + std::to_string(n);
    return out;
}

std::string topRule(const FindingTally& t, std::span<const std::string_view> rules) {
    std::string_view best;
    long long most = 0;
    for (std::string_view r : rules)
        if (const long long n = t.volumeOf(r).files; n > most) {
            most = n;
            best = r;
        }
    return std::string(best);
}

RuleVolume coveredVolume(const Context& c, CodeClass cls, long long* byBuild,
                         std::vector<CoveredFolder>* used) {
    RuleVolume v = c.tally.classVolume(cls);
    long long n = 0;
    for (const std::string& path : c.tally.uncoveredKernelPaths(cls))
        for (const CoveredFolder& cf : c.buildFolders)
            if (path.starts_with(cf.folder)) {
                ++n;
                if (used && std::none_of(used->begin(), used->end(), [&](const CoveredFolder& u) {
                        return u.folder == cf.folder && u.path == cf.path && u.line == cf.line;
                    }))
                    used->push_back(cf);
                break;
            }
    v.covered_files += n;
    if (byBuild)
        *byBuild = n;
    return v;
}

std::string coveringMitigation(const Context& c, Dimension d) {
    const ScanFinding* m = firstOf(c.held, [d](const ScanFinding& f) {
        return production(f) && f.rule->kind == RuleKind::Mitigation &&
               (f.rule->covers & coverBit(d)) != 0 && isSourcePath(f.path);
    });
    return m ? std::string(m->rule->id) : std::string();
}

void set(DimensionProposal& p, Tier tier, std::string_view rule, std::string reason) {
    p.tier = tier;
    p.deciding_rule = std::string(rule);
    p.reasons.push_back(std::move(reason) + ": " + std::string(title(tier)));
}

SeverityFiles highestSeverity(const FindingTally& t, Dimension d) {
    for (Level l : {Level::High, Level::Medium, Level::Low}) {
        const RuleVolume v = t.severityVolume(d, l);
        if (v.files > 0)
            return {l, v, true};
    }
    return {};
}

} // namespace rubric

namespace {

using namespace rubric;

void decideKernels(DimensionProposal& p, const Context& c) {
    const FindingTally& t = c.tally;
    long long npBuilt = 0;
    long long kBuilt = 0;
    std::vector<CoveredFolder> used;
    const RuleVolume np = coveredVolume(c, CodeClass::NonPortableKernel, &npBuilt, &used);
    const RuleVolume k = coveredVolume(c, CodeClass::Kernel, &kBuilt, &used);
    const RuleVolume tr = t.classVolume(CodeClass::Triton);
    const std::string npRules = ruleCounts(t, kNonPortableRules);
    const std::string npTop = topRule(t, kNonPortableRules);
    const std::string kTop = topRule(t, kKernelRules);
    std::string coverage;
    if (np.covered_files + k.covered_files > npBuilt + kBuilt)
        coverage = "; covered by a HIP path in the same file: " +
                   std::to_string(np.covered_files - npBuilt) + " non-portable, " +
                   std::to_string(k.covered_files - kBuilt) + " kernel file(s)";
    if (npBuilt + kBuilt > 0) {
        coverage += "; built for ROCm by " + std::string(used.front().rule_id) + " at " +
                    used.front().path + ":" + std::to_string(used.front().line) + " (" +
                    std::to_string(used.size()) + " folder(s)): " + std::to_string(npBuilt) +
                    " non-portable, " + std::to_string(kBuilt) + " kernel file(s)";
        p.covered_folders = used;
    }
    // The mitigation named for a step-down: a HIP path in the kernels' own files first.
    const std::string coveredBy = np.covered_files + k.covered_files > npBuilt + kBuilt
                                      ? coveringMitigation(c, Dimension::CustomKernels)
                                      : (used.empty() ? std::string() : used.front().rule_id);
    const long long npOpen = np.uncoveredFiles();
    const long long kOpen = k.uncoveredFiles();
    if (npOpen >= kSubstantialNonPortableFiles) {
        set(p, Tier::High, npTop,
            "non-portable kernel code without a HIP path in " + files(npOpen) + " (" + npRules +
                "; High from " + std::to_string(kSubstantialNonPortableFiles) + ")" + coverage);
    } else if (kOpen >= kSubstantialKernelFiles) {
        set(p, Tier::High, kTop,
            "a substantial CUDA kernel library: kernels in " + files(kOpen) + " (High from " +
                std::to_string(kSubstantialKernelFiles) + ")" + coverage);
    } else if (npOpen > 0) {
        set(p, Tier::Medium, npTop,
            "non-portable kernel code in only " + files(npOpen) + " (" + npRules + "; High from " +
                std::to_string(kSubstantialNonPortableFiles) + ")" + coverage);
    } else if (kOpen > 0) {
        set(p, Tier::Medium, kTop,
            "CUDA kernels with HIP-supported constructs in " + files(kOpen) + " (High from " +
                std::to_string(kSubstantialKernelFiles) + ")" + coverage);
    } else if (np.covered_files >= kSubstantialNonPortableFiles ||
               k.covered_files >= kSubstantialKernelFiles) {
        set(p, Tier::Medium, np.covered_files >= kSubstantialNonPortableFiles ? npTop : kTop,
            "a substantial kernel library whose files a ROCm path covers" + coverage +
                " (one step below High)");
        p.mitigated_by = coveredBy;
    } else if (tr.files >= kTritonFiles) {
        set(p, Tier::Medium, "D1.triton-kernel",
            "Triton kernels in " + files(tr.files) +
                " (Triton has an AMD backend; the kernels' "
                "NVIDIA tuning needs revisiting)");
    } else if (t.volumeOf("D1.cuda-driver-api").files > 0) {
        set(p, Tier::Medium, "D1.cuda-driver-api",
            "the CUDA driver API in " + files(t.volumeOf("D1.cuda-driver-api").files) +
                " (HIP covers it in part)");
    } else {
        std::string why = "no CUDA kernels of its own";
        if (k.covered_files + np.covered_files > 0)
            why = "kernels only where a ROCm path covers them (a HIP path in the file or a ROCm "
                  "build of its folder)" +
                  coverage;
        else if (tr.files > 0)
            why = "Triton kernels in only " + files(tr.files) + " (Medium from " +
                  std::to_string(kTritonFiles) + ")";
        else if (t.volumeOf("D1.cuda-runtime-api").files > 0)
            why = "the CUDA runtime API only (device management, one-to-one in HIP) in " +
                  files(t.volumeOf("D1.cuda-runtime-api").files);
        if (k.covered_files + np.covered_files > 0)
            p.mitigated_by = coveredBy;
        const auto low = rulesAt(t, Dimension::CustomKernels, Level::Low);
        set(p, Tier::Low,
            tr.files > 0  ? std::string("D1.triton-kernel")
            : low.empty() ? std::string()
                          : std::string(low.front().first),
            why);
    }
}

// CUTLASS under less than two thirds of the kernel code (kCutlassCentral*): the files where it
// is the only High library, and the reason's clause; empty where CUTLASS is central or absent.
struct MinorCutlass {
    RuleVolume only;
    std::string reason;
};

MinorCutlass minorCutlass(const FindingTally& t) {
    const long long sources = t.volumeOf(FindingTally::kCutlassSourceVolume).files;
    const long long kernels = t.volumeOf(FindingTally::kKernelCodeVolume).files;
    if (sources == 0 || kCutlassCentralDenominator * sources >= kCutlassCentralNumerator * kernels)
        return {};
    return {t.volumeOf(FindingTally::kCutlassOnlyVolume),
            "; CUTLASS underlies " + std::to_string(sources) + " of " + files(kernels) +
                " with kernel code, less than two in three: its kernels are a part of the "
                "kernel code, ported with it (dimension 1)"};
}

// What covered the libraries' files, for the reasons: forks of their packages, and ROCm
// libraries the code already calls in their place (named with the library each covers).
std::string libraryCoverage(const FindingTally& t, long long byFork, long long byCounterpart) {
    std::string out;
    if (byFork > 0)
        out += "; " + std::to_string(byFork) +
               " file(s) covered by a ROCm fork of their package (one step down each)";
    if (byCounterpart > 0) {
        std::string names;
        for (const auto& [rule, mitigation] : t.librariesCovered())
            if (t.volumeOf(rule).files > 0)
                names += (names.empty() ? "" : ", ") + mitigation + " for " + rule;
        out += "; " + std::to_string(byCounterpart) +
               " file(s) covered by the ROCm library the code already calls in their place (" +
               names + "; one step down each)";
    }
    return out;
}

// Optional extras (scan_manifest_sections.h) by whether production code imports the package
// anyway: then it is in every install that runs that code and counts at its table severity.
struct OptionalExtras {
    long long high = 0;                    // imported extras the table rates High
    long long medium = 0;                  // and Medium
    std::vector<std::string> imported;     // their names
    std::vector<std::string> optionalOnly; // extras no production code imports: one notch down
    std::string reason() const {
        std::string out;
        if (!imported.empty())
            out += "; optional extras production code imports anyway count in full (" +
                   namesOf(imported) + ")";
        if (!optionalOnly.empty())
            out += "; optional extras no production code imports, one notch down (" +
                   namesOf(optionalOnly) + ")";
        return out;
    }
    // The first few names and how many more: a fork's manifest can list dozens of CUDA wheels.
    static std::string namesOf(const std::vector<std::string>& names) {
        constexpr std::size_t kShown = 4;
        std::string out;
        for (std::size_t i = 0; i < names.size() && i < kShown; ++i)
            out += (i ? ", " : "") + names[i];
        if (names.size() > kShown)
            out += " and " + std::to_string(names.size() - kShown) + " more";
        return out;
    }
};

OptionalExtras optionalExtras(const FindingTally& t) {
    OptionalExtras e;
    for (const auto& [package, severity] : t.optionalPackages()) {
        if (!t.importedPackages().contains(package)) {
            if (severity != Level::Low)
                e.optionalOnly.push_back(package);
            continue;
        }
        if (severity == Level::Low)
            continue;
        (severity == Level::High ? e.high : e.medium) += 1;
        e.imported.push_back(package);
    }
    return e;
}

void decideLibraries(DimensionProposal& p, const Context& c) {
    const FindingTally& t = c.tally;
    const Dimension d = Dimension::Libraries;
    // Covered: a ROCm fork named in the same file, or anywhere for the package it forks; a
    // library whose ROCm counterpart production code already calls, wherever it is used.
    long long byCounterpart = 0;
    const auto withForks = [&](Level l) {
        RuleVolume v = t.severityVolume(d, l);
        long long forked = 0;
        for (const std::string& fork : t.forksNamed())
            forked += t.forkedPackageVolume(fork, l).files;
        long long counterpart = 0;
        for (const auto& [rule, mitigation] : t.librariesCovered())
            counterpart += t.soleRuleVolume(rule, l).files;
        const long long before = v.covered_files;
        v.covered_files = std::min(v.files, v.covered_files + forked + counterpart);
        byCounterpart += std::min(counterpart, v.covered_files - before);
        return v;
    };
    const OptionalExtras extras = optionalExtras(t);
    RuleVolume high = withForks(Level::High);
    RuleVolume medium = withForks(Level::Medium);
    high.files += extras.high;
    medium.files += extras.medium;
    const RuleVolume low = t.severityVolume(d, Level::Low);
    auto highRules = rulesAt(t, d, Level::High);
    if (extras.high > 0 && highRules.empty())
        highRules.emplace_back("D2.manifest-packages", extras.high);
    const MinorCutlass cutlass = minorCutlass(t);
    if (cutlass.only.files > 0) {
        // Files where CUTLASS is the only High library step down with it.
        high.files -= cutlass.only.files;
        high.covered_files =
            std::clamp(high.covered_files - cutlass.only.covered_files, 0LL, high.files);
        std::erase_if(highRules, [](const auto& r) { return r.first == "D2.cutlass"; });
    }
    auto mediumRules = rulesAt(t, d, Level::Medium);
    if (extras.medium > 0 && mediumRules.empty())
        mediumRules.emplace_back("D2.manifest-packages", extras.medium);
    const auto lowRules = rulesAt(t, d, Level::Low);
    const RuleVolume nvshmem = t.volumeOf("D4.nvshmem");
    long long serving = 0;
    std::string servingRule;
    for (std::string_view r : kServingRuntimes)
        if (const RuleVolume v = t.volumeOf(r); v.uncoveredFiles() > 0) {
            serving += v.uncoveredFiles();
            servingRule = std::string(r);
        }
    if (const RuleVolume v = t.volumeOf("serving-runtime-package"); v.files > 0 && serving == 0) {
        serving = v.files;
        servingRule = "D2.manifest-packages";
    }
    const long long covered = high.covered_files + medium.covered_files;
    const std::string coverage =
        libraryCoverage(t, covered - byCounterpart, byCounterpart) + extras.reason();
    const std::string threshold = " (High from " + std::to_string(kCentralLibraryFiles) + ")";
    if (serving > 0) {
        set(p, Tier::High, servingRule,
            "the serving runtime has no drop-in on ROCm: " + listed(highRules) +
                " (TensorRT is High from one file: its engines are the whole backend)" + coverage);
    } else if (high.uncoveredFiles() >= kCentralLibraryFiles) {
        set(p, Tier::High, std::string(highRules.front().first),
            "NVIDIA libraries without a drop-in ROCm equivalent (" + listed(highRules) + ") in " +
                files(high.uncoveredFiles()) + threshold + coverage + cutlass.reason);
    } else if (nvshmem.files >= kCentralLibraryFiles) {
        set(p, Tier::High, "D4.nvshmem",
            "NVSHMEM, an NVIDIA library without a mature ROCm equivalent, in " +
                files(nvshmem.files) + threshold);
    } else if (high.uncoveredFiles() > 0) {
        set(p, Tier::Medium, std::string(highRules.front().first),
            "NVIDIA libraries without a drop-in ROCm equivalent in only " +
                files(high.uncoveredFiles()) + " (" + listed(highRules) + ")" + threshold +
                coverage + cutlass.reason);
    } else if (cutlass.only.uncoveredFiles() > 0) {
        set(p, Tier::Medium, "D2.cutlass",
            "CUTLASS, without a drop-in on ROCm, in " + files(cutlass.only.uncoveredFiles()) +
                cutlass.reason + coverage);
    } else if (medium.uncoveredFiles() > 0) {
        set(p, Tier::Medium, std::string(mediumRules.front().first),
            "libraries with partial ROCm equivalents (" + listed(mediumRules) + ") in " +
                files(medium.uncoveredFiles()) + coverage);
    } else if (high.covered_files >= kCentralLibraryFiles) {
        set(p, Tier::Medium, std::string(highRules.front().first),
            "NVIDIA libraries (" + listed(highRules) + ") whose ROCm forks are named" + coverage);
    } else if (low.files > 0 || covered > 0) {
        const auto& rules = covered > 0 ? (high.files > 0 ? highRules : mediumRules) : lowRules;
        set(p, Tier::Low, std::string(rules.front().first),
            covered > 0
                ? "libraries whose ROCm port is in hand (" + listed(rules) + ")" + coverage
                : (extras.optionalOnly.empty() ? "libraries with mature ROCm equivalents only ("
                                               : "libraries at Low only (") +
                      listed(lowRules) + ") in " + files(low.files) + extras.reason());
    } else {
        set(p, Tier::Low, "", "no CUDA library called from production code");
    }
    if (covered > byCounterpart)
        if (const ScanFinding* fork = firstOf(
                c.held,
                [](const ScanFinding& f) { return isRule(f, "D2.rocm-fork") && production(f); });
            fork && (p.tier == Tier::Low || high.covered_files > 0))
            p.mitigated_by = std::string(fork->rule->id);
    if (byCounterpart > 0 && p.mitigated_by.empty() && p.tier == Tier::Low)
        for (const auto& [rule, mitigation] : t.librariesCovered())
            if (t.volumeOf(rule).files > 0) { // the first that covered a file
                p.mitigated_by = mitigation;
                break;
            }
}

// The rubric over what the tally holds.
ScanProposal propose(const FindingTally& tally, std::optional<WorkloadKind> workload) {
    std::vector<const ScanFinding*> held;
    held.reserve(tally.proposalFindings().size());
    for (const FindingTally::Held& h : tally.proposalFindings())
        held.push_back(&h.finding);
    Context c{tally, held, workload};
    for (const ScanFinding* f : held) {
        if (!production(*f) || f->rule->kind != RuleKind::Mitigation)
            continue;
        const bool hipBranch = isRule(*f, "D1.hip-branch-cxx") || isRule(*f, "D3.hip-branch-py");
        // A HIP branch decides the build where it sits in a build definition or reads
        // cpp_extension's IS_HIP_EXTENSION (a build-time constant); hipify rewrites the sources.
        const bool buildTime =
            isBuildPath(f->path) || f->match.find("IS_HIP_EXTENSION") != std::string::npos;
        if (!c.buildHip && (isRule(*f, "D3.hipify") || (hipBranch && buildTime)))
            c.buildHip = f;
        if (!c.rocmPipeline && (isRule(*f, "D5.rocm-image") || isRule(*f, "D5.rocm-container") ||
                                isRule(*f, "D5.rocm-ci") || isRule(*f, "D5.rocm-ci-workflow")))
            c.rocmPipeline = f;
    }
    c.buildFolders = rocmBuildFolders(held);

    ScanProposal out;
    for (Dimension d : kAllDimensions) {
        DimensionProposal& p = out.dimensions[static_cast<std::size_t>(d)];
        p.dimension = d;
        switch (d) {
        case Dimension::CustomKernels:
            decideKernels(p, c);
            break;
        case Dimension::Libraries:
            decideLibraries(p, c);
            break;
        case Dimension::FrameworkUsage:
            decideFramework(p, c);
            break;
        case Dimension::Distributed:
            decideDistributed(p, c);
            break;
        case Dimension::Toolchain:
            decideToolchain(p, c);
            break;
        case Dimension::TeamKnowledge:
            p.scanned = false;
            p.tier = Tier::Medium;
            p.reasons.push_back("not scanned: answer the team-knowledge questionnaire "
                                "(default Medium until then)");
            continue;
        }
        if (const long long elsewhere = tally.elsewhereOf(d); elsewhere > 0)
            p.reasons.push_back(std::to_string(elsewhere) +
                                " finding(s) in comments, docstrings, string literals, tests, "
                                "examples, benchmarks or vendored code do not set the tier");
    }
    return out;
}

} // namespace

ScanProposal proposeTiers(const FindingTally& tally, std::optional<WorkloadKind> workload) {
    return propose(tally, workload);
}

ScanProposal proposeTiers(const std::vector<ScanFinding>& findings,
                          std::optional<WorkloadKind> workload) {
    FindingTally tally(0); // the rubric reads no evidence
    for (const ScanFinding& f : findings)
        tally.add(f);
    return proposeTiers(tally, workload);
}

} // namespace crossgrade::model
