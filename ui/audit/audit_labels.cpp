// The Audit view's shared rich-text pieces (audit_labels.h).

#include "audit_labels.h"

#include "audit_table_model.h"
#include "qt_text.h"

#include <QLabel>

namespace crossgrade::ui {

QString tierBadge(model::Tier tier) {
    return QStringLiteral("<span style=\"background-color:%1; color:%2; font-weight:600;\">"
                          "&nbsp;%3&nbsp;</span>")
        .arg(tierBadgeBackground(tier).name(), tierBadgeForeground(tier).name(),
             html(model::title(tier)));
}

} // namespace crossgrade::ui
