#include "report_export.h"

#include "evaluation_json.h"
#include "file_problems.h"
#include "scenario_json.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <future>
#include <memory>
#include <stdexcept>

namespace crossgrade::reports {

namespace {

// The report's files, written whole or not at all: each goes to a temporary file beside its
// target first, and only when every one is written are they renamed into place, the PDF last.
// A failure before then (a folder in the way, a full disk) leaves none of them; one while
// renaming removes the ones this report had already put in place.
class ReportFiles {
public:
    void stage(const QString& path, const QByteArray& bytes) {
        auto file = std::make_unique<QSaveFile>(path);
        if (!file->open(QIODevice::WriteOnly) || file->write(bytes) != bytes.size())
            throw std::runtime_error(data::writeFailure(path, file->errorString()) +
                                     "; no file of the report was written");
        m_files.push_back(std::move(file));
    }

    void commitAll() {
        QStringList committed;
        for (const auto& file : m_files) {
            if (!file->commit()) {
                for (const QString& done : committed)
                    QFile::remove(done);
                throw std::runtime_error(data::writeFailure(file->fileName(), file->errorString()) +
                                         "; no file of the report was kept");
            }
            committed << file->fileName();
        }
    }

private:
    std::vector<std::unique_ptr<QSaveFile>> m_files; // uncommitted ones are discarded
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
