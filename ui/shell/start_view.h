#pragma once

// What the window shows when no scenario is open: a welcome that says what Crossgrade does in
// four steps (audit → path → costs → report), the first actions (open the demo, import an audit
// or scenario, audit repositories, start a new scenario, read the guide) and the scenarios and
// files used lately. Every action is reachable from the keyboard: Tab moves between them, Enter
// or Space activates the focused one.

#include <QStringList>
#include <QWidget>
#include <cstdint>
#include <vector>

class QCommandLinkButton;
class QLabel;
class QListWidget;

namespace crossgrade::ui {

class StartView : public QWidget {
    Q_OBJECT

public:
    // One stored scenario in the "Recent scenarios" list.
    struct RecentScenario {
        std::int64_t id = 0;
        QString name;
        QString detail; // "version 3 · saved 2026-11-02" and the like
        bool sample = false;
    };

    explicit StartView(QWidget* parent = nullptr);

    void setRecentFiles(const QStringList& files);
    void setRecentScenarios(const std::vector<RecentScenario>& scenarios);
    void setDemoAvailable(bool available);

    // The action buttons in their tab order (demo, import, scan, new scenario, user guide).
    QList<QCommandLinkButton*> actions() const;
    QListWidget* recentScenarios() const { return m_scenarios; }
    QListWidget* recentFiles() const { return m_recent; }

signals:
    void openDemoRequested();
    void importRequested();
    void scanRequested();
    void newScenarioRequested();
    void userGuideRequested();
    void recentFileRequested(const QString& path);
    void storedScenarioRequested(std::int64_t id);

private:
    QListWidget* m_recent = nullptr;
    QWidget* m_recentBox = nullptr;
    QListWidget* m_scenarios = nullptr;
    QWidget* m_scenariosBox = nullptr;
    QCommandLinkButton* m_demoButton = nullptr;
    QList<QCommandLinkButton*> m_actions;
};

} // namespace crossgrade::ui
