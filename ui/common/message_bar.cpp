#include "message_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace crossgrade::ui {

MessageBar::MessageBar(QWidget* parent)
    : QFrame(parent) {
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    auto* layout = new QHBoxLayout(this);
    m_icon = new QLabel;
    m_icon->setAlignment(Qt::AlignTop);
    auto* texts = new QVBoxLayout;
    m_headline = new QLabel;
    m_headline->setTextFormat(Qt::PlainText); // it names files and scenarios
    m_headline->setWordWrap(true);
    QFont bold = m_headline->font();
    bold.setBold(true);
    m_headline->setFont(bold);
    m_details = new QLabel;
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setTextFormat(Qt::PlainText);
    texts->addWidget(m_headline);
    texts->addWidget(m_details);
    auto* close = new QToolButton;
    close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close->setToolTip(tr("Dismiss"));
    close->setAutoRaise(true);
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    layout->addLayout(texts, 1);
    layout->addWidget(close, 0, Qt::AlignTop);
    hide();
}

void MessageBar::showMessage(Kind kind, const QString& headline, const QString& details) {
    m_kind = kind;
    const bool error = kind == Kind::Error;
    m_icon->setPixmap(
        style()
            ->standardIcon(error ? QStyle::SP_MessageBoxCritical : QStyle::SP_MessageBoxInformation)
            .pixmap(24, 24));
    QPalette p = palette();
    const QColor base = p.color(QPalette::Window);
    const QColor tint = error ? QColor(220, 60, 50) : QColor(50, 120, 220);
    const bool dark = base.lightness() < 128;
    QColor background = base;
    background.setRed((base.red() * 4 + tint.red()) / 5);
    background.setGreen((base.green() * 4 + tint.green()) / 5);
    background.setBlue((base.blue() * 4 + tint.blue()) / 5);
    p.setColor(QPalette::Window, dark ? background.darker(110) : background.lighter(105));
    setPalette(p);
    m_headline->setText(headline);
    m_details->setText(details);
    m_details->setVisible(!details.isEmpty());
    show();
}

QString MessageBar::text() const {
    return m_details->text().isEmpty() ? m_headline->text()
                                       : m_headline->text() + QLatin1Char('\n') + m_details->text();
}

} // namespace crossgrade::ui
