#pragma once

// Text the scenario editor's pages and its tables share: the tooltip of a plain input (its
// meaning, unit and where its default comes from) and the UTF-8 length the model's byte limits
// are stated in.

#include <QDate>
#include <QString>
#include <cstddef>

namespace crossgrade::ui {

// The tooltip of a plain input of the editor: what it means, its unit, and where its default
// comes from (the reference in DESIGN.md or the scenario's template).
QString inputTip(const QString& meaning, const QString& unit, const QString& defaultFrom);

// Most plain inputs are copied from the template or file the scenario was made from.
QString fromTemplate();

// The start-month field's value for "not set": the month before the first a file may name.
inline const QDate kNoStartMonth{1999, 12, 1};

// The length of `s` in UTF-8 bytes, the unit of the model's limits (kMaxNameBytes, ...).
std::size_t utf8Bytes(const QString& s);

} // namespace crossgrade::ui
