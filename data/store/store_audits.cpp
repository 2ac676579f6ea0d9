#include "store_audits.h"

#include "audit_json.h"
#include "sql_dialect.h"

#include <QVariant>
#include <cstddef>
#include <string_view>
#include <utility>

namespace crossgrade::data::store_detail {

namespace dialect = sql_dialect;

using model::Audit;
using model::Dimension;
using model::DimensionAssessment;
using Kind = StoreError::Kind;

// --- Writing audits -------------------------------------------------------------------------

AuditWriter::AuditWriter(const Connection& connection)
    : m_connection(connection)
    , m_audit(prepare(QStringLiteral("INSERT INTO audits (name, organisation, audit_date, "
                                     "notes, workload, tensorrt, multi_node, source, "
                                     "imported_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, %1)%2")
                          .arg(dialect::currentUtcTimestamp(), dialect::returningIdClause())))
    , m_dimension(prepare(QStringLiteral(
          "INSERT INTO audit_dimensions (audit_id, dimension, tier, notes, proposed_tier, "
          "override_tier, override_reason) VALUES (?, ?, ?, ?, ?, ?, ?)")))
    , m_finding(prepare(QStringLiteral("INSERT INTO audit_findings (audit_id, dimension, "
                                       "rule_id, hits) VALUES (?, ?, ?, ?)")))
    , m_evidence(prepare(QStringLiteral(
          "INSERT INTO evidence (audit_id, dimension, ordinal, rule_id, severity, "
          "confidence, path, line, col, snippet, context, rocm_equivalent, mitigated_by) "
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")))
    , m_mitigation(prepare(QStringLiteral(
          "INSERT INTO mitigations (audit_id, dimension, ordinal, rule_id, path, line, "
          "snippet, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")))
    , m_notScanned(prepare(QStringLiteral("INSERT INTO audit_not_scanned (audit_id, "
                                          "ordinal, path, reason) VALUES (?, ?, ?, ?)")))
    , m_scanDetails(prepare(
          QStringLiteral("INSERT INTO audit_scan_details (audit_id, json) VALUES (?, ?)"))) {}

std::int64_t AuditWriter::write(const Audit& audit, const std::string& source) {
    m_doing = "store the audit \"" + audit.name + "\"";
    const std::int64_t id = insertAudit(audit, source);
    writeParts(id, audit);
    return id;
}

void AuditWriter::rewrite(std::int64_t id, const Audit& audit) {
    m_doing = "update the audit \"" + audit.name + "\"";
    QSqlQuery update = prepare(QStringLiteral(
        "UPDATE audits SET name = ?, organisation = ?, audit_date = ?, notes = ?, workload = ?, "
        "tensorrt = ?, multi_node = ? WHERE id = ?"));
    bind(update, {sqlText(audit.name), sqlText(audit.organisation), sqlText(audit.date),
                  sqlText(audit.notes), sqlName(audit.workload), sqlFlag(audit.tensorrt),
                  sqlFlag(audit.multi_node), sqlId(id)});
    m_connection.exec(update, m_doing);
    // Children first: the dimension rows are what findings, evidence and mitigations refer to.
    for (const char* table : {"audit_findings", "evidence", "mitigations", "audit_dimensions",
                              "audit_not_scanned", "audit_scan_details"}) {
        QSqlQuery remove =
            prepare(QStringLiteral("DELETE FROM %1 WHERE audit_id = ?").arg(QLatin1String(table)));
        bind(remove, {sqlId(id)});
        m_connection.exec(remove, m_doing);
    }
    writeParts(id, audit);
}

void AuditWriter::writeParts(std::int64_t id, const Audit& audit) {
    for (const Dimension dimension : model::kAllDimensions)
        writeDimension(id, dimension, audit.dimension(dimension));
    for (std::size_t i = 0; i < audit.not_scanned.size(); ++i) {
        const model::SkippedFile& skipped = audit.not_scanned[i];
        bind(m_notScanned,
             {sqlId(id), sqlOrdinal(i), sqlText(skipped.path), sqlText(skipped.reason)});
        m_connection.exec(m_notScanned, m_doing);
    }
    const std::string details = scanDetailsJson(audit);
    if (!details.empty()) {
        bind(m_scanDetails, {sqlId(id), sqlText(details)});
        m_connection.exec(m_scanDetails, m_doing);
    }
}

QSqlQuery AuditWriter::prepare(const QString& sql) const {
    return m_connection.prepare(sql, "prepare to store audits");
}

std::int64_t AuditWriter::insertAudit(const Audit& audit, const std::string& source) {
    bind(m_audit, {sqlText(audit.name), sqlText(audit.organisation), sqlText(audit.date),
                   sqlText(audit.notes), sqlName(audit.workload), sqlFlag(audit.tensorrt),
                   sqlFlag(audit.multi_node), sqlText(source)});
    m_connection.exec(m_audit, m_doing);
    if (!m_connection.next(m_audit, m_doing))
        throw StoreError(Kind::Query, "store query failed: " + m_connection.displayPath() + " (" +
                                          m_doing + ": no id returned)");
    const std::int64_t id = m_audit.value(0).toLongLong();
    // An INSERT left open after its RETURNING row counts as in progress and blocks COMMIT.
    m_audit.finish();
    return id;
}

void AuditWriter::writeDimension(std::int64_t id, Dimension dimension,
                                 const DimensionAssessment& assessment) {
    const QVariant auditId = sqlId(id);
    const QVariant dimensionName = sqlName(dimension);
    const auto& override_ = assessment.override_tier;
    bind(m_dimension,
         {auditId, dimensionName, sqlName(assessment.tier), sqlText(assessment.notes),
          sqlNullableName(assessment.proposed_tier),
          sqlNullableName(override_ ? std::optional(override_->tier) : std::nullopt),
          sqlNullableText(override_ ? std::optional(override_->reason) : std::nullopt)});
    m_connection.exec(m_dimension, m_doing);

    for (const auto& [ruleId, hits] : assessment.findings) {
        bind(m_finding, {auditId, dimensionName, sqlText(ruleId), QVariant(hits)});
        m_connection.exec(m_finding, m_doing);
    }
    for (std::size_t i = 0; i < assessment.evidence.size(); ++i) {
        const model::EvidenceItem& item = assessment.evidence[i];
        bind(m_evidence,
             {auditId, dimensionName, sqlOrdinal(i), sqlText(item.rule_id), sqlName(item.severity),
              sqlName(item.confidence), sqlText(item.path), QVariant(item.line),
              sqlNullableInt(item.col), sqlText(item.snippet), sqlName(item.context),
              sqlText(item.rocm_equivalent), sqlNullableText(item.mitigated_by)});
        m_connection.exec(m_evidence, m_doing);
    }
    for (std::size_t i = 0; i < assessment.mitigations.size(); ++i) {
        const model::Mitigation& mitigation = assessment.mitigations[i];
        bind(m_mitigation, {auditId, dimensionName, sqlOrdinal(i), sqlText(mitigation.rule_id),
                            sqlText(mitigation.path), sqlNullableInt(mitigation.line),
                            sqlText(mitigation.snippet), sqlText(mitigation.note)});
        m_connection.exec(m_mitigation, m_doing);
    }
}

// --- Reading audits -------------------------------------------------------------------------

namespace {

constexpr std::string_view kReading = "read an audit";

QSqlQuery selectForAudit(const Connection& connection, const QString& sql, std::int64_t id) {
    QSqlQuery query = connection.prepare(sql, kReading);
    bind(query, {sqlId(id)});
    connection.exec(query, kReading);
    return query;
}

DimensionAssessment& assessmentOf(const Connection& connection, Audit& audit,
                                  const QVariant& dimension) {
    return audit.dimension(parseStored(connection, dimension, &model::parseDimension, "dimension"));
}

bool readHeader(const Connection& connection, std::int64_t id, Audit& audit) {
    QSqlQuery query = selectForAudit(connection,
                                     QStringLiteral("SELECT name, organisation, audit_date, notes, "
                                                    "workload, tensorrt, multi_node FROM audits "
                                                    "WHERE id = ?"),
                                     id);
    if (!connection.next(query, kReading))
        return false;
    audit.name = textOf(query.value(0));
    audit.organisation = textOf(query.value(1));
    audit.date = textOf(query.value(2));
    audit.notes = textOf(query.value(3));
    audit.workload = parseStored(connection, query.value(4), &model::parseWorkloadKind, "workload");
    audit.tensorrt = query.value(5).toInt() != 0;
    audit.multi_node = query.value(6).toInt() != 0;
    return true;
}

void readDimensions(const Connection& connection, std::int64_t id, Audit& audit) {
    QSqlQuery query = selectForAudit(
        connection,
        QStringLiteral("SELECT dimension, tier, notes, proposed_tier, override_tier, "
                       "override_reason FROM audit_dimensions WHERE audit_id = ?"),
        id);
    while (connection.next(query, kReading)) {
        DimensionAssessment& assessment = assessmentOf(connection, audit, query.value(0));
        assessment.tier = parseStored(connection, query.value(1), &model::parseTier, "tier");
        assessment.notes = textOf(query.value(2));
        assessment.proposed_tier =
            parseNullableStored(connection, query.value(3), &model::parseTier, "tier");
        if (const auto tier =
                parseNullableStored(connection, query.value(4), &model::parseTier, "tier"))
            assessment.override_tier = model::TierOverride{*tier, textOf(query.value(5))};
    }
}

void readFindings(const Connection& connection, std::int64_t id, Audit& audit) {
    QSqlQuery query = selectForAudit(
        connection,
        QStringLiteral("SELECT dimension, rule_id, hits FROM audit_findings WHERE audit_id = ?"),
        id);
    while (connection.next(query, kReading))
        assessmentOf(connection, audit, query.value(0)).findings[textOf(query.value(1))] =
            query.value(2).toInt();
}

void readEvidence(const Connection& connection, std::int64_t id, Audit& audit) {
    QSqlQuery query = selectForAudit(
        connection,
        QStringLiteral("SELECT dimension, rule_id, severity, confidence, path, line, col, "
                       "snippet, context, rocm_equivalent, mitigated_by FROM evidence "
                       "WHERE audit_id = ? ORDER BY dimension, ordinal"),
        id);
    while (connection.next(query, kReading)) {
        model::EvidenceItem item;
        item.rule_id = textOf(query.value(1));
        item.severity = parseStored(connection, query.value(2), &model::parseLevel, "severity");
        item.confidence = parseStored(connection, query.value(3), &model::parseLevel, "confidence");
        item.path = textOf(query.value(4));
        item.line = query.value(5).toInt();
        item.col = nullableIntOf(query.value(6));
        item.snippet = textOf(query.value(7));
        item.context =
            parseStored(connection, query.value(8), &model::parseEvidenceContext, "context");
        item.rocm_equivalent = textOf(query.value(9));
        item.mitigated_by = nullableTextOf(query.value(10));
        assessmentOf(connection, audit, query.value(0)).evidence.push_back(std::move(item));
    }
}

void readMitigations(const Connection& connection, std::int64_t id, Audit& audit) {
    QSqlQuery query = selectForAudit(
        connection,
        QStringLiteral("SELECT dimension, rule_id, path, line, snippet, note FROM mitigations "
                       "WHERE audit_id = ? ORDER BY dimension, ordinal"),
        id);
    while (connection.next(query, kReading)) {
        model::Mitigation mitigation;
        mitigation.rule_id = textOf(query.value(1));
        mitigation.path = textOf(query.value(2));
        mitigation.line = nullableIntOf(query.value(3));
        mitigation.snippet = textOf(query.value(4));
        mitigation.note = textOf(query.value(5));
        assessmentOf(connection, audit, query.value(0))
            .mitigations.push_back(std::move(mitigation));
    }
}

void readNotScanned(const Connection& connection, std::int64_t id, Audit& audit) {
    QSqlQuery query = selectForAudit(connection,
                                     QStringLiteral("SELECT path, reason FROM audit_not_scanned "
                                                    "WHERE audit_id = ? ORDER BY ordinal"),
                                     id);
    while (connection.next(query, kReading))
        audit.not_scanned.push_back({textOf(query.value(0)), textOf(query.value(1))});
}

void readScanDetails(const Connection& connection, std::int64_t id, Audit& audit) {
    QSqlQuery query = selectForAudit(
        connection, QStringLiteral("SELECT json FROM audit_scan_details WHERE audit_id = ?"), id);
    if (!connection.next(query, kReading))
        return;
    const std::vector<Problem> problems = readScanDetailsJson(textOf(query.value(0)), audit);
    if (!problems.empty())
        throw StoreError(
            Kind::Corrupt,
            "the store " + connection.displayPath() + " holds unreadable scan details for audit " +
                std::to_string(id) + " (" + problems.front().place + ": " +
                problems.front().message +
                "). The other stored rows still read; scan its repositories into it again, or "
                "restore the store from a backup.");
}

} // namespace

std::optional<Audit> readAudit(const Connection& connection, std::int64_t id) {
    Audit audit;
    if (!readHeader(connection, id, audit))
        return std::nullopt;
    readDimensions(connection, id, audit);
    readFindings(connection, id, audit);
    readEvidence(connection, id, audit);
    readMitigations(connection, id, audit);
    readNotScanned(connection, id, audit);
    readScanDetails(connection, id, audit);
    return audit;
}

// --- Listing and removing audits ------------------------------------------------------------

std::vector<AuditSummary> readAuditSummaries(const Connection& connection) {
    const std::string_view doing = "list the audits";
    QSqlQuery query = connection.prepare(
        QStringLiteral("SELECT a.id, a.name, a.organisation, a.audit_date, a.workload, a.source, "
                       "a.imported_at, (SELECT COUNT(*) FROM audit_dimensions d "
                       "WHERE d.audit_id = a.id AND d.tier = ?) FROM audits a ORDER BY a.id"),
        doing);
    bind(query, {sqlName(model::Tier::High)});
    connection.exec(query, doing);
    std::vector<AuditSummary> summaries;
    while (connection.next(query, doing)) {
        AuditSummary summary;
        summary.id = query.value(0).toLongLong();
        summary.name = textOf(query.value(1));
        summary.organisation = textOf(query.value(2));
        summary.date = textOf(query.value(3));
        try {
            summary.workload =
                parseStored(connection, query.value(4), &model::parseWorkloadKind, "workload");
        } catch (const StoreError& e) {
            summary.damage = e.what();
        }
        summary.source = textOf(query.value(5));
        summary.imported_at = textOf(query.value(6));
        summary.high_count = query.value(7).toInt();
        summaries.push_back(std::move(summary));
    }
    return summaries;
}

bool deleteAudit(const Connection& connection, std::int64_t id) {
    const std::string_view doing = "remove an audit";
    // Its dimensions, evidence, findings and mitigations go with it (ON DELETE CASCADE).
    QSqlQuery query = connection.prepare(QStringLiteral("DELETE FROM audits WHERE id = ?"), doing);
    bind(query, {sqlId(id)});
    connection.exec(query, doing);
    return query.numRowsAffected() > 0;
}

} // namespace crossgrade::data::store_detail
