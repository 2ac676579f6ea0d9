#pragma once

// The progress dialog of a background read (the document import, the benchmark import): its
// range and value follow the watcher's progress and its Cancel cancels the watched future.

#include <QFutureWatcherBase>
#include <QProgressDialog>

namespace crossgrade::ui {

inline QProgressDialog* watchedProgressDialog(QWidget* parent, QFutureWatcherBase& watcher,
                                              const QString& title) {
    auto* progress = new QProgressDialog(parent);
    progress->setWindowTitle(title);
    progress->setMinimumDuration(400);
    progress->setAutoReset(false);
    QObject::connect(&watcher, &QFutureWatcherBase::progressRangeChanged, progress,
                     &QProgressDialog::setRange);
    QObject::connect(&watcher, &QFutureWatcherBase::progressValueChanged, progress,
                     &QProgressDialog::setValue);
    QObject::connect(progress, &QProgressDialog::canceled, &watcher, &QFutureWatcherBase::cancel);
    return progress;
}

} // namespace crossgrade::ui
