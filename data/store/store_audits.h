#pragma once

// Audits in the store's tables (internal to the store): writing them, reading one back, and
// listing them. The caller holds the transaction.

#include "store_connection.h"

#include <QSqlQuery>
#include <QString>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace crossgrade::data::store_detail {

// Prepares each insert once for all the audits of one addAudits() call. Its statements must
// be gone before COMMIT.
class AuditWriter {
public:
    explicit AuditWriter(const Connection& connection);

    std::int64_t write(const model::Audit& audit, const std::string& source);
    // Replaces everything of audit `id` but its id, source and import time.
    void rewrite(std::int64_t id, const model::Audit& audit);

private:
    QSqlQuery prepare(const QString& sql) const;
    std::int64_t insertAudit(const model::Audit& audit, const std::string& source);
    void writeParts(std::int64_t id, const model::Audit& audit);
    void writeDimension(std::int64_t id, model::Dimension dimension,
                        const model::DimensionAssessment& assessment);

    const Connection& m_connection;
    std::string m_doing;
    QSqlQuery m_audit;
    QSqlQuery m_dimension;
    QSqlQuery m_finding;
    QSqlQuery m_evidence;
    QSqlQuery m_mitigation;
    QSqlQuery m_notScanned;
    QSqlQuery m_scanDetails;
};

// The audit with that id, or nothing. Read it in one transaction, so that it is not read half.
std::optional<model::Audit> readAudit(const Connection& connection, std::int64_t id);

std::vector<AuditSummary> readAuditSummaries(const Connection& connection);

// Whether there was an audit with that id to delete.
bool deleteAudit(const Connection& connection, std::int64_t id);

} // namespace crossgrade::data::store_detail
