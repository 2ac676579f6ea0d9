// crossgrade: the desktop application. main() only wires the layers together: settings, the
// store (created and seeded with the samples on first use), the main window and its recovery
// after a crash.

#include "main_window.h"
#include "qt_text.h"
#include "samples.h"
#include "screenshot_tour.h"
#include "settings.h"
#include "theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QMessageBox>
#include <QTimer>
#include <cstdio>

using namespace crossgrade;

int main(int argc, char** argv) {
    QElapsedTimer sinceStart;
    sinceStart.start();
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Crossgrade"));
    QApplication::setApplicationName(QStringLiteral("crossgrade"));
    QApplication::setApplicationDisplayName(QStringLiteral("Crossgrade"));
    QApplication::setApplicationVersion(QStringLiteral(CROSSGRADE_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/crossgrade.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Decide how to get out of CUDA lock-in and what it will cost."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption storeOption(
        QStringLiteral("store"),
        QStringLiteral("Open the store at PATH (created and seeded with samples if new)."),
        QStringLiteral("PATH"));
    const QCommandLineOption screenshotsOption(
        QStringLiteral("screenshots"),
        QStringLiteral("Save a PNG of every view into DIR, the main views also in the light and "
                       "the dark theme, then quit (documentation)."),
        QStringLiteral("DIR"));
    const QCommandLineOption startupOption(
        QStringLiteral("measure-startup"),
        QStringLiteral("Print the time to a usable window, then quit (benchmark)."));
    parser.addOption(storeOption);
    parser.addOption(screenshotsOption);
    parser.addOption(startupOption);
    parser.addPositionalArgument(
        QStringLiteral("files"),
        QStringLiteral("Audit, scenario or price-book JSON to open, benchmark results to "
                       "import, or repository folders to scan (Audit repositories…) (with "
                       "--screenshots: stored before the pictures are taken)."),
        QStringLiteral("[FILE|FOLDER...]"));
    parser.process(app);

    ui::Settings settings;
    // Before the first window, so that it is drawn once in the chosen colours.
    ui::applyTheme(settings.theme());
    QString path = parser.isSet(storeOption) ? parser.value(storeOption) : settings.lastStore();
    if (path.isEmpty())
        path = data::Store::defaultPath();
    std::optional<data::Store> store;
    try {
        QDir().mkpath(QFileInfo(path).absolutePath());
        store.emplace(data::openStoreSeededIfNew(path));
    } catch (const data::StoreError& e) {
        // The path and the store's message are text, never markup (ui/common/qt_text.h).
        ui::plainMessage(nullptr, QMessageBox::Critical, QStringLiteral("Crossgrade"),
                         QStringLiteral("The store %1 could not be opened:\n%2\n\nStart "
                                        "with --store PATH to use another one.")
                             .arg(QDir::toNativeSeparators(path), QString::fromUtf8(e.what())));
        return 1;
    }
    if (!parser.isSet(storeOption))
        settings.setLastStore(store->path());

    ui::MainWindow window(std::move(*store), &settings);
    window.enableRecovery();
    window.show();
    // Work a crashed window left for this store is offered once the window is up; never in
    // the unattended runs, which must not stop at a question.
    if (!parser.isSet(screenshotsOption) && !parser.isSet(startupOption))
        QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
    if (!parser.positionalArguments().isEmpty())
        window.importFiles(parser.positionalArguments());

    if (parser.isSet(startupOption)) {
        QTimer::singleShot(0, &app, [&] {
            std::printf("startup: usable window after %lld ms\n",
                        static_cast<long long>(sinceStart.elapsed()));
            app.quit();
        });
    }
    if (parser.isSet(screenshotsOption)) {
        QTimer::singleShot(200, &app, [&] {
            window.setUnsavedChangesPrompt(
                [](const QString&) { return ui::MainWindow::UnsavedChoice::Discard; });
            ui::ScreenshotTour tour(window, parser.value(screenshotsOption));
            for (const QString& f : tour.run())
                std::printf("%s\n", qPrintable(f));
            app.quit();
        });
    }
    return app.exec();
}
