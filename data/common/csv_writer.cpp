// The one CSV quoting rule (csv_writer.h).

#include "csv_writer.h"

namespace crossgrade::data {

namespace {

bool isBlank(char c) {
    return c == ' ' || c == '\t';
}

} // namespace

bool csvFieldNeedsQuotes(std::string_view text) {
    return !text.empty() && (isBlank(text.front()) || isBlank(text.back()) ||
                             text.find_first_of(",\"\r\n") != std::string_view::npos);
}

void appendCsvField(std::string& line, std::string_view text) {
    if (!csvFieldNeedsQuotes(text)) {
        line += text;
        return;
    }
    line += '"';
    for (const char c : text) {
        if (c == '"')
            line += '"';
        line += c;
    }
    line += '"';
}

std::string csvField(std::string_view text) {
    std::string out;
    appendCsvField(out, text);
    return out;
}

} // namespace crossgrade::data
