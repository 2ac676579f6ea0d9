#include "user_guide.h"

#include "theme.h"

#include <QCoreApplication>
#include <QDesktopServices>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QImageReader>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QShortcut>
#include <QStyle>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFragment>
#include <QTextImageFormat>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <vector>

namespace crossgrade::ui {

namespace UserGuide {

namespace {
const QString kGuideFile = QStringLiteral("user-guide.md");
}

QStringList candidates(const QString& applicationDir, const QString& installDocDir,
                       const QString& sourceDocsDir) {
    QStringList paths;
    const auto add = [&paths](const QString& path) {
        const QString clean = QDir::cleanPath(path);
        if (!paths.contains(clean))
            paths << clean;
    };
    if (!applicationDir.isEmpty()) {
        const QDir bin(applicationDir);
        // The DOCDIR the build installs to, relative to the prefix the executable sits under
        // (bin/..), or absolute when configured so.
        if (!installDocDir.isEmpty())
            add(QDir::isAbsolutePath(installDocDir)
                    ? QDir(installDocDir).filePath(kGuideFile)
                    : bin.filePath(QStringLiteral("../") + installDocDir + QLatin1Char('/') +
                                   kGuideFile));
        add(bin.filePath(QStringLiteral("../share/doc/crossgrade/") + kGuideFile));
    }
    if (!sourceDocsDir.isEmpty())
        add(QDir(sourceDocsDir).filePath(kGuideFile));
    return paths;
}

QStringList defaultCandidates() {
#ifdef CROSSGRADE_INSTALL_DOCDIR
    const QString docDir = QStringLiteral(CROSSGRADE_INSTALL_DOCDIR);
#else
    const QString docDir;
#endif
#ifdef CROSSGRADE_SOURCE_DOCS_DIR
    const QString sourceDocs = QStringLiteral(CROSSGRADE_SOURCE_DOCS_DIR);
#else
    const QString sourceDocs;
#endif
    return candidates(QCoreApplication::applicationDirPath(), docDir, sourceDocs);
}

QString locate(const QStringList& candidates) {
    for (const QString& path : candidates) {
        const QFileInfo info(path);
        if (info.isFile() && info.isReadable())
            return info.absoluteFilePath();
    }
    return {};
}

QString notFoundText(const QStringList& candidates) {
    QStringList places;
    for (const QString& path : candidates)
        places << QStringLiteral("  ") + QDir::toNativeSeparators(path);
    return QCoreApplication::translate("crossgrade::ui::UserGuide",
                                       "Looked for it in:\n%1\nReinstall the crossgrade package "
                                       "(it installs the guide with its pictures), or open "
                                       "docs/user-guide.md of the Crossgrade sources.")
        .arg(places.join(QLatin1Char('\n')));
}

} // namespace UserGuide

namespace {

bool isGuidePage(const QUrl& url) {
    const QString suffix = QFileInfo(url.path()).suffix().toLower();
    return suffix == QStringLiteral("md") || suffix == QStringLiteral("markdown") ||
           suffix == QStringLiteral("html") || suffix == QStringLiteral("htm") ||
           suffix == QStringLiteral("txt");
}

} // namespace

UserGuideViewer::UserGuideViewer(const QString& guidePath, QWidget* parent)
    : QDialog(parent)
    , m_openExternal([](const QUrl& url) { return QDesktopServices::openUrl(url); }) {
    setWindowTitle(tr("Crossgrade User Guide"));
    setObjectName(QStringLiteral("userGuide"));
    // A window of its own beside the main window, not a modal question.
    setWindowFlag(Qt::Window);
    setAttribute(Qt::WA_DeleteOnClose);

    m_back = new QToolButton;
    m_back->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    m_back->setToolTip(tr("Back (Alt+Left)"));
    m_back->setShortcut(QKeySequence::Back);
    m_back->setEnabled(false);
    m_forward = new QToolButton;
    m_forward->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
    m_forward->setToolTip(tr("Forward (Alt+Right)"));
    m_forward->setShortcut(QKeySequence::Forward);
    m_forward->setEnabled(false);
    auto* home = new QToolButton;
    home->setIcon(style()->standardIcon(QStyle::SP_DirHomeIcon));
    home->setToolTip(tr("Contents: the guide's first page"));
    m_find = new QLineEdit;
    m_find->setObjectName(QStringLiteral("guideFind"));
    m_find->setPlaceholderText(tr("Find in page (Ctrl+F, Enter for next)"));
    m_find->setClearButtonEnabled(true);
    m_find->setToolTip(tr("Finds the text in the page shown; Enter finds the next, Shift+Enter "
                          "the previous."));

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_back);
    bar->addWidget(m_forward);
    bar->addWidget(home);
    bar->addStretch(1);
    bar->addWidget(m_find);

    // The guide is the project's own Markdown (docs/), installed with the application: trusted
    // text, rendered as rich text on purpose. Nothing from a user's file, scan or store is
    // shown here (ui/common/qt_text.h says how that text reaches the screen).
    m_browser = new QTextBrowser;
    m_browser->setObjectName(QStringLiteral("guideText"));
    m_browser->setOpenLinks(false); // followLink() decides what stays in the viewer
    m_browser->setOpenExternalLinks(false);
    m_message = new QLabel;
    m_message->setTextFormat(Qt::PlainText); // it names the paths looked at
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    markAsError(m_message);
    m_message->hide();

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_message);
    layout->addWidget(m_browser, 1);

    connect(m_browser, &QTextBrowser::anchorClicked, this, &UserGuideViewer::followLink);
    connect(m_browser, &QTextBrowser::backwardAvailable, m_back, &QWidget::setEnabled);
    connect(m_browser, &QTextBrowser::forwardAvailable, m_forward, &QWidget::setEnabled);
    connect(m_back, &QToolButton::clicked, m_browser, &QTextBrowser::backward);
    connect(m_forward, &QToolButton::clicked, m_browser, &QTextBrowser::forward);
    connect(home, &QToolButton::clicked, this, [this] { followLink(m_home); });
    connect(m_find, &QLineEdit::returnPressed, this, [this] {
        const bool backwards = QGuiApplication::keyboardModifiers().testFlag(Qt::ShiftModifier);
        if (!find(m_find->text(), backwards))
            showMessage(tr("“%1” is not in this page.").arg(m_find->text()));
    });
    auto* findShortcut = new QShortcut(QKeySequence::Find, this);
    connect(findShortcut, &QShortcut::activated, this, [this] {
        m_find->setFocus(Qt::ShortcutFocusReason);
        m_find->selectAll();
    });

    connect(m_browser, &QTextBrowser::sourceChanged, this, &UserGuideViewer::fitImages);
    m_browser->viewport()->installEventFilter(this);

    m_home = QUrl::fromLocalFile(QFileInfo(guidePath).absoluteFilePath());
    m_browser->setSource(m_home);
    resize(900, 760);
}

int UserGuideViewer::imageWidthLimit() const {
    const auto margin = int(2 * m_browser->document()->documentMargin());
    return std::max(1, m_browser->viewport()->width() - margin - 2);
}

bool UserGuideViewer::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_browser->viewport() && event->type() == QEvent::Resize)
        fitImages();
    return QDialog::eventFilter(watched, event);
}

void UserGuideViewer::fitImages() {
    struct Image {
        int position = 0;
        int length = 0;
        QTextImageFormat format;
    };
    std::vector<Image> images;
    QTextDocument* document = m_browser->document();
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (fragment.charFormat().isImageFormat())
                images.push_back({fragment.position(), fragment.length(),
                                  fragment.charFormat().toImageFormat()});
        }
    const int limit = imageWidthLimit();
    for (Image& image : images) {
        const QUrl url = m_browser->source().resolved(QUrl(image.format.name()));
        const QSize natural = QImageReader(url.toLocalFile()).size();
        if (!natural.isValid() || natural.width() <= 0)
            continue;
        const double width = std::min<double>(natural.width(), limit);
        if (std::abs(image.format.width() - width) < 0.5)
            continue;
        image.format.setWidth(width);
        image.format.setHeight(natural.height() * width / natural.width());
        QTextCursor cursor(document);
        cursor.setPosition(image.position);
        cursor.setPosition(image.position + image.length, QTextCursor::KeepAnchor);
        cursor.setCharFormat(image.format);
    }
}

QUrl UserGuideViewer::source() const {
    return m_browser->source();
}

void UserGuideViewer::followLink(const QUrl& link) {
    showMessage({});
    const QUrl url = m_browser->source().resolved(link);
    if (url.isLocalFile() && (isGuidePage(url) || link.path().isEmpty())) {
        if (!QFileInfo::exists(url.toLocalFile())) {
            showMessage(tr("The page %1 is not installed with this guide.")
                            .arg(QDir::toNativeSeparators(url.toLocalFile())));
            return;
        }
        m_browser->setSource(url);
        return;
    }
    if (!m_openExternal(url))
        showMessage(tr("No program on this computer opens %1.").arg(url.toString()));
}

bool UserGuideViewer::find(const QString& text, bool backwards) {
    if (text.isEmpty())
        return false;
    const QTextDocument::FindFlags flags =
        backwards ? QTextDocument::FindBackward : QTextDocument::FindFlags();
    if (m_browser->find(text, flags))
        return true;
    // Wrap once round the page.
    QTextCursor cursor = m_browser->textCursor();
    cursor.movePosition(backwards ? QTextCursor::End : QTextCursor::Start);
    m_browser->setTextCursor(cursor);
    return m_browser->find(text, flags);
}

void UserGuideViewer::showMessage(const QString& text) {
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

} // namespace crossgrade::ui
