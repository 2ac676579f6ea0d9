"""Builds and runs the TensorRT engine of the chat model."""
import tensorrt as trt
import pycuda.autoinit  # noqa: F401
import pycuda.driver as cuda
import torch

LOGGER = trt.Logger(trt.Logger.WARNING)


def build_engine(onnx_path: str, fp8: bool = True) -> bytes:
    builder = trt.Builder(LOGGER)
    network = builder.create_network(1 << int(trt.NetworkDefinitionCreationFlag.EXPLICIT_BATCH))
    parser = trt.OnnxParser(network, LOGGER)
    with open(onnx_path, "rb") as f:
        parser.parse(f.read())
    config = builder.create_builder_config()
    if fp8:
        config.set_flag(trt.BuilderFlag.FP8)
    return builder.build_serialized_network(network, config)


def warm_up(batch: int) -> None:
    x = torch.zeros(batch, 4096, device="cuda", dtype=torch.float16)
    torch.cuda.synchronize()
    stream = cuda.Stream()
    stream.synchronize()
    del x
