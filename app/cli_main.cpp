#include "cli_commands.h"
#include "path_bytes.h"

#include <QApplication>
#include <QCoreApplication>
#include <iostream>
#include <memory>

namespace {

// QCoreApplication::arguments() decodes argv as UTF-8 and replaces every byte that is not with
// U+FFFD, so a file name made of other bytes would name another file; pathFromBytes() keeps
// them (data/common/path_bytes.h) for the commands to turn back into the same bytes.
QStringList argumentsOf(int argc, char* argv[]) {
    QStringList args;
    for (int i = 0; i < argc; ++i)
        args << crossgrade::data::pathFromBytes(argv[i]);
    return args;
}

// The offscreen platform warns that XDG_RUNTIME_DIR is unset (as it is for root, in CI and in
// containers) and picks a folder itself; the CLI uses no runtime folder, so the warning would
// only be noise beside the report's own output. Every other message goes through.
QtMessageHandler qtDefaultHandler = nullptr;

void quietRuntimeDirWarning(QtMsgType type, const QMessageLogContext& context,
                            const QString& message) {
    if (type == QtWarningMsg &&
        message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR")))
        return;
    qtDefaultHandler(type, context, message);
}

} // namespace

int main(int argc, char* argv[]) {
    // The report draws its figures with QCustomPlot, a widget, so it needs a QApplication and a
    // platform: offscreen unless the user chose one, since the CLI never opens a window. The
    // other commands start faster without either.
    std::unique_ptr<QCoreApplication> app;
    if (crossgrade::app::commandName(argumentsOf(argc, argv)) == QLatin1String("report")) {
        if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        qtDefaultHandler = qInstallMessageHandler(quietRuntimeDirWarning);
        app = std::make_unique<QApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    QCoreApplication::setApplicationName(QStringLiteral("crossgrade"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CROSSGRADE_VERSION));
    // argc and argv as the application left them (it takes out the options it handles).
    return crossgrade::app::runCli(argumentsOf(argc, argv), std::cout, std::cerr);
}
