#include "process_identity.h"

#include <QCoreApplication>
#include <QFile>
#include <QSysInfo>
#include <optional>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <csignal>
#include <sys/types.h>
#endif

namespace crossgrade::ui {

namespace {

#ifdef Q_OS_LINUX
// /proc/PID/stat as proc(5) lays it out: the command name (field 2) sits in parentheses and
// may hold spaces, so fields are counted from the last ')'.
struct ProcStat {
    char state = '?';
    QByteArray startTicks; // field 22, clock ticks after boot
};

std::optional<ProcStat> readProcStat(qint64 pid) {
    QFile file(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray text = file.readAll();
    const qsizetype close = text.lastIndexOf(')');
    if (close < 0)
        return std::nullopt;
    const QList<QByteArray> fields = text.mid(close + 1).simplified().split(' ');
    constexpr int kState = 0;       // field 3
    constexpr int kStartTicks = 19; // field 22
    if (fields.size() <= kStartTicks || fields[kState].isEmpty())
        return std::nullopt;
    return ProcStat{fields[kState].at(0), fields[kStartTicks]};
}

QByteArray bootId() {
    QFile file(QStringLiteral("/proc/sys/kernel/random/boot_id"));
    return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed() : QByteArray();
}

bool procIsMounted() {
    return QFile::exists(QStringLiteral("/proc/self/stat"));
}
#endif

// The machine id rather than the host name, which DHCP or a laptop's network may change
// between a crash and the next start.
QString thisHost() {
    const QByteArray id = QSysInfo::machineUniqueId();
    return id.isEmpty() ? QSysInfo::machineHostName() : QString::fromLatin1(id);
}

} // namespace

ProcessIdentity ProcessIdentity::current() {
    ProcessIdentity self;
    self.pid = QCoreApplication::applicationPid();
    self.host = thisHost();
#ifdef Q_OS_LINUX
    const QByteArray boot = bootId();
    if (const auto stat = readProcStat(self.pid); stat && !boot.isEmpty())
        self.start = QString::fromLatin1(boot + ':' + stat->startTicks);
#endif
    return self;
}

bool isProcessRunning(const ProcessIdentity& process) {
    if (process.pid <= 0)
        return false;
    if (process.host != thisHost())
        return true;
#ifdef Q_OS_LINUX
    if (procIsMounted()) {
        const auto stat = readProcStat(process.pid);
        if (!stat || stat->state == 'Z' || stat->state == 'X')
            return false;
        if (process.start.isEmpty())
            return true;
        const QString now = QString::fromLatin1(bootId() + ':' + stat->startTicks);
        return now == process.start; // another boot, or the pid now names another process
    }
#endif
#ifdef Q_OS_UNIX
    // Signal 0 only asks whether the pid exists; EPERM means it does, as another user's.
    return ::kill(pid_t(process.pid), 0) == 0 || errno == EPERM;
#else
    return true; // cannot tell: never offer what may be a running window's work
#endif
}

} // namespace crossgrade::ui
