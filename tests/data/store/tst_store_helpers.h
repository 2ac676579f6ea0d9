// What both files of tst_store share: the audit tables, a refusal caught, audits to store.
#pragma once

#include "raw_db.h"
#include "store.h"

#include <QString>
#include <QStringList>
#include <functional>
#include <optional>
#include <string>

namespace crossgrade::testing {

inline const QStringList kTables{
    QStringLiteral("audits"),         QStringLiteral("audit_dimensions"),
    QStringLiteral("audit_findings"), QStringLiteral("evidence"),
    QStringLiteral("mitigations"),    QStringLiteral("audit_not_scanned")};

inline std::optional<data::StoreError> storeErrorFrom(const std::function<void()>& action) {
    try {
        action();
    } catch (const data::StoreError& error) {
        return error;
    }
    return std::nullopt;
}

// A real SQLite file (header written) with user_version 0 and no tables.
inline void makeEmptySqliteFile(const QString& path) {
    RawDb raw(path);
    raw.exec(QStringLiteral("CREATE TABLE scratch (x)"));
    raw.exec(QStringLiteral("DROP TABLE scratch"));
}

inline model::EvidenceItem evidence(std::string rule, model::Level severity,
                                    model::Level confidence, std::string path, int line,
                                    std::optional<int> col, model::EvidenceContext context,
                                    std::optional<std::string> mitigatedBy) {
    model::EvidenceItem item;
    item.rule_id = std::move(rule);
    item.severity = severity;
    item.confidence = confidence;
    item.path = std::move(path);
    item.line = line;
    item.col = col;
    item.snippet = "snippet of " + item.path;
    item.context = context;
    item.rocm_equivalent = "hipLaunchKernelGGL";
    item.mitigated_by = std::move(mitigatedBy);
    return item;
}

// Every field set, optionals both present and absent, text that would break naive SQL.
inline model::Audit richAudit(const std::string& name = "Acme inference fleet") {
    using model::Dimension;
    using model::EvidenceContext;
    using model::Level;
    using model::Tier;
    model::Audit audit;
    audit.name = name;
    audit.organisation = "Acme GmbH — ML platform ✓";
    audit.date = "2026-11-02";
    audit.notes = "Line one\nLine 'two'; DROP TABLE audits; -- \"quoted\"";
    audit.workload = model::WorkloadKind::Mixed;
    audit.tensorrt = true;
    audit.multi_node = true;

    auto& kernels = audit.dimension(Dimension::CustomKernels);
    kernels.tier = Tier::High;
    kernels.notes = "Hand-written attention kernels.";
    kernels.proposed_tier = Tier::Medium;
    kernels.override_tier = model::TierOverride{Tier::High, "reviewer saw inline PTX"};
    kernels.findings = {{"cuda.kernel_launch", 12}, {"cuda.inline_ptx", 1}};
    kernels.evidence = {
        evidence("cuda.kernel_launch", Level::High, Level::High, "src/attn.cu", 42, 7,
                 EvidenceContext::Code, "hipify.cfg"),
        evidence("cuda.kernel_launch", Level::High, Level::Medium, "src/attn.cu", 9, std::nullopt,
                 EvidenceContext::Code, std::nullopt),
        evidence("cuda.inline_ptx", Level::Medium, Level::Low, "src/ptx.cuh", 3, 0,
                 EvidenceContext::Comment, std::string()), // present but empty
    };
    kernels.mitigations = {
        {"rocm.hip_port", "src/attn.hip", 40, "#include <hip/hip_runtime.h>", "HIP port exists"},
        {"rocm.ci_job", ".gitlab-ci.yml", std::nullopt, "rocm:", ""},
    };

    auto& libraries = audit.dimension(Dimension::Libraries);
    libraries.tier = Tier::Medium;
    libraries.proposed_tier = Tier::Medium;
    libraries.findings = {{"lib.cudnn", 4}};
    libraries.evidence = {evidence("lib.cudnn", Level::Low, Level::High, "third_party/x/y.cc", 1, 1,
                                   EvidenceContext::Vendored, std::nullopt)};

    auto& team = audit.dimension(Dimension::TeamKnowledge);
    team.tier = Tier::Low;
    team.notes = "Two engineers know HIP.";
    team.override_tier = model::TierOverride{Tier::Low, ""};

    audit.not_scanned = {{"data/huge.bin", "larger than 10 MiB"}, {"secret/", "permission denied"}};
    return audit;
}

} // namespace crossgrade::testing
