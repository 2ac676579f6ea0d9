#pragma once

// Rich-text pieces the Audit view's panels share: a wrapping, selectable rich-text label and a
// tier as an inline badge in the dimension table's colours.

#include "audit.h"

#include <QString>

class QLabel;
class QWidget;

namespace crossgrade::ui {

QLabel* wrappingLabel(QWidget* parent = nullptr);

// A tier as an inline badge in rich text, in the table's colours.
QString tierBadge(model::Tier tier);

} // namespace crossgrade::ui
