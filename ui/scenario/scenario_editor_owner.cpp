// The editor's Owner costs page (issue 24): how owned purchases are paid, the fabric each
// vendor's servers are bought with, and the owner's costs as uncertain numbers.

#include "scenario_document.h"
#include "scenario_editor.h"
#include "scenario_editor_text.h"
#include "scenario_upgrade.h"
#include "uncertain_table_model.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

namespace crossgrade::ui {

namespace {

QString ownerText(std::string_view text) {
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

QLabel* ownerExplanation(const QString& text, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    return label;
}

} // namespace

QWidget* ScenarioEditor::buildOwnerPage() {
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(ownerExplanation(
        tr("What owning costs beyond the GPU, its server and its power (docs/model.md, "
           "\u201cOwner costs\u201d): the scale-out fabric, support contracts, GPUs replaced "
           "after failures, operations staff, storage, a site's power cap, and how purchases "
           "are paid. Rented capacity's rates include all of these."),
        page));

    auto* form = new QFormLayout;
    auto* financing = new QHBoxLayout;
    m_financing = new QComboBox(page);
    m_financing->setObjectName(QStringLiteral("financing"));
    m_financing->addItem(tr("Cash, when bought"),
                         ownerText(toString(model::FinancingMethod::Cash)));
    m_financing->addItem(tr("A loan"), ownerText(toString(model::FinancingMethod::Loan)));
    m_financing->addItem(tr("A lease (no residual)"),
                         ownerText(toString(model::FinancingMethod::Lease)));
    m_financing->setToolTip(inputTip(
        tr("Cash pays a purchase when it is made. A loan pays it in equal monthly instalments "
           "over the term and repays the balance when the GPUs are sold and at the horizon; a "
           "lease pays the same way but the lessor keeps the GPUs, so they fetch nothing. NPV "
           "counts the cash as paid."),
        tr("cash, loan or lease"), tr("cash")));
    connect(m_financing, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (m_refreshing)
            return;
        const auto method =
            model::parseFinancingMethod(m_financing->itemData(index).toString().toStdString());
        if (!method)
            return;
        apply(tr("Pay owned purchases by %1").arg(m_financing->itemText(index).toLower()),
              [method](model::Scenario& s) {
                  s.financing = *method;
                  const model::OwnerDefaults& d = model::ownerDefaults();
                  if (*method == model::FinancingMethod::Cash)
                      s.financing_rate_per_year.reset();
                  else
                      s.financing_rate_per_year = *method == model::FinancingMethod::Loan
                                                      ? d.loan_rate_per_year
                                                      : d.lease_rate_per_year;
              });
    });
    financing->addWidget(m_financing);
    financing->addSpacing(16);
    financing->addWidget(new QLabel(tr("over"), page));
    m_financingTerm = new QSpinBox(page);
    m_financingTerm->setObjectName(QStringLiteral("financingTerm"));
    m_financingTerm->setRange(1, model::kMaxFinancingTermMonths);
    m_financingTerm->setSuffix(tr(" months"));
    m_financingTerm->setKeyboardTracking(false);
    m_financingTerm->setToolTip(inputTip(tr("Months over which a loan or lease is repaid."),
                                         tr("months, 1–360"), tr("60")));
    connect(m_financingTerm, &QSpinBox::valueChanged, this, [this](int months) {
        if (!m_refreshing)
            apply(tr("Set the financing term to %1 months").arg(months),
                  [months](model::Scenario& s) { s.financing_term_months = months; });
    });
    financing->addWidget(m_financingTerm);
    financing->addStretch(1);
    form->addRow(tr("Owned purchases paid by"), financing);

    auto* fabrics = new QHBoxLayout;
    for (model::Vendor vendor : {model::Vendor::Nvidia, model::Vendor::Amd}) {
        const bool nvidia = vendor == model::Vendor::Nvidia;
        auto* box = new QComboBox(page);
        box->setObjectName(nvidia ? QStringLiteral("nvidiaFabric") : QStringLiteral("amdFabric"));
        box->addItem(tr("InfiniBand"), ownerText(toString(model::Fabric::InfiniBand)));
        box->addItem(tr("RoCE (Ethernet)"), ownerText(toString(model::Fabric::RoCE)));
        box->setToolTip(inputTip(
            tr("The scale-out fabric %1 servers are bought with, priced per GPU below apart "
               "from the GPU vendor.")
                .arg(nvidia ? tr("NVIDIA") : tr("AMD")),
            tr("InfiniBand or RoCE"), nvidia ? tr("InfiniBand") : tr("RoCE")));
        connect(box, &QComboBox::currentIndexChanged, this, [this, box, nvidia](int index) {
            if (m_refreshing)
                return;
            const auto fabric = model::parseFabric(box->itemData(index).toString().toStdString());
            apply(tr("Buy %1 servers with %2")
                      .arg(nvidia ? tr("NVIDIA") : tr("AMD"), box->itemText(index)),
                  [fabric, nvidia](model::Scenario& s) {
                      (nvidia ? s.nvidia : s.amd).fabric = fabric;
                  });
        });
        fabrics->addWidget(new QLabel(nvidia ? tr("NVIDIA") : tr("AMD"), page));
        fabrics->addWidget(box);
        fabrics->addSpacing(16);
        m_fabric[nvidia ? 0 : 1] = box;
    }
    fabrics->addStretch(1);
    form->addRow(tr("Scale-out fabric"), fabrics);

    auto* power = new QHBoxLayout;
    m_powerCap = new QPushButton(page);
    m_powerCap->setObjectName(QStringLiteral("powerCap"));
    m_powerCap->setToolTip(inputTip(
        tr("A site's power cap: an AMD door whose plan needs more provisioned power than the "
           "cap and more than staying is not taken; every plan pays for the kW it needs above "
           "it. Added at what the installed fleet draws today, with colocation's asking rent "
           "for power above it; edit both in the table."),
        tr("MW and $ per kW-month"), tr("no cap")));
    connect(m_powerCap, &QPushButton::clicked, this, [this] {
        if (!m_document)
            return;
        if (m_document->scenario().power_cap_mw) {
            apply(tr("Remove the power cap"), [](model::Scenario& s) {
                s.power_cap_mw.reset();
                s.over_cap_usd_per_kw_month.reset();
            });
            return;
        }
        apply(tr("Add a power cap"), [](model::Scenario& s) {
            s.power_cap_mw = model::installedFleetPowerCap(s);
            s.over_cap_usd_per_kw_month = model::ownerDefaults().over_cap_usd_per_kw_month;
        });
    });
    power->addWidget(m_powerCap);
    power->addStretch(1);
    form->addRow(tr("Power"), power);
    layout->addLayout(form);
    layout->addWidget(inputsPanel(makeGroupModel(model::InputGroup::OwnerCosts),
                                  tr("Absent in files written before these costs existed: "
                                     "Edit \u2192 Adopt current defaults fills them.")),
                      1);
    return page;
}

void ScenarioEditor::refreshOwner() {
    if (m_financing == nullptr || m_document == nullptr)
        return;
    const model::Scenario& s = m_document->scenario();
    const QSignalBlocker b1(m_financing), b2(m_financingTerm), b3(m_fabric[0]), b4(m_fabric[1]);
    m_powerCap->setText(s.power_cap_mw ? tr("Remove the power cap") : tr("Add a power cap"));
    m_financing->setCurrentIndex(m_financing->findData(ownerText(toString(s.financing))));
    m_financingTerm->setValue(s.financing_term_months);
    m_financingTerm->setEnabled(s.financing != model::FinancingMethod::Cash);
    const model::Fabric nvidia = s.nvidia.fabric.value_or(model::Fabric::InfiniBand);
    const model::Fabric amd = s.amd.fabric.value_or(model::Fabric::RoCE);
    m_fabric[0]->setCurrentIndex(m_fabric[0]->findData(ownerText(toString(nvidia))));
    m_fabric[1]->setCurrentIndex(m_fabric[1]->findData(ownerText(toString(amd))));
}

} // namespace crossgrade::ui
