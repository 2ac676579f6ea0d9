#pragma once

// File → New scenario: a name, the template whose fleet, workloads and settings it starts
// from (a shipped sample or a stored scenario), and optionally a stored audit. The price book
// is always the store's default (DESIGN.md).

#include "store.h"

#include <QDialog>
#include <optional>

class QComboBox;
class QDateEdit;
class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace crossgrade::ui {

class NewScenarioDialog : public QDialog {
    Q_OBJECT

public:
    NewScenarioDialog(const data::Store& store, QWidget* parent = nullptr);

    // The new scenario, checked against the default price book; nullopt (with the reason in
    // the dialog) when it does not hold.
    std::optional<model::Scenario> scenario() const { return m_scenario; }

    void accept() override;
    // For tests and scripted use: fill the fields as a user would.
    void setName(const QString& name);
    void setTemplateIndex(int index);
    QString error() const;

private:
    const data::Store& m_store;
    QLineEdit* m_name = nullptr;
    QComboBox* m_template = nullptr;
    QComboBox* m_audit = nullptr;
    QDateEdit* m_start = nullptr;
    QLabel* m_error = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    std::optional<model::Scenario> m_scenario;
};

} // namespace crossgrade::ui
