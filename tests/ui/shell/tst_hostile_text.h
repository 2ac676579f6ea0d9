// The class of tst_hostile_text: hostile text in every field reaches the screen as plain text.
#pragma once

// Issue 20, class 1: a string from a file, a scan, the store or the user reaches the screen as
// plain text. Qt guesses rich text (Qt::mightBeRichText) for tooltips, What's This and labels
// left at Qt::AutoText, so `<img src="/some/local.png">` in an audit's notes would load that
// file into a tooltip, and `<img src="/dev/zero">` would read without end. The walk fills every
// string field of an audit, a scenario, a price book, benchmarks and the HetCCL checklist with
// hostile strings, opens every view and checks every widget and every item role of every
// model: whatever Qt renders as rich text holds the hostile string only escaped, and nothing is
// shown escaped twice.
//
// The walk uses a small real PNG for the image (an unescaped `/dev/zero` would hang the test
// rather than fail it); the escaping does not depend on what the path names.

#include "tst_hostile_text_helpers.h"

#include <QObject>
#include <QString>
#include <QTemporaryDir>
#include <memory>

class TestHostileText : public QObject {
    Q_OBJECT

private slots:
    // tst_hostile_text.cpp: tooltips
    void init();
    void cleanup();
    void bug_auditNoteTooltipLoadedLocalImage();
    void bug_evidenceSnippetTooltipRenderedRichText();

    // tst_hostile_text_views.cpp: every field, every view
    void bug_hostileTextRenderedAsMarkupInAView();

    // tst_hostile_text.cpp: tooltips
    void plainTipShowsTextLiterally_data();
    void plainTipShowsTextLiterally();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_image;
    crossgrade::testing::Hostile m_hostile;
};
