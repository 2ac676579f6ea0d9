#pragma once

// The one place that includes QCustomPlot (STYLE.md): its header does not compile under
// QT_NO_KEYWORDS/QT_NO_FOREACH, and every chart of the application goes through here.

#include <qcustomplot.h>
