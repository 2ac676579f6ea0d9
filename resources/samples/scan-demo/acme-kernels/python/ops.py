import torch
import triton
import triton.language as tl


@triton.jit
def rmsnorm_kernel(x_ptr, w_ptr, out_ptr, n, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * n + cols, mask=cols < n, other=0.0)
    w = tl.load(w_ptr + cols, mask=cols < n, other=0.0)
    rms = tl.sqrt(tl.sum(x * x, axis=0) / n + eps)
    tl.store(out_ptr + row * n + cols, x / rms * w, mask=cols < n)


def rmsnorm(x: torch.Tensor, w: torch.Tensor, eps: float = 1e-6) -> torch.Tensor:
    out = torch.empty_like(x)
    rmsnorm_kernel[(x.shape[0],)](x, w, out, x.shape[1], eps, BLOCK=triton.next_power_of_2(x.shape[1]))
    return out
