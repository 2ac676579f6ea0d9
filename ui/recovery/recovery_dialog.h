#pragma once

// The offer of a recovery file at start (docs/desktop.md, "Recovery after a crash"): which
// scenario, where it came from, when it was last edited and where the file is, with Restore,
// Discard and Later. A file that no longer reads (damaged, or a newer Crossgrade's) is named
// with the problem and kept: the dialog then offers only to show it in the file manager.

#include "recovery_offer.h"

#include <QDialog>

class QPushButton;

namespace crossgrade::ui {

class RecoveryDialog : public QDialog {
    Q_OBJECT

public:
    explicit RecoveryDialog(const RecoveryOffer& offer,
                            const QDateTime& now = QDateTime::currentDateTime(),
                            QWidget* parent = nullptr);

    // What the user chose; Later until a button is pressed (Escape and closing keep the file).
    RecoveryChoice choice() const { return m_choice; }
    // The button of a choice, or nullptr when the offer has none (an unreadable file can only
    // be kept).
    QPushButton* button(RecoveryChoice choice) const;
    QPushButton* showInFolderButton() const { return m_showInFolder; }
    // Everything the dialog says, as plain text (tests).
    QString text() const;

private:
    void choose(RecoveryChoice choice);

    RecoveryChoice m_choice = RecoveryChoice::Later;
    QPushButton* m_restore = nullptr;
    QPushButton* m_discard = nullptr;
    QPushButton* m_later = nullptr;
    QPushButton* m_showInFolder = nullptr;
    QStringList m_texts;
};

} // namespace crossgrade::ui
