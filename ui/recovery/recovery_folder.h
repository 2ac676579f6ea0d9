#pragma once

// Where one store's recovery files live: ROOT/KEY/UUID.json, KEY the first 16 hex digits of the
// SHA-256 of the store's canonical path. ROOT is by default QStandardPaths::AppLocalDataLocation
// + "/recovery", per user and machine, not beside the store: a store may sit on a read-only or
// shared drive (or, later, be a PostgreSQL team store), and unsaved work belongs to the person
// editing. Each running window writes one file at a time; the next start offers those whose
// writer no longer runs (docs/desktop.md, "Recovery after a crash").

#include "process_identity.h"
#include "recovery_file.h"
#include "recovery_offer.h"

#include <QString>
#include <vector>

namespace crossgrade::ui {

class RecoveryFolder {
public:
    // `storePath` is made canonical (symlinks resolved), so two spellings of a store share files.
    RecoveryFolder(const QString& root, const QString& storePath);

    static QString defaultRoot();

    QString root() const { return m_root; }
    QString path() const { return m_path; }
    QString storePath() const { return m_storePath; }
    // A fresh file name in this folder (nothing is created).
    QString newFilePath() const;

    // The files a window of this store left behind: their writer no longer runs (asked of
    // `isRunning`), or they cannot be read at all (a damaged file, or a newer Crossgrade's —
    // offered so the user hears of it, never deleted). Files naming another store are left
    // out. Newest first.
    std::vector<RecoveryOffer> leftBehind(const ProcessProbe& isRunning) const;

    // Writes atomically (QSaveFile; the folder is made first). The error, or empty.
    static QString write(const QString& filePath, const RecoverySnapshot& snapshot);
    // Removes the file if it is there. The error, or empty.
    static QString remove(const QString& filePath);
    // Takes a left-behind file over for this window by renaming it to a new name of this
    // folder, so a second window starting at the same moment cannot restore it too. The new
    // path, or empty when the file is gone (another window took it).
    QString claim(const QString& filePath) const;

private:
    QString m_root;
    QString m_storePath;
    QString m_path;
};

} // namespace crossgrade::ui
