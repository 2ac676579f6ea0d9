#include "json_stream.h"

#include "json_duplicate_keys.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace crossgrade::data {

using nlohmann::json;

namespace {

// A read buffer over another stream buffer that knows the line and column of what it has
// handed out, so errors found while streaming can name their place. Counting advances with
// what is handed out, so asking for the place of every key costs nothing more than reading.
// A NUL byte is not handed out: nlohmann would take it for the end of the input and ignore
// the rest, so reading up to it throws NulByte.
class CountingBuffer : public std::streambuf {
public:
    struct NulByte {};

    explicit CountingBuffer(std::streambuf* source)
        : source_(source) {}

    struct Place {
        std::size_t line = 1;
        std::size_t column = 1;
        std::string text() const { return std::to_string(line) + ":" + std::to_string(column); }
    };

    // The last character handed out (1:1 before the first).
    Place last() {
        advance(gptr());
        return {line_, std::max<std::size_t>(column_, 1)};
    }
    std::string place() { return last().text(); }
    // The character after the last one handed out: where a NUL byte stopped the reading.
    std::string next() {
        advance(gptr());
        return std::to_string(line_) + ":" + std::to_string(column_ + 1);
    }
    // The opening quote of the string whose closing quote was handed out last, when it is still
    // in the buffer (strings hold no raw line breaks, so it is on the same line); else the
    // closing quote.
    Place stringStart() {
        const Place end = last();
        const char* close = gptr() - 1;
        if (close < eback() || *close != '"')
            return end;
        for (const char* p = close; p-- > eback();) {
            if (*p != '"')
                continue;
            std::size_t backslashes = 0;
            for (const char* q = p; q-- > eback() && *q == '\\';)
                ++backslashes;
            if (backslashes % 2 == 0)
                return {end.line, end.column - std::size_t(close - p)};
        }
        return end;
    }

protected:
    int_type underflow() override {
        advance(egptr());
        if (nul_next_)
            throw NulByte{};
        const std::streamsize n = source_->sgetn(chunk_.data(), std::streamsize(chunk_.size()));
        if (n <= 0) {
            setg(chunk_.data(), chunk_.data(), chunk_.data());
            scanned_ = chunk_.data();
            return traits_type::eof();
        }
        const char* end = chunk_.data() + n;
        const char* nul = static_cast<const char*>(std::memchr(chunk_.data(), 0, std::size_t(n)));
        nul_next_ = nul != nullptr;
        setg(chunk_.data(), chunk_.data(), chunk_.data() + ((nul ? nul : end) - chunk_.data()));
        scanned_ = chunk_.data();
        if (nul == chunk_.data())
            throw NulByte{};
        return traits_type::to_int_type(chunk_[0]);
    }

private:
    void advance(const char* to) {
        for (const char* p = scanned_; p < to; ++p)
            if (*p == '\n') {
                ++line_;
                column_ = 0;
            } else {
                ++column_;
            }
        if (scanned_ < to)
            scanned_ = to;
    }

    std::streambuf* source_;
    std::array<char, 64 * 1024> chunk_{};
    const char* scanned_ = nullptr; // counted up to here in the current chunk
    std::size_t line_ = 1;
    std::size_t column_ = 0; // characters of the current line counted so far
    bool nul_next_ = false;
};

struct TooDeep {};
struct TooMany {};
struct Refused {
    Problem problem;
};

// The duplicate-key check every streamed reader runs from its parser callback.
class KeyCheck {
public:
    explicit KeyCheck(CountingBuffer& counting)
        : counting_(counting) {}
    void operator()(int depth, json::parse_event_t event, const json& parsed) {
        if (event == json::parse_event_t::object_start) {
            keys_.objectStart(depth);
        } else if (event == json::parse_event_t::key) {
            const CountingBuffer::Place at = counting_.stringStart();
            const std::string& key = parsed.get_ref<const std::string&>();
            if (const auto first = keys_.key(depth, key, at))
                throw Refused{{at.text(), duplicateKeyMessage(key, first->text())}};
        }
    }

private:
    CountingBuffer& counting_;
    json_detail::DuplicateKeys<CountingBuffer::Place> keys_;
};

// Skips white space; the first other character, '\0' at the end, or a problem when a NUL byte
// comes first.
char skipSpace(CountingBuffer& buffer, std::vector<Problem>& problems) {
    try {
        for (;;) {
            const auto c = buffer.sgetc();
            if (c == std::char_traits<char>::eof())
                return '\0';
            if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
                return char(c);
            buffer.sbumpc();
        }
    } catch (const CountingBuffer::NulByte&) {
        problems.push_back({buffer.next(), kNulByteMessage});
    }
    return '\0';
}

std::string topName(char c) {
    return c == '{' ? "an object" : c == '[' ? "an array" : "a single value";
}

// Runs `parse` on a stream over `counting`, turning the parser's failures into problems.
template <typename Parse>
std::vector<Problem> guarded(CountingBuffer& counting, Parse&& parse,
                             const std::string& tooMany = {}) {
    try {
        parse();
    } catch (const Refused& refused) {
        return {refused.problem};
    } catch (const CountingBuffer::NulByte&) {
        return {{counting.next(), kNulByteMessage}};
    } catch (const TooMany&) {
        return {{counting.place(), tooMany}};
    } catch (const TooDeep&) {
        return {{counting.place(), "nesting deeper than " + std::to_string(kMaxNesting) +
                                       " levels; a benchmark file is much flatter"}};
    } catch (const json::parse_error& e) {
        return {{counting.place(), invalidJsonMessage(e.what())}};
    } catch (const json::out_of_range&) {
        return {{counting.place(), "invalid JSON: a number is out of range (larger than 1.8e308)"}};
    }
    return {};
}

std::vector<Problem> refuseTop(char top, const DocumentKind& kind, std::string_view topKinds) {
    if (top == '\0')
        return {{"1:1", "the file is empty; expected " + std::string(kind.noun)}};
    if (topKinds.find(top) != std::string_view::npos)
        return {};
    std::string expected;
    for (char c : topKinds)
        expected += (expected.empty() ? "" : " or ") + topName(c);
    return {
        {"", "expected " + std::string(kind.noun) + " (" + expected + "), found " + topName(top)}};
}

} // namespace

std::vector<Problem>
streamJsonRows(std::istream& in, const DocumentKind& kind, std::string_view topKinds,
               std::size_t maxRows, const std::string& tooMany,
               const std::function<void(const std::string& key, const json& value)>& row) {
    CountingBuffer counting(in.rdbuf());
    std::vector<Problem> nul;
    const char top = skipSpace(counting, nul);
    if (!nul.empty())
        return nul;
    if (auto refused = refuseTop(top, kind, topKinds); !refused.empty())
        return refused;
    std::istream stream(&counting);
    std::string key;
    std::size_t index = 0;
    const bool keyed = top == '{';
    KeyCheck keys(counting);
    auto callback = [&](int depth, json::parse_event_t event, json& parsed) {
        using E = json::parse_event_t;
        if ((event == E::object_start || event == E::array_start) && depth >= kMaxNesting)
            throw TooDeep{};
        keys(depth, event, parsed);
        if (depth != 1)
            return true;
        if (event == E::key) {
            key = parsed.get<std::string>();
            return true;
        }
        if (event == E::object_end || event == E::array_end || event == E::value) {
            if (index >= maxRows)
                throw TooMany{};
            row(keyed ? key : std::to_string(index), parsed);
            ++index;
            return false; // handed over: not kept in the document
        }
        return true;
    };
    return guarded(
        counting, [&] { const json rest = json::parse(stream, callback); }, tooMany);
}

ParsedDocument parseObjectDropping(std::istream& in, const DocumentKind& kind,
                                   std::initializer_list<std::string_view> dropped) {
    ParsedDocument result;
    CountingBuffer counting(in.rdbuf());
    const char top = skipSpace(counting, result.errors);
    if (!result.errors.empty())
        return result;
    result.errors = refuseTop(top, kind, "{");
    if (!result.errors.empty())
        return result;
    std::istream stream(&counting);
    bool dropping = false;
    KeyCheck keys(counting);
    auto callback = [&](int depth, json::parse_event_t event, json& parsed) {
        using E = json::parse_event_t;
        if ((event == E::object_start || event == E::array_start) && depth >= kMaxNesting)
            throw TooDeep{};
        keys(depth, event, parsed);
        if (depth == 1 && event == E::key) {
            const std::string& k = parsed.get_ref<const std::string&>();
            dropping = std::find(dropped.begin(), dropped.end(), k) != dropped.end();
            return !dropping;
        }
        if (dropping && depth >= 1)
            return false;
        return true;
    };
    result.errors = guarded(counting, [&] { result.doc = json::parse(stream, callback); });
    if (!result.errors.empty())
        result.doc = json();
    return result;
}

} // namespace crossgrade::data
