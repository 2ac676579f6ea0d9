#pragma once

// The application's settings, one typed accessor per key (STYLE.md: one class owns the
// QSettings keys and their defaults): window geometry, the store last used, recent files, how
// money is displayed, how many Monte Carlo samples a full run takes and the command that opens a
// scanned file in the user's editor, the colour theme and which view was shown last. The
// preferences a view shows signal their changes, so every view follows the setting, however it
// was changed (Edit → Preferences, View → Theme, a test), without the window telling each one.

#include "theme.h"

#include <QByteArray>
#include <QObject>
#include <QSettings>
#include <QString>
#include <QStringList>

namespace crossgrade::ui {

enum class MoneyDisplay { Compact, Full }; // "$1.2M" or "$1,234,567"

class Settings : public QObject {
    Q_OBJECT

public:
    // Uses the application's QSettings (organisation and application names set in main()).
    Settings();
    // For tests: settings kept in an INI file at `path`.
    explicit Settings(const QString& iniPath);

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray& geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray& state);

    // The main window's tab shown at the last close (Recommendation, Costs, …), by its index;
    // -1 when none was saved.
    int currentView() const;
    void setCurrentView(int index);
    // A splitter's or header's saved state by a stable name ("editor/workloads", …); empty
    // when none was saved.
    QByteArray viewState(const QString& name) const;
    void setViewState(const QString& name, const QByteArray& state);

    // View → Theme; System (the desktop's own look) when unset.
    Theme theme() const;
    void setTheme(Theme theme);

    // The store opened last; empty means the default store (data::Store::defaultPath()).
    QString lastStore() const;
    void setLastStore(const QString& path);

    // Most recent first, at most kMaxRecentFiles, files that no longer exist dropped on read.
    QStringList recentFiles() const;
    void addRecentFile(const QString& path);
    void clearRecentFiles();
    static constexpr int kMaxRecentFiles = 8;

    MoneyDisplay moneyDisplay() const;
    void setMoneyDisplay(MoneyDisplay display);

    // Samples of a full Monte Carlo run (decision-practice.md §3: at least 10,000 by default),
    // clamped to [kMinMonteCarloSamples, kMaxMonteCarloSamples].
    int monteCarloSamples() const;
    void setMonteCarloSamples(int samples);
    static constexpr int kDefaultMonteCarloSamples = 10000;
    static constexpr int kMinMonteCarloSamples = 1000;
    static constexpr int kMaxMonteCarloSamples = 200000;

    // The command "Open in editor" runs for a scanner finding: {file} and {line} are replaced by
    // the file's path and the finding's line in each argument after the command is split
    // (QProcess::splitCommand: quotes group, no shell). Empty or unset: the default.
    QString editorCommand() const;
    void setEditorCommand(const QString& command);
    static QString defaultEditorCommand() { return QStringLiteral("code --goto {file}:{line}"); }

    void sync();

signals:
    // Emitted by the setter when the stored value changes (not when it is set to what it was).
    void themeChanged(Theme theme);
    void moneyDisplayChanged(MoneyDisplay display);
    void monteCarloSamplesChanged(int samples);
    void editorCommandChanged(const QString& command);

private:
    QSettings m_settings;
};

} // namespace crossgrade::ui
