#include "recovery_dialog.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QUrl>
#include <QVBoxLayout>

namespace crossgrade::ui {

namespace {

QLabel* wrapped(const QString& text) {
    auto* label = new QLabel(text);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

RecoveryDialog::RecoveryDialog(const RecoveryOffer& offer, const QDateTime& now, QWidget* parent)
    : QDialog(parent) {
    const bool restorable = offer.restorable();
    setWindowTitle(restorable ? tr("Recover unsaved changes") : tr("Recovery file not readable"));

    auto* icon = new QLabel;
    icon->setPixmap(style()
                        ->standardIcon(restorable ? QStyle::SP_MessageBoxQuestion
                                                  : QStyle::SP_MessageBoxWarning)
                        .pixmap(48, 48));
    icon->setAlignment(Qt::AlignTop);

    const QString name = offer.scenarioName();
    const QString headlineText = restorable
                                     ? tr("Restore the unsaved changes to “%1”?").arg(name)
                                     : tr("The recovery file of “%1” could not be read").arg(name);
    auto* headline = wrapped(headlineText);
    QFont bold = headline->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    headline->setFont(bold);
    const QString introText =
        restorable ? tr("Crossgrade ended before these changes were saved, after a crash or a "
                        "forced quit. They were kept in a recovery file.")
                   : tr("It is kept as it is, so nothing in it is lost: it may come from a newer "
                        "Crossgrade, or be damaged. The scenario is the object under "
                        "\"scenario\" in it.");
    auto* intro = wrapped(introText);

    auto* facts = new QFormLayout;
    facts->setLabelAlignment(Qt::AlignLeft);
    auto addFact = [&](const QString& label, const QString& value) {
        facts->addRow(label, wrapped(value));
        m_texts << label + QLatin1Char(' ') + value;
    };
    addFact(tr("Scenario:"), name);
    addFact(tr("Came from:"), offer.originText());
    addFact(tr("Last edited:"), offer.lastEditedText(now));
    if (!restorable)
        addFact(tr("Problem:"), offer.errorText(false));
    addFact(tr("File:"), QDir::toNativeSeparators(offer.filePath));

    const QString adviceText =
        restorable ? tr("Restore opens the scenario with these changes, not yet saved. Discard "
                        "deletes them. Later keeps them and asks again at the next start.")
                   : tr("Move or delete the file by hand once you no longer need it; until "
                        "then each start names it here.");
    auto* advice = wrapped(adviceText);
    m_texts.prepend(introText);
    m_texts.prepend(headlineText);
    m_texts << adviceText;

    auto* buttons = new QDialogButtonBox;
    if (restorable) {
        m_restore = buttons->addButton(tr("&Restore"), QDialogButtonBox::AcceptRole);
        m_discard = buttons->addButton(tr("&Discard"), QDialogButtonBox::DestructiveRole);
        m_later = buttons->addButton(tr("&Later"), QDialogButtonBox::RejectRole);
        m_restore->setDefault(true);
        connect(m_restore, &QPushButton::clicked, this,
                [this] { choose(RecoveryChoice::Restore); });
        connect(m_discard, &QPushButton::clicked, this,
                [this] { choose(RecoveryChoice::Discard); });
    } else {
        m_showInFolder = buttons->addButton(tr("&Show in folder"), QDialogButtonBox::ActionRole);
        m_later = buttons->addButton(tr("&Keep it"), QDialogButtonBox::RejectRole);
        m_later->setDefault(true);
        const QString folder = QFileInfo(offer.filePath).absolutePath();
        connect(m_showInFolder, &QPushButton::clicked, this,
                [folder] { QDesktopServices::openUrl(QUrl::fromLocalFile(folder)); });
    }
    connect(m_later, &QPushButton::clicked, this, [this] { choose(RecoveryChoice::Later); });

    auto* texts = new QVBoxLayout;
    texts->addWidget(headline);
    texts->addWidget(intro);
    texts->addSpacing(6);
    texts->addLayout(facts);
    texts->addSpacing(6);
    texts->addWidget(advice);
    auto* body = new QHBoxLayout;
    body->addWidget(icon, 0, Qt::AlignTop);
    body->addSpacing(8);
    body->addLayout(texts, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(body);
    layout->addSpacing(6);
    layout->addWidget(buttons);
    // Word-wrapped labels ask for the height of their narrowest layout: sized for the width
    // the dialog has, it shows no empty bands.
    constexpr int kWidth = 600;
    resize(kWidth, heightForWidth(kWidth));
}

QPushButton* RecoveryDialog::button(RecoveryChoice choice) const {
    switch (choice) {
    case RecoveryChoice::Restore:
        return m_restore;
    case RecoveryChoice::Discard:
        return m_discard;
    case RecoveryChoice::Later:
        return m_later;
    }
    return nullptr;
}

QString RecoveryDialog::text() const {
    return m_texts.join(QLatin1Char('\n'));
}

void RecoveryDialog::choose(RecoveryChoice choice) {
    m_choice = choice;
    if (choice == RecoveryChoice::Restore)
        accept();
    else
        done(choice == RecoveryChoice::Discard ? QDialog::Accepted : QDialog::Rejected);
}

} // namespace crossgrade::ui
