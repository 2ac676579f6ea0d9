// The preferences dialog (preferences_dialog.h).

#include "preferences_dialog.h"

#include "store.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace crossgrade::ui {

PreferencesDialog::PreferencesDialog(const Settings* settings, QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Preferences"));
    auto* form = new QFormLayout(this);
    m_store = new QLineEdit(settings ? settings->lastStore() : QString());
    m_store->setPlaceholderText(QDir::toNativeSeparators(data::Store::defaultPath()));
    auto* browse = new QPushButton(tr("Browse…"));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Store"), m_store->text(), tr("Crossgrade store (*.sqlite)"), nullptr,
            QFileDialog::DontConfirmOverwrite);
        if (!path.isEmpty())
            m_store->setText(path);
    });
    auto* row = new QHBoxLayout;
    row->addWidget(m_store, 1);
    row->addWidget(browse);
    form->addRow(tr("Store (used from the next start):"), row);
    m_money = new QComboBox;
    m_money->addItem(tr("Compact ($1.2M)"));
    m_money->addItem(tr("Full ($1,234,567)"));
    m_money->setCurrentIndex(settings && settings->moneyDisplay() == MoneyDisplay::Full ? 1 : 0);
    form->addRow(tr("Money in tables:"), m_money);
    m_samples = new QSpinBox;
    m_samples->setRange(Settings::kMinMonteCarloSamples, Settings::kMaxMonteCarloSamples);
    m_samples->setSingleStep(1000);
    m_samples->setGroupSeparatorShown(true);
    m_samples->setValue(settings ? settings->monteCarloSamples()
                                 : Settings::kDefaultMonteCarloSamples);
    m_samples->setToolTip(tr("Samples of a full Monte Carlo run; a held slider previews with "
                             "1,000"));
    form->addRow(tr("Monte Carlo samples:"), m_samples);
    m_editor =
        new QLineEdit(settings ? settings->editorCommand() : Settings::defaultEditorCommand());
    m_editor->setObjectName(QStringLiteral("editorCommand"));
    m_editor->setPlaceholderText(Settings::defaultEditorCommand());
    m_editor->setToolTip(tr("Run by “Open in editor” in the source viewer: {file} and {line} are "
                            "replaced; quotes group words; no shell is involved.\nExamples: "
                            "code --goto {file}:{line} · kate --line {line} {file} · "
                            "gvim +{line} {file}"));
    form->addRow(tr("Open in editor:"), m_editor);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

void PreferencesDialog::writeTo(Settings& settings) const {
    settings.setLastStore(m_store->text().trimmed());
    settings.setMoneyDisplay(m_money->currentIndex() == 1 ? MoneyDisplay::Full
                                                          : MoneyDisplay::Compact);
    settings.setMonteCarloSamples(m_samples->value());
    settings.setEditorCommand(m_editor->text());
}

} // namespace crossgrade::ui
