#pragma once

// An inline message above the workspace (an error with its file and place, or a notice), which
// stays until the user closes it or a newer message replaces it — never a modal box that would
// hide the window the message is about.

#include <QFrame>

class QLabel;

namespace crossgrade::ui {

class MessageBar : public QFrame {
    Q_OBJECT

public:
    enum class Kind { Error, Notice };

    explicit MessageBar(QWidget* parent = nullptr);

    // Not QWidget::show(): a named call that says what it shows.
    void showMessage(Kind kind, const QString& headline, const QString& details = {});
    QString text() const; // headline and details, as plain text (tests, clipboard)
    Kind kind() const { return m_kind; }

private:
    QLabel* m_icon = nullptr;
    QLabel* m_headline = nullptr;
    QLabel* m_details = nullptr;
    Kind m_kind = Kind::Notice;
};

} // namespace crossgrade::ui
