// The per-file matcher of the scanner (scan_matcher.h): the rule table compiled into RE2 sets,
// the folding of calls whose arguments span lines, and matchFile's pass over one file. What
// each byte of the file is (code, comment, docstring) comes from scan_text_marks.cpp. A little
// over 600 lines: matchFile is one pass of some 270 lines whose lambdas share its locals (the
// compiled sets, the marks, the line starts); cutting it up would pass that state around.

#include "scan_matcher.h"

#include "scan_manifest_sections.h"
#include "scan_packages.h"
#include "scan_text_marks.h"

#include <algorithm>
#include <array>
#include <map>
#include <mutex>
#include <re2/re2.h>
#include <re2/set.h>

namespace crossgrade::model {

// How a call spanning lines is folded into one. Outside the anonymous namespace because
// ScanMatcher::Compiled, a class of the header, holds one.
enum class CallFold {
    Code,   // the call's top-level code, strings emptied ("" stands for each), nested (...) dropped
    Strings // the call's string literals run together into one quoted string
};

using scan_text::classify;
using scan_text::CommentSyntax;
using scan_text::isIdentChar;
using scan_text::isSpace;
using scan_text::Mark;
using scan_text::markConfigComments;
using scan_text::Marks;
using scan_text::syntaxOf;

namespace {

// The scopes that read a file's text (Path rules read its path instead).
constexpr std::array<ScanScope, 8> kTextScopes{
    ScanScope::Cxx, ScanScope::Py,       ScanScope::Build,      ScanScope::Docker,
    ScanScope::Ci,  ScanScope::Manifest, ScanScope::Gitmodules, ScanScope::Any};

constexpr std::size_t kSnippetLimit = 200;
constexpr std::size_t kSnippetLead = 60; // bytes kept before a hit when a long line is cut

RE2::Options options() {
    RE2::Options o;
    o.set_log_errors(false);
    return o;
}

// Moves `i` back to the start of a UTF-8 sequence.
std::size_t charStart(std::string_view s, std::size_t i) {
    while (i > 0 && i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80)
        --i;
    return i;
}

// D2.manifest-packages is Medium per package until the curated table rates the one it hit.
void ratePackageFinding(ScanFinding& f) {
    if (f.rule->id != "D2.manifest-packages")
        return;
    if (const PackageRating* p = ratePackage(f.match)) {
        f.severity = p->severity;
        f.rocm_equivalent = std::string(p->rocm_path);
    }
}

// A package only an optional extra, a dependency group or a dev requirements file names is not
// in the default install: one notch below the table's rating (docs/scanner.md, "Optional
// extras").
void markOptionalExtra(ScanFinding& f) {
    f.optional_extra = true;
    if (f.severity == Level::High)
        f.severity = Level::Medium;
    else if (f.severity == Level::Medium)
        f.severity = Level::Low;
    const std::string path =
        f.rocm_equivalent.empty() ? std::string(f.rule->rocm_equivalent) : f.rocm_equivalent;
    f.rocm_equivalent = std::string(kOptionalExtraNote) + "; " + path;
}

std::string snippetOf(std::string_view line, std::size_t hit) {
    std::size_t b = 0;
    std::size_t e = line.size();
    while (b < e && (isSpace(line[b]) || line[b] == '\n'))
        ++b;
    while (e > b && (isSpace(line[e - 1]) || line[e - 1] == '\n'))
        --e;
    if (e - b <= kSnippetLimit)
        return std::string(line.substr(b, e - b));
    std::size_t from = hit > b + kSnippetLead ? hit - kSnippetLead : b;
    from = std::min(from, e - kSnippetLimit);
    from = charStart(line, from);
    const std::size_t to = charStart(line, std::min(from + kSnippetLimit, e));
    std::string out;
    if (from > b)
        out += "…";
    out += line.substr(from, to - from);
    if (to < e)
        out += "…";
    return out;
}

// Calls whose arguments often span lines: the rule's own pattern is matched once more against
// the whole call folded into one line, so `load_inline(` with `cuda_sources=` three lines down,
// or `asm volatile(` whose PTX sits in a later string, is reported at the call's first line.
struct CallSpan {
    std::string_view rule_id;
    std::string_view head; // RE2 ending in the call's "(", on one line (it is the finding's match)
    CallFold fold;
};
constexpr std::array<CallSpan, 3> kCallSpans{{
    {"D1.inline-extension", R"re(\bload_inline[ \t]*\()re", CallFold::Code},
    {"D1.inline-ptx", R"re(\b(asm|__asm__)[ \t]*(volatile[ \t]*|__volatile__[ \t]*)?\()re",
     CallFold::Strings},
    // Triton's inline assembly: its strings (asm= often on the next line) tell PTX from AMD's.
    {"D1.inline-ptx", R"re(\binline_asm_elementwise[ \t]*\()re", CallFold::Strings},
}};
constexpr std::size_t kSpanLimit = 16 * 1024; // bytes of a call read past its "("
// The set runs over stretches of about this many bytes (whole lines), so that a rule it names
// looks for its lines in that stretch only.
constexpr std::size_t kStretchBytes = 4 * 1024;

// Rules whose subject is a string: the PTX of inline assembly, an NCCL variable's name read
// with getenv, a TensorRT engine file's quoted name.
// `asmBefore`: an asm keyword in code precedes the hit on its line.
bool readsStrings(const ScanRule& rule, std::string_view line, std::size_t off, std::size_t len,
                  bool asmBefore) {
    const std::string_view match = line.substr(off, len);
    if (rule.id == "D1.inline-ptx")
        return true;
    // PTX in an inline-assembly string: wgmma, cp.async.bulk ... are what the kernel runs.
    if (rule.dimension == Dimension::CustomKernels && asmBefore)
        return true;
    if (rule.id == "D4.nccl-env") { // getenv("NCCL_IB_HCA"), setenv(...), environ[...]
        const std::string_view before = line.substr(0, off);
        return before.find("getenv") != std::string_view::npos ||
               before.find("setenv") != std::string_view::npos ||
               before.find("environ") != std::string_view::npos;
    }
    return rule.id == "D2.tensorrt" && !match.empty() &&
           (match.back() == '"' || match.back() == '\'');
}

// True when code (not a comment or string) of the file calls a run-time CUDA compiler: NVRTC,
// the driver's module loader, jitify. Then its string literals are the CUDA source it compiles.
bool handsSourceToACompiler(std::string_view text, const Marks& mark) {
    for (std::string_view call :
         {"nvrtcCreateProgram", "cuModuleLoadData", "cuLibraryLoadData", "jitify"})
        for (std::size_t at = text.find(call); at != std::string_view::npos;
             at = text.find(call, at + 1))
            if (mark[at] == Mark::Code)
                return true;
    return false;
}

// The call opened by the "(" just before `from`, folded as `fold`; `syntax` tells strings and
// comments apart (comment bytes come from `mark`).
std::string foldCall(std::string_view text, std::size_t from, const Marks& mark,
                     CommentSyntax syntax, CallFold fold) {
    std::string out;
    int depth = 1;
    const std::size_t end = std::min(text.size(), from + kSpanLimit);
    for (std::size_t i = from; i < end && depth > 0;) {
        const char c = text[i];
        if (mark[i] == Mark::Comment || mark[i] == Mark::Docstring) { // strings are read below
            ++i;
            continue;
        }
        if (c == '"' || (c == '\'' && (syntax == CommentSyntax::Python ||
                                       (i > 0 && !isIdentChar(text[i - 1]))))) {
            const bool triple =
                syntax == CommentSyntax::Python && text.substr(i, 3) == std::string(3, c);
            const std::size_t open = triple ? 3 : 1;
            std::size_t j = i + open;
            std::string content;
            while (j < end) {
                if (text[j] == '\\' && j + 1 < end) {
                    content += text[j];
                    content += text[j + 1];
                    j += 2;
                    continue;
                }
                if (triple ? text.substr(j, 3) == std::string(3, c) : text[j] == c)
                    break;
                if (!triple && text[j] == '\n')
                    break;
                content += text[j++];
            }
            i = std::min(end, j + open);
            if (fold == CallFold::Strings) {
                content.erase(std::remove(content.begin(), content.end(), '"'), content.end());
                out += content;
            } else if (depth == 1) {
                out += "\"\"";
            }
            continue;
        }
        if (c == '(' || c == '[' || c == '{')
            ++depth;
        else if (c == ')' || c == ']' || c == '}')
            --depth;
        if (fold == CallFold::Code && depth == 1 && c != ']' && c != '}' && c != ')')
            out += c == '\n' || c == '\r' ? ' ' : c;
        ++i;
    }
    return out;
}

bool hasUnescapedDollar(std::string_view pattern) {
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] == '\\') {
            ++i;
            continue;
        }
        if (pattern[i] == '$')
            return true;
    }
    return false;
}

} // namespace

double contextWeight(EvidenceContext context) {
    switch (context) {
    case EvidenceContext::Code:
        return 1.0;
    case EvidenceContext::Test:
    case EvidenceContext::Example:
    case EvidenceContext::Benchmark:
        return 0.25;
    case EvidenceContext::Comment:
    case EvidenceContext::Docstring:
    case EvidenceContext::String:
    case EvidenceContext::Vendored:
        return 0.0;
    }
    return 0.0;
}

EvidenceItem toEvidence(const ScanFinding& finding) {
    EvidenceItem item;
    item.rule_id = finding.rule ? std::string(finding.rule->id) : std::string();
    item.severity = finding.severity;
    const double w = contextWeight(finding.context);
    item.confidence = w >= 1.0 ? Level::High : (w > 0.0 ? Level::Medium : Level::Low);
    item.path = finding.path;
    item.line = finding.line;
    item.col = finding.col;
    item.snippet = finding.snippet;
    item.context = finding.context;
    if (!finding.rocm_equivalent.empty())
        item.rocm_equivalent = finding.rocm_equivalent;
    else if (finding.rule)
        item.rocm_equivalent = std::string(finding.rule->rocm_equivalent);
    return item;
}

struct ScanMatcher::Compiled {
    struct Rule {
        const ScanRule* rule = nullptr;
        std::unique_ptr<RE2> pattern;
        std::unique_ptr<RE2> exclude;
        std::unique_ptr<RE2> exclude_after;
        std::unique_ptr<RE2> raise;
        // The pattern in multi-line mode ((?m): ^ at every line start), searched over a stretch
        // of lines to find the lines worth the per-line match. Every per-line hit is also a hit
        // of this one; where it is not sure to be ($ before a CR), `every_line` says so.
        std::unique_ptr<RE2> whole;
        bool every_line = false;
        bool ok = false;
    };
    struct Span {
        std::size_t rule = 0;
        std::unique_ptr<RE2> head;
        CallFold fold = CallFold::Code;
    };
    // The rules (and call heads) of one combination of text scopes, in one multi-line set that
    // says which of them may hit in a stretch of lines. `set` is null when it did not compile:
    // then every rule is tried.
    struct ScopeSet {
        std::unique_ptr<RE2::Set> set;
        std::vector<std::size_t> rules;
        std::vector<std::size_t> spans;
        // Per set entry: a rule index, or kSpanEntry + span index.
        std::vector<std::size_t> entries;
    };
    static constexpr std::size_t kSpanEntry = std::size_t(1) << 30;
    std::vector<Rule> rules;
    std::vector<Span> spans;
    std::vector<std::size_t> pathRules;
    std::vector<std::string> bad;

    // A file's text scopes (without Path) -> its set, compiled on first use: a handful of
    // combinations occur (.cu is cxx+any, setup.py is py+build+manifest+any, ...).
    const ScopeSet& setFor(ScanScopes textScopes) const;
    mutable std::mutex setsMutex;
    mutable std::map<ScanScopes, std::unique_ptr<ScopeSet>> sets;
};

const ScanMatcher::Compiled::ScopeSet& ScanMatcher::Compiled::setFor(ScanScopes textScopes) const {
    const std::lock_guard<std::mutex> lock(setsMutex);
    std::unique_ptr<ScopeSet>& slot = sets[textScopes];
    if (slot)
        return *slot;
    slot = std::make_unique<ScopeSet>();
    ScopeSet& s = *slot;
    RE2::Options opts = options();
    opts.set_max_mem(32 << 20); // stretches of lines, not single lines: give the DFA room
    auto set = std::make_unique<RE2::Set>(opts, RE2::UNANCHORED);
    bool setOk = true;
    auto add = [&](std::string_view p, std::size_t entry) {
        if (set->Add(re2::StringPiece("(?m)" + std::string(p)), nullptr) < 0)
            setOk = false;
        s.entries.push_back(entry);
    };
    for (std::size_t i = 0; i < rules.size(); ++i) {
        if (!rules[i].ok || (rules[i].rule->scopes & textScopes) == 0)
            continue;
        add(rules[i].rule->pattern, i);
        s.rules.push_back(i);
    }
    for (std::size_t k = 0; k < spans.size(); ++k) {
        if ((rules[spans[k].rule].rule->scopes & textScopes) == 0)
            continue;
        add(spans[k].head->pattern(), kSpanEntry + k);
        s.spans.push_back(k);
    }
    if (!s.rules.empty() && setOk && set->Compile())
        s.set = std::move(set);
    return s;
}

ScanMatcher::ScanMatcher()
    : ScanMatcher(scanRules()) {}

ScanMatcher::ScanMatcher(const std::vector<ScanRule>& rules)
    : m_compiled(std::make_unique<Compiled>()) {
    Compiled& c = *m_compiled;
    const RE2::Options opts = options();
    auto compile = [&](const ScanRule& r, std::string_view what, std::string_view pattern) {
        if (pattern.empty())
            return std::unique_ptr<RE2>();
        auto re = std::make_unique<RE2>(re2::StringPiece(pattern.data(), pattern.size()), opts);
        if (!re->ok())
            c.bad.push_back(std::string(r.id) + ": " + std::string(what) + ": " + re->error());
        return re;
    };
    for (const ScanRule& r : rules) {
        Compiled::Rule cr;
        cr.rule = &r;
        cr.pattern = compile(r, "pattern", r.pattern);
        cr.exclude = compile(r, "exclude", r.exclude);
        cr.exclude_after = compile(r, "exclude_after", r.exclude_after);
        cr.raise = compile(r, "raise_pattern", r.raise_pattern);
        cr.ok = cr.pattern && cr.pattern->ok() && (!cr.exclude || cr.exclude->ok()) &&
                (!cr.exclude_after || cr.exclude_after->ok()) && (!cr.raise || cr.raise->ok());
        if (r.pattern.empty())
            c.bad.push_back(std::string(r.id) + ": pattern: empty");
        if (cr.ok) {
            cr.whole = std::make_unique<RE2>("(?m)" + std::string(r.pattern), opts);
            cr.every_line = hasUnescapedDollar(r.pattern) || !cr.whole->ok();
        }
        c.rules.push_back(std::move(cr));
    }
    for (const CallSpan& span : kCallSpans) {
        for (std::size_t i = 0; i < c.rules.size(); ++i) {
            if (!c.rules[i].ok || c.rules[i].rule->id != span.rule_id)
                continue;
            Compiled::Span s;
            s.rule = i;
            s.head =
                std::make_unique<RE2>(re2::StringPiece(span.head.data(), span.head.size()), opts);
            s.fold = span.fold;
            c.spans.push_back(std::move(s));
        }
    }
    for (std::size_t i = 0; i < c.rules.size(); ++i)
        if (c.rules[i].ok && has(c.rules[i].rule->scopes, ScanScope::Path))
            c.pathRules.push_back(i);
}

ScanMatcher::~ScanMatcher() = default;

const std::vector<std::string>& ScanMatcher::badPatterns() const {
    return m_compiled->bad;
}

std::vector<ScanFinding> ScanMatcher::matchFile(std::string_view path,
                                                std::string_view text) const {
    std::vector<ScanFinding> out;
    matchFile(path, text, [&out](ScanFinding&& f) { out.push_back(std::move(f)); });
    return out;
}

void ScanMatcher::matchFile(std::string_view path, std::string_view text,
                            const FindingSink& sink) const {
    const Compiled& c = *m_compiled;
    const ScanScopes scopes = scopeOf(path);
    const EvidenceContext pathContext = contextOfPath(path);
    const bool script = isScriptOutsideCi(path);
    std::string normalised(path);
    std::replace(normalised.begin(), normalised.end(), '\\', '/');

    auto severityOf = [&](const Compiled::Rule& cr, std::string_view matched) {
        const ScanRule& r = *cr.rule;
        if (r.kind != RuleKind::Finding)
            return Level::Low;
        Level level = r.severity;
        if (cr.raise &&
            RE2::PartialMatch(re2::StringPiece(matched.data(), matched.size()), *cr.raise))
            level = r.raised_severity;
        if (script && r.script_severity)
            level = *r.script_severity;
        return level;
    };

    for (std::size_t i : c.pathRules) {
        const Compiled::Rule& cr = c.rules[i];
        re2::StringPiece m;
        if (!cr.pattern->Match(normalised, 0, normalised.size(), RE2::UNANCHORED, &m, 1))
            continue;
        const std::string_view matched(m.data(), m.size());
        if (cr.exclude && RE2::PartialMatch(normalised, *cr.exclude))
            continue;
        ScanFinding f;
        f.rule = cr.rule;
        f.path = normalised;
        f.line = 1;
        f.snippet = normalised.substr(0, kSnippetLimit);
        f.match = std::string(matched);
        f.context = pathContext;
        f.severity = severityOf(cr, matched);
        sink(std::move(f));
    }

    ScanScopes textScopes = 0;
    for (ScanScope scope : kTextScopes)
        if (has(scopes, scope))
            textScopes = textScopes | scope;
    if (textScopes == 0 || text.empty())
        return;
    const Compiled::ScopeSet& set = c.setFor(textScopes);
    if (set.rules.empty())
        return;

    const bool hasCr = text.find('\r') != std::string_view::npos;
    const re2::StringPiece whole(text.data(), text.size());
    const CommentSyntax syntax = syntaxOf(path, scopes);
    std::optional<Marks> marks; // classified on the first candidate: most stretches have none
    // The current stretch [from, to) of whole lines: the 0-based number of its first line and
    // where each of its lines starts (only the stretch's, not the file's: 8 bytes a line of a
    // huge file would be a third of its size again).
    std::size_t stretchEnd = 0;
    std::size_t firstLine = 0;
    std::vector<std::size_t> lineStarts;
    // A C/C++ file that hands CUDA source to a compiler at run time: its strings are code.
    bool compilesStrings = false;
    // Per line, whether a manifest declares optional dependencies there (read on the first
    // package it names).
    std::optional<std::vector<bool>> optionalLines;
    auto prepare = [&] {
        if (marks)
            return;
        marks = classify(text, syntax);
        if (syntax == CommentSyntax::Hash)
            markConfigComments(path, text, *marks);
        if (syntax == CommentSyntax::CStyle)
            compilesStrings = handsSourceToACompiler(text, *marks);
    };
    // The line (0-based) holding byte `offset` of the stretch, where it starts, where the next
    // line starts, and the line without its end.
    auto lineOf = [&](std::size_t offset) {
        return firstLine + static_cast<std::size_t>(
                               std::upper_bound(lineStarts.begin(), lineStarts.end(), offset) -
                               lineStarts.begin() - 1);
    };
    auto lineStart = [&](std::size_t index) {
        return lineStarts[index - firstLine];
    };
    auto nextLineStart = [&](std::size_t index) {
        const std::size_t k = index - firstLine + 1;
        return k < lineStarts.size() ? lineStarts[k] : stretchEnd;
    };
    auto lineText = [&](std::size_t index) {
        const std::size_t start = lineStart(index);
        std::size_t end = nextLineStart(index);
        if (end > start && text[end - 1] == '\n')
            --end;
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        return line;
    };

    struct Placed {
        std::size_t line;
        std::size_t rule;
        ScanFinding finding;
    };
    // The current stretch's findings: a stretch holds whole lines and every hit lies on one of
    // its lines, so sorting per stretch gives the file's line order, and a huge file's findings
    // go to the sink as they are found instead of being held.
    std::vector<Placed> found;

    // One rule on one line: the first hit in code, else the first hit.
    auto matchLine = [&](std::size_t ri, std::size_t index) {
        const Compiled::Rule& cr = c.rules[ri];
        const Marks& mark = *marks;
        const std::size_t start = lineStart(index);
        const std::string_view line = lineText(index);
        const re2::StringPiece piece(line.data(), line.size());
        std::optional<std::pair<std::size_t, std::size_t>> chosen; // offset, length
        Mark chosenMark = Mark::Code;
        for (std::size_t pos = 0; pos <= line.size();) {
            re2::StringPiece m;
            if (!cr.pattern->Match(piece, pos, line.size(), RE2::UNANCHORED, &m, 1))
                break;
            const auto off = static_cast<std::size_t>(m.data() - line.data());
            const std::size_t len = m.size();
            pos = len == 0 ? off + 1 : off + len;
            if (cr.exclude &&
                RE2::PartialMatch(re2::StringPiece(line.data(), off + len), *cr.exclude))
                continue;
            if (cr.exclude_after && RE2::PartialMatch(re2::StringPiece(line.data() + off + len,
                                                                       line.size() - off - len),
                                                      *cr.exclude_after))
                continue;
            Mark here = mark[std::min(start + off, text.size() - 1)];
            // Text in a string literal is no use (a rule table, a message), unless the string
            // is what the rule reads or CUDA source the file compiles.
            if (here == Mark::String) {
                bool asmBefore = false;
                for (std::size_t a = line.find("asm"); a < off && !asmBefore;
                     a = line.find("asm", a + 1))
                    asmBefore = mark[start + a] == Mark::Code;
                if (compilesStrings || readsStrings(*cr.rule, line, off, len, asmBefore))
                    here = Mark::Code;
            }
            if (!chosen || (chosenMark != Mark::Code && here == Mark::Code)) {
                chosen = std::make_pair(off, len);
                chosenMark = here;
            }
            if (here == Mark::Code)
                break;
        }
        if (!chosen)
            return;
        ScanFinding f;
        f.rule = cr.rule;
        f.path = normalised;
        f.line = static_cast<int>(index) + 1;
        f.col = static_cast<int>(chosen->first) + 1;
        f.snippet = snippetOf(line, chosen->first);
        f.match = std::string(line.substr(chosen->first, chosen->second));
        f.context = chosenMark == Mark::Comment     ? EvidenceContext::Comment
                    : chosenMark == Mark::Docstring ? EvidenceContext::Docstring
                    : chosenMark == Mark::String    ? EvidenceContext::String
                                                    : pathContext;
        f.severity = severityOf(cr, f.match);
        ratePackageFinding(f);
        if (f.rule->id == "D2.manifest-packages") {
            if (!optionalLines)
                optionalLines = optionalDependencyLines(
                    std::string_view(normalised).substr(normalised.rfind('/') + 1), text);
            if (index < optionalLines->size() && (*optionalLines)[index])
                markOptionalExtra(f);
        }
        found.push_back(Placed{index, ri, std::move(f)});
    };

    // A rule over the lines of [from, to): it jumps from one multi-line hit to the line after
    // it. Every line with a per-line hit holds the start of a multi-line hit at or before it,
    // so none is missed.
    auto matchRule = [&](std::size_t ri, std::size_t from, std::size_t to) {
        const Compiled::Rule& cr = c.rules[ri];
        if (cr.every_line && hasCr) {
            for (std::size_t k = 0; k < lineStarts.size(); ++k)
                matchLine(ri, firstLine + k);
            return;
        }
        for (std::size_t pos = from; pos < to;) {
            re2::StringPiece m;
            if (!cr.whole->Match(whole, pos, to, RE2::UNANCHORED, &m, 1))
                break;
            const std::size_t index = lineOf(static_cast<std::size_t>(m.data() - text.data()));
            matchLine(ri, index);
            pos = nextLineStart(index);
        }
    };

    // A call head over [from, to): the call folded into one line and matched by its rule.
    auto matchSpan = [&](std::size_t k, std::size_t from, std::size_t to) {
        const Compiled::Span& span = c.spans[k];
        const Compiled::Rule& cr = c.rules[span.rule];
        const Marks& mark = *marks;
        for (std::size_t pos = from; pos < to;) {
            re2::StringPiece m;
            if (!span.head->Match(whole, pos, to, RE2::UNANCHORED, &m, 1))
                break;
            const auto off = static_cast<std::size_t>(m.data() - text.data());
            pos = off + std::max<std::size_t>(m.size(), 1);
            if (mark[off] != Mark::Code)
                continue;
            const std::size_t index = lineOf(off);
            const bool already = std::any_of(found.begin(), found.end(), [&](const Placed& p) {
                return p.rule == span.rule && p.line == index;
            });
            if (already)
                continue;
            const std::string_view head(m.data(), m.size());
            const std::string body = foldCall(text, off + m.size(), mark, syntax, span.fold);
            const std::string folded = span.fold == CallFold::Strings
                                           ? std::string(head) + "\"" + body + "\")"
                                           : std::string(head) + body + ")";
            if (!RE2::PartialMatch(folded, *cr.pattern) ||
                (cr.exclude && RE2::PartialMatch(folded, *cr.exclude)))
                continue;
            const std::string_view line = lineText(index);
            const std::size_t col = off - lineStart(index);
            ScanFinding f;
            f.rule = cr.rule;
            f.path = normalised;
            f.line = static_cast<int>(index) + 1;
            f.col = static_cast<int>(col) + 1;
            f.snippet = snippetOf(line, col);
            f.match = std::string(head);
            f.context = pathContext;
            f.severity = severityOf(cr, f.match);
            found.push_back(Placed{index, span.rule, std::move(f)});
        }
    };

    // The file in stretches of whole lines: the set says which rules may hit in a stretch, and
    // only those look for their lines in it. Most stretches hit nothing.
    std::vector<int> hits;
    std::vector<std::size_t> ruleHits;
    std::vector<std::size_t> spanHits;
    for (std::size_t from = 0; from < text.size();) {
        std::size_t to = std::min(text.size(), from + kStretchBytes);
        if (to < text.size()) {
            const auto nl = text.find('\n', to - 1);
            to = nl == std::string_view::npos ? text.size() : nl + 1;
        }
        ruleHits.clear();
        spanHits.clear();
        hits.clear();
        RE2::Set::ErrorInfo error{};
        bool everything = !set.set;
        if (set.set &&
            !set.set->Match(re2::StringPiece(text.data() + from, to - from), &hits, &error) &&
            error.kind != RE2::Set::kNoError)
            everything = true; // the set's DFA ran out of memory: ask every rule instead
        if (everything) {
            ruleHits = set.rules;
            spanHits = set.spans;
        } else {
            for (int h : hits) {
                const std::size_t entry = set.entries[static_cast<std::size_t>(h)];
                if (entry >= Compiled::kSpanEntry)
                    spanHits.push_back(entry - Compiled::kSpanEntry);
                else
                    ruleHits.push_back(entry);
            }
            if (hasCr)
                for (std::size_t r : set.rules)
                    if (c.rules[r].every_line &&
                        std::find(ruleHits.begin(), ruleHits.end(), r) == ruleHits.end())
                        ruleHits.push_back(r);
        }
        if (!ruleHits.empty() || !spanHits.empty()) {
            prepare();
            stretchEnd = to;
            lineStarts.clear();
            for (std::size_t at = from; at < to;) {
                lineStarts.push_back(at);
                const auto nl = text.find('\n', at);
                at = nl == std::string_view::npos ? to : nl + 1;
            }
            for (std::size_t r : ruleHits)
                matchRule(r, from, to);
            for (std::size_t k : spanHits)
                matchSpan(k, from, to);
        }
        std::stable_sort(found.begin(), found.end(), [](const Placed& a, const Placed& b) {
            return a.line != b.line ? a.line < b.line : a.rule < b.rule;
        });
        for (Placed& p : found)
            sink(std::move(p.finding));
        found.clear();
        firstLine += static_cast<std::size_t>(
            std::count(text.begin() + static_cast<std::ptrdiff_t>(from),
                       text.begin() + static_cast<std::ptrdiff_t>(to), '\n'));
        from = to;
    }
}

const ScanMatcher& defaultScanMatcher() {
    static const ScanMatcher matcher;
    return matcher;
}

} // namespace crossgrade::model
