// What both files of tst_cli share: the source tree's samples, the store's rows counted.
#pragma once

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <map>

namespace crossgrade::testing {

inline QString sourceDir() {
    return QStringLiteral(CROSSGRADE_SOURCE_DIR);
}
inline QString sample(const QString& name) {
    return sourceDir() + "/resources/samples/audits/" + name;
}

// Row count of every table: what "the store holds exactly the rows it held" compares.
inline std::map<QString, int> rowCounts(const QString& dbPath) {
    std::map<QString, int> counts;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", "counts");
        db.setDatabaseName(dbPath);
        if (db.open()) {
            QSqlQuery tables(db);
            tables.exec("SELECT name FROM sqlite_master WHERE type = 'table'");
            while (tables.next()) {
                const QString table = tables.value(0).toString();
                QSqlQuery count(db);
                count.exec("SELECT count(*) FROM \"" + table + "\"");
                count.next();
                counts[table] = count.value(0).toInt();
            }
        }
    }
    QSqlDatabase::removeDatabase("counts");
    return counts;
}

} // namespace crossgrade::testing
