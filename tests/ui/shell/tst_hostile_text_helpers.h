// What both files of tst_hostile_text share: how Qt shows a string, the hostile strings.
#pragma once

#include <QString>
#include <QStringList>
#include <QTextBlock>
#include <QTextDocument>
#include <string>

namespace crossgrade::testing {

// How Qt shows a string that may be taken as rich text.
struct Shown {
    bool rich = false;
    QStringList images; // the sources of the images Qt loads to lay the text out
    QStringList links;  // the targets of its anchors
    QString visible;    // the text the user reads
};

inline Shown shownDocument(const QTextDocument& document) {
    Shown s;
    s.rich = true;
    s.visible = document.toPlainText();
    for (QTextBlock b = document.begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it) {
            const QTextCharFormat f = it.fragment().charFormat();
            if (f.isImageFormat())
                s.images << f.toImageFormat().name();
            if (f.isAnchor())
                s.links << f.anchorHref();
        }
    return s;
}

inline Shown shown(const QString& text, bool rich) {
    if (!rich) {
        Shown s;
        s.visible = text;
        return s;
    }
    QTextDocument document;
    document.setHtml(text);
    return shownDocument(document);
}

// A tooltip or What's This: Qt guesses.
inline Shown shownTip(const QString& tip) {
    return shown(tip, Qt::mightBeRichText(tip));
}

// The hostile strings: markup that loads a local file, formats, links, entities, table spam,
// a long line and control characters. Each starts with markup, so a field shown alone or after
// a plain prefix on the first line is guessed rich by Qt when it is not escaped.
struct Hostile {
    QStringList all;
    QString image; // <img src="…/local.png"> with a marker after it
};

inline Hostile hostileStrings(const QString& imagePath) {
    Hostile h;
    h.image = QStringLiteral("<img src=\"%1\">IMG-MARK").arg(imagePath);
    QString table;
    for (int i = 0; i < 40; ++i)
        table += QStringLiteral("<table><tr><td>");
    h.all = {
        h.image,
        QStringLiteral("<b>BOLD-MARK</b> and <i>more</i>"),
        QStringLiteral("<a href=\"file:///etc/passwd\">LINK-MARK</a>"),
        QStringLiteral("&lt;b&gt;ENTITY-MARK&lt;/b&gt; &amp; more"),
        table + QStringLiteral("TABLE-MARK"),
        QStringLiteral("<u>LONG-MARK</u> ") + QString(3000, QLatin1Char('x')),
        QStringLiteral("<s>CTRL-MARK</s>\x1b[2J\x07\r\nsecond line"),
        QStringLiteral("R&D \"QUOTE-MARK\" 'single' <q>"),
    };
    return h;
}

inline std::string utf8(const QString& s) {
    return s.toStdString();
}

} // namespace crossgrade::testing
