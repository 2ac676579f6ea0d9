#pragma once

// The progress dialog of a background read (the document import, the benchmark import): its
// range and value follow the job's progress while it runs, and its Cancel cancels the job.

#include "background_job.h"

#include <QPointer>
#include <QProgressDialog>

namespace crossgrade::ui {

template <typename Result>
QProgressDialog* jobProgressDialog(QWidget* parent, BackgroundJob<Result>& job,
                                   const QString& title) {
    auto* progress = new QProgressDialog(parent);
    progress->setWindowTitle(title);
    progress->setMinimumDuration(400);
    progress->setAutoReset(false);
    job.onProgress(
        [&job, dialog = QPointer<QProgressDialog>(progress)](std::size_t done, std::size_t total) {
            // Only while the job runs: its owner resets the dialog when it ends.
            if (!dialog || !job.isBusy())
                return;
            dialog->setRange(0, int(total));
            dialog->setValue(int(done));
        });
    QObject::connect(progress, &QProgressDialog::canceled, progress, [&job] { job.cancel(); });
    return progress;
}

} // namespace crossgrade::ui
