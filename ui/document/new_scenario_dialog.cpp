#include "new_scenario_dialog.h"

#include "month_edit.h"
#include "new_scenario.h"
#include "problem.h"
#include "samples.h"
#include "scenario_json.h"
#include "theme.h"

#include <QComboBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace crossgrade::ui {

namespace {
// Template items: a sample (by resource name) or a stored scenario (by id).
constexpr int kSample = 0;
constexpr int kStored = 1;
} // namespace

NewScenarioDialog::NewScenarioDialog(const data::Store& store, QWidget* parent)
    : QDialog(parent)
    , m_store(store) {
    setWindowTitle(tr("New scenario"));
    auto* form = new QFormLayout(this);
    m_name = new QLineEdit;
    m_name->setPlaceholderText(tr("e.g. Inference fleet 2027 with MI355X"));
    form->addRow(tr("&Name:"), m_name);

    m_template = new QComboBox;
    for (const data::SampleFile& sample : data::sampleScenarios())
        m_template->addItem(tr("Sample: %1").arg(sample.name), QVariantList{kSample, sample.name});
    for (const data::ScenarioSummary& s : store.scenarios())
        m_template->addItem(tr("Stored: %1").arg(QString::fromStdString(s.name)),
                            QVariantList{kStored, QVariant::fromValue<qlonglong>(s.id)});
    m_template->setToolTip(tr("The new scenario copies this one's fleet, workloads and settings; "
                              "edit them afterwards."));
    form->addRow(tr("&Template:"), m_template);

    m_audit = new QComboBox;
    m_audit->addItem(tr("The template's audit"), QVariant());
    for (const data::AuditSummary& a : store.audits())
        m_audit->addItem(QString::fromStdString(a.name), QVariant::fromValue<qlonglong>(a.id));
    form->addRow(tr("&Audit:"), m_audit);

    // A plan made today starts this month, not in the template's.
    m_start = new MonthEdit;
    m_start->setObjectName(QStringLiteral("startMonth"));
    m_start->setDateRange(QDate(2000, 1, 1), QDate(2099, 12, 1));
    m_start->setDate(QDate(QDate::currentDate().year(), QDate::currentDate().month(), 1));
    m_start->setToolTip(tr("Month 0 of the plan: charts, tables and the report name months from "
                           "it."));
    form->addRow(tr("&Starting:"), m_start);

    auto* book = new QLabel;
    const auto books = store.priceBooks();
    const auto it = std::find_if(books.begin(), books.end(),
                                 [](const data::PriceBookSummary& b) { return b.is_default; });
    book->setTextFormat(Qt::RichText); // the book's name and version escaped
    book->setText(it == books.end()
                      ? tr("<i>The store has no default price book.</i>")
                      : tr("%1, version %2 (the store's default)")
                            .arg(QString::fromStdString(it->name).toHtmlEscaped(),
                                 QString::fromStdString(it->version).toHtmlEscaped()));
    form->addRow(tr("Price book:"), book);

    m_error = new QLabel;
    m_error->setTextFormat(Qt::PlainText); // a refusal quotes the name
    m_error->setWordWrap(true);
    markAsError(m_error);
    m_error->hide();
    form->addRow(m_error);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Create"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &NewScenarioDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &NewScenarioDialog::reject);
    form->addRow(m_buttons);
    setMinimumWidth(520);
}

void NewScenarioDialog::setName(const QString& name) {
    m_name->setText(name);
}

void NewScenarioDialog::setTemplateIndex(int index) {
    m_template->setCurrentIndex(index);
}

QString NewScenarioDialog::error() const {
    return m_error->isVisible() ? m_error->text() : QString();
}

void NewScenarioDialog::accept() {
    auto fail = [this](const QString& message) {
        m_error->setText(message);
        m_error->show();
    };
    const QString name = m_name->text().trimmed();
    if (name.isEmpty())
        return fail(tr("Give the scenario a name."));
    std::optional<model::PriceBook> book;
    try {
        book = m_store.defaultPriceBook();
    } catch (const data::StoreError& e) { // a damaged row: say so rather than abort
        return fail(QString::fromUtf8(e.what()));
    }
    if (!book)
        return fail(tr("The store has no default price book: import one first (File → "
                       "Open/Import…)."));
    const QVariantList choice = m_template->currentData().toList();
    std::optional<model::Scenario> base;
    if (choice.value(0).toInt() == kSample) {
        for (const data::SampleFile& sample : data::sampleScenarios())
            if (sample.name == choice.value(1).toString())
                base = data::readScenario(sample.text).scenario;
    } else {
        base = m_store.scenarioVersion(choice.value(1).toLongLong());
    }
    if (!base)
        return fail(tr("The template “%1” could not be read: %2. Choose another template, or "
                       "import the scenario again (File → Open/Import…).")
                        .arg(m_template->currentText(),
                             choice.value(0).toInt() == kSample
                                 ? tr("the sample shipped with this program is damaged")
                                 : tr("its stored version is missing or damaged")));
    std::optional<model::Audit> audit;
    if (m_audit->currentData().isValid())
        audit = m_store.audit(m_audit->currentData().toLongLong());
    const data::ScenarioReadResult made =
        data::newScenarioFromTemplate(*base, name.toStdString(), std::move(*book), audit,
                                      {m_start->date().year(), m_start->date().month()});
    if (!made.ok())
        return fail(
            tr("The template does not fit the default price book:\n%1")
                .arg(QString::fromStdString(data::formatProblems("new scenario", made.errors))));
    m_scenario = made.scenario;
    QDialog::accept();
}

} // namespace crossgrade::ui
