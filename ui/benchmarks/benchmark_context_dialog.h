#pragma once

// What a benchmark_serving result does not say about itself — the hardware, the GPUs that
// served it, its precision, the software stack — asked when a file is imported without them
// (the CLI's --hw, --gpus, --precision, --stack). A field left "from the file" is not given,
// so a value the run recorded in its metadata is not overridden.

#include "benchmark_import.h"

#include <QDialog>
#include <optional>

class QComboBox;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace crossgrade::ui {

class BenchmarkContextDialog : public QDialog {
    Q_OBJECT

public:
    // `problems`: the reader's words on what is missing; `initial`: the last answer.
    BenchmarkContextDialog(const QString& file, const QString& problems,
                           const data::BenchmarkContext& initial, QWidget* parent = nullptr);

    data::BenchmarkContext context() const;

    // Runs the dialog: the answer, or nothing when the user skips the file.
    static std::optional<data::BenchmarkContext> ask(QWidget* parent, const QString& file,
                                                     const QString& problems,
                                                     const data::BenchmarkContext& initial);

private:
    void updateOk();

    QComboBox* m_hardware = nullptr;
    QSpinBox* m_gpus = nullptr;
    QComboBox* m_precision = nullptr;
    QLineEdit* m_stack = nullptr;
    QPushButton* m_ok = nullptr;
};

} // namespace crossgrade::ui
