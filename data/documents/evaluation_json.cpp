#include "evaluation_json.h"

#include "csv_writer.h"
#include "recommendation_json.h"

#include <charconv>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace crossgrade::data {

namespace {

using nlohmann::ordered_json;
using namespace crossgrade::model;

ordered_json nullable(double value) {
    return value < 0 ? ordered_json() : ordered_json(value);
}

ordered_json doorsJson(const OptionOutcome& o, const CompiledScenario& compiled) {
    ordered_json doors = ordered_json::array();
    const CompiledOption* option = nullptr;
    for (const CompiledOption& c : compiled.options)
        if (c.id == o.id)
            option = &c;
    if (option == nullptr)
        return doors;
    for (std::size_t k = 0; k < option->doors.size(); ++k) {
        if (!o.policy.takes(k))
            continue;
        const CompiledDoor& d = option->doors[k];
        const CompiledDoorGroup& group = compiled.door_groups[std::size_t(d.group)];
        ordered_json workloads = ordered_json::array();
        for (int w : group.workloads)
            workloads.push_back(compiled.workloads[std::size_t(w)].id);
        doors.push_back(
            {{"door", d.kind == DoorKind::Inference ? "inference-to-amd" : "training-to-amd"},
             {"group", group.id},
             {"workloads", std::move(workloads)},
             {"mode", d.mode == DoorMode::Move ? "move" : "new-capacity"},
             {"policy_month", o.policy.month[k]},
             {"opens_month", o.run.door_open_month[k]},
             {"taken_month", nullable(o.run.door_taken_month[k])}});
    }
    return doors;
}

ordered_json monthlyJson(const OptionRun& run, const CompiledScenario& compiled) {
    ordered_json months = ordered_json::array();
    for (int m = 0; m < run.horizon; ++m) {
        ordered_json row;
        row["month"] = m;
        if (compiled.start_month)
            row["calendar_month"] = formatYearMonth(addMonths(*compiled.start_month, m));
        for (int c = 0; c < kComponentCount; ++c)
            row[componentName(c)] = run.component(m, c);
        row["total_usd"] = run.total[std::size_t(m)];
        row["cumulative_usd"] = run.cumulative[std::size_t(m)];
        row["discounted_cumulative_usd"] = run.discounted_cumulative[std::size_t(m)];
        ordered_json gpus = ordered_json::object();
        for (std::size_t s = 0; s < compiled.skus.size(); ++s)
            if (run.gpusAt(m, int(s)) > 0)
                gpus[compiled.skus[s].id] = run.gpusAt(m, int(s));
        row["gpus"] = gpus;
        months.push_back(std::move(row));
    }
    return months;
}

ordered_json summaryJson(double base, const Summary& s) {
    return {{"base", base}, {"p10", s.p10}, {"p50", s.p50}, {"p90", s.p90}, {"mean", s.mean}};
}

ordered_json optionJson(const OptionOutcome& o, const CompiledScenario& compiled,
                        const OptionDistribution* mc) {
    ordered_json j;
    j["id"] = toString(o.id);
    j["total_usd"] =
        mc ? summaryJson(o.run.total_usd, mc->total_usd) : ordered_json{{"base", o.run.total_usd}};
    j["npv_usd"] =
        mc ? summaryJson(o.run.npv_usd, mc->npv_usd) : ordered_json{{"base", o.run.npv_usd}};
    if (mc) {
        j["npv_saving_vs_stay_cuda_usd"] = {{"p10", mc->npv_saving_usd.p10},
                                            {"p50", mc->npv_saving_usd.p50},
                                            {"p90", mc->npv_saving_usd.p90},
                                            {"mean", mc->npv_saving_usd.mean}};
        j["p_beats_stay_cuda"] = mc->p_beats_stay_cuda;
        if (mc->p_total_within_budget)
            j["p_total_within_budget"] = *mc->p_total_within_budget;
        ordered_json be{{"probability", mc->p_break_even}};
        if (mc->break_even_month)
            be.update({{"p10", mc->break_even_month->p10},
                       {"p50", mc->break_even_month->p50},
                       {"p90", mc->break_even_month->p90}});
        j["break_even_distribution"] = be;
        j["bands"] = {{"discounted_cumulative_usd",
                       {{"p10", mc->cumulative_p10},
                        {"p50", mc->cumulative_p50},
                        {"p90", mc->cumulative_p90}}}};
        j["convergence"] = {{"npv_mean_standard_error_usd", mc->npv_mean_standard_error},
                            {"npv_p50_standard_error_usd", mc->npv_p50_standard_error}};
    }
    j["break_even_month"] = o.break_even_month ? ordered_json(*o.break_even_month) : ordered_json();
    j["cash_break_even_month"] =
        o.cash_break_even_month ? ordered_json(*o.cash_break_even_month) : ordered_json();
    j["doors_taken"] = doorsJson(o, compiled);
    j["owed_after_horizon_usd"] = o.run.owed_after_horizon_usd;
    j["time_to_production_month"] =
        o.run.first_amd_month < 0 ? ordered_json() : ordered_json(o.run.first_amd_month);
    j["usd_per_gpu_hour"] = o.usd_per_gpu_hour;
    j["usd_per_mtok"] = o.usd_per_mtok;
    j["installed_capital_usd"] = o.installed_capital_usd;
    ordered_json perWorkload = ordered_json::array();
    for (const WorkloadUnitCost& u : o.workloads) {
        ordered_json w{{"workload", u.workload},
                       {"gpu_hours", u.gpu_hours},
                       {"value_usd", u.value_usd},
                       {"usd", u.usd},
                       {"usd_per_gpu_hour", u.usd_per_gpu_hour}};
        if (u.inference)
            w["usd_per_mtok"] = u.usd_per_mtok;
        perWorkload.push_back(std::move(w));
    }
    j["unit_costs"] = std::move(perWorkload);
    j["multi_node_inference"] = o.run.multi_node_inference;
    // Provisioned kW of the owned fleet at its most, against the site's cap where it has one.
    j["peak_kw"] = o.run.peak_kw;
    j["monthly"] = monthlyJson(o.run, compiled);
    return j;
}

std::string number(double value) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.10g", value);
    return buffer;
}

} // namespace

namespace {

ordered_json evaluationJson(const ScenarioEvaluation& e, const CompiledScenario& compiled,
                            std::optional<OptionId> only, const MonteCarloResult* mc) {
    ordered_json j;
    j["schema"] = kEvaluationSchemaTag;
    j["scenario"] = compiled.name;
    j["horizon_months"] = compiled.horizon_months;
    j["engine_version"] = compiled.engine_version;
    j["start_month"] = compiled.start_month ? ordered_json(formatYearMonth(*compiled.start_month))
                                            : ordered_json();
    j["sizing"] = toString(compiled.sizing);
    if (mc)
        j["monte_carlo"] = {{"samples", mc->samples},
                            {"seed", mc->seed},
                            {"sampling", "latin-hypercube"},
                            {"door_policy", "deterministic, held on every sample"},
                            {"evpi_usd", mc->evpi_usd}};
    j["options"] = ordered_json::array();
    for (std::size_t i = 0; i < e.options.size(); ++i) {
        const OptionOutcome& o = e.options[i];
        if (!only || o.id == *only)
            j["options"].push_back(
                optionJson(o, compiled, mc && i < mc->options.size() ? &mc->options[i] : nullptr));
    }
    j["recommendation"] = ordered_json::parse(writeRecommendation(e.recommendation, "", 0));
    j["recommendation"].erase("audit");
    j["cheapest_option"] = toString(e.cheapest);
    j["cheapest_basis"] = e.decision_samples > 0 ? "mean-npv" : "most-likely-npv";
    j["disagreement"] = e.disagreement;
    return j;
}

const char* basisName(OptionPlanChoice::Basis b) {
    switch (b) {
    case OptionPlanChoice::Basis::ExpectedValue:
        return "expected-value";
    case OptionPlanChoice::Basis::Never:
        return "no-door";
    case OptionPlanChoice::Basis::Mode:
        break;
    }
    return "most-likely-values";
}

ordered_json policyJson(const CompiledScenario& compiled, OptionId id, const DoorPolicy& policy) {
    ordered_json doors = ordered_json::array();
    for (const CompiledOption& option : compiled.options)
        if (option.id == id)
            for (const TakenDoor& d : takenDoors(compiled, option, policy))
                doors.push_back({{"group", d.group}, {"policy_month", d.month}});
    return doors;
}

} // namespace

std::string writeEvaluationJson(const ScenarioEvaluation& e, const CompiledScenario& compiled,
                                std::optional<OptionId> only, const MonteCarloResult* mc) {
    return evaluationJson(e, compiled, only, mc).dump(2) + "\n";
}

std::string writeEvaluationJson(const UncertaintyAnalysis& a, const CompiledScenario& compiled,
                                std::optional<OptionId> only) {
    ordered_json j = evaluationJson(a.committed, compiled, only, &a.monte_carlo);
    j["monte_carlo"]["door_policy"] =
        a.plan_choice.samples > 0 ? "committed plan (by expected value), held on every sample"
                                  : "most likely values' plan, held on every sample";
    j["plan_choice"] = {
        {"samples", a.plan_choice.samples},
        {"seed", a.plan_choice.samples > 0 ? ordered_json(a.plan_choice.seed) : ordered_json()},
        {"rule", "lowest mean NPV; replaces the most likely values' plan only "
                 "when better by more than two paired standard errors"}};
    if (a.hindsight)
        j["hindsight"] = {{"samples", a.hindsight->samples},
                          {"decision", toString(a.hindsight->decision)},
                          {"evpi_usd", a.hindsight->evpi_usd},
                          {"evpi_standard_error_usd", a.hindsight->evpi_standard_error},
                          {"tied_share", a.hindsight->tied_share}};
    for (ordered_json& o : j["options"]) {
        const std::optional<OptionId> id = parseOptionId(o["id"].get<std::string>());
        if (!id)
            continue;
        if (const OptionPlanChoice* c = a.plan_choice.find(*id); c && c->candidates > 0)
            o["plan"] = {
                {"basis", basisName(c->basis)},
                {"committed", policyJson(compiled, *id, c->committed)},
                {"most_likely_values_plan", policyJson(compiled, *id, c->mode_policy)},
                {"expected_value_plan", policyJson(compiled, *id, c->expected_policy)},
                {"candidates", c->candidates},
                {"gain_over_most_likely_plan_usd", c->gain_usd},
                {"gain_standard_error_usd", c->gain_standard_error},
                {"saving_vs_no_door_usd", c->saving_vs_never_usd},
                {"saving_vs_no_door_standard_error_usd", c->saving_vs_never_standard_error},
                {"reason", c->reason}};
        for (const OptionDistribution& d : a.monte_carlo.options)
            if (d.id == *id)
                o["p_beats_stay_cuda_standard_error"] = d.p_beats_standard_error;
        if (a.hindsight)
            if (const OptionHindsight* h = a.hindsight->find(*id))
                o["hindsight"] = {{"p_best", h->p_best},
                                  {"p_best_standard_error", h->p_best_standard_error},
                                  {"mean_saving_vs_stay_cuda_usd", h->mean_saving_usd},
                                  {"saving_standard_error_usd", h->saving_standard_error}};
    }
    return j.dump(2) + "\n";
}

std::string writeEvaluationCsv(const ScenarioEvaluation& e, const CompiledScenario& compiled,
                               std::optional<OptionId> only) {
    std::string out = "option,month,calendar_month";
    for (int c = 0; c < kComponentCount; ++c)
        out += std::string(",") + componentName(c);
    out += ",total_usd,cumulative_usd,discounted_cumulative_usd";
    for (const CompiledSku& sku : compiled.skus)
        out += "," + csvField("gpus_" + sku.id);
    out += "\n";
    for (const OptionOutcome& o : e.options) {
        if (only && o.id != *only)
            continue;
        for (int m = 0; m < o.run.horizon; ++m) {
            out += std::string(toString(o.id)) + "," + std::to_string(m) + "," +
                   (compiled.start_month ? formatYearMonth(addMonths(*compiled.start_month, m))
                                         : std::string());
            for (int c = 0; c < kComponentCount; ++c)
                out += "," + number(o.run.component(m, c));
            out += "," + number(o.run.total[std::size_t(m)]) + "," +
                   number(o.run.cumulative[std::size_t(m)]) + "," +
                   number(o.run.discounted_cumulative[std::size_t(m)]);
            for (std::size_t s = 0; s < compiled.skus.size(); ++s)
                out += "," + number(o.run.gpusAt(m, int(s)));
            out += "\n";
        }
    }
    return out;
}

std::string writeSamplesCsv(const CompiledScenario& compiled, const ScenarioEvaluation& e,
                            const MonteCarloResult& mc, const std::vector<double>& draws) {
    const std::size_t n = mc.samples;
    const std::size_t inputs = compiled.inputs.size();
    std::string out = "sample";
    for (InputId i = 0; i < inputs; ++i)
        out += "," + csvField(compiled.inputs.pointer(i));
    for (const OptionOutcome& o : e.options)
        out += ",npv_usd:" + std::string(toString(o.id));
    for (const OptionOutcome& o : e.options)
        out += ",total_usd:" + std::string(toString(o.id));
    out += "\n";
    // Millions of numbers for a report's 10,000 samples: each is written straight into the
    // output with std::to_chars, which prints as printf's "%.10g" does, without a temporary.
    const std::size_t options = e.options.size();
    out.reserve(out.size() + n * (inputs + 2 * options + 1) * 12);
    const auto field = [&out](double value) {
        char buffer[40];
        buffer[0] = ',';
        const auto [end, error] = std::to_chars(buffer + 1, buffer + sizeof buffer, value,
                                                std::chars_format::general, 10);
        out.append(buffer, error == std::errc() ? end : buffer + 1);
    };
    for (std::size_t s = 0; s < n; ++s) {
        out += std::to_string(s);
        for (std::size_t i = 0; i < inputs; ++i)
            field(draws[i * n + s]);
        for (std::size_t o = 0; o < options; ++o)
            field(mc.npv[o * n + s]);
        for (std::size_t o = 0; o < options; ++o)
            field(mc.total[o * n + s]);
        out += '\n';
    }
    return out;
}

} // namespace crossgrade::data
