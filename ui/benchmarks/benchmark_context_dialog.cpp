#include "benchmark_context_dialog.h"

#include "benchmark.h"
#include "benchmark_text.h"
#include "theme.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace crossgrade::ui {

BenchmarkContextDialog::BenchmarkContextDialog(const QString& file, const QString& problems,
                                               const data::BenchmarkContext& initial,
                                               QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("What ran %1?").arg(QFileInfo(file).fileName()));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel( // rich: the file name escaped
        tr("<b>%1</b> is a benchmark_serving result: it does not say which hardware ran it, on "
           "how many GPUs or at which precision, unless the run recorded them. Say what the "
           "file does not; leave a field “from the file” to keep what it recorded.")
            .arg(QFileInfo(file).fileName().toHtmlEscaped()));
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* problem = new QLabel(problems);
    problem->setTextFormat(Qt::PlainText); // they quote the file
    problem->setObjectName(QStringLiteral("problems"));
    problem->setWordWrap(true);
    problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    markAsError(problem);
    layout->addWidget(problem);

    auto* form = new QFormLayout;
    m_hardware = new QComboBox;
    m_hardware->setObjectName(QStringLiteral("hardware"));
    m_hardware->addItem(tr("from the file"), QString());
    // The hardware table's keys: the SKUs a benchmark can be mapped to.
    for (const model::HardwareName& h : model::hardwareNames())
        if (h.key)
            m_hardware->addItem(qstr(h.sku), qstr(h.name));
    m_hardware->setCurrentIndex(
        std::max(0, m_hardware->findData(QString::fromStdString(initial.hardware))));
    form->addRow(tr("Hardware:"), m_hardware);

    m_gpus = new QSpinBox;
    m_gpus->setObjectName(QStringLiteral("gpus"));
    m_gpus->setRange(0, 100'000);
    m_gpus->setSpecialValueText(tr("from the file"));
    m_gpus->setValue(initial.gpus.value_or(0));
    m_gpus->setToolTip(tr("The GPUs that served the run: its throughputs are for the whole "
                          "system and are divided by this"));
    form->addRow(tr("GPUs:"), m_gpus);

    m_precision = new QComboBox;
    m_precision->setObjectName(QStringLiteral("precision"));
    m_precision->setEditable(true);
    m_precision->addItems({QString(), QStringLiteral("fp8"), QStringLiteral("bf16"),
                           QStringLiteral("fp16"), QStringLiteral("fp4"), QStringLiteral("int8")});
    m_precision->lineEdit()->setPlaceholderText(tr("from the file"));
    m_precision->setCurrentText(QString::fromStdString(initial.precision));
    form->addRow(tr("Precision:"), m_precision);

    m_stack = new QLineEdit(QString::fromStdString(initial.software_stack));
    m_stack->setObjectName(QStringLiteral("stack"));
    m_stack->setPlaceholderText(tr("e.g. vLLM 0.11, ROCm 7.0 (optional)"));
    form->addRow(tr("Software stack:"), m_stack);
    layout->addLayout(form);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Read again"));
    buttons->button(QDialogButtonBox::Cancel)->setText(tr("Skip this file"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    connect(m_hardware, &QComboBox::currentIndexChanged, this, &BenchmarkContextDialog::updateOk);
    connect(m_gpus, &QSpinBox::valueChanged, this, &BenchmarkContextDialog::updateOk);
    connect(m_precision, &QComboBox::currentTextChanged, this, &BenchmarkContextDialog::updateOk);
    connect(m_stack, &QLineEdit::textChanged, this, &BenchmarkContextDialog::updateOk);
    updateOk();
    resize(520, sizeHint().height());
}

data::BenchmarkContext BenchmarkContextDialog::context() const {
    data::BenchmarkContext c;
    c.hardware = m_hardware->currentData().toString().toStdString();
    if (m_gpus->value() > 0)
        c.gpus = m_gpus->value();
    c.precision = m_precision->currentText().trimmed().toStdString();
    c.software_stack = m_stack->text().trimmed().toStdString();
    return c;
}

void BenchmarkContextDialog::updateOk() {
    // Reading again with nothing new would only repeat the same problem.
    const data::BenchmarkContext c = context();
    m_ok->setEnabled(!c.hardware.empty() || c.gpus || !c.precision.empty() ||
                     !c.software_stack.empty());
}

std::optional<data::BenchmarkContext>
BenchmarkContextDialog::ask(QWidget* parent, const QString& file, const QString& problems,
                            const data::BenchmarkContext& initial) {
    BenchmarkContextDialog dialog(file, problems, initial, parent);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return dialog.context();
}

} // namespace crossgrade::ui
