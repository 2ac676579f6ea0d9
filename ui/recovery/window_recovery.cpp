// Recovery after a crash as the main window wires it (window_recovery.h).

#include "window_recovery.h"

#include "scenario_document.h"
#include "scenario_json.h"
#include "store.h"

namespace crossgrade::ui {

WindowRecovery::WindowRecovery(const QString& storePath, RecoveryOptions options)
    : m_documents(std::make_unique<DocumentRecovery>(RecoveryFolder(options.root, storePath),
                                                     std::move(options.writer)))
    , m_isRunning(std::move(options.isRunning)) {
    m_documents->setDebounce(options.debounce);
    connect(m_documents.get(), &DocumentRecovery::failed, this, &WindowRecovery::failed);
}

WindowRecovery::~WindowRecovery() = default;

bool WindowRecovery::offerLeftBehind(const Prompt& prompt, const Restore& restore) {
    const std::vector<RecoveryOffer> offers = m_documents->folder().leftBehind(m_isRunning);
    QStringList unreadable;
    bool restored = false;
    for (const RecoveryOffer& offer : offers) {
        if (!offer.restorable()) {
            unreadable << offer.errorText(true);
            (void)prompt(offer);
            continue;
        }
        const RecoveryChoice choice = prompt(offer);
        if (choice == RecoveryChoice::Discard) {
            if (const QString error = RecoveryFolder::remove(offer.filePath); !error.isEmpty())
                emit failed(tr("The recovery file could not be deleted"), error);
            continue;
        }
        if (choice == RecoveryChoice::Restore)
            restored = restore(offer);
        break; // Later, or one is open now: the others wait for the next start
    }
    if (!unreadable.isEmpty())
        emit failed(unreadable.size() == 1
                        ? tr("A recovery file could not be read; it is kept as it is")
                        : tr("%1 recovery files could not be read; they are kept as they are")
                              .arg(unreadable.size()),
                    unreadable.join(QLatin1Char('\n')) +
                        tr("\nA newer Crossgrade may have written them, or they are damaged. "
                           "Move or delete them by hand once you no longer need them."));
    return restored;
}

RecoveredDocument rebuildRecoveredDocument(const RecoveryOffer& offer, data::Store& store) {
    const RecoveryOrigin& origin = offer.header->origin;
    std::optional<model::Scenario> saved;
    std::optional<int> version = origin.version;
    try {
        if (origin.scenarioId) {
            saved = store.scenarioVersion(*origin.scenarioId, origin.version);
            if (saved && !version)
                version = store.versions(*origin.scenarioId).back().number;
        }
    } catch (const data::StoreError&) {
        saved.reset(); // the version no longer reads: restore as unsaved work of its own
    }
    if (!origin.scenarioId && !origin.fileName.isEmpty()) {
        data::ScenarioReadResult read = data::readScenarioFile(origin.fileName.toStdString());
        if (read.ok())
            saved = std::move(read.scenario);
    }
    RecoveredDocument recovered;
    recovered.onSavedState = saved.has_value();
    auto& document = recovered.document;
    document = std::make_unique<ScenarioDocument>(saved ? *saved : *offer.scenario);
    if (origin.scenarioId && saved) {
        document->setStoredAs(*origin.scenarioId, *version);
        document->setSavedVersion(store.version(*origin.scenarioId, *version));
    }
    document->setFileName(origin.fileName);
    if (saved)
        (void)document->replace(ScenarioDocument::tr("Restore unsaved changes"), *offer.scenario);
    if (!document->isModified())
        document->markUnsaved();
    return recovered;
}

} // namespace crossgrade::ui
