#include "recovery_folder.h"

#include "atomic_files.h"
#include "document_limits.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QUuid>
#include <algorithm>

namespace crossgrade::ui {

namespace {

QString canonical(const QString& path) {
    const QFileInfo info(path);
    const QString resolved = info.canonicalFilePath();
    return resolved.isEmpty() ? info.absoluteFilePath() : resolved;
}

QString folderKey(const QString& canonicalStorePath) {
    return QString::fromLatin1(
        QCryptographicHash::hash(canonicalStorePath.toUtf8(), QCryptographicHash::Sha256)
            .toHex()
            .left(16));
}

// A scenario may be 16 MB (data/common/document_limits.h); its envelope adds a few hundred bytes.
constexpr qint64 kMaxRecoveryBytes = qint64(data::kMaxDocumentBytes) + 64 * 1024;

RecoveryOffer readOffer(const QFileInfo& info) {
    RecoveryOffer offer;
    offer.filePath = info.absoluteFilePath();
    offer.fileTime = info.lastModified();
    QFile file(offer.filePath);
    if (info.size() > kMaxRecoveryBytes) {
        offer.error = QStringLiteral(": %1 bytes, more than a recovery file can hold (%2)")
                          .arg(info.size())
                          .arg(kMaxRecoveryBytes);
        return offer;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        offer.error = QStringLiteral(": cannot be read (%1)").arg(file.errorString());
        return offer;
    }
    const QByteArray text = file.readAll();
    RecoveryReadResult read = readRecoveryFile(std::string_view(text.constData(), text.size()));
    offer.header = std::move(read.header);
    offer.scenario = std::move(read.scenario);
    offer.error = read.error;
    return offer;
}

} // namespace

RecoveryFolder::RecoveryFolder(const QString& root, const QString& storePath)
    : m_root(root)
    , m_storePath(canonical(storePath))
    , m_path(QDir(root).filePath(folderKey(m_storePath))) {}

QString RecoveryFolder::defaultRoot() {
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
           QStringLiteral("/recovery");
}

QString RecoveryFolder::newFilePath() const {
    return QDir(m_path).filePath(QUuid::createUuid().toString(QUuid::WithoutBraces) +
                                 QStringLiteral(".json"));
}

std::vector<RecoveryOffer> RecoveryFolder::leftBehind(const ProcessProbe& isRunning) const {
    std::vector<RecoveryOffer> offers;
    // QSaveFile's half-written temporaries do not end in ".json": a running write is never read.
    const QFileInfoList files =
        QDir(m_path).entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QFileInfo& info : files) {
        RecoveryOffer offer = readOffer(info);
        if (offer.header && offer.header->storePath != m_storePath)
            continue;
        if (offer.header && isRunning(offer.header->writer))
            continue;
        offers.push_back(std::move(offer));
    }
    auto when = [](const RecoveryOffer& o) {
        return o.header && o.header->savedAt.isValid() ? o.header->savedAt : o.fileTime;
    };
    std::stable_sort(
        offers.begin(), offers.end(),
        [&](const RecoveryOffer& a, const RecoveryOffer& b) { return when(a) > when(b); });
    return offers;
}

QString RecoveryFolder::write(const QString& filePath, const RecoverySnapshot& snapshot) {
    const QString folder = QFileInfo(filePath).absolutePath();
    if (!QDir().mkpath(folder))
        return QStringLiteral("%1: the folder cannot be made")
            .arg(QDir::toNativeSeparators(folder));
    const std::string text = writeRecoveryFile(snapshot);
    return data::writeFileOrError(filePath, QByteArray(text.data(), qsizetype(text.size())));
}

QString RecoveryFolder::remove(const QString& filePath) {
    QFile file(filePath);
    if (!file.exists() || file.remove())
        return {};
    return QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(filePath), file.errorString());
}

QString RecoveryFolder::claim(const QString& filePath) const {
    const QString claimed = newFilePath();
    QDir().mkpath(m_path);
    return QFile::rename(filePath, claimed) ? claimed : QString();
}

} // namespace crossgrade::ui
