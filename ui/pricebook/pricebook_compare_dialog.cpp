// Price book versions beside the open scenario's (pricebook_compare_dialog.h).

#include "pricebook_compare_dialog.h"

#include "book_change.h"
#include "samples.h"
#include "scenario_document.h"
#include "store.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace crossgrade::ui {

namespace {

QString compareText(const std::string& text) {
    return QString::fromStdString(text);
}

QString compareBookTitle(const model::PriceBook& b) {
    return b.version.empty() ? compareText(b.name) : compareText(b.name + " " + b.version);
}

} // namespace

PriceBookCompareDialog::PriceBookCompareDialog(data::Store& store, ScenarioDocument& document,
                                               QWidget* parent)
    : QDialog(parent)
    , m_store(store)
    , m_document(document) {
    setWindowTitle(tr("Price book versions"));
    setObjectName(QStringLiteral("pricebookCompare"));
    auto* layout = new QVBoxLayout(this);
    const model::PriceBook& current = m_document.scenario().pricebook;
    m_from = data::priceBookMadeFrom(m_store, current);
    auto* intro = new QLabel(
        tr("This scenario prices with <b>%1</b>%2. Choose a stored price book to see every figure "
           "that differs, whether it flips this scenario's decision, and to move the scenario "
           "onto it.")
            .arg(compareBookTitle(current).toHtmlEscaped(),
                 m_from ? QString()
                        : tr(" — a version neither stored nor shipped, so the figures you "
                             "changed cannot be told from the book's")),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    m_choice = new QComboBox(this);
    m_choice->setObjectName(QStringLiteral("book"));
    for (const data::PriceBookSummary& s : m_store.priceBooks()) {
        if (!s.damage.empty())
            continue;
        auto b = m_store.priceBook(s.id);
        if (!b)
            continue;
        m_choice->addItem(
            tr("#%1 %2%3")
                .arg(s.id)
                .arg(compareBookTitle(*b), s.is_default ? tr(" (default)") : QString()));
        m_books.push_back(std::move(*b));
    }
    layout->addWidget(m_choice);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_changes = new QTableWidget(0, 3, this);
    m_changes->setObjectName(QStringLiteral("changes"));
    m_changes->setHorizontalHeaderLabels(
        {tr("Figure"), tr("This scenario's book"), tr("Chosen book")});
    m_changes->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_changes->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_changes->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_changes->verticalHeader()->hide();
    m_changes->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_changes->setWordWrap(false);
    layout->addWidget(m_changes, 1);
    m_verdict = new QLabel(this);
    m_verdict->setObjectName(QStringLiteral("verdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_verdict);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_move = buttons->addButton(tr("Move this scenario onto it"), QDialogButtonBox::ActionRole);
    m_move->setObjectName(QStringLiteral("move"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_move, &QPushButton::clicked, this, [this] {
        if (!m_from) {
            const auto answer = QMessageBox::question(
                this, tr("Replace every figure?"),
                tr("This scenario's book version is unknown here, so the figures you changed "
                   "cannot be kept apart from the book's. Moving replaces all %1 differing "
                   "figures with the chosen book's. Undo takes it back.")
                    .arg(m_changes->rowCount()));
            if (answer != QMessageBox::Yes)
                return;
        }
        const QString refused = moveScenario();
        if (!refused.isEmpty())
            QMessageBox::warning(this, tr("Not moved"), refused);
        else
            accept();
    });
    layout->addWidget(buttons);
    connect(m_choice, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
    resize(900, 560);
    // The default book first offered: the one a user most likely wants to move to.
    for (int i = 0; i < m_choice->count(); ++i)
        if (m_choice->itemText(i).endsWith(tr(" (default)")))
            m_choice->setCurrentIndex(i);
    refresh();
}

void PriceBookCompareDialog::chooseBook(int index) {
    m_choice->setCurrentIndex(index);
    refresh();
}

QString PriceBookCompareDialog::verdictText() const {
    return m_verdict->text();
}

void PriceBookCompareDialog::refresh() {
    const int i = m_choice->currentIndex();
    m_changes->setRowCount(0);
    if (i < 0 || std::size_t(i) >= m_books.size()) {
        m_summary->setText(tr("The store holds no price book to compare with."));
        m_move->setEnabled(false);
        return;
    }
    const model::Scenario& s = m_document.scenario();
    const model::PriceBook& chosen = m_books[std::size_t(i)];
    const std::vector<data::PriceBookChange> changes = data::diffPriceBooks(s.pricebook, chosen);
    m_changes->setRowCount(int(changes.size()));
    std::vector<std::string> pointers;
    for (int r = 0; r < int(changes.size()); ++r) {
        const data::PriceBookChange& c = changes[std::size_t(r)];
        const auto cell = [&](int column, const std::string& text) {
            auto* item = new QTableWidgetItem(text.empty() ? tr("(none)") : compareText(text));
            item->setToolTip(c.source.empty() ? compareText(text)
                                              : compareText(text + "\n" + c.source));
            m_changes->setItem(r, column, item);
        };
        cell(0, c.pointer);
        cell(1, c.before);
        cell(2, c.after);
        if (c.is_figure)
            pointers.push_back(c.pointer);
    }
    m_summary->setText(changes.empty() ? tr("The books agree on every figure.")
                                       : tr("%n figure(s) differ; hover a row for its source.",
                                            nullptr, int(changes.size())));
    m_move->setEnabled(!changes.empty());
    try {
        const model::BookComparison flip = model::compareOnBooks(s, s.pricebook, chosen, pointers);
        m_verdict->setText(tr("<b>Does this book flip the decision?</b> %1")
                               .arg(compareText(flip.verdict()).toHtmlEscaped()));
    } catch (const model::ScenarioError& e) {
        m_verdict->setText(tr("<b>Does this book flip the decision?</b> This scenario does not "
                              "evaluate on the chosen book's figures: %1")
                               .arg(compareText(e.pointer() + ": " + e.what()).toHtmlEscaped()));
    }
}

QString PriceBookCompareDialog::moveScenario() {
    const int i = m_choice->currentIndex();
    if (i < 0 || std::size_t(i) >= m_books.size())
        return tr("No price book is chosen.");
    const model::PriceBook& chosen = m_books[std::size_t(i)];
    const model::PriceBook current = m_document.scenario().pricebook;
    // Unknown origin: every figure is taken as the book's (the user was asked). Inference rows
    // the chosen book states otherwise than this scenario's engine reads them stay as they are.
    const data::PriceBookMove move =
        data::moveToPriceBook(current, m_from ? *m_from : current, chosen,
                              !model::inferenceRowsReadAlike(m_document.scenario(), chosen));
    if (!move.problem.empty())
        return compareText(move.problem);
    const QString refused =
        m_document.edit(tr("Move onto price book %1").arg(compareBookTitle(chosen)),
                        [&](model::Scenario& s) { s.pricebook = move.book; });
    if (refused.isEmpty()) {
        QStringList kept;
        for (const std::string& p : move.overrides)
            kept << compareText(p);
        m_moved = tr("Moved onto %1: %n figure(s) changed; Undo takes them back.", nullptr,
                     int(move.changes.size()))
                      .arg(compareBookTitle(chosen));
        m_keptOverrides = kept.join(QLatin1Char('\n'));
        if (!kept.isEmpty())
            m_moved +=
                QLatin1Char(' ') + tr("%n figure(s) of yours kept.", nullptr, int(kept.size()));
        return refused;
    }
    return tr("Not moved: on %1 this scenario does not evaluate (%2). Nothing was changed.")
        .arg(compareBookTitle(chosen), refused);
}

} // namespace crossgrade::ui
