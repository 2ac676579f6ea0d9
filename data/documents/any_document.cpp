#include "any_document.h"

#include "audit_json.h"
#include "document_reader.h"
#include "json_checks.h"
#include "pricebook_json.h"
#include "scenario_json.h"

namespace crossgrade::data {

namespace {

const DocumentKind kAnyDocument{"a Crossgrade document", "Crossgrade JSON files"};

template <typename Result> void takeProblems(AnyDocument& out, Result& read) {
    out.errors = std::move(read.errors);
    out.warnings = std::move(read.warnings);
}

} // namespace

AnyDocument readAnyDocument(std::string_view text) {
    AnyDocument out;
    ParsedDocument parsed = parseDocument(text, kAnyDocument);
    if (!parsed.ok()) {
        out.errors = std::move(parsed.errors);
        return out;
    }
    const nlohmann::json& doc = parsed.doc;
    const auto schema = doc.is_object() ? doc.find("schema") : doc.end();
    const std::string tag =
        schema != doc.end() && schema->is_string() ? schema->get<std::string>() : std::string();
    if (tag == kAuditSchemaTag) {
        out.type = DocumentType::Audit;
        AuditReadResult read = readAudit(text);
        out.audit = std::move(read.audit);
        takeProblems(out, read);
    } else if (tag == kScenarioSchemaTag) {
        out.type = DocumentType::Scenario;
        ScenarioReadResult read = readScenario(text);
        out.scenario = std::move(read.scenario);
        takeProblems(out, read);
    } else if (tag == kPriceBookSchemaTag) {
        out.type = DocumentType::PriceBook;
        PriceBookReadResult read = readPriceBook(text);
        out.pricebook = std::move(read.price_book);
        takeProblems(out, read);
    } else {
        out.errors.push_back({"/schema", (tag.empty() ? std::string("no \"schema\" tag")
                                                      : "unknown schema \"" + tag + "\"") +
                                             ": expected \"" + std::string(kAuditSchemaTag) +
                                             "\", \"" + std::string(kScenarioSchemaTag) +
                                             "\" or \"" + std::string(kPriceBookSchemaTag) + "\""});
    }
    return out;
}

AnyDocument readAnyDocumentFile(const std::string& path) {
    return readDocumentFile(path, kAnyDocument, &readAnyDocument);
}

} // namespace crossgrade::data
