#pragma once

// Writing the small files a UI test builds its repositories from (tests only).

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>
#include <QTemporaryDir>
#include <QtGlobal>

namespace crossgrade::testing {

// Writes `text` to `path`, making its folders; stops the test run when it cannot.
inline void writeFile(const QString& path, const QByteArray& text) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
        qFatal("cannot write %s", qPrintable(path));
}

// Store files for a suite: a temporary folder (removed with the suite) and a new file name in
// it each call.
struct FreshStoreFiles {
    QTemporaryDir dir;
    int count = 0;

    QString next() { return dir.filePath(QStringLiteral("store-%1.sqlite").arg(++count)); }
};

} // namespace crossgrade::testing
