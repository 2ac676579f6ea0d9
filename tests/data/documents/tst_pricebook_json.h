// The class of tst_pricebook_json: price book JSON v1 read, written and refused.
#pragma once

// The shipped default reads cleanly and keeps the promises docs/pricebook.md makes about it;
// every error row names its JSON pointer; write → read is the identity for every form of
// uncertain number.

#include <QObject>

class TestPriceBookJson : public QObject {
    Q_OBJECT

private slots:
    // tst_pricebook_json.cpp: the shipped default, round trips
    void shippedDefaultReadsWithoutErrorsOrWarnings();
    void shippedResourceIsTheFileInTheRepository();
    void everyDefaultFigureCarriesSourceDateAndTag();
    void defaultKeepsTheFactsRules_data();
    void defaultKeepsTheFactsRules();
    void roundTrip_data();
    void roundTrip();
    void writerUsesTheShortestForm();

    // tst_pricebook_json_errors.cpp: refusals at their place, warnings
    void errors_data();
    void errors();
    void everyProblemIsReportedNotJustTheFirst();
    void unknownFieldsAreWarningsNotErrors();
    void embeddedBookReportsUnderItsPointer();
    void fileOverTheLimitIsRefusedBeforeParsing();
    void missingFileIsReported();
};
