"""Train the card reader from rendered crops and write its weights as ONNX for `cv2.dnn`.

    python -m vision.cellnet.data var/cells.npz --scenes 2400 --seed 1000000
    python -m vision.cellnet.train var/cells.npz [--epochs 10] [--out vision/models/cellnet.onnx]

Needs CPU torch and onnx (training only; the scanner itself runs the net through OpenCV).
Seeded: the same data and seed give the same weights up to floating-point order.
Augmentation covers what the renderer cannot promise about other card art: mirrored and turned
cards (their openings turn with them), swapped and inverted colours, grey prints, gamma, blur, noise.
"""
from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from . import CROP_H, CROP_W, KINDS, WEIGHTS

OPEN_KINDS = (KINDS.index("path"), KINDS.index("start"), KINDS.index("goal_gold"), KINDS.index("goal_stone"))


def build():
    import torch.nn as nn

    def block(cin, cout):
        return [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(), nn.MaxPool2d(2)]
    return nn.Sequential(*block(3, 16), *block(16, 32), *block(32, 48), *block(48, 64),
                         nn.Flatten(), nn.Linear(64 * (CROP_H // 16) * (CROP_W // 16), 128), nn.ReLU(),
                         nn.Dropout(0.2), nn.Linear(128, len(KINDS) + 5))


def standardise(x):
    """Same as vision.cellnet.standardise, on a float N x 3 x H x W tensor in 0..255."""
    mean = x.mean(dim=(2, 3), keepdim=True)
    std = x.std(dim=(2, 3), keepdim=True, unbiased=False)
    return (x - mean) / (std + 8.0)


def augment(x, opens, g):
    """Random flips (openings follow), colour swaps, inversion, grey, gamma, blur, noise."""
    import torch
    import torch.nn.functional as F
    n = x.shape[0]
    flip_h = torch.rand(n, generator=g) < 0.5
    flip_v = torch.rand(n, generator=g) < 0.5
    x = torch.where(flip_h[:, None, None, None], x.flip(3), x)
    x = torch.where(flip_v[:, None, None, None], x.flip(2), x)
    o = opens.clone()
    o[flip_h] = o[flip_h][:, [0, 3, 2, 1]]   # E <-> W
    o[flip_v] = o[flip_v][:, [2, 1, 0, 3]]   # N <-> S
    perms = torch.tensor([[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]])
    x = x[torch.arange(n)[:, None], perms[torch.randint(0, 6, (n,), generator=g)]]
    grey = torch.rand(n, generator=g) < 0.15
    x = torch.where(grey[:, None, None, None], x.mean(1, keepdim=True).expand_as(x), x)
    gamma = torch.exp(torch.randn(n, 3, 1, 1, generator=g) * 0.25)
    x = 255.0 * (x.clamp(0, 255) / 255.0) ** gamma
    inv = torch.rand(n, generator=g) < 0.1
    x = torch.where(inv[:, None, None, None], 255.0 - x, x)
    blur = torch.rand(n, generator=g) < 0.25
    k = torch.tensor([1.0, 2.0, 1.0])
    k = (k[:, None] * k[None, :] / 16.0).expand(3, 1, 3, 3)
    if blur.any():
        x[blur] = F.conv2d(F.pad(x[blur], (1, 1, 1, 1), mode="replicate"), k, groups=3)
    x = x + torch.randn(x.shape, generator=g) * (torch.rand(n, 1, 1, 1, generator=g) * 8.0)
    return x, o


def load_onnx(model, path: str) -> None:
    """Start from shipped weights (fine-tuning): the ONNX export folded each batch norm into its
    convolution, so the convolutions take the folded weights and each batch norm becomes the
    identity plus the folded bias; `train_mode` then keeps the batch norms' statistics fixed."""
    import onnx
    import torch
    from onnx import numpy_helper
    init = {t.name: torch.from_numpy(numpy_helper.to_array(t).copy()) for t in onnx.load(path).graph.initializer}
    convs = [m for m in model if isinstance(m, torch.nn.Conv2d)]
    norms = [m for m in model if isinstance(m, torch.nn.BatchNorm2d)]
    folded = [init[n] for n in sorted((n for n in init if n.startswith("onnx::Conv_")), key=lambda n: int(n.split("_")[-1]))]
    linears = [m for m in model if isinstance(m, torch.nn.Linear)]
    with torch.no_grad():
        for conv, norm, w, b in zip(convs, norms, folded[0::2], folded[1::2]):
            conv.weight.copy_(w)
            norm.running_mean.zero_()
            norm.running_var.fill_(1.0 - norm.eps)
            norm.weight.fill_(1.0)
            norm.bias.copy_(b)
        for lin, name in zip(linears, sorted({n.split(".")[0] for n in init if not n.startswith("onnx::")}, key=int)):
            lin.weight.copy_(init[f"{name}.weight"])
            lin.bias.copy_(init[f"{name}.bias"])


def train_mode(model, frozen_norms: bool) -> None:
    """Training mode; batch norms keep their statistics when fine-tuning folded weights."""
    import torch
    model.train()
    if frozen_norms:
        for m in model:
            if isinstance(m, torch.nn.BatchNorm2d):
                m.eval()


def losses(out, kind, opens, dead, weights):
    import torch
    import torch.nn.functional as F
    nk = len(KINDS)
    l_kind = F.cross_entropy(out[:, :nk], kind, weight=weights)
    has_open = torch.isin(kind, torch.tensor(OPEN_KINDS))
    is_path = kind == KINDS.index("path")
    l_open = (F.binary_cross_entropy_with_logits(out[:, nk:nk + 4], opens, reduction="none").mean(1) * has_open).sum() / has_open.sum().clamp(min=1)
    l_dead = (F.binary_cross_entropy_with_logits(out[:, nk + 4], dead, reduction="none") * is_path).sum() / is_path.sum().clamp(min=1)
    return l_kind + l_open + l_dead


def evaluate(model, x, kind, opens, dead, batch: int = 1024) -> dict:
    """Share of crops whose whole reading (kind, and openings + dead end where they apply) is right."""
    import torch
    model.eval()
    right = kright = 0
    with torch.no_grad():
        for i in range(0, len(x), batch):
            out = model(standardise(x[i:i + batch].float()))
            k = out[:, :len(KINDS)].argmax(1)
            o = (out[:, len(KINDS):len(KINDS) + 4] > 0).float()
            d = (out[:, len(KINDS) + 4] > 0).float()
            kk = kind[i:i + batch]
            ok = k == kk
            kright += int(ok.sum())
            has_open = torch.isin(kk, torch.tensor(OPEN_KINDS))
            ok &= ~has_open | (o == opens[i:i + batch]).all(1)
            ok &= (kk != KINDS.index("path")) | (d == dead[i:i + batch])
            right += int(ok.sum())
    return {"kind": kright / len(x), "all": right / len(x)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m vision.cellnet.train")
    ap.add_argument("data", nargs="+", help=".npz files from vision.cellnet.data")
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", default=str(WEIGHTS))
    ap.add_argument("--init", default=None, help="fine-tune from these ONNX weights (batch norms kept fixed)")
    args = ap.parse_args(argv)
    import torch
    torch.manual_seed(args.seed)
    torch.set_num_threads(2)
    parts = [np.load(p) for p in args.data]
    x = torch.from_numpy(np.concatenate([p["x"] for p in parts])).permute(0, 3, 1, 2).contiguous()   # uint8: 4x less memory
    kind = torch.from_numpy(np.concatenate([p["kind"] for p in parts]).astype(np.int64))
    opens = torch.from_numpy(np.concatenate([p["opens"] for p in parts]).astype(np.float32))
    dead = torch.from_numpy(np.concatenate([p["dead"] for p in parts]).astype(np.float32))
    g = torch.Generator().manual_seed(args.seed)
    order = torch.randperm(len(x), generator=g)
    n_val = max(1, len(x) // 20)
    val, tr = order[:n_val], order[n_val:]
    counts = torch.bincount(kind[tr], minlength=len(KINDS)).float()
    weights = (counts.sum() / (counts + 1)).clamp(max=20.0) ** 0.5
    weights = weights / weights.mean()
    model = build()
    if args.init:
        load_onnx(model, args.init)
        print(f"from {args.init}: held out {evaluate(model, x[val], kind[val], opens[val], dead[val])}", flush=True)
    train_mode(model, bool(args.init))
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    steps = args.epochs * ((len(tr) + args.batch - 1) // args.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=steps)
    print(f"{len(tr)} training crops, {n_val} held out; kinds {counts.int().tolist()}", flush=True)
    for epoch in range(args.epochs):
        t0 = time.perf_counter()
        perm = tr[torch.randperm(len(tr), generator=g)]
        total = 0.0
        for i in range(0, len(perm), args.batch):
            idx = perm[i:i + args.batch]
            xb, ob = augment(x[idx].float(), opens[idx], g)
            loss = losses(model(standardise(xb)), kind[idx], ob, dead[idx], weights)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss.detach()) * len(idx)
        score = evaluate(model, x[val], kind[val], opens[val], dead[val])
        print(f"epoch {epoch + 1}: loss {total / len(tr):.4f}, held out: kind {score['kind']:.4f}, "
              f"whole reading {score['all']:.4f} ({time.perf_counter() - t0:.0f} s)", flush=True)
        export(model, args.out)   # after every epoch: a long run can be tried (or stopped) midway
        train_mode(model, bool(args.init))
    return 0


def export(model, out: str) -> None:
    import torch
    model.eval()
    dummy = torch.zeros(1, 3, CROP_H, CROP_W)
    import warnings
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    torch.onnx.export(model, dummy, out, input_names=["crops"], output_names=["reading"], opset_version=13,
                      dynamic_axes={"crops": {0: "n"}, "reading": {0: "n"}}, dynamo=False)
    print(f"weights -> {out}")


if __name__ == "__main__":
    sys.exit(main())
