#include "window_geometry.h"

#include <algorithm>

namespace crossgrade::ui {

QRect fitToAvailable(const QRect& geometry, const QRect& available, const QMargins& frame) {
    if (!available.isValid())
        return geometry;
    QRect framed = geometry.marginsAdded(frame);
    framed.setWidth(std::min(framed.width(), available.width()));
    framed.setHeight(std::min(framed.height(), available.height()));
    // The least move that brings every edge inside.
    if (framed.right() > available.right())
        framed.moveRight(available.right());
    if (framed.bottom() > available.bottom())
        framed.moveBottom(available.bottom());
    if (framed.left() < available.left())
        framed.moveLeft(available.left());
    if (framed.top() < available.top())
        framed.moveTop(available.top());
    return framed.marginsRemoved(frame);
}

QRect defaultGeometry(const QSize& preferred, const QRect& available, const QMargins& frame) {
    QRect framed(QPoint(0, 0), preferred.grownBy(frame));
    framed.setSize(framed.size().boundedTo(available.size()));
    framed.moveCenter(available.center());
    return fitToAvailable(framed.marginsRemoved(frame), available, frame);
}

} // namespace crossgrade::ui
