#include "cli_commands.h"

#include <QCoreApplication>
#include <iostream>

int main(int argc, char* argv[]) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("crossgrade"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CROSSGRADE_VERSION));
    return crossgrade::app::runCli(QCoreApplication::arguments(), std::cout, std::cerr);
}
