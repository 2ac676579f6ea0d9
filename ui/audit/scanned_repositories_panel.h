#pragma once

// The Audit view's "Scanned repositories" box, shown for a scanned audit: per repository its
// files, those not read, and the tier each scanned dimension would get from that repository
// alone; below, how many files the scan did not read, with a button that lists them
// (showNotScannedDialog).

#include "audit.h"

#include <QGroupBox>

class QLabel;
class QPushButton;
class QStandardItemModel;
class QTableView;

namespace crossgrade::ui {

class ScannedRepositoriesPanel : public QGroupBox {
    Q_OBJECT

public:
    explicit ScannedRepositoriesPanel(QWidget* parent = nullptr);

    // Shows the breakdown of `audit`; the box hides when it has no repositories and no file
    // went unread.
    void showAudit(const model::Audit& audit);

signals:
    // "Show files…" was clicked.
    void notScannedRequested();

private:
    QStandardItemModel* m_repositories = nullptr;
    QTableView* m_view = nullptr;
    QLabel* m_notScanned = nullptr;
    QPushButton* m_showNotScanned = nullptr;
};

// The files the scan of `audit` did not read, and why, in a modal dialog over `parent`.
void showNotScannedDialog(const model::Audit& audit, QWidget* parent);

} // namespace crossgrade::ui
