#pragma once

// The model's UTF-8 text as Qt text, in one place for the views that show it.

#include <QString>
#include <string_view>

namespace crossgrade::ui {

inline QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

// The same, escaped for a rich-text label.
inline QString html(std::string_view s) {
    return qs(s).toHtmlEscaped();
}

} // namespace crossgrade::ui
