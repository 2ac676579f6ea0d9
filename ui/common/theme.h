#pragma once

// The application's colour scheme (View → Theme): the desktop's own style and palette, or the
// Fusion style with a light or a dark palette, so that both schemes look the same on every
// desktop. Colours that carry meaning beyond the palette (an error's red) come from here, in a
// shade that reads on the palette's background.

#include <QColor>
#include <QPalette>
#include <QString>

class QLabel;

namespace crossgrade::ui {

enum class Theme { System, Light, Dark };

// "system", "light", "dark"; anything else reads as System.
QString toString(Theme theme);
Theme parseTheme(const QString& text);

// Applies `theme` to the running application (QApplication must exist). The first call
// remembers the desktop's style and palette, so that System restores them later.
void applyTheme(Theme theme);
// The theme applied last (System before any call).
Theme currentTheme();

// The light and dark palettes of the Fusion style used for Light and Dark.
QPalette lightPalette();
QPalette darkPalette();

// A palette is dark when its window colour is.
bool isDark(const QPalette& palette);

// Text that says something went wrong, or needs care, readable on the palette's window and base.
QColor errorTextColour(const QPalette& palette);
QColor warningTextColour(const QPalette& palette);
// The amber of a notice about sample data, behind the palette's window text.
QColor sampleNoticeBackground(const QPalette& palette);

// Shows the label's text in the error (or warning) colour, bold, following later theme changes.
void markAsError(QLabel* label);
void markAsWarning(QLabel* label);
// Fills the label with the sample notice's amber behind the palette's text.
void markAsSampleNotice(QLabel* label);

} // namespace crossgrade::ui
