#pragma once

// Edit → Preferences…: the store used from the next start, how money shows in tables, the
// samples of a full Monte Carlo run and the command that opens a source file in an editor. The
// dialog shows what Settings holds (the defaults without any) and writes the values back when
// asked; passing them on to the open views is the main window's job.

#include "settings.h"

#include <QDialog>

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace crossgrade::ui {

class PreferencesDialog : public QDialog {
    Q_OBJECT

public:
    explicit PreferencesDialog(const Settings* settings, QWidget* parent = nullptr);

    // Writes the values shown into `settings`.
    void writeTo(Settings& settings) const;

private:
    QLineEdit* m_store = nullptr;
    QComboBox* m_money = nullptr;
    QSpinBox* m_samples = nullptr;
    QLineEdit* m_editor = nullptr;
};

} // namespace crossgrade::ui
