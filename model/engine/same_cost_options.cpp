// Options that cost the same, in words (same_cost_options.h).

#include "same_cost_options.h"

#include <algorithm>
#include <cmath>

namespace crossgrade::model {

namespace {

bool sameCost(const OptionOutcome& a, const OptionOutcome& b) {
    return std::fabs(a.run.npv_usd - b.run.npv_usd) <= kSameCostUsd &&
           std::fabs(a.run.total_usd - b.run.total_usd) <= kSameCostUsd;
}

bool sameDoors(const OptionOutcome& a, const OptionOutcome& b) {
    return a.run.door_taken_month == b.run.door_taken_month;
}

// "Path 1", "Path 1 and Path 3", "Path 1, Path 3 and Paths 2+3".
std::string listed(const std::vector<OptionId>& ids) {
    std::string out;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (i > 0)
            out += i + 1 == ids.size() ? " and " : ", ";
        out += optionShortTitle(ids[i]);
    }
    return out;
}

bool hasTraining(const ScenarioEvaluation& e) {
    return std::any_of(e.options.begin(), e.options.end(), [](const OptionOutcome& o) {
        return std::any_of(o.workloads.begin(), o.workloads.end(),
                           [](const WorkloadUnitCost& w) { return !w.inference; });
    });
}

// Path 3 is Path 1 plus HetCCL for training; Paths 2+3 are Path 2 plus the same.
bool differOnlyByHetccl(OptionId a, OptionId b) {
    const auto pair = std::minmax(a, b);
    return pair == std::minmax(OptionId::Path1, OptionId::Path3) ||
           pair == std::minmax(OptionId::Path2, OptionId::Path2And3);
}

} // namespace

std::vector<std::string> sameCostSentences(const ScenarioEvaluation& e) {
    std::vector<std::string> out;
    const OptionOutcome* stay = e.find(OptionId::StayCuda);
    std::vector<OptionId> noDoor;
    std::vector<const OptionOutcome*> moving;
    for (const OptionOutcome& o : e.options) {
        if (o.id == OptionId::StayCuda)
            continue;
        if (o.doors_taken == 0 && stay && sameCost(o, *stay))
            noDoor.push_back(o.id);
        else if (o.doors_taken > 0)
            moving.push_back(&o);
    }
    const std::size_t paths = e.options.size() - (stay ? 1 : 0);
    if (!noDoor.empty() && noDoor.size() == paths && paths > 1)
        out.push_back("No option takes a door to AMD at these values: all " +
                      std::to_string(paths) +
                      " paths cost exactly what staying on CUDA costs, since none of their moves "
                      "pays back within the horizon.");
    else if (!noDoor.empty())
        out.push_back(listed(noDoor) + (noDoor.size() == 1 ? " takes" : " take") +
                      " no door to AMD at these values, so " +
                      (noDoor.size() == 1 ? "it costs" : "each costs") +
                      " exactly what staying on CUDA costs.");

    std::vector<bool> grouped(moving.size(), false);
    for (std::size_t i = 0; i < moving.size(); ++i) {
        if (grouped[i])
            continue;
        std::vector<OptionId> group{moving[i]->id};
        bool onlyHetccl = true;
        for (std::size_t j = i + 1; j < moving.size(); ++j)
            if (!grouped[j] && sameCost(*moving[i], *moving[j]) &&
                sameDoors(*moving[i], *moving[j])) {
                grouped[j] = true;
                onlyHetccl = onlyHetccl && differOnlyByHetccl(moving[i]->id, moving[j]->id);
                group.push_back(moving[j]->id);
            }
        std::vector<std::string> differing;
        // Options taking the same doors whose NPV a table rounds to the same figure but which
        // differ: by how much, so that the rows are not read as one plan.
        for (std::size_t j = i + 1; j < moving.size(); ++j)
            if (!grouped[j] && sameDoors(*moving[i], *moving[j]) &&
                formatUsd(moving[i]->run.npv_usd) == formatUsd(moving[j]->run.npv_usd)) {
                grouped[j] = true;
                const std::string title = optionShortTitle(moving[j]->id);
                const double more = moving[j]->run.npv_usd - moving[i]->run.npv_usd;
                differing.push_back(title + (title.starts_with("Paths") ? " take" : " takes") +
                                    " the same doors at the same months as " +
                                    optionShortTitle(moving[i]->id) + ", for " +
                                    formatUsd(std::fabs(more)) + (more > 0 ? " more" : " less") +
                                    " in NPV at the most likely values.");
            }
        if (group.size() >= 2) {
            std::string sentence = listed(group) +
                                   " take the same doors at the same months and cost the same: "
                                   "one plan for this fleet";
            if (onlyHetccl && !hasTraining(e))
                sentence += " (Path 3 adds HetCCL for training across vendors, and this scenario "
                            "has no training workload)";
            out.push_back(sentence + ".");
        }
        out.insert(out.end(), differing.begin(), differing.end());
    }
    return out;
}

} // namespace crossgrade::model
