#include "price_book.h"

namespace crossgrade::model {

namespace {

// The inverse of an enum's toString over all of its values.
template <typename Enum, std::size_t N>
std::optional<Enum> parseByName(std::string_view name, const std::array<Enum, N>& all) {
    for (Enum value : all)
        if (toString(value) == name)
            return value;
    return std::nullopt;
}

} // namespace

std::string_view toString(Vendor v) {
    switch (v) {
    case Vendor::Nvidia:
        return "nvidia";
    case Vendor::Amd:
        return "amd";
    }
    return "nvidia";
}

std::optional<Vendor> parseVendor(std::string_view name) {
    return parseByName(name, std::array{Vendor::Nvidia, Vendor::Amd});
}

std::string_view toString(WorkloadClass c) {
    switch (c) {
    case WorkloadClass::LargeDenseInference:
        return "large-dense-inference";
    case WorkloadClass::DenseInference:
        return "dense-inference";
    case WorkloadClass::MoeFp4Disaggregated:
        return "moe-fp4-disaggregated";
    case WorkloadClass::TensorRtInference:
        return "tensorrt-inference";
    case WorkloadClass::PyTorchTraining:
        return "pytorch-training";
    case WorkloadClass::CustomKernelTraining:
        return "custom-kernel-training";
    }
    return "dense-inference";
}

std::optional<WorkloadClass> parseWorkloadClass(std::string_view name) {
    return parseByName(name, kAllWorkloadClasses);
}

bool isInference(WorkloadClass c) {
    switch (c) {
    case WorkloadClass::LargeDenseInference:
    case WorkloadClass::DenseInference:
    case WorkloadClass::MoeFp4Disaggregated:
    case WorkloadClass::TensorRtInference:
        return true;
    case WorkloadClass::PyTorchTraining:
    case WorkloadClass::CustomKernelTraining:
        return false;
    }
    return true;
}

std::string_view toString(PortTask t) {
    switch (t) {
    case PortTask::InferencePort:
        return "inference-port";
    case PortTask::TrainingPort:
        return "training-port";
    case PortTask::RcclPort:
        return "rccl-port";
    case PortTask::TensorRtReengineering:
        return "tensorrt-reengineering";
    case PortTask::TritonRewrite:
        return "triton-rewrite";
    }
    return "inference-port";
}

std::optional<PortTask> parsePortTask(std::string_view name) {
    return parseByName(name, kAllPortTasks);
}

std::string_view toString(EffortLevel e) {
    switch (e) {
    case EffortLevel::Light:
        return "light";
    case EffortLevel::Moderate:
        return "moderate";
    case EffortLevel::Heavy:
        return "heavy";
    }
    return "light";
}

std::optional<EffortLevel> parseEffortLevel(std::string_view name) {
    return parseByName(name, kAllEffortLevels);
}

// The same cut-offs as effortBand(): 0–1 High, 2 High, 3+ High (article::kScoring).
EffortLevel effortLevel(int highCount) {
    if (highCount <= 1)
        return EffortLevel::Light;
    if (highCount == 2)
        return EffortLevel::Moderate;
    return EffortLevel::Heavy;
}

} // namespace crossgrade::model
