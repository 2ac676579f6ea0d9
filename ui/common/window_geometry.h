#pragma once

// Where a top-level window may go on a screen: never larger than the screen's available area
// (less the window manager's frame) and never outside it, whether the size is the window's
// default or one restored from a larger or since disconnected monitor.

#include <QMargins>
#include <QRect>

namespace crossgrade::ui {

// The frame a window manager usually adds (title bar and borders), for windows not yet shown.
inline constexpr QMargins kTypicalWindowFrame{4, 32, 4, 4};

// `geometry` (the client area, frame excluded) shrunk to fit `available` with `frame` around
// it, then moved by the least amount that puts the framed window inside `available`. A window
// that already fits is returned unchanged.
QRect fitToAvailable(const QRect& geometry, const QRect& available,
                     const QMargins& frame = kTypicalWindowFrame);

// The default client area of a window that wants `preferred`: fitted to `available` and centred
// in it.
QRect defaultGeometry(const QSize& preferred, const QRect& available,
                      const QMargins& frame = kTypicalWindowFrame);

} // namespace crossgrade::ui
