#pragma once

// Which process wrote a recovery file, precisely enough to tell a running Crossgrade from one
// that crashed: the pid alone is not enough, since pids are reused (after a reboot, or on a busy
// machine within minutes). On Linux the identity adds the boot id and the process's start time,
// so a pid that now names another process reads as a dead writer.

#include <QString>
#include <functional>

namespace crossgrade::ui {

struct ProcessIdentity {
    qint64 pid = 0;
    QString host;  // the machine's id (/etc/machine-id), or its host name where it has none
    QString start; // "BOOT_ID:START_TICKS" on Linux; empty where it cannot be known

    // This process.
    static ProcessIdentity current();

    bool operator==(const ProcessIdentity&) const = default;
};

// Whether `process` still runs. A process of another machine cannot be checked and counts as
// running: a recovery folder shared through a network home must not offer another machine's
// live work. A zombie (exited, not yet reaped) counts as gone.
bool isProcessRunning(const ProcessIdentity& process);

// The question as tests inject it.
using ProcessProbe = std::function<bool(const ProcessIdentity&)>;

} // namespace crossgrade::ui
