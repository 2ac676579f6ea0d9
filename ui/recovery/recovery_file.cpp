#include "recovery_file.h"

#include "qt_text.h"
#include "scenario_json.h"

#include <QStringList>
#include <nlohmann/json.hpp>

namespace crossgrade::ui {

using Json = nlohmann::ordered_json;

namespace {

std::string s(const QString& text) {
    return text.toStdString();
}

Json originJson(const RecoveryOrigin& origin) {
    Json j = Json::object();
    if (origin.scenarioId)
        j["scenario_id"] = *origin.scenarioId;
    if (origin.version)
        j["version"] = *origin.version;
    if (!origin.fileName.isEmpty())
        j["file"] = s(origin.fileName);
    return j;
}

// Reads the header's fields, noting each one missing or of the wrong type at its pointer.
class HeaderReader {
public:
    explicit HeaderReader(const Json& root)
        : m_root(root) {}

    QString text(const Json& object, const char* key, const std::string& pointer,
                 bool required = true) {
        const auto it = object.find(key);
        if (it == object.end() || !it->is_string()) {
            if (required || it != object.end())
                fail(pointer + "/" + key, "expected a string");
            return {};
        }
        return qs(it->get<std::string>());
    }

    template <typename Int>
    std::optional<Int> integer(const Json& object, const char* key, const std::string& pointer,
                               bool required = true) {
        const auto it = object.find(key);
        if (it == object.end() || !it->is_number_integer()) {
            if (required || it != object.end())
                fail(pointer + "/" + key, "expected an integer");
            return std::nullopt;
        }
        return it->get<Int>();
    }

    const Json* object(const char* key) {
        const auto it = m_root.find(key);
        if (it == m_root.end() || !it->is_object()) {
            fail(std::string("/") + key, "expected an object");
            return nullptr;
        }
        return &*it;
    }

    void fail(const std::string& place, const std::string& message) {
        m_errors << qs(place + ": " + message);
    }

    const QStringList& errors() const { return m_errors; }

private:
    const Json& m_root;
    QStringList m_errors;
};

std::optional<RecoveryHeader> readHeader(const Json& root, QStringList& errors) {
    HeaderReader r(root);
    RecoveryHeader h;
    h.storePath = r.text(root, "store", "");
    h.title = r.text(root, "title", "");
    h.appVersion = r.text(root, "app_version", "", false);
    const QString savedAt = r.text(root, "saved_at", "");
    h.savedAt = QDateTime::fromString(savedAt, Qt::ISODateWithMs);
    if (!savedAt.isEmpty() && !h.savedAt.isValid())
        r.fail("/saved_at", "expected an ISO 8601 date and time");
    if (const Json* writer = r.object("writer")) {
        h.writer.pid = r.integer<qint64>(*writer, "pid", "/writer").value_or(0);
        h.writer.host = r.text(*writer, "host", "/writer");
        h.writer.start = r.text(*writer, "start", "/writer", false);
    }
    if (const Json* origin = r.object("origin")) {
        h.origin.scenarioId = r.integer<std::int64_t>(*origin, "scenario_id", "/origin", false);
        h.origin.version = r.integer<int>(*origin, "version", "/origin", false);
        h.origin.fileName = r.text(*origin, "file", "/origin", false);
    }
    errors << r.errors();
    if (!r.errors().isEmpty())
        return std::nullopt;
    return h;
}

} // namespace

RecoveryOrigin::Kind RecoveryOrigin::kind() const {
    if (scenarioId)
        return Kind::Stored;
    return fileName.isEmpty() ? Kind::New : Kind::File;
}

std::string writeRecoveryFile(const RecoverySnapshot& snapshot) {
    const RecoveryHeader& h = snapshot.header;
    Json j;
    j["schema"] = kRecoverySchemaTag;
    j["title"] = s(h.title);
    j["store"] = s(h.storePath);
    j["saved_at"] = s(h.savedAt.toUTC().toString(Qt::ISODateWithMs));
    j["origin"] = originJson(h.origin);
    j["writer"] =
        Json{{"pid", h.writer.pid}, {"host", s(h.writer.host)}, {"start", s(h.writer.start)}};
    j["app_version"] = s(h.appVersion);
    // Parsed back in order, so the embedded scenario reads exactly as the scenario writer wrote
    // it; ordered_json keeps its key order and every number (a 64-bit seed included) exact.
    j["scenario"] = Json::parse(data::writeScenario(snapshot.scenario));
    return j.dump(2) + "\n";
}

RecoveryReadResult readRecoveryFile(std::string_view text) {
    RecoveryReadResult result;
    Json root;
    try {
        root = Json::parse(text.begin(), text.end());
    } catch (const Json::parse_error& e) {
        result.error = QStringLiteral("byte %1: not JSON (%2)")
                           .arg(qulonglong(e.byte))
                           .arg(QString::fromUtf8(e.what()));
        return result;
    }
    if (!root.is_object()) {
        result.error = QStringLiteral(": expected a JSON object");
        return result;
    }
    const auto schema = root.find("schema");
    if (schema == root.end() || !schema->is_string() || *schema != kRecoverySchemaTag) {
        const std::string found = schema != root.end() && schema->is_string()
                                      ? "\"" + schema->get<std::string>() + "\""
                                      : "nothing";
        result.error = qs("/schema: expected \"" + std::string(kRecoverySchemaTag) + "\", found " +
                          found + " (a file of another or newer Crossgrade)");
        return result;
    }
    QStringList errors;
    result.header = readHeader(root, errors);
    const auto scenario = root.find("scenario");
    if (scenario == root.end() || !scenario->is_object()) {
        errors << QStringLiteral("/scenario: expected the scenario as a JSON object");
    } else if (errors.isEmpty()) {
        const data::ScenarioReadResult read = data::readScenario(scenario->dump());
        for (const data::Problem& p : read.errors)
            errors << qs("/scenario" + p.place + ": " + p.message);
        if (read.ok())
            result.scenario = read.scenario;
    }
    result.error = errors.join(QLatin1Char('\n'));
    if (!result.error.isEmpty())
        result.scenario.reset();
    return result;
}

} // namespace crossgrade::ui
