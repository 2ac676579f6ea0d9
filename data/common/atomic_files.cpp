#include "atomic_files.h"

#include "file_problems.h"

#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSaveFile>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <streambuf>
#include <unistd.h>
#include <vector>

namespace crossgrade::data {

namespace {

// Writes all of `bytes` to an open, unbuffered `file`; the system's reason when it cannot.
// QFileDevice::write returns a short count without a reason when the disk fills part way, so
// the rest is written again until the system says why it stopped.
QString writeAll(QFileDevice& file, const QByteArray& bytes) {
    qint64 done = 0;
    while (done < bytes.size()) {
        const qint64 n = file.write(bytes.constData() + done, bytes.size() - done);
        if (n <= 0)
            return file.errorString();
        done += n;
    }
    return {};
}

// fsync, so that space the file system only finds missing when it writes back (delayed
// allocation, network file systems) is an error here rather than after the rename.
QString sync(QFileDevice& file) {
    if (::fsync(file.handle()) == 0 || errno == EINVAL || errno == EROFS)
        return {}; // EINVAL/EROFS: the file cannot be synced at all (a pipe, a device)
    return QString::fromLocal8Bit(std::strerror(errno));
}

[[noreturn]] void fail(const std::string& label, const QString& path, const QString& reason) {
    throw std::runtime_error((label.empty() ? "" : label + ": ") + writeFailure(path, reason));
}

} // namespace

// A stream buffer over an unbuffered file: it gathers up to kSize bytes, writes them with
// writeAll, and on the first failure keeps the reason and refuses every later write (the
// stream goes bad, so a writer stops paying for output that cannot land).
class StagedFiles::CheckedBuffer : public std::streambuf {
public:
    explicit CheckedBuffer(QFileDevice& file)
        : m_file(file)
        , m_buffer(kSize) {
        setp(m_buffer.data(), m_buffer.data() + m_buffer.size());
    }
    const QString& failure() const { return m_failure; }

protected:
    int_type overflow(int_type c) override {
        if (!drain())
            return traits_type::eof();
        if (!traits_type::eq_int_type(c, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(c);
            pbump(1);
        }
        return traits_type::not_eof(c);
    }
    int sync() override { return drain() ? 0 : -1; }

private:
    static constexpr std::size_t kSize = 1u << 16;

    bool drain() {
        if (!m_failure.isEmpty())
            return false;
        const auto n = static_cast<qsizetype>(pptr() - pbase());
        if (n > 0)
            m_failure = writeAll(m_file, QByteArray::fromRawData(pbase(), n));
        setp(m_buffer.data(), m_buffer.data() + m_buffer.size());
        return m_failure.isEmpty();
    }

    QFileDevice& m_file;
    std::vector<char> m_buffer;
    QString m_failure;
};

struct StagedFiles::Staged {
    QString path;
    std::string label;
    std::unique_ptr<QSaveFile> file;       // null for a target written in place (a device, a pipe)
    std::unique_ptr<QFile> device;         // a target written in place through open()
    std::unique_ptr<CheckedBuffer> buffer; // files staged with open(): what the stream wrote
    std::unique_ptr<std::ostream> stream;
    QString backup; // a hard link to the target's old contents, during commit
};

StagedFiles::StagedFiles() = default;

StagedFiles::~StagedFiles() {
    // Uncommitted QSaveFiles remove their temporaries when destroyed.
}

void StagedFiles::stage(const QString& path, const std::string& text, const std::string& label) {
    stage(path, QByteArray(text.data(), qsizetype(text.size())), label);
}

void StagedFiles::stage(const QString& path, const QByteArray& bytes, const std::string& label) {
    auto staged = std::make_unique<Staged>();
    staged->path = path;
    staged->label = label;
    const QFileInfo target(path);
    if (target.exists() && !target.isFile() && !target.isDir()) {
        // A device (/dev/null, /dev/stdout) or a pipe cannot be replaced by renaming a file over
        // it (as root that would put a plain file in /dev): it is written in place, now.
        QFile device(path);
        if (!device.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
            fail(label, path, device.errorString());
        if (const QString reason = writeAll(device, bytes); !reason.isEmpty())
            fail(label, path, reason);
        m_files.push_back(std::move(staged));
        return;
    }
    staged->file = std::make_unique<QSaveFile>(path);
    QSaveFile& file = *staged->file;
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        fail(label, path, file.errorString());
    QString reason = writeAll(file, bytes);
    if (reason.isEmpty())
        reason = sync(file);
    if (!reason.isEmpty()) {
        file.cancelWriting();
        fail(label, path, reason); // `staged` goes, and its QSaveFile removes the temporary
    }
    m_files.push_back(std::move(staged));
}

std::ostream& StagedFiles::open(const QString& path, const std::string& label) {
    auto staged = std::make_unique<Staged>();
    staged->path = path;
    staged->label = label;
    const QFileInfo target(path);
    QFileDevice* device = nullptr;
    if (target.exists() && !target.isFile() && !target.isDir()) {
        staged->device = std::make_unique<QFile>(path); // see stage(): written in place
        device = staged->device.get();
    } else {
        staged->file = std::make_unique<QSaveFile>(path);
        device = staged->file.get();
    }
    if (!device->open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        fail(label, path, device->errorString());
    staged->buffer = std::make_unique<CheckedBuffer>(*device);
    staged->stream = std::make_unique<std::ostream>(staged->buffer.get());
    std::ostream& stream = *staged->stream;
    m_files.push_back(std::move(staged));
    return stream;
}

void StagedFiles::finishStreams() {
    for (const auto& s : m_files) {
        if (!s->stream)
            continue;
        s->stream->flush();
        QString reason = s->buffer->failure();
        if (reason.isEmpty() && s->file)
            reason = sync(*s->file);
        if (!reason.isEmpty()) {
            const QString path = s->path; // `s` goes with m_files below
            const std::string label = s->label;
            m_files.clear(); // every temporary goes with its QSaveFile; no target was touched
            fail(label, path, reason);
        }
    }
}

void StagedFiles::commit() {
    finishStreams();
    // With several files, each target's old contents are kept under a hard link until every
    // rename has succeeded, so a failure half way can put them back. One file needs none: its
    // rename is atomic by itself.
    const bool several = m_files.size() > 1;
    if (several)
        for (const auto& s : m_files)
            if (s->file && QFileInfo(s->path).isFile()) {
                const QString backup =
                    s->path + QStringLiteral(".%1.old").arg(QRandomGenerator::global()->generate(),
                                                            8, 16, QLatin1Char('0'));
                if (::link(QFile::encodeName(s->path).constData(),
                           QFile::encodeName(backup).constData()) == 0)
                    s->backup = backup;
            }
    std::vector<Staged*> done;
    for (const auto& s : m_files) {
        if (!s->file)
            continue;
        if (!s->file->commit()) {
            const QString reason = s->file->errorString();
            const QString path = s->path; // `s` goes with m_files below
            const std::string label = s->label;
            for (Staged* d : done) {
                if (!d->backup.isEmpty())
                    ::rename(QFile::encodeName(d->backup).constData(),
                             QFile::encodeName(d->path).constData());
                else
                    QFile::remove(d->path);
                d->backup.clear();
            }
            for (const auto& other : m_files)
                if (!other->backup.isEmpty())
                    QFile::remove(other->backup);
            m_files.clear(); // the uncommitted temporaries go with their QSaveFiles
            fail(label, path, reason);
        }
        done.push_back(s.get());
    }
    for (const auto& s : m_files)
        if (!s->backup.isEmpty())
            QFile::remove(s->backup);
    m_files.clear();
}

void writeFileAtomically(const QString& path, const QByteArray& bytes) {
    StagedFiles files;
    files.stage(path, bytes);
    files.commit();
}

void writeFileAtomically(const QString& path, const std::string& text) {
    writeFileAtomically(path, QByteArray(text.data(), qsizetype(text.size())));
}

QString writeFileOrError(const QString& path, const QByteArray& bytes) {
    try {
        writeFileAtomically(path, bytes);
        return {};
    } catch (const std::runtime_error& e) {
        return QString::fromStdString(e.what());
    }
}

} // namespace crossgrade::data
