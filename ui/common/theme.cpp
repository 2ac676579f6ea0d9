#include "theme.h"

#include <QApplication>
#include <QEvent>
#include <QLabel>
#include <QPointer>
#include <QStyle>
#include <QStyleFactory>
#include <QWidget>
#include <optional>

namespace crossgrade::ui {

namespace {

struct SystemLook {
    QString styleName;
    QPalette palette;
};

std::optional<SystemLook>& systemLook() {
    static std::optional<SystemLook> look;
    return look;
}

Theme& appliedTheme() {
    static Theme theme = Theme::System;
    return theme;
}

enum class Meaning { Error, Warning, SampleNotice };

// Keeps a label in the colours of its meaning as the palette changes under it.
class MeaningColour : public QObject {
public:
    MeaningColour(QLabel* label, Meaning meaning)
        : QObject(label)
        , m_meaning(meaning) {
        label->installEventFilter(this);
        apply(label);
    }

    bool eventFilter(QObject* watched, QEvent* event) override {
        const auto type = event->type();
        if ((type == QEvent::ApplicationPaletteChange || type == QEvent::PaletteChange ||
             type == QEvent::StyleChange) &&
            !m_applying)
            apply(static_cast<QLabel*>(watched));
        return false;
    }

private:
    void apply(QLabel* label) {
        m_applying = true;
        const QPalette app = QApplication::palette(label);
        QPalette p = label->palette();
        switch (m_meaning) {
        case Meaning::Error:
            p.setColor(QPalette::WindowText, errorTextColour(app));
            break;
        case Meaning::Warning:
            p.setColor(QPalette::WindowText, warningTextColour(app));
            break;
        case Meaning::SampleNotice:
            p.setColor(QPalette::Window, sampleNoticeBackground(app));
            p.setColor(QPalette::WindowText, app.color(QPalette::WindowText));
            p.setColor(QPalette::Link, app.color(QPalette::Link));
            label->setAutoFillBackground(true);
            break;
        }
        label->setPalette(p);
        if (m_meaning != Meaning::SampleNotice) {
            QFont bold = label->font();
            bold.setBold(true);
            label->setFont(bold);
        }
        m_applying = false;
    }

    Meaning m_meaning;
    bool m_applying = false;
};

} // namespace

QString toString(Theme theme) {
    switch (theme) {
    case Theme::Light:
        return QStringLiteral("light");
    case Theme::Dark:
        return QStringLiteral("dark");
    case Theme::System:
        break;
    }
    return QStringLiteral("system");
}

Theme parseTheme(const QString& text) {
    if (text == QStringLiteral("light"))
        return Theme::Light;
    if (text == QStringLiteral("dark"))
        return Theme::Dark;
    return Theme::System;
}

QPalette lightPalette() {
    // Fusion's own palette is a light one built from the window colour.
    QPalette p(QColor(0xef, 0xef, 0xef));
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::AlternateBase, QColor(0xf5, 0xf6, 0xf8));
    p.setColor(QPalette::Text, QColor(0x1b, 0x1b, 0x1f));
    p.setColor(QPalette::WindowText, QColor(0x1b, 0x1b, 0x1f));
    p.setColor(QPalette::ButtonText, QColor(0x1b, 0x1b, 0x1f));
    p.setColor(QPalette::ToolTipBase, QColor(0xff, 0xfd, 0xe7));
    p.setColor(QPalette::ToolTipText, QColor(0x1b, 0x1b, 0x1f));
    p.setColor(QPalette::PlaceholderText, QColor(0x6b, 0x6b, 0x72));
    p.setColor(QPalette::Highlight, QColor(0x25, 0x63, 0xeb));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x1d, 0x4e, 0xd8));
    p.setColor(QPalette::LinkVisited, QColor(0x6d, 0x28, 0xd9));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x9a, 0x9a, 0xa0));
    return p;
}

QPalette darkPalette() {
    // Greys rather than black, so that panels, fields and their frames stay apart; text is
    // off-white, never pure white on black (less glare in long sessions).
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1f, 0x21, 0x24);
    const QColor text(0xe6, 0xe6, 0xe9);
    QPalette p(window);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x27, 0x29, 0x2d));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x38, 0x3d));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x8a, 0x80));
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3d, 0x42));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9c, 0xa3));
    p.setColor(QPalette::Highlight, QColor(0x3b, 0x82, 0xf6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x8a, 0xb4, 0xf8));
    p.setColor(QPalette::LinkVisited, QColor(0xc5, 0x8a, 0xf9));
    p.setColor(QPalette::Light, QColor(0x45, 0x48, 0x4e));
    p.setColor(QPalette::Midlight, QColor(0x3a, 0x3d, 0x42));
    p.setColor(QPalette::Mid, QColor(0x23, 0x25, 0x28));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Shadow, QColor(0x0e, 0x0e, 0x10));
    const QColor disabled(0x7a, 0x7c, 0x82);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Base, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::Disabled, QPalette::Button, QColor(0x30, 0x32, 0x36));
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x4a, 0x4d, 0x52));
    return p;
}

namespace {

// A style sheet's palette(…) colours are read when it is applied: applying it again after a
// palette change makes it follow the new theme (the Recommendation view's cards, say).
void repolishStyleSheets() {
    for (QWidget* widget : QApplication::allWidgets())
        if (!widget->styleSheet().isEmpty())
            widget->setStyleSheet(widget->styleSheet());
}

} // namespace

void applyTheme(Theme theme) {
    auto& look = systemLook();
    if (!look)
        look = SystemLook{QApplication::style()->name(), QApplication::palette()};
    appliedTheme() = theme;
    if (theme == Theme::System) {
        if (QStyle* style = QStyleFactory::create(look->styleName))
            QApplication::setStyle(style);
        QApplication::setPalette(look->palette);
        repolishStyleSheets();
        return;
    }
    if (QApplication::style()->name().compare(QStringLiteral("fusion"), Qt::CaseInsensitive) != 0)
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(theme == Theme::Dark ? darkPalette() : lightPalette());
    repolishStyleSheets();
}

Theme currentTheme() {
    return appliedTheme();
}

bool isDark(const QPalette& palette) {
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor errorTextColour(const QPalette& palette) {
    return isDark(palette) ? QColor(0xff, 0x8a, 0x80) : QColor(0xb3, 0x26, 0x1e);
}

QColor warningTextColour(const QPalette& palette) {
    return isDark(palette) ? QColor(0xf5, 0xc2, 0x6b) : QColor(0x8a, 0x4b, 0x00);
}

QColor sampleNoticeBackground(const QPalette& palette) {
    return isDark(palette) ? QColor(0x4a, 0x3d, 0x14) : QColor(0xff, 0xf1, 0xc7);
}

void markAsError(QLabel* label) {
    new MeaningColour(label, Meaning::Error);
}

void markAsWarning(QLabel* label) {
    new MeaningColour(label, Meaning::Warning);
}

void markAsSampleNotice(QLabel* label) {
    new MeaningColour(label, Meaning::SampleNotice);
}

} // namespace crossgrade::ui
