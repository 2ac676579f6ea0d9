import os

import deepspeed
import torch
import torch.distributed as dist


def setup() -> None:
    # Two nodes of eight GPUs over InfiniBand.
    os.environ.setdefault("NCCL_IB_HCA", "mlx5_0,mlx5_1")
    os.environ.setdefault("NCCL_SOCKET_IFNAME", "ib0")
    dist.init_process_group(backend="nccl")
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))


def train(model, data, config):
    engine, _, _, _ = deepspeed.initialize(model=model, config=config)
    for batch in data:
        loss = engine(batch.cuda(non_blocking=True))
        engine.backward(loss)
        engine.step()
