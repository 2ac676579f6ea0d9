#pragma once

// The Audit view's "Library equivalences (the article)" box: the article's table of CUDA
// libraries and their ROCm equivalents, those the shown audit names in bold on blue (and
// AuditView::kNamedLibraryRole true), and below it the selected row's sentence from the article
// and where the audit names it.

#include "audit.h"
#include "library_equivalents.h"

#include <QGroupBox>
#include <vector>

class QLabel;
class QStandardItemModel;
class QTableView;

namespace crossgrade::ui {

class LibraryEquivalencesPanel : public QGroupBox {
public:
    explicit LibraryEquivalencesPanel(QWidget* parent = nullptr);

    // Shows the libraries `audit` names. The selected row stays; with none, the first library
    // named (or the first row) is selected.
    void showAudit(const model::Audit& audit);
    // Forgets the selected row, so that the next showAudit opens on the first library named.
    void forgetCurrentRow();

private:
    void refreshSource();
    // Keeps the table exactly as tall as its (wrapped) rows.
    void fitTable();

    std::vector<model::NamedLibrary> m_named; // of the audit last shown
    QStandardItemModel* m_libraries = nullptr;
    QTableView* m_view = nullptr;
    QLabel* m_source = nullptr;
};

} // namespace crossgrade::ui
