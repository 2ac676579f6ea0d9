#pragma once

// A plain connection to a store file, to look at or tamper with it behind the Store's back the
// way another process would (a schema of an older version, a corrupt row, a held write lock).
// Tests only; shared by the store, HetCCL-checklist and dialog tests.

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <map>
#include <stdexcept>

namespace crossgrade::testing {

class RawDb {
public:
    explicit RawDb(const QString& path)
        : m_name(QStringLiteral("raw-db-%1").arg(++s_count)) {
        m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        m_db.setDatabaseName(path);
        if (!m_db.open())
            throw std::runtime_error("raw open: " + m_db.lastError().text().toStdString());
    }
    ~RawDb() {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_name);
    }
    RawDb(const RawDb&) = delete;
    RawDb& operator=(const RawDb&) = delete;

    void exec(const QString& sql) { query(sql); }
    QVariant scalar(const QString& sql) {
        QSqlQuery q = query(sql);
        if (!q.next())
            throw std::runtime_error("raw scalar: no row for " + sql.toStdString());
        return q.value(0);
    }
    int count(const QString& table) {
        return scalar(QStringLiteral("SELECT COUNT(*) FROM %1").arg(table)).toInt();
    }
    QStringList tables() {
        QSqlQuery q = query(
            QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"));
        QStringList names;
        while (q.next())
            names << q.value(0).toString();
        return names;
    }
    // The row count of each of `tables`: what "the store holds exactly what it held" compares.
    std::map<QString, int> counts(const QStringList& tables) {
        std::map<QString, int> result;
        for (const QString& table : tables)
            result[table] = count(table);
        return result;
    }
    std::map<QString, int> counts() { return counts(tables()); }
    QStringList schema() {
        QSqlQuery q = query(QStringLiteral("SELECT sql FROM sqlite_master ORDER BY name"));
        QStringList statements;
        while (q.next())
            statements << q.value(0).toString();
        return statements;
    }

    // Runs `sql`; throws when it fails.
    QSqlQuery query(const QString& sql) {
        QSqlQuery q(m_db);
        if (!q.exec(sql))
            throw std::runtime_error("raw exec: " + sql.toStdString() + ": " +
                                     q.lastError().text().toStdString());
        return q;
    }

private:
    static inline int s_count = 0;
    QString m_name;
    QSqlDatabase m_db;
};

} // namespace crossgrade::testing
