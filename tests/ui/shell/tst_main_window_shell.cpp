// The main window's shell (tst_main_window.h): the welcome page, the sample-data labels, the
// keyboard, the theme, the window's geometry, the user guide, starting on a store without the
// demo or with a damaged row, and the preferences reaching every view.

#include "tst_main_window.h"

namespace {

QAction* actionNamed(const QWidget& window, const char* name) {
    return window.findChild<QAction*>(QString::fromLatin1(name));
}

// The rows of the store browser under category `category` (0 scenarios, 1 audits, 2 books).
QList<QModelIndex> rowsOf(const QAbstractItemModel* model, int category) {
    QList<QModelIndex> rows;
    const QModelIndex parent = model->index(category, 0);
    for (int r = 0; r < model->rowCount(parent); ++r)
        rows << model->index(r, 0, parent);
    return rows;
}

// Presses Tab from the focused widget up to `limit` times; the widgets the focus visited.
QList<QWidget*> tabWalk(int limit) {
    QList<QWidget*> visited;
    for (int i = 0; i < limit; ++i) {
        QWidget* focused = QApplication::focusWidget();
        if (!focused)
            break;
        visited << focused;
        QTest::keyClick(focused, Qt::Key_Tab);
    }
    return visited;
}

bool reached(const QList<QWidget*>& visited, const QWidget* target) {
    for (const QWidget* w : visited)
        if (w == target || (target && target->isAncestorOf(w)))
            return true;
    return false;
}

} // namespace

// Issue 10 point 2: the welcome shows whenever no scenario is open — at start, after closing the
// scenario from any of its views, and after closing it while a stored audit took the centre.
void TestMainWindow::welcomeReturnsWhenNoScenarioIsOpen() {
    QVERIFY(m_window->isStartViewShown());
    QVERIFY(m_window->openDemo());
    QVERIFY(!m_window->isStartViewShown());
    m_window->workspace()->setCurrentWidget(m_window->costsView());
    QVERIFY(m_window->closeDocument());
    QVERIFY(m_window->isStartViewShown());
    QVERIFY(m_window->startView()->isVisible());

    QVERIFY(m_window->openDemo());
    QVERIFY(m_window->openStoredAudit(m_window->store().audits().front().id));
    QVERIFY(!m_window->isStartViewShown());
    QVERIFY(m_window->closeDocument());
    QVERIFY(m_window->isStartViewShown());

    // Cancelling the unsaved-changes question keeps the scenario and its view.
    QVERIFY(m_window->openDemo());
    QVERIFY(m_window->document()
                ->edit("x", [](model::Scenario& sc) { sc.team_engineers += 1; })
                .isEmpty());
    m_window->setUnsavedChangesPrompt(
        [](const QString&) { return MainWindow::UnsavedChoice::Cancel; });
    QVERIFY(!m_window->closeDocument());
    QVERIFY(!m_window->isStartViewShown());
}

// The welcome's actions in tab order, each activated by Enter; its recent scenarios list the
// store's with the samples marked, and Enter on one opens it.
void TestMainWindow::welcomeWorksFromTheKeyboard() {
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    StartView* start = m_window->startView();
    const QList<QCommandLinkButton*> actions = start->actions();
    QCOMPARE(actions.size(), 5);
    start->setFocus();
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(actions.front()));
    const QList<QWidget*> visited = tabWalk(12);
    for (QCommandLinkButton* action : actions)
        QVERIFY2(visited.contains(action), qPrintable(action->objectName()));
    // In the order the welcome lists them.
    for (int i = 1; i < actions.size(); ++i)
        QVERIFY(visited.indexOf(actions[i - 1]) < visited.indexOf(actions[i]));
    QVERIFY(reached(visited, start->recentScenarios()));

    QListWidget* recent = start->recentScenarios();
    QCOMPARE(recent->count(), 3);
    for (int i = 0; i < recent->count(); ++i)
        QVERIFY2(recent->item(i)->text().contains("(sample)"), qPrintable(recent->item(i)->text()));

    actions.front()->setFocus();
    QTest::keyClick(actions.front(), Qt::Key_Return);
    QVERIFY(m_window->document());
    QVERIFY(m_window->isSampleDocument());

    QVERIFY(m_window->closeDocument());
    recent->setFocus();
    recent->setCurrentRow(1);
    const std::int64_t id = recent->item(1)->data(Qt::UserRole).toLongLong();
    QTest::keyClick(recent, Qt::Key_Return);
    QVERIFY(m_window->document());
    QCOMPARE(m_window->document()->storedScenarioId().value_or(-1), id);
}

// Shipped samples are labelled in the browser (name, tooltip, role), the title and the banner;
// the user's own data is not — also a copy saved from a sample under a new name.
void TestMainWindow::sampleDataIsLabelledEverywhere() {
    const QAbstractItemModel* browser = m_window->storeModel();
    for (int category : {0, 1, 2}) {
        const QList<QModelIndex> rows = rowsOf(browser, category);
        QVERIFY(!rows.isEmpty());
        for (const QModelIndex& row : rows) {
            QVERIFY(row.data(StoreTreeModel::SampleRole).toBool());
            QVERIFY2(row.data().toString().endsWith("(sample)"), qPrintable(row.data().toString()));
            QVERIFY2(row.data(Qt::ToolTipRole).toString().contains("Sample data shipped"),
                     qPrintable(row.data(Qt::ToolTipRole).toString()));
        }
    }

    QVERIFY(m_window->openDemo());
    QVERIFY(m_window->isSampleDocument());
    QVERIFY2(m_window->windowTitle().contains("(sample)"), qPrintable(m_window->windowTitle()));
    QVERIFY(m_window->sampleBanner()->isVisible());
    QVERIFY(m_window->sampleBanner()->text().contains("large-model-inference.json"));

    // A copy under the user's own name is the user's.
    QVERIFY(m_window->saveAsNewScenario("Our inference fleet"));
    QVERIFY(!m_window->isSampleDocument());
    QVERIFY(!m_window->windowTitle().contains("(sample)"));
    QVERIFY(!m_window->sampleBanner()->isVisible());
    bool found = false;
    for (const QModelIndex& row : rowsOf(browser, 0))
        if (row.data(StoreTreeModel::NameRole).toString() == "Our inference fleet") {
            found = true;
            QVERIFY(!row.data(StoreTreeModel::SampleRole).toBool());
            QCOMPARE(row.data().toString(), QStringLiteral("Our inference fleet"));
        }
    QVERIFY(found);

    // A user's audit is not labelled; a sample audit shown from the browser has the banner.
    const QString path = m_dir->filePath("ours.json");
    writeFile(path, R"({"schema":"crossgrade.audit/1","name":"ours","workload":"training",
        "dimensions":{"custom_kernels":{"tier":"low"},"libraries":{"tier":"low"},
        "framework_usage":{"tier":"low"},"distributed":{"tier":"low","multi_node":false},
        "toolchain":{"tier":"low"},"team_knowledge":{"tier":"low"}}})");
    m_window->importFiles({path});
    m_window->waitForImport();
    int ours = 0;
    for (const QModelIndex& row : rowsOf(browser, 1))
        if (row.data(StoreTreeModel::NameRole).toString() == "ours") {
            ++ours;
            QVERIFY(!row.data(StoreTreeModel::SampleRole).toBool());
            QVERIFY(m_window->openStoredAudit(row.data(StoreTreeModel::IdRole).toLongLong()));
            QVERIFY(!m_window->sampleBanner()->isVisible());
        }
    QCOMPARE(ours, 1);
    QVERIFY(m_window->openStoredAudit(m_window->store().audits().front().id));
    QVERIFY(m_window->sampleBanner()->isVisible());
    QVERIFY(m_window->sampleBanner()->text().contains("Sample audit"));
}

// View: Ctrl+1…Ctrl+6 show the scenario's views, Ctrl+7 the benchmarks, Ctrl+L and Ctrl+F the
// store filter, F6 the next pane.
void TestMainWindow::shortcutsSwitchViews() {
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QVERIFY(m_window->openDemo());
    QTabWidget* tabs = m_window->workspace();
    for (int i = 0; i < tabs->count(); ++i) {
        QVERIFY(actionNamed(*m_window, qPrintable(QString("view-%1").arg(i + 1))));
        QTest::keyClick(m_window.get(), static_cast<Qt::Key>(Qt::Key_1 + i), Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), i);
        QVERIFY(tabs->isVisible());
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(tabs->tabBar()));
    }
    QTest::keyClick(m_window.get(), Qt::Key_7, Qt::ControlModifier);
    QVERIFY(m_window->benchmarksView()->isVisible());
    QTest::keyClick(m_window.get(), Qt::Key_2, Qt::ControlModifier);
    QVERIFY(tabs->isVisible());
    QCOMPARE(tabs->currentWidget(), static_cast<QWidget*>(m_window->costsView()));

    QTest::keyClick(m_window.get(), Qt::Key_L, Qt::ControlModifier);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(m_window->storeFilterEdit()));
    tabs->tabBar()->setFocus();
    QTest::keyClick(m_window.get(), Qt::Key_F, Qt::ControlModifier);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(m_window->storeFilterEdit()));
    // Typing filters; Enter goes to the first match, Enter there opens it.
    QTest::keyClicks(m_window->storeFilterEdit(), "Mixed");
    QTest::keyClick(m_window->storeFilterEdit(), Qt::Key_Return);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(m_window->storeBrowser()));
    QTest::keyClick(m_window->storeBrowser(), Qt::Key_Return);
    QVERIFY(m_window->document());
    QVERIFY(QString::fromStdString(m_window->document()->scenario().name).startsWith("Mixed"));

    // F6 goes round the panes: browser → centre → what-if → browser.
    m_window->storeFilterEdit()->setFocus();
    QTest::keyClick(m_window.get(), Qt::Key_F6);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(tabs->tabBar()));
    QTest::keyClick(m_window.get(), Qt::Key_F6);
    QVERIFY(m_window->whatIfPanel()->isAncestorOf(QApplication::focusWidget()));
    QTest::keyClick(m_window.get(), Qt::Key_F6);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(m_window->storeFilterEdit()));
    QTest::keyClick(m_window.get(), Qt::Key_F6, Qt::ShiftModifier);
    QVERIFY(m_window->whatIfPanel()->isAncestorOf(QApplication::focusWidget()));

    // Without a scenario the view shortcuts leave the welcome in place.
    QVERIFY(m_window->closeDocument());
    QTest::keyClick(m_window.get(), Qt::Key_3, Qt::ControlModifier);
    QVERIFY(m_window->isStartViewShown());
}

// Tab, from each view's tab, reaches that view's important inputs and then leaves the view (no
// focus trap); in the editor it walks the General page's fields in reading order; in the what-if
// panel every knob's box is reached.
void TestMainWindow::tabReachesTheInputsOfEveryView() {
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QVERIFY(m_window->openDemo());
    QTabWidget* tabs = m_window->workspace();
    for (int i = 0; i < tabs->count(); ++i) {
        QTest::keyClick(m_window.get(), static_cast<Qt::Key>(Qt::Key_1 + i), Qt::ControlModifier);
        QWidget* view = tabs->currentWidget();
        const QList<QWidget*> visited = tabWalk(120);
        // Something inside the view takes the focus, and the walk goes on past it.
        int inside = 0;
        for (QWidget* w : visited)
            inside += view->isAncestorOf(w) ? 1 : 0;
        QVERIFY2(inside > 0, qPrintable(tabs->tabText(i)));
        bool leftTheView = false;
        for (QWidget* w : visited.mid(visited.indexOf(tabs->tabBar()) + 1))
            leftTheView = leftTheView || (!view->isAncestorOf(w) && w != tabs->tabBar());
        QVERIFY2(leftTheView, qPrintable(tabs->tabText(i) + " traps the focus"));
        // The inputs a user comes to each view for.
        QList<QWidget*> important;
        if (view == static_cast<QWidget*>(m_window->costsView()))
            important = view->findChildren<QComboBox*>().mid(0, 1).isEmpty()
                            ? QList<QWidget*>()
                            : QList<QWidget*>{view->findChildren<QComboBox*>().front()};
        if (view == static_cast<QWidget*>(m_window->scenarioEditor()))
            for (const char* name : {"sections", "name", "organisation", "notes", "horizon", "seed",
                                     "sizing", "disposition"})
                important << view->findChild<QWidget*>(name);
        // The table of the editor's page on show (General's uncertain numbers).
        if (view == static_cast<QWidget*>(m_window->scenarioEditor()))
            for (QTableView* table : view->findChildren<QTableView*>("inputs"))
                if (table->isVisible())
                    important << table;
        for (QWidget* target : important) {
            QVERIFY(target);
            QVERIFY2(reached(visited, target),
                     qPrintable(tabs->tabText(i) + ": " + target->objectName()));
        }
        if (view == static_cast<QWidget*>(m_window->scenarioEditor())) {
            // Reading order: name before organisation before notes before horizon.
            QList<qsizetype> order;
            for (const char* name : {"name", "organisation", "notes", "horizon", "seed"})
                order << visited.indexOf(view->findChild<QWidget*>(name));
            QVERIFY2(std::is_sorted(order.begin(), order.end()),
                     qPrintable(QString::number(order[0])));
        }
    }
    // The what-if panel: every knob's numeric box on the way.
    QTest::keyClick(m_window.get(), Qt::Key_F6); // centre → what-if
    QVERIFY(m_window->whatIfPanel()->isAncestorOf(QApplication::focusWidget()));
    const QList<QWidget*> visited = tabWalk(80);
    for (model::WhatIfKnob knob : model::kAllWhatIfKnobs)
        QVERIFY2(visited.contains(m_window->whatIfPanel()->box(knob)),
                 model::toString(knob).data());
}

// View → Theme: Dark gives the application a dark palette, the charts and the sample banner
// follow it, the choice is kept in the settings and the menu shows it; System puts the desktop's
// look back.
void TestMainWindow::themeIsAppliedAndRemembered() {
    QVERIFY(m_window->openDemo());
    const QPalette before = QApplication::palette();
    actionNamed(*m_window, "theme-dark")->trigger();
    QVERIFY(ui::isDark(QApplication::palette()));
    QVERIFY(m_settings->theme() == ui::Theme::Dark);
    QVERIFY(actionNamed(*m_window, "theme-dark")->isChecked());
    QApplication::processEvents();
    const QCustomPlot* chart = m_window->costsView()->cumulativeChart();
    QVERIFY2(chart->axisRect()->backgroundBrush().color().lightness() < 100,
             qPrintable(chart->axisRect()->backgroundBrush().color().name()));
    QVERIFY(chart->xAxis->labelColor().lightness() > 150);
    // The banner keeps dark text off its amber: text and fill far apart.
    const QPalette banner = m_window->sampleBanner()->palette();
    QVERIFY(std::abs(banner.color(QPalette::Window).lightness() -
                     banner.color(QPalette::WindowText).lightness()) > 100);

    actionNamed(*m_window, "theme-light")->trigger();
    QVERIFY(!ui::isDark(QApplication::palette()));
    QApplication::processEvents();
    QVERIFY(chart->axisRect()->backgroundBrush().color().lightness() > 200);
    QVERIFY(m_settings->theme() == ui::Theme::Light);

    actionNamed(*m_window, "theme-system")->trigger();
    QCOMPARE(QApplication::palette().color(QPalette::Window), before.color(QPalette::Window));
    QVERIFY(m_settings->theme() == ui::Theme::System);
}

// Geometry, docks, the centre's splitters and the current view come back in the next window.
void TestMainWindow::windowStateIsRestored() {
    QVERIFY(m_window->openDemo());
    m_window->workspace()->setCurrentWidget(m_window->costsView());
    m_window->resize(700, 500);
    auto* whatIf = m_window->findChild<QDockWidget*>("what-if");
    QVERIFY(whatIf);
    whatIf->hide();
    QSplitter* splitter = m_window->costsView()->findChild<QSplitter*>();
    QVERIFY(splitter);
    QApplication::processEvents();
    const int total = splitter->sizes().value(0) + splitter->sizes().value(1);
    splitter->setSizes({total / 4, total - total / 4});
    const QList<int> sizes = splitter->sizes();
    const QSize size = m_window->size();
    QVERIFY(m_window->close());
    m_window.reset();

    m_window = std::make_unique<MainWindow>(
        data::openStoreSeededIfNew(m_dir->filePath("store.sqlite")), m_settings.get());
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QCOMPARE(m_window->size(), size);
    QVERIFY(!m_window->findChild<QDockWidget*>("what-if")->isVisible());
    QCOMPARE(m_window->workspace()->currentWidget(), static_cast<QWidget*>(m_window->costsView()));
    QVERIFY(m_window->openDemo());
    QApplication::processEvents();
    const QList<int> restored = m_window->costsView()->findChild<QSplitter*>()->sizes();
    QVERIFY2(std::abs(restored.value(0) - sizes.value(0)) <= 2,
             qPrintable(QString("%1 vs %2").arg(restored.value(0)).arg(sizes.value(0))));
}

// The default window was 1440 × 900 whatever the screen: on a 1400 × 900 screen the what-if
// panel and "Save as new scenario…" were cut off. It now fits the screen it opens on (the
// offscreen screen here is smaller still).
void TestMainWindow::bug_defaultWindowWiderThanSmallScreen() {
    const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
    QVERIFY(available.width() < 1440); // the case of the bug
    QVERIFY2(available.contains(m_window->geometry().marginsAdded(ui::kTypicalWindowFrame)),
             qPrintable(QString("%1x%2 at %3,%4 on %5x%6")
                            .arg(m_window->width())
                            .arg(m_window->height())
                            .arg(m_window->x())
                            .arg(m_window->y())
                            .arg(available.width())
                            .arg(available.height())));
    // The what-if panel's save buttons are inside the window.
    QVERIFY(m_window->openDemo());
    QApplication::processEvents();
    for (QPushButton* button :
         m_window->findChild<QDockWidget*>("what-if")->findChildren<QPushButton*>())
        QVERIFY2(!button->isVisible() ||
                     m_window->rect().contains(
                         QRect(button->mapTo(m_window.get(), QPoint(0, 0)), button->size())),
                 qPrintable(button->text()));
}

// A geometry saved on a monitor that is no longer there (far to the right, larger than this
// screen) is brought back onto the screen and fitted to it.
void TestMainWindow::restoredGeometryOffScreenComesBack() {
    const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
    {
        QWidget elsewhere;
        elsewhere.setGeometry(available.right() + 2000, 100, available.width() + 600, 700);
        m_settings->setWindowGeometry(elsewhere.saveGeometry());
    }
    m_window.reset();
    m_window = std::make_unique<MainWindow>(
        data::openStoreSeededIfNew(m_dir->filePath("store.sqlite")), m_settings.get());
    QVERIFY2(available.contains(m_window->geometry().marginsAdded(ui::kTypicalWindowFrame)),
             qPrintable(QString("%1x%2 at %3,%4")
                            .arg(m_window->width())
                            .arg(m_window->height())
                            .arg(m_window->x())
                            .arg(m_window->y())));
}

// Help → User guide (F1) opens the guide found where the window looks; without one, the message
// bar names the places and what to do.
void TestMainWindow::helpOpensTheUserGuide() {
    QAction* help = actionNamed(*m_window, "user-guide");
    QVERIFY(help);
    QCOMPARE(help->shortcut(), QKeySequence(QKeySequence::HelpContents));

    const QString missing = m_dir->filePath("share/doc/crossgrade/user-guide.md");
    m_window->setUserGuideCandidates({missing});
    help->trigger();
    QVERIFY(!m_window->findChild<ui::UserGuideViewer*>());
    QVERIFY(m_window->messageBar()->isVisible());
    QVERIFY2(m_window->messageBar()->text().contains(QDir::toNativeSeparators(missing)),
             qPrintable(m_window->messageBar()->text()));

    const QString guide = m_dir->filePath("docs/user-guide.md");
    testing::writeFile(guide, "# Crossgrade user guide\n\nStart with the demo.\n");
    m_window->setUserGuideCandidates({missing, guide});
    ui::UserGuideViewer* viewer = m_window->showUserGuide();
    QVERIFY(viewer);
    QCOMPARE(viewer->source(), QUrl::fromLocalFile(guide));
    QVERIFY(viewer->browser()->toPlainText().contains("Start with the demo."));
    // F1 again brings the same viewer forward.
    QCOMPARE(m_window->showUserGuide(), viewer);
}

// A store without the samples (made by the CLI, say) gets the demo when asked for it, labelled as
// sample data like a seeded one, instead of an error pointing at the source tree.
void TestMainWindow::demoIsAddedToAStoreWithoutIt() {
    m_window.reset();
    m_window = std::make_unique<MainWindow>(data::Store::open(m_dir->filePath("bare.sqlite")),
                                            m_settings.get());
    QVERIFY(m_window->store().scenarios().empty());
    QVERIFY(m_window->openDemo());
    QCOMPARE(m_window->store().scenarios().size(), std::size_t(1));
    QVERIFY(m_window->isSampleDocument());
    QVERIFY(m_window->windowTitle().contains("(sample)"));
}

// Issue 20: a stored version whose headline held null (a NaN saved by an older engine) made
// the window's constructor throw — SIGABRT at every start on that store. The store opens, the
// row is shown as damaged with its reason, and it can be exported as stored and deleted. A price
// book that no longer reads is shown as damaged too, and opening it says why.
void TestMainWindow::bug_damagedRowAbortedGuiStart() {
    m_window.reset();
    const QString path = m_dir->filePath("store.sqlite");
    std::int64_t scenarioId = 0;
    QString inputs;
    {
        const data::Store store = data::openStoreSeededIfNew(path);
        scenarioId = store.scenarios().front().id;
    }
    {
        crossgrade::testing::RawDb raw(path);
        inputs = raw.scalar(QStringLiteral("SELECT inputs_json FROM scenario_versions WHERE "
                                           "scenario_id = %1")
                                .arg(scenarioId))
                     .toString();
        raw.exec(
            QStringLiteral("UPDATE scenario_versions SET headline_json = "
                           "'{\"cheapest_option\": \"stay-cuda\", \"rule_path\": "
                           "\"path2\", \"options\": {\"stay-cuda\": {\"npv_usd\": null, "
                           "\"total_usd\": null, \"doors_taken\": 0}}}' WHERE scenario_id = %1")
                .arg(scenarioId));
        raw.exec(QStringLiteral("UPDATE pricebooks SET json = '{\"schema\": 7}'"));
    }
    m_window = std::make_unique<MainWindow>(data::Store::open(path), m_settings.get());
    m_window->setUnsavedChangesPrompt(
        [](const QString&) { return MainWindow::UnsavedChoice::Discard; });
    m_window->show();

    StoreTreeModel* model = m_window->storeModel();
    const QModelIndex scenario = model->scenarioIndex(scenarioId);
    QVERIFY(scenario.isValid());
    QVERIFY2(scenario.data(StoreTreeModel::DamageRole).toString().contains("no longer reads"),
             qPrintable(scenario.data(StoreTreeModel::DamageRole).toString()));
    QVERIFY(model->index(scenario.row(), StoreTreeModel::DetailColumn, scenario.parent())
                .data()
                .toString()
                .contains("damaged"));
    QVERIFY(!scenario.data(Qt::DecorationRole).isNull());
    const QModelIndex book = model->index(0, 0, model->index(2, 0));
    QVERIFY(!book.data(StoreTreeModel::DamageRole).toString().isEmpty());
    // The rest of the store lists as ever.
    QCOMPARE(model->rowCount(model->index(0, 0)), int(data::sampleScenarios().size()));

    const int number = scenario.data(StoreTreeModel::VersionRole).toInt();
    QCOMPARE(number, 1);
    const QString exported = m_dir->filePath("rescued.json");
    QVERIFY(m_window->exportStoredVersionText(scenarioId, number, exported));
    QFile file(exported);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(file.readAll()), inputs);
    QVERIFY(m_window->deleteStoredVersion(scenarioId, number));
    QVERIFY(!model->scenarioIndex(scenarioId).isValid());
    QCOMPARE(model->rowCount(model->index(0, 0)), int(data::sampleScenarios().size()) - 1);
    QVERIFY(!m_window->deleteStoredVersion(scenarioId, number));
}

// Settings had no change signals, so only Edit → Preferences (which told five views by hand)
// updated the views; a setting changed any other way reached none of them. Now every view
// follows the setting's own signal, and a value set to what it was signals nothing.
void TestMainWindow::bug_preferencesReachedOnlyTheViewsTheWindowTold() {
    QVERIFY(m_window->openDemo());
    QSignalSpy money(m_settings.get(), &Settings::moneyDisplayChanged);
    m_settings->setMoneyDisplay(MoneyDisplay::Full);
    QCOMPARE(money.count(), 1);
    QCOMPARE(m_window->compareView()->moneyDisplay(), MoneyDisplay::Full);
    m_settings->setMoneyDisplay(MoneyDisplay::Full);
    QCOMPARE(money.count(), 1);

    const QString kate = QStringLiteral("kate --line {line} {file}");
    m_settings->setEditorCommand(kate);
    QCOMPARE(m_window->auditView()->editorCommand(), kate);
    QCOMPARE(m_window->storedAuditView()->editorCommand(), kate);
    m_settings->setEditorCommand(QString()); // back to the default
    QCOMPARE(m_window->auditView()->editorCommand(), Settings::defaultEditorCommand());

    m_settings->setMonteCarloSamples(20000);
    QCOMPARE(m_window->compareView()->samples(), std::size_t(20000));
    QVERIFY(m_window->document());
    QCOMPARE(m_window->document()->monteCarlo()->fullSamples(), std::size_t(20000));
}
