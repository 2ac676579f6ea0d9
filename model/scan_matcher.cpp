#include "scan_matcher.h"

#include "scan_packages.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <re2/re2.h>
#include <re2/set.h>

namespace crossgrade::model {

namespace {

// The scopes that read a file's text (Path rules read its path instead).
constexpr std::array<ScanScope, 8> kTextScopes{
    ScanScope::Cxx, ScanScope::Py,       ScanScope::Build,      ScanScope::Docker,
    ScanScope::Ci,  ScanScope::Manifest, ScanScope::Gitmodules, ScanScope::Any};

constexpr std::size_t kSnippetLimit = 200;
constexpr std::size_t kSnippetLead = 60; // bytes kept before a hit when a long line is cut

enum class Mark : unsigned char { Code, Comment, Docstring };
enum class CommentSyntax { None, CStyle, Python, Hash, Prose };

RE2::Options options() {
    RE2::Options o;
    o.set_log_errors(false);
    return o;
}

std::string_view extensionOf(std::string_view path) {
    const auto slash = path.find_last_of("/\\");
    const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
    const auto dot = name.rfind('.');
    return dot == std::string_view::npos ? std::string_view{} : name.substr(dot);
}

std::string lowered(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

CommentSyntax syntaxOf(std::string_view path, ScanScopes scopes) {
    if (has(scopes, ScanScope::Cxx))
        return CommentSyntax::CStyle;
    if (has(scopes, ScanScope::Py))
        return CommentSyntax::Python;
    if (has(scopes, ScanScope::Build) || has(scopes, ScanScope::Docker) ||
        has(scopes, ScanScope::Ci) || has(scopes, ScanScope::Manifest) ||
        has(scopes, ScanScope::Gitmodules))
        return CommentSyntax::Hash;
    const std::string ext = lowered(extensionOf(path));
    for (std::string_view e :
         {".yml", ".yaml", ".toml", ".cfg", ".ini", ".conf", ".pbtxt", ".env", ".bash", ".zsh"})
        if (ext == e)
            return CommentSyntax::Hash;
    for (std::string_view e : {".md", ".markdown", ".rst", ".txt", ".adoc"})
        if (ext == e)
            return CommentSyntax::Prose;
    return CommentSyntax::None;
}

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}
bool isIdentChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

// Marks every byte of `text` as code, comment or docstring.
std::vector<Mark> classify(std::string_view text, CommentSyntax syntax) {
    std::vector<Mark> mark(text.size(), Mark::Code);
    const std::size_t n = text.size();
    auto fill = [&](std::size_t from, std::size_t to, Mark m) {
        std::fill(mark.begin() + static_cast<std::ptrdiff_t>(from),
                  mark.begin() + static_cast<std::ptrdiff_t>(std::min(to, n)), m);
    };
    auto lineEnd = [&](std::size_t from) {
        const auto nl = text.find('\n', from);
        return nl == std::string_view::npos ? n : nl;
    };
    // Skips a one-line quoted string opened at `i`; returns the index after it.
    auto skipString = [&](std::size_t i) {
        const char q = text[i];
        std::size_t j = i + 1;
        while (j < n && text[j] != q && text[j] != '\n')
            j += (text[j] == '\\' && j + 1 < n) ? 2 : 1;
        return std::min(j + 1, n);
    };

    switch (syntax) {
    case CommentSyntax::None:
        break;
    case CommentSyntax::Prose:
        fill(0, n, Mark::Comment);
        break;
    case CommentSyntax::CStyle:
        for (std::size_t i = 0; i < n;) {
            const char c = text[i];
            if (c == '/' && i + 1 < n && text[i + 1] == '/') {
                const std::size_t e = lineEnd(i);
                fill(i, e, Mark::Comment);
                i = e;
            } else if (c == '/' && i + 1 < n && text[i + 1] == '*') {
                const auto close = text.find("*/", i + 2);
                const std::size_t e = close == std::string_view::npos ? n : close + 2;
                fill(i, e, Mark::Comment);
                i = e;
            } else if (c == '"' || (c == '\'' && (i == 0 || !isIdentChar(text[i - 1])))) {
                i = skipString(i); // a digit separator (1'000) is not a character literal
            } else {
                ++i;
            }
        }
        break;
    case CommentSyntax::Python: {
        std::size_t lineStart = 0;
        for (std::size_t i = 0; i < n;) {
            const char c = text[i];
            if (c == '\n') {
                lineStart = ++i;
            } else if (c == '#') {
                const std::size_t e = lineEnd(i);
                fill(i, e, Mark::Comment);
                i = e;
            } else if ((c == '"' || c == '\'') && text.substr(i, 3) == std::string(3, c)) {
                // A triple-quoted string standing alone as a statement is a docstring; one that
                // is assigned or passed (e.g. CUDA source for load_inline) is code.
                bool alone = true;
                for (std::size_t k = lineStart; k < i; ++k) {
                    const char p =
                        static_cast<char>(std::tolower(static_cast<unsigned char>(text[k])));
                    if (!isSpace(p) && p != 'r' && p != 'u' && p != 'b' && p != 'f')
                        alone = false;
                }
                const auto close = text.find(text.substr(i, 3), i + 3);
                const std::size_t e = close == std::string_view::npos ? n : close + 3;
                if (alone)
                    fill(i, e, Mark::Docstring);
                for (std::size_t k = i; k < e; ++k)
                    if (text[k] == '\n')
                        lineStart = k + 1;
                i = e;
            } else if (c == '"' || c == '\'') {
                i = skipString(i);
            } else {
                ++i;
            }
        }
        break;
    }
    case CommentSyntax::Hash:
        for (std::size_t i = 0; i < n;) {
            const char c = text[i];
            // Batch-scheduler directives and the shebang look like comments but are read.
            const bool directive = (i == 0 || text[i - 1] == '\n') &&
                                   (text.substr(i, 7) == "#SBATCH" || text.substr(i, 4) == "#PBS" ||
                                    text.substr(i, 2) == "#!");
            if (c == '#' && !directive && (i == 0 || isSpace(text[i - 1]) || text[i - 1] == '\n')) {
                const std::size_t e = lineEnd(i);
                fill(i, e, Mark::Comment);
                i = e;
            } else if (c == '"' || c == '\'') {
                i = skipString(i);
            } else {
                ++i;
            }
        }
        break;
    }
    return mark;
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
        std::unique_ptr<RE2> raise;
        bool ok = false;
    };
    struct ScopeSet {
        ScanScope scope = ScanScope::Any;
        std::unique_ptr<RE2::Set> set; // null when it did not compile: try every rule
        std::vector<std::size_t> rules;
    };
    std::vector<Rule> rules;
    std::vector<ScopeSet> sets;
    std::vector<std::size_t> pathRules;
    std::vector<std::string> bad;
};

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
        cr.raise = compile(r, "raise_pattern", r.raise_pattern);
        cr.ok = cr.pattern && cr.pattern->ok() && (!cr.exclude || cr.exclude->ok()) &&
                (!cr.raise || cr.raise->ok());
        if (r.pattern.empty())
            c.bad.push_back(std::string(r.id) + ": pattern: empty");
        c.rules.push_back(std::move(cr));
    }
    for (std::size_t i = 0; i < c.rules.size(); ++i)
        if (c.rules[i].ok && has(c.rules[i].rule->scopes, ScanScope::Path))
            c.pathRules.push_back(i);
    for (ScanScope scope : kTextScopes) {
        Compiled::ScopeSet s;
        s.scope = scope;
        auto set = std::make_unique<RE2::Set>(opts, RE2::UNANCHORED);
        bool setOk = true;
        for (std::size_t i = 0; i < c.rules.size(); ++i) {
            if (!c.rules[i].ok || !has(c.rules[i].rule->scopes, scope))
                continue;
            const std::string_view p = c.rules[i].rule->pattern;
            if (set->Add(re2::StringPiece(p.data(), p.size()), nullptr) < 0)
                setOk = false;
            s.rules.push_back(i);
        }
        if (s.rules.empty())
            continue;
        if (setOk && set->Compile())
            s.set = std::move(set);
        c.sets.push_back(std::move(s));
    }
}

ScanMatcher::~ScanMatcher() = default;

const std::vector<std::string>& ScanMatcher::badPatterns() const {
    return m_compiled->bad;
}

std::vector<ScanFinding> ScanMatcher::matchFile(std::string_view path,
                                                std::string_view text) const {
    const Compiled& c = *m_compiled;
    std::vector<ScanFinding> out;
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
        out.push_back(std::move(f));
    }

    std::vector<const Compiled::ScopeSet*> active;
    for (const Compiled::ScopeSet& s : c.sets)
        if (has(scopes, s.scope))
            active.push_back(&s);
    if (active.empty() || text.empty())
        return out;

    const std::vector<Mark> mark = classify(text, syntaxOf(path, scopes));
    std::vector<char> candidate(c.rules.size(), 0);
    std::vector<std::size_t> candidates;
    std::vector<int> hits;

    int lineNo = 0;
    for (std::size_t start = 0; start <= text.size();) {
        ++lineNo;
        auto nl = text.find('\n', start);
        const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);

        candidates.clear();
        for (const Compiled::ScopeSet* s : active) {
            auto add = [&](std::size_t rule) {
                if (!candidate[rule]) {
                    candidate[rule] = 1;
                    candidates.push_back(rule);
                }
            };
            if (!s->set) {
                for (std::size_t r : s->rules)
                    add(r);
                continue;
            }
            hits.clear();
            RE2::Set::ErrorInfo error{};
            if (s->set->Match(re2::StringPiece(line.data(), line.size()), &hits, &error)) {
                for (int h : hits)
                    add(s->rules[static_cast<std::size_t>(h)]);
            } else if (error.kind != RE2::Set::kNoError) {
                // The set's DFA ran out of memory on this line: ask every rule instead.
                for (std::size_t r : s->rules)
                    add(r);
            }
        }
        std::sort(candidates.begin(), candidates.end());

        for (std::size_t ri : candidates) {
            candidate[ri] = 0;
            const Compiled::Rule& cr = c.rules[ri];
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
                const Mark here = mark[std::min(start + off, text.size() - 1)];
                if (!chosen || (chosenMark != Mark::Code && here == Mark::Code)) {
                    chosen = std::make_pair(off, len);
                    chosenMark = here;
                }
                if (here == Mark::Code)
                    break;
            }
            if (!chosen)
                continue;
            ScanFinding f;
            f.rule = cr.rule;
            f.path = normalised;
            f.line = lineNo;
            f.col = static_cast<int>(chosen->first) + 1;
            f.snippet = snippetOf(line, chosen->first);
            f.match = std::string(line.substr(chosen->first, chosen->second));
            f.context = chosenMark == Mark::Comment     ? EvidenceContext::Comment
                        : chosenMark == Mark::Docstring ? EvidenceContext::Docstring
                                                        : pathContext;
            f.severity = severityOf(cr, f.match);
            ratePackageFinding(f);
            out.push_back(std::move(f));
        }
        if (nl == std::string_view::npos)
            break;
        start = nl + 1;
    }
    return out;
}

const ScanMatcher& defaultScanMatcher() {
    static const ScanMatcher matcher;
    return matcher;
}

} // namespace crossgrade::model
