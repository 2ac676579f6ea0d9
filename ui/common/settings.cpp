#include "settings.h"

#include <QFileInfo>
#include <algorithm>

namespace crossgrade::ui {

namespace {
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kView = QStringLiteral("window/view");
const QString kViewStates = QStringLiteral("viewState/");
const QString kTheme = QStringLiteral("display/theme");
const QString kLastStore = QStringLiteral("store/last");
const QString kRecent = QStringLiteral("files/recent");
const QString kMoney = QStringLiteral("display/money");
const QString kSamples = QStringLiteral("uncertainty/samples");
const QString kEditor = QStringLiteral("sourceViewer/editorCommand");
} // namespace

Settings::Settings() = default;

Settings::Settings(const QString& iniPath)
    : m_settings(iniPath, QSettings::IniFormat) {}

QByteArray Settings::windowGeometry() const {
    return m_settings.value(kGeometry).toByteArray();
}
void Settings::setWindowGeometry(const QByteArray& geometry) {
    m_settings.setValue(kGeometry, geometry);
}
QByteArray Settings::windowState() const {
    return m_settings.value(kState).toByteArray();
}
void Settings::setWindowState(const QByteArray& state) {
    m_settings.setValue(kState, state);
}

int Settings::currentView() const {
    bool ok = false;
    const int index = m_settings.value(kView, -1).toInt(&ok);
    return ok ? index : -1;
}
void Settings::setCurrentView(int index) {
    m_settings.setValue(kView, index);
}
QByteArray Settings::viewState(const QString& name) const {
    return m_settings.value(kViewStates + name).toByteArray();
}
void Settings::setViewState(const QString& name, const QByteArray& state) {
    m_settings.setValue(kViewStates + name, state);
}

Theme Settings::theme() const {
    return parseTheme(m_settings.value(kTheme).toString());
}
void Settings::setTheme(Theme theme) {
    const Theme before = this->theme();
    m_settings.setValue(kTheme, toString(theme));
    if (this->theme() != before)
        emit themeChanged(this->theme());
}

QString Settings::lastStore() const {
    return m_settings.value(kLastStore).toString();
}
void Settings::setLastStore(const QString& path) {
    m_settings.setValue(kLastStore, path);
}

QStringList Settings::recentFiles() const {
    QStringList files;
    for (const QString& f : m_settings.value(kRecent).toStringList())
        if (QFileInfo::exists(f) && !files.contains(f))
            files << f;
    return files.mid(0, kMaxRecentFiles);
}
void Settings::addRecentFile(const QString& path) {
    QStringList files = m_settings.value(kRecent).toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    m_settings.setValue(kRecent, files.mid(0, kMaxRecentFiles));
}
void Settings::clearRecentFiles() {
    m_settings.remove(kRecent);
}

MoneyDisplay Settings::moneyDisplay() const {
    return m_settings.value(kMoney).toString() == QStringLiteral("full") ? MoneyDisplay::Full
                                                                         : MoneyDisplay::Compact;
}
void Settings::setMoneyDisplay(MoneyDisplay display) {
    const MoneyDisplay before = moneyDisplay();
    m_settings.setValue(kMoney, display == MoneyDisplay::Full ? QStringLiteral("full")
                                                              : QStringLiteral("compact"));
    if (moneyDisplay() != before)
        emit moneyDisplayChanged(moneyDisplay());
}

int Settings::monteCarloSamples() const {
    bool ok = false;
    const int samples = m_settings.value(kSamples, kDefaultMonteCarloSamples).toInt(&ok);
    return ok ? std::clamp(samples, kMinMonteCarloSamples, kMaxMonteCarloSamples)
              : kDefaultMonteCarloSamples;
}
void Settings::setMonteCarloSamples(int samples) {
    const int before = monteCarloSamples();
    m_settings.setValue(kSamples,
                        std::clamp(samples, kMinMonteCarloSamples, kMaxMonteCarloSamples));
    if (monteCarloSamples() != before)
        emit monteCarloSamplesChanged(monteCarloSamples());
}

QString Settings::editorCommand() const {
    const QString command = m_settings.value(kEditor).toString().trimmed();
    return command.isEmpty() ? defaultEditorCommand() : command;
}
void Settings::setEditorCommand(const QString& command) {
    const QString before = editorCommand();
    // The default is not written, so a later default reaches users who never changed it.
    if (command.trimmed().isEmpty() || command.trimmed() == defaultEditorCommand())
        m_settings.remove(kEditor);
    else
        m_settings.setValue(kEditor, command.trimmed());
    if (editorCommand() != before)
        emit editorCommandChanged(editorCommand());
}

void Settings::sync() {
    m_settings.sync();
}

} // namespace crossgrade::ui
