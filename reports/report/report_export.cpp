#include "report_export.h"

#include "atomic_files.h"
#include "evaluation_json.h"
#include "scenario_json.h"

#include <QDir>
#include <QFileInfo>
#include <future>
#include <memory>
#include <stdexcept>

namespace crossgrade::reports {

namespace {

// The report's files, written whole or not at all (data::StagedFiles): each goes to a
// temporary beside its target first, every write checked, and only when every one is written
// are they renamed into place, the PDF last. A failure before then (a folder in the way, a full
// disk) leaves none of them; one while renaming puts back the files this report had replaced.
class ReportFiles {
public:
    void stage(const QString& path, const QByteArray& bytes) {
        try {
            m_files.stage(path, bytes);
        } catch (const std::runtime_error& e) {
            throw std::runtime_error(std::string(e.what()) + "; no file of the report was written");
        }
    }

    void commitAll() {
        try {
            m_files.commit();
        } catch (const std::runtime_error& e) {
            throw std::runtime_error(std::string(e.what()) + "; no file of the report was kept");
        }
    }

private:
    data::StagedFiles m_files; // uncommitted ones are discarded
};

QByteArray bytesOf(const std::string& text) {
    return QByteArray(text.data(), qsizetype(text.size()));
}

} // namespace

void nameFilesBeside(const QString& pdfPath, std::size_t scenarios, ReportMeta& meta) {
    const QFileInfo info(pdfPath);
    const QString stem = info.suffix().compare(QLatin1String("pdf"), Qt::CaseInsensitive) == 0
                             ? info.completeBaseName()
                             : info.fileName();
    meta.pdf_name = info.fileName();
    meta.scenario_files.clear();
    meta.samples_files.clear();
    for (std::size_t i = 0; i < scenarios; ++i) {
        const QString n = scenarios == 1 ? QString() : QStringLiteral("-%1").arg(i + 1);
        meta.scenario_files.push_back(stem + QStringLiteral(".scenario") + n +
                                      QStringLiteral(".json"));
        meta.samples_files.push_back(stem + QStringLiteral(".samples") + n +
                                     QStringLiteral(".csv"));
    }
}

ExportedReport exportReport(const std::vector<ScenarioAnalysis>& analyses, ReportMeta meta,
                            const QString& pdfPath) {
    nameFilesBeside(pdfPath, analyses.size(), meta);
    // The files beside the PDF are text the analysis alone determines: they are written out on
    // another thread while this one lays out the pages.
    std::future<std::vector<QByteArray>> beside = std::async(std::launch::async, [&analyses] {
        std::vector<QByteArray> texts;
        for (const ScenarioAnalysis& a : analyses) {
            texts.push_back(bytesOf(data::writeScenario(a.scenario)));
            texts.push_back(
                bytesOf(data::writeSamplesCsv(a.compiled, a.evaluation, a.monte_carlo, a.draws)));
        }
        return texts;
    });
    const ReportBody body = buildReportBody(analyses, meta);
    const QByteArray pdf = renderPdf(body, reportFurniture(analyses, meta), meta.paper);
    const std::vector<QByteArray> texts = beside.get();

    const QDir folder = QFileInfo(pdfPath).absoluteDir();
    ExportedReport out;
    out.pdf = QFileInfo(pdfPath).absoluteFilePath();
    ReportFiles files;
    for (std::size_t i = 0; i < analyses.size(); ++i) {
        const QString json = folder.absoluteFilePath(meta.scenario_files[i]);
        files.stage(json, texts[2 * i]);
        out.files << json;
        const QString csv = folder.absoluteFilePath(meta.samples_files[i]);
        files.stage(csv, texts[2 * i + 1]);
        out.files << csv;
    }
    // The PDF last: it names the files above, so it appears only once they are all there.
    files.stage(out.pdf, pdf);
    files.commitAll();
    return out;
}

} // namespace crossgrade::reports
