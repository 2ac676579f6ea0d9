#pragma once

// Files written whole or not at all. Every file Crossgrade writes (CLI outputs, the report and
// the files beside it, the GUI's exports and its recovery files) goes through here, so that a
// full disk, a quota or a vanished folder is an error naming the file and never a file left
// empty, truncated, or an old file replaced by a cut-short new one.
//
// Why not a bare QSaveFile: in Qt 6.4 QSaveFile buffers small writes, and a flush that fails
// at commit() (ENOSPC) is not reported, so commit() returns true and renames an empty or
// truncated temporary over the target. Here the temporary is opened unbuffered, so every
// write(2) reports its failure; short writes are retried until the system says why; the data
// is synced (fsync) and that checked too, before any rename.

#include <QByteArray>
#include <QString>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

class QSaveFile;

namespace crossgrade::data {

// A set of files that appear together or not at all (the report and the files beside it, an
// evaluation and its samples). Each is written to a temporary beside its target when staged;
// commit() renames them into place in the order staged. A file staged but never committed
// leaves nothing behind (its temporary is removed); the targets are untouched.
class StagedFiles {
public:
    StagedFiles();
    ~StagedFiles();
    StagedFiles(const StagedFiles&) = delete;
    StagedFiles& operator=(const StagedFiles&) = delete;

    // Writes `bytes` to a temporary beside `path`, checking every write and the sync. On failure
    // throws std::runtime_error: "LABEL: cannot write PATH (reason); …" (data::writeFailure,
    // `label` being e.g. the option that named the file), with the temporary removed and
    // nothing else changed.
    void stage(const QString& path, const QByteArray& bytes, const std::string& label = {});
    void stage(const QString& path, const std::string& text, const std::string& label = {});

    // Opens a temporary beside `path` for a file too large to hold whole (a million stored
    // benchmark rows, every finding of a scan): what goes into the returned stream is written to
    // the temporary as it comes, through a small buffer, every write checked. A write that fails
    // makes the stream bad and keeps the system's reason; commit() then throws it as stage()
    // would, and nothing is renamed. The stream stays valid until commit() or destruction. On
    // failure to open, throws like stage().
    std::ostream& open(const QString& path, const std::string& label = {});

    // Renames every staged file over its target. When a rename fails, the targets already
    // replaced get their old contents back (or are removed when they did not exist before),
    // the rest are discarded, and std::runtime_error names the file that failed.
    void commit();

    bool empty() const { return m_files.empty(); }

private:
    struct Staged;
    class CheckedBuffer;
    // Flushes and syncs every file staged with open(); throws for the first that failed.
    void finishStreams();
    std::vector<std::unique_ptr<Staged>> m_files;
};

// One file, whole or not at all: StagedFiles with a single file. Throws std::runtime_error
// naming the file and why (data::writeFailure).
void writeFileAtomically(const QString& path, const QByteArray& bytes);
void writeFileAtomically(const QString& path, const std::string& text);

// The same, for callers that show the error rather than throw it (the GUI): empty on success.
QString writeFileOrError(const QString& path, const QByteArray& bytes);

} // namespace crossgrade::data
