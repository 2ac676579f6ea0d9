#include "file_problems.h"

#include "printable_text.h"

#include <QDir>
#include <QFileInfo>

namespace crossgrade::data {

std::string readFailure(const std::error_code& error, std::string_view expected) {
    const std::string want(expected);
    if (error == std::errc::no_such_file_or_directory)
        return "cannot read the file: it does not exist; check the path (expected " + want + ")";
    if (error == std::errc::is_a_directory)
        return "cannot read the file: it is a folder; give the path of " + want + " inside it";
    if (error == std::errc::permission_denied)
        return "cannot read the file: permission denied; make it readable (chmod u+r) or copy it "
               "somewhere you can read";
    if (error == std::errc::not_a_directory)
        return "cannot read the file: a part of its path is a file, not a folder; check the path";
    return "cannot read the file: " + error.message();
}

std::string writeFailure(const QString& path, const QString& systemReason) {
    const std::string where = printable(QDir::toNativeSeparators(path).toStdString());
    const QFileInfo info(path);
    if (info.isDir())
        return "cannot write " + where + ": it is a folder; give the path of a file to write";
    const QFileInfo folder(info.absolutePath());
    if (!folder.exists())
        return "cannot write " + where + ": the folder " +
               printable(QDir::toNativeSeparators(folder.absoluteFilePath()).toStdString()) +
               " does not exist; create it first or choose another folder";
    if (!folder.isDir())
        return "cannot write " + where + ": " +
               printable(QDir::toNativeSeparators(folder.absoluteFilePath()).toStdString()) +
               " is a file, not a folder; choose another folder";
    return "cannot write " + where + " (" + systemReason.toStdString() +
           "); check that files can be created in " +
           printable(QDir::toNativeSeparators(folder.absoluteFilePath()).toStdString()) +
           " and that the disk has room, or choose another folder";
}

} // namespace crossgrade::data
