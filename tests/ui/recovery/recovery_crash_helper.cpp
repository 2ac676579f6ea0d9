// A Crossgrade window in a process of its own, for tst_recovery's real crash: it opens the
// demo scenario of the store STORE, moves the AMD purchase discount to 42 %, prints the path of
// the recovery file once it is written under ROOT, and runs until it is killed. No test hook in
// the application: the same MainWindow, the same recovery, driven through their public API.
//
//     recovery_crash_helper ROOT STORE

#include "main_window.h"
#include "scenario_document.h"
#include "store.h"
#include "whatif.h"

#include <QApplication>
#include <cstdio>

using namespace crossgrade;

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    if (args.size() != 3) {
        std::fprintf(stderr, "usage: recovery_crash_helper ROOT STORE\n");
        return 2;
    }
    ui::MainWindow window(data::Store::open(args[2]), nullptr);
    ui::RecoveryOptions options;
    options.root = args[1];
    options.debounce = std::chrono::milliseconds(0);
    window.enableRecovery(options);
    QObject::connect(window.recovery(), &ui::DocumentRecovery::written, &app,
                     [](const QString& path) {
                         std::printf("%s\n", qPrintable(path));
                         std::fflush(stdout);
                     });
    if (!window.openDemo())
        return 1;
    const QString refused =
        window.document()->edit(QStringLiteral("AMD purchase discount"), [](model::Scenario& s) {
            s = model::withKnob(std::move(s), model::WhatIfKnob::AmdDiscount, 0.42);
        });
    if (!refused.isEmpty())
        return 1;
    return QApplication::exec();
}
