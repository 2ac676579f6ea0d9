// Help → User guide (ui/shell/user_guide.h): where the guide is looked for, in which order, and the
// viewer on a temporary guide — Markdown rendered, an image beside it resolved, a link to another
// page followed in place, a web link handed to the desktop, a missing page named.

#include "test_files.h"
#include "user_guide.h"

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QList>
#include <QObject>
#include <QSize>
#include <QSizeF>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextFragment>
#include <QTextImageFormat>
#include <QUrl>
#include <QVariant>
#include <map>

using namespace crossgrade;
using crossgrade::ui::UserGuideViewer;
namespace UserGuide = crossgrade::ui::UserGuide;

class TestUserGuide : public QObject {
    Q_OBJECT

private slots:
    void init();
    void candidatesInstalledFirst();
    void locateTakesTheFirstReadable();
    void notFoundSaysWhereAndWhatToDo();
    void viewerRendersTheGuideWithItsImage();
    void linksToPagesStayInTheViewer();
    void webLinksGoToTheDesktop();
    void missingPageIsNamed();
    void findInPageWraps();
    void wideImagesFitTheViewer();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_guide;
};

void TestUserGuide::init() {
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    // The installed layout: the guide with its pictures in a folder beside it.
    const QString doc = m_dir->filePath("share/doc/crossgrade");
    m_guide = doc + "/user-guide.md";
    testing::writeFile(m_guide, "# Crossgrade user guide\n\n"
                                "From audit to report.\n\n"
                                "![The welcome](screenshots/start.png)\n\n"
                                "See [the file formats](formats.md) and "
                                "[the article](https://example.org/cuda-lockin).\n\n"
                                "A [page not installed](missing.md).\n\n"
                                "## Percentiles\n\nP10 means ten in a hundred.\n");
    testing::writeFile(doc + "/formats.md", "# File formats\n\nBack to the "
                                            "[guide](user-guide.md).\n");
    QImage picture(40, 20, QImage::Format_RGB32);
    picture.fill(Qt::darkCyan);
    QDir().mkpath(doc + "/screenshots");
    QVERIFY(picture.save(doc + "/screenshots/start.png"));
}

void TestUserGuide::candidatesInstalledFirst() {
    const QStringList paths =
        UserGuide::candidates("/opt/cg/bin", "share/doc/Crossgrade", "/src/crossgrade/docs");
    QCOMPARE(paths, QStringList({"/opt/cg/share/doc/Crossgrade/user-guide.md",
                                 "/opt/cg/share/doc/crossgrade/user-guide.md",
                                 "/src/crossgrade/docs/user-guide.md"}));
    // An absolute DOCDIR is taken as it is; the same folder twice is listed once.
    QCOMPARE(UserGuide::candidates("/usr/bin", "/usr/share/doc/crossgrade", QString()),
             QStringList({"/usr/share/doc/crossgrade/user-guide.md"}));
    // This program's own list ends with the source tree's guide (a build-tree run).
    QVERIFY(UserGuide::defaultCandidates().last().endsWith("/docs/user-guide.md"));
}

void TestUserGuide::locateTakesTheFirstReadable() {
    const QString missing = m_dir->filePath("nowhere/user-guide.md");
    const QString folder = m_dir->filePath("share"); // a folder is not a guide
    QCOMPARE(UserGuide::locate({missing, folder, m_guide}), QFileInfo(m_guide).absoluteFilePath());
    QCOMPARE(UserGuide::locate({missing}), QString());
}

void TestUserGuide::notFoundSaysWhereAndWhatToDo() {
    const QString text = UserGuide::notFoundText({"/a/user-guide.md", "/b/user-guide.md"});
    QVERIFY(text.contains("/a/user-guide.md"));
    QVERIFY(text.contains("/b/user-guide.md"));
    QVERIFY(text.contains("Reinstall"));
}

void TestUserGuide::viewerRendersTheGuideWithItsImage() {
    UserGuideViewer viewer(m_guide);
    QCOMPARE(viewer.source(), QUrl::fromLocalFile(m_guide));
    const QString text = viewer.browser()->toPlainText();
    QVERIFY2(text.contains("Crossgrade user guide"), qPrintable(text));
    QVERIFY(!text.contains("# Crossgrade")); // rendered as Markdown, not shown as source
    // The picture resolves relative to the guide's folder.
    const QVariant image =
        viewer.browser()->loadResource(QTextDocument::ImageResource, QUrl("screenshots/start.png"));
    QVERIFY(image.isValid());
    QImage loaded;
    QVERIFY(loaded.loadFromData(image.toByteArray()));
    QCOMPARE(loaded.size(), QSize(40, 20));
}

void TestUserGuide::linksToPagesStayInTheViewer() {
    UserGuideViewer viewer(m_guide);
    QList<QUrl> external;
    viewer.setExternalOpener([&external](const QUrl& url) {
        external << url;
        return true;
    });
    viewer.followLink(QUrl("formats.md"));
    QCOMPARE(viewer.source().toLocalFile(), QFileInfo(m_guide).absolutePath() + "/formats.md");
    QVERIFY(viewer.browser()->toPlainText().contains("File formats"));
    viewer.followLink(QUrl("user-guide.md"));
    QCOMPARE(viewer.source(), QUrl::fromLocalFile(m_guide));
    QVERIFY(external.isEmpty());
    QVERIFY(viewer.browser()->isBackwardAvailable());
}

void TestUserGuide::webLinksGoToTheDesktop() {
    UserGuideViewer viewer(m_guide);
    QList<QUrl> external;
    viewer.setExternalOpener([&external](const QUrl& url) {
        external << url;
        return true;
    });
    viewer.followLink(QUrl("https://example.org/cuda-lockin"));
    QCOMPARE(external, QList<QUrl>({QUrl("https://example.org/cuda-lockin")}));
    QCOMPARE(viewer.source(), QUrl::fromLocalFile(m_guide)); // the guide stays shown
}

void TestUserGuide::missingPageIsNamed() {
    UserGuideViewer viewer(m_guide);
    viewer.show();
    viewer.followLink(QUrl("missing.md"));
    QCOMPARE(viewer.source(), QUrl::fromLocalFile(m_guide));
    const auto labels = viewer.findChildren<QLabel*>();
    bool named = false;
    for (const QLabel* label : labels)
        named = named || (label->isVisible() && label->text().contains("missing.md"));
    QVERIFY(named);
}

void TestUserGuide::findInPageWraps() {
    UserGuideViewer viewer(m_guide);
    QVERIFY(viewer.find("ten in a hundred"));
    QVERIFY(viewer.find("ten in a hundred")); // from the end, wrapping round
    QVERIFY(!viewer.find("not in the guide"));
}

// The guide's screenshots are 1,400 px wide; the viewer shows them scaled to its width, in
// proportion, and a small picture at its own size.
void TestUserGuide::wideImagesFitTheViewer() {
    const QString doc = QFileInfo(m_guide).absolutePath();
    QImage wide(1400, 700, QImage::Format_RGB32);
    wide.fill(Qt::darkGreen);
    QVERIFY(wide.save(doc + "/screenshots/wide.png"));
    testing::writeFile(m_guide, "# Guide\n\n![Wide](screenshots/wide.png)\n\n"
                                "![Small](screenshots/start.png)\n");
    UserGuideViewer viewer(m_guide);
    viewer.resize(700, 600);
    viewer.show();
    QVERIFY(QTest::qWaitForWindowExposed(&viewer));
    const auto imageWidths = [&viewer] {
        std::map<QString, QSizeF> sizes;
        QTextDocument* document = viewer.browser()->document();
        for (QTextBlock block = document->begin(); block.isValid(); block = block.next())
            for (auto it = block.begin(); !it.atEnd(); ++it)
                if (it.fragment().charFormat().isImageFormat()) {
                    const QTextImageFormat f = it.fragment().charFormat().toImageFormat();
                    sizes[f.name()] = QSizeF(f.width(), f.height());
                }
        return sizes;
    };
    auto sizes = imageWidths();
    const int limit = viewer.imageWidthLimit();
    QVERIFY(limit < 700);
    QCOMPARE(sizes["screenshots/wide.png"].width(), double(limit));
    QCOMPARE(sizes["screenshots/wide.png"].height(), 700.0 * limit / 1400);
    QCOMPARE(sizes["screenshots/start.png"], QSizeF(40, 20));
    // A wider window shows the picture wider.
    viewer.resize(1000, 600);
    QTRY_VERIFY(viewer.imageWidthLimit() > limit);
    QTRY_COMPARE(imageWidths()["screenshots/wide.png"].width(), double(viewer.imageWidthLimit()));
}

QTEST_MAIN(TestUserGuide)
#include "tst_user_guide.moc"
