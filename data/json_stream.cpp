#include "json_stream.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace crossgrade::data {

using nlohmann::json;

namespace {

// A read buffer over another stream buffer that knows the line and column of what it has
// handed out, so errors found while streaming can name their place.
class CountingBuffer : public std::streambuf {
public:
    explicit CountingBuffer(std::streambuf* source)
        : source_(source) {}

    // "line:column" (1-based) of the last character handed out.
    std::string place() const {
        std::size_t line = lines_before_;
        const char* lineStart = nullptr;
        for (const char* p = eback(); p < gptr(); ++p)
            if (*p == '\n') {
                ++line;
                lineStart = p + 1;
            }
        std::size_t column = lineStart ? std::size_t(gptr() - lineStart)
                                       : column_before_ + std::size_t(gptr() - eback());
        return std::to_string(line) + ":" + std::to_string(std::max<std::size_t>(column, 1));
    }

protected:
    int_type underflow() override {
        // Account for the chunk handed out before reading the next one.
        for (const char* p = eback(); p < egptr(); ++p)
            if (*p == '\n') {
                ++lines_before_;
                column_before_ = 0;
            } else {
                ++column_before_;
            }
        const std::streamsize n = source_->sgetn(chunk_.data(), std::streamsize(chunk_.size()));
        if (n <= 0) {
            setg(chunk_.data(), chunk_.data(), chunk_.data());
            return traits_type::eof();
        }
        setg(chunk_.data(), chunk_.data(), chunk_.data() + n);
        return traits_type::to_int_type(chunk_[0]);
    }

private:
    std::streambuf* source_;
    std::array<char, 64 * 1024> chunk_{};
    std::size_t lines_before_ = 1;
    std::size_t column_before_ = 0;
};

struct TooDeep {};
struct TooMany {};

// Skips white space; the first other character, or '\0' at the end.
char skipSpace(std::streambuf& buffer) {
    for (;;) {
        const auto c = buffer.sgetc();
        if (c == std::char_traits<char>::eof())
            return '\0';
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
            return char(c);
        buffer.sbumpc();
    }
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
    const char top = skipSpace(counting);
    if (auto refused = refuseTop(top, kind, topKinds); !refused.empty())
        return refused;
    std::istream stream(&counting);
    std::string key;
    std::size_t index = 0;
    const bool keyed = top == '{';
    auto callback = [&](int depth, json::parse_event_t event, json& parsed) {
        using E = json::parse_event_t;
        if ((event == E::object_start || event == E::array_start) && depth >= kMaxNesting)
            throw TooDeep{};
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
    const char top = skipSpace(counting);
    result.errors = refuseTop(top, kind, "{");
    if (!result.errors.empty())
        return result;
    std::istream stream(&counting);
    bool dropping = false;
    auto callback = [&](int depth, json::parse_event_t event, json& parsed) {
        using E = json::parse_event_t;
        if ((event == E::object_start || event == E::array_start) && depth >= kMaxNesting)
            throw TooDeep{};
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
