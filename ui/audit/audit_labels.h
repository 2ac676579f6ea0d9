#pragma once

// Rich-text pieces the Audit view's panels share: a tier as an inline badge in the dimension
// table's colours, and (from qt_text.h) the wrapping, selectable rich-text label.

#include "audit.h"
#include "qt_text.h"

#include <QString>

namespace crossgrade::ui {

// A tier as an inline badge in rich text, in the table's colours.
QString tierBadge(model::Tier tier);

} // namespace crossgrade::ui
