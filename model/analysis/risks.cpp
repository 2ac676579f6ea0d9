#include "risks.h"

#include "scenario_inputs.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>

namespace crossgrade::model {

namespace {

// Cuts kept in a risk so that one long snippet, note or source cannot fill the page; the full
// text stays in the audit and the assumption register.
constexpr std::size_t kSnippetBytes = 120;
constexpr std::size_t kNotesBytes = 240;
constexpr std::size_t kSourceBytes = 160;

// Whole percentiles bounding a knob's own range (P10–P90), judged as flipPositionWords shows them
// so that a flip the reader sees as "P10" is inside.
constexpr long kLowPercent = 10;
constexpr long kHighPercent = 90;

// The only dollar amount below which owed engineering is noise.
constexpr double kOwedThresholdUsd = 1;

// Runs of whitespace (newlines of a multi-line snippet included) become one space; the ends go.
std::string collapsed(std::string_view text) {
    std::string out;
    bool space = false;
    for (char c : text) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            space = !out.empty();
            continue;
        }
        if (space)
            out += ' ';
        space = false;
        out += c;
    }
    return out;
}

// `text` cut to at most `bytes` bytes (never inside a UTF-8 sequence) with "…" when cut.
std::string cut(std::string text, std::size_t bytes) {
    if (text.size() <= bytes)
        return text;
    std::size_t end = bytes;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
        --end;
    text.resize(end);
    while (!text.empty() && text.back() == ' ')
        text.pop_back();
    return text + "\u2026";
}

// `text` ending in a full stop (or the ! ? or closing quote it already ends with); a text cut
// with "…" gets its full stop too.
std::string sentence(std::string text) {
    if (text.empty())
        return text;
    static constexpr std::array<std::string_view, 5> kEnds{".", "!", "?", ".\"", ".\u201d"};
    for (std::string_view end : kEnds)
        if (text.ends_with(end))
            return text;
    return text + ".";
}

// A label mid-sentence: "Transition penalty" → "transition penalty", but "AMD …" and "HetCCL …"
// keep their capitals (a first word with a capital after its first letter is a name).
std::string midSentence(std::string_view label) {
    std::string out(label);
    const std::size_t wordEnd = std::min(out.find(' '), out.size());
    for (std::size_t i = 1; i < wordEnd; ++i)
        if (std::isupper(static_cast<unsigned char>(out[i])))
            return out;
    if (!out.empty())
        out[0] = char(std::tolower(static_cast<unsigned char>(out[0])));
    return out;
}

std::string warningTitle(const AuditWarning& w) {
    if (w.id == "networking-layer")
        return "The networking layer (NCCL) is the constraint";
    if (w.id == "tensorrt")
        return "TensorRT in the pipeline";
    if (w.id == "hetccl-premature")
        return "Too early to track HetCCL";
    if (w.id == "inconsistent")
        return "The audit contradicts itself";
    return "Audit warning: " + w.id;
}

void addWarnings(const RiskAnalysis& a, std::vector<Risk>& out) {
    for (const AuditWarning& w : a.evaluation.recommendation.warnings) {
        std::string text = sentence(w.text);
        if (!w.source.empty())
            text += " Source: " + sentence(w.source);
        out.push_back({RiskKind::Warning, w.id, warningTitle(w), std::move(text)});
    }
}

long wholePercent(double percentile) {
    return std::lround(100 * percentile);
}

void addSwitching(const RiskAnalysis& a, std::vector<Risk>& out) {
    struct Item {
        const SwitchingValue* value;
        const Flip* flip;
        long fragility; // whole percentiles from P50
    };
    std::vector<Item> items;
    for (const SwitchingValue& v : a.switching) {
        if (!v.applies)
            continue;
        for (const Flip& f : v.flips) {
            if (!f.percentile || !std::isfinite(*f.percentile))
                continue;
            const long p = wholePercent(*f.percentile);
            if (p >= kLowPercent && p <= kHighPercent)
                items.push_back({&v, &f, std::labs(p - 50)});
        }
    }
    std::stable_sort(items.begin(), items.end(),
                     [](const Item& x, const Item& y) { return x.fragility < y.fragility; });
    for (const Item& it : items) {
        const WhatIfKnob knob = it.value->knob;
        const std::string label(knobInfo(knob).label);
        std::string text = "If " + midSentence(label) +
                           (it.flip->value > it.value->current ? " rises to " : " falls to ") +
                           formatKnobValue(knob, it.flip->value, a.scenario.start_month) + " (" +
                           flipPositionWords(it.flip->percentile) + "), " +
                           optionShortTitle(it.flip->to) + " replaces " +
                           optionShortTitle(it.flip->from) +
                           " as the cheapest option. The current value is " +
                           formatKnobValue(knob, it.value->current, a.scenario.start_month) + ".";
        if (it.value->non_monotonic)
            text += " The response is not monotonic, so this value alone does not describe it.";
        out.push_back({RiskKind::SwitchingInsideRange, std::string(toString(knob)),
                       label + " can flip the choice", std::move(text)});
    }
}

static_assert(kTopDrivers == 5, "the sentences below say \"top five\"");

std::string driverRank(std::size_t index) {
    static constexpr std::array<std::string_view, kTopDrivers> kRanks{
        "largest", "second-largest", "third-largest", "fourth-largest", "fifth-largest"};
    return std::string(kRanks[std::min(index, kRanks.size() - 1)]);
}

std::string savingOf(OptionId option) {
    return optionShortTitle(option) + "'s saving against " + optionShortTitle(OptionId::StayCuda);
}

void addWeakDrivers(const RiskAnalysis& a, std::vector<Risk>& out) {
    const std::vector<ScenarioInput> inputs = scenarioInputs(a.scenario);
    auto labelOf = [&inputs](const std::string& pointer) {
        for (const ScenarioInput& i : inputs)
            if (i.pointer == pointer)
                return i.label;
        return pointer;
    };
    // Per pointer seen: the index of its risk in `out`, or npos when it was seen but is no risk
    // (its confidence is A or B).
    struct Seen {
        std::string pointer;
        std::size_t risk;
        OptionId first;             // the tornado it was listed for
        std::vector<OptionId> also; // the other tornados' options it is a top driver of
    };
    std::vector<Seen> seen;
    for (const Tornado* t : a.tornados) {
        if (t == nullptr)
            continue;
        const std::size_t top = std::min(kTopDrivers, t->bars.size());
        for (std::size_t rank = 0; rank < top; ++rank) {
            const TornadoBar& bar = t->bars[rank];
            auto earlier = std::find_if(seen.begin(), seen.end(),
                                        [&](const Seen& s) { return s.pointer == bar.pointer; });
            if (earlier != seen.end()) {
                if (earlier->risk != std::string::npos && t->option != earlier->first &&
                    std::find(earlier->also.begin(), earlier->also.end(), t->option) ==
                        earlier->also.end())
                    earlier->also.push_back(t->option);
                continue;
            }
            const UncertainNumber* number = findInput(a.scenario, bar.pointer);
            // An input the scenario cannot show a tag for is as unchecked as one tagged "?".
            const Confidence tag =
                number && number->confidence ? *number->confidence : Confidence::Unknown;
            if (tag == Confidence::A || tag == Confidence::B) {
                seen.push_back({bar.pointer, std::string::npos, t->option, {}});
                continue;
            }
            const std::string label = "\u201c" + labelOf(bar.pointer) + "\u201d";
            std::string text = label + " is the " + driverRank(rank) + " driver of " +
                               savingOf(t->option) + ": over its P10\u2013P90 range the saving " +
                               "moves by " + formatUsd(bar.spread()) + ". ";
            const std::string source = number ? cut(collapsed(number->source), kSourceBytes) : "";
            const std::string date = number ? collapsed(number->date) : "";
            text += tag == Confidence::C ? "It is tagged C, a secondary write-up; "
                                         : "It is tagged ?, an assumption that must be checked; ";
            if (source.empty())
                text += "no source recorded.";
            else
                text +=
                    "source: " + (date.empty() ? sentence(source) : source + " (" + date + ").");
            std::string title =
                (tag == Confidence::C ? "Weakly sourced top driver: " : "Unchecked top driver: ") +
                label;
            seen.push_back({bar.pointer, out.size(), t->option, {}});
            out.push_back({RiskKind::WeakDriver, bar.pointer, std::move(title), std::move(text)});
        }
    }
    for (const Seen& s : seen) {
        if (s.risk == std::string::npos || s.also.empty())
            continue;
        std::string names;
        for (std::size_t i = 0; i < s.also.size(); ++i)
            names += (i == 0 ? "" : (i + 1 == s.also.size() ? " and " : ", ")) +
                     optionShortTitle(s.also[i]);
        out[s.risk].text += " It is also among the top five drivers of " + names + "'s saving.";
    }
}

int rank(Level l) {
    return static_cast<int>(l);
}

// The evidence a reader should see first: the most severe, then the most certain, then code
// over comments, tests and the like, then the first listed.
const EvidenceItem* topEvidence(const std::vector<EvidenceItem>& evidence) {
    const EvidenceItem* best = nullptr;
    for (const EvidenceItem& e : evidence) {
        if (best == nullptr) {
            best = &e;
            continue;
        }
        const auto key = [](const EvidenceItem& x) {
            return std::array{rank(x.severity), rank(x.confidence),
                              x.context == EvidenceContext::Code ? 1 : 0};
        };
        if (key(e) > key(*best))
            best = &e;
    }
    return best;
}

void addHighDimensions(const RiskAnalysis& a, std::vector<Risk>& out) {
    for (Dimension d : kAllDimensions) {
        const DimensionAssessment& dim = a.scenario.audit.dimension(d);
        if (dim.tier != Tier::High)
            continue;
        const std::string name(title(d));
        // Numbered as the article numbers them ("If Dimension 4 scores High"), which also keeps
        // a plural title ("Library dependencies") from reading as the subject of "is".
        std::string text = "Dimension " + std::to_string(static_cast<int>(d) + 1) + " (" + name +
                           ") is rated High.";
        if (dim.override_tier) {
            text += " The tier is a reviewer's decision";
            if (dim.proposed_tier && *dim.proposed_tier != dim.tier)
                text += " (the scan proposed " + std::string(title(*dim.proposed_tier)) + ")";
            const std::string reason = collapsed(dim.override_tier->reason);
            text += reason.empty() ? "; no reason is recorded." : ": " + sentence(reason);
        }
        if (const EvidenceItem* e = topEvidence(dim.evidence)) {
            text += " Top evidence: " + e->path + ":" + std::to_string(e->line);
            const std::string snippet = cut(collapsed(e->snippet), kSnippetBytes);
            if (!snippet.empty())
                text += ", \u201c" + snippet + "\u201d";
            text += ".";
            const std::string rocm = collapsed(e->rocm_equivalent);
            if (!rocm.empty())
                text += " ROCm equivalent: " + sentence(rocm);
            if (e->mitigated_by && !collapsed(*e->mitigated_by).empty())
                text += " It is mitigated by " + sentence(collapsed(*e->mitigated_by));
            const std::size_t more = dim.evidence.size() - 1;
            if (more == 1)
                text += " 1 more place is listed in the audit.";
            else if (more > 1)
                text += " " + std::to_string(more) + " more places are listed in the audit.";
        } else {
            const std::string notes = cut(collapsed(dim.notes), kNotesBytes);
            text += notes.empty() ? " The audit records no evidence or notes for it."
                                  : " Audit notes: " + sentence(notes);
        }
        out.push_back({RiskKind::HighDimension, std::string(toString(d)), name + " rated High",
                       std::move(text)});
    }
}

void addOwed(const RiskAnalysis& a, std::vector<Risk>& out) {
    for (const OptionOutcome& o : a.evaluation.options) {
        if (!(o.run.owed_after_horizon_usd > kOwedThresholdUsd))
            continue;
        const std::string name = optionShortTitle(o.id);
        out.push_back({RiskKind::OwedPastHorizon, std::string(toString(o.id)),
                       name + " has engineering owed past the horizon",
                       name + " still owes " + formatUsd(o.run.owed_after_horizon_usd) +
                           " of engineering after the " + std::to_string(o.run.horizon) +
                           "-month horizon; it is not in the total."});
    }
}

} // namespace

std::string_view toString(RiskKind k) {
    switch (k) {
    case RiskKind::Warning:
        return "warning";
    case RiskKind::SwitchingInsideRange:
        return "switching-value";
    case RiskKind::WeakDriver:
        return "weak-driver";
    case RiskKind::HighDimension:
        return "high-dimension";
    case RiskKind::OwedPastHorizon:
        return "owed-past-horizon";
    }
    return "warning";
}

std::vector<Risk> generateRisks(const RiskAnalysis& analysis) {
    std::vector<Risk> risks;
    addWarnings(analysis, risks);
    addSwitching(analysis, risks);
    addWeakDrivers(analysis, risks);
    addHighDimensions(analysis, risks);
    addOwed(analysis, risks);
    return risks;
}

} // namespace crossgrade::model
