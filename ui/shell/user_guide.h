#pragma once

// Help → User guide (F1): finding the local guide (docs/user-guide.md, installed to the
// package's documentation folder with its images beside it) and reading it in the app — the
// Markdown rendered, images resolved relative to the file, links to the guide's other pages
// followed in place, anything else (a web page, a PDF) handed to the desktop.

#include <QDialog>
#include <QStringList>
#include <QUrl>
#include <functional>

class QLabel;
class QLineEdit;
class QTextBrowser;
class QToolButton;

namespace crossgrade::ui {

namespace UserGuide {

// Where the guide may be, most specific first: the installed documentation folder relative to
// the executable (`applicationDir`/../share/doc/…/user-guide.md, for the DOCDIR the build
// installs to and the package's lower-case name), then the source tree's docs/ for a program
// run from its build folder. Empty strings are skipped.
QStringList candidates(const QString& applicationDir, const QString& installDocDir,
                       const QString& sourceDocsDir);
// The candidates of this program (QCoreApplication::applicationDirPath(), the build's DOCDIR and
// source folder).
QStringList defaultCandidates();
// The first candidate that is a readable file, or an empty string.
QString locate(const QStringList& candidates);
// What to tell the user when none is found: where it was looked for and what to do.
QString notFoundText(const QStringList& candidates);

} // namespace UserGuide

class UserGuideViewer : public QDialog {
    Q_OBJECT

public:
    // Opens on `guidePath` (a Markdown or HTML file).
    explicit UserGuideViewer(const QString& guidePath, QWidget* parent = nullptr);

    QTextBrowser* browser() const { return m_browser; }
    QUrl source() const;
    // Follows a link as a click on it does: a page of the guide (a local .md, .html or .txt
    // file, or an anchor in this page) opens here; any other URL goes to `externalOpener`
    // (QDesktopServices::openUrl by default). A local file that does not exist is named in the
    // viewer's message line.
    void followLink(const QUrl& url);
    void setExternalOpener(std::function<bool(const QUrl&)> opener) {
        m_openExternal = std::move(opener);
    }
    // Finds `text` in the page from the cursor on, wrapping once; false when it is not there.
    bool find(const QString& text, bool backwards = false);

    // The width the images of the page may take: the viewer's text width.
    int imageWidthLimit() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void showMessage(const QString& text);
    // Scales every image of the page down to the viewer's width, keeping its proportions: the
    // guide's screenshots are wider than the viewer. Narrower images keep their own size.
    void fitImages();

    QTextBrowser* m_browser = nullptr;
    QLineEdit* m_find = nullptr;
    QLabel* m_message = nullptr;
    QToolButton* m_back = nullptr;
    QToolButton* m_forward = nullptr;
    QUrl m_home;
    std::function<bool(const QUrl&)> m_openExternal;
};

} // namespace crossgrade::ui
