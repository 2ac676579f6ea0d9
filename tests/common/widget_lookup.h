#pragma once

// Finding a view's parts by object name in widget tests; a missing part stops the test run
// with its name rather than crashing on a null pointer.

#include <QAbstractItemModel>
#include <QTableView>
#include <QWidget>

namespace crossgrade::testing {

template <typename T> T* child(const QWidget& view, const char* name) {
    T* found = view.findChild<T*>(QString::fromLatin1(name));
    if (found == nullptr)
        qFatal("no child %s", name);
    return found;
}

inline QAbstractItemModel* tableModel(const QWidget& view, const char* name) {
    return child<QTableView>(view, name)->model();
}

} // namespace crossgrade::testing
