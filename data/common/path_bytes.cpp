#include "path_bytes.h"

#include <cstdio>

namespace crossgrade::data {

namespace {

constexpr char16_t kEscapeBase = 0xDC00; // byte b (0x80..0xFF) is U+DC00 + b

// The length of the well-formed UTF-8 sequence at `i`, or 0 when the byte there does not
// start one.
std::size_t sequenceAt(std::string_view s, std::size_t i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80)
        return 1;
    std::size_t length = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF; // the second byte's range
    if (c >= 0xC2 && c <= 0xDF) {
        length = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        length = 3;
        low = c == 0xE0 ? 0xA0 : 0x80;
        high = c == 0xED ? 0x9F : 0xBF;
    } else if (c >= 0xF0 && c <= 0xF4) {
        length = 4;
        low = c == 0xF0 ? 0x90 : 0x80;
        high = c == 0xF4 ? 0x8F : 0xBF;
    } else {
        return 0;
    }
    if (s.size() - i < length)
        return 0;
    for (std::size_t k = 1; k < length; ++k) {
        const auto b = static_cast<unsigned char>(s[i + k]);
        if (b < (k == 1 ? low : 0x80) || b > (k == 1 ? high : 0xBF))
            return 0;
    }
    return length;
}

void appendEscape(std::string& out, unsigned char byte) {
    char buf[4];
    std::snprintf(buf, sizeof buf, "%%%02X", byte);
    out += buf;
}

int hexValue(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

std::string percentEscaped(std::string_view bytes, bool controls) {
    std::string out;
    out.reserve(bytes.size() + 8);
    for (std::size_t i = 0; i < bytes.size();) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        const std::size_t n = sequenceAt(bytes, i);
        if (n == 0 || c == '%' || (controls && (c < 0x20 || c == 0x7F))) {
            appendEscape(out, c);
            ++i;
            continue;
        }
        out.append(bytes.substr(i, n));
        i += n;
    }
    return out;
}

} // namespace

bool isWellFormedUtf8(std::string_view bytes) {
    for (std::size_t i = 0; i < bytes.size();) {
        const std::size_t n = sequenceAt(bytes, i);
        if (n == 0)
            return false;
        i += n;
    }
    return true;
}

std::string percentEscapedPath(std::string_view bytes) {
    return percentEscaped(bytes, false);
}

std::optional<std::string> percentUnescapedPath(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out.push_back(text[i]);
            continue;
        }
        const int high = i + 1 < text.size() ? hexValue(text[i + 1]) : -1;
        const int low = i + 2 < text.size() ? hexValue(text[i + 2]) : -1;
        if (high < 0 || low < 0)
            return std::nullopt;
        out.push_back(static_cast<char>(high * 16 + low));
        i += 2;
    }
    return out;
}

std::string printablePath(std::string_view bytes) {
    bool plain = isWellFormedUtf8(bytes);
    for (const char c : bytes)
        plain = plain && static_cast<unsigned char>(c) >= 0x20 && c != 0x7F;
    return plain ? std::string(bytes) : percentEscaped(bytes, true);
}

QString pathFromBytes(std::string_view bytes) {
    QString out;
    out.reserve(static_cast<qsizetype>(bytes.size()));
    for (std::size_t i = 0; i < bytes.size();) {
        const std::size_t n = sequenceAt(bytes, i);
        if (n == 0) {
            out.append(
                QChar(static_cast<char16_t>(kEscapeBase + static_cast<unsigned char>(bytes[i]))));
            ++i;
            continue;
        }
        out.append(QString::fromUtf8(bytes.data() + i, static_cast<qsizetype>(n)));
        i += n;
    }
    return out;
}

std::string pathBytes(const QString& path) {
    std::string out;
    out.reserve(static_cast<std::size_t>(path.size()));
    qsizetype from = 0; // start of the run of ordinary characters not yet appended
    auto flush = [&](qsizetype to) {
        if (to > from)
            out += path.mid(from, to - from).toStdString();
    };
    for (qsizetype i = 0; i < path.size(); ++i) {
        const char16_t u = path.at(i).unicode();
        const bool escape = u >= kEscapeBase + 0x80 && u <= kEscapeBase + 0xFF &&
                            (i == 0 || !path.at(i - 1).isHighSurrogate());
        if (!escape)
            continue;
        flush(i);
        out.push_back(static_cast<char>(u - kEscapeBase));
        from = i + 1;
    }
    flush(path.size());
    return out;
}

bool hasRawBytes(const QString& path) {
    for (qsizetype i = 0; i < path.size(); ++i) {
        const char16_t u = path.at(i).unicode();
        if (u >= kEscapeBase + 0x80 && u <= kEscapeBase + 0xFF &&
            (i == 0 || !path.at(i - 1).isHighSurrogate()))
            return true;
    }
    return false;
}

} // namespace crossgrade::data
