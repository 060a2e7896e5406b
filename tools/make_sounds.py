#!/usr/bin/env python3
"""Synthesize the game's sound effects into assets/sounds/ (stdlib only: wave + math).

    python tools/make_sounds.py [--out-dir assets/sounds]

Deterministic (seeded noise), so re-running gives byte-identical files. The
sounds are made here from scratch, so they are ours to dedicate: CC0.
Effects: shuffle, draw, discard, meld, canasta, going_out (22.05 kHz, mono, 16-bit).
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
ROOT = Path(__file__).resolve().parent.parent
Samples = list[float]


def silence(seconds: float) -> Samples:
    return [0.0] * int(RATE * seconds)


def noise_burst(rng: random.Random, seconds: float, attack: float, decay: float, smooth: float = 0.5) -> Samples:
    """Filtered noise with an attack/exponential-decay envelope (paper sounds)."""
    out, last = [], 0.0
    n = int(RATE * seconds)
    for i in range(n):
        t = i / RATE
        last = last * smooth + rng.uniform(-1, 1) * (1 - smooth)  # one-pole low-pass
        envelope = min(1.0, t / attack) * math.exp(-max(0.0, t - attack) / decay)
        out.append(last * envelope)
    return out


def tone(frequency: float, seconds: float, decay: float, volume: float = 1.0) -> Samples:
    """A bell-ish tone: sine plus a soft octave, exponential decay, tiny attack."""
    out = []
    for i in range(int(RATE * seconds)):
        t = i / RATE
        envelope = min(1.0, t / 0.005) * math.exp(-t / decay)
        wave_value = math.sin(2 * math.pi * frequency * t) + 0.3 * math.sin(4 * math.pi * frequency * t)
        out.append(volume * envelope * wave_value / 1.3)
    return out


def mix(*layers: tuple[float, Samples]) -> Samples:
    """Sum layers, each starting at the given second."""
    end = max(int(start * RATE) + len(samples) for start, samples in layers)
    out = [0.0] * end
    for start, samples in layers:
        offset = int(start * RATE)
        for i, value in enumerate(samples):
            out[offset + i] += value
    return out


def normalized(samples: Samples, peak: float) -> Samples:
    top = max(abs(value) for value in samples) or 1.0
    fade = int(RATE * 0.01)  # no click at the end
    out = [value * peak / top for value in samples]
    for i in range(min(fade, len(out))):
        out[-1 - i] *= i / fade
    return out


def note(name: str) -> float:
    semitones = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    return 440.0 * 2 ** ((semitones[name[0]] + 12 * (int(name[1:]) - 4)) / 12)


def make_all(seed: int = 7) -> dict[str, Samples]:
    rng = random.Random(seed)
    riffle = [(0.012 * i + rng.uniform(0, 0.004), noise_burst(rng, 0.03, 0.002, 0.008, 0.3)) for i in range(40)]
    sounds = {
        "shuffle": normalized(mix(*riffle, (0.5, noise_burst(rng, 0.12, 0.005, 0.03, 0.6))), 0.5),
        "draw": normalized(noise_burst(rng, 0.16, 0.05, 0.04, 0.75), 0.45),
        "discard": normalized(
            mix((0, noise_burst(rng, 0.12, 0.002, 0.025, 0.55)), (0, tone(110, 0.12, 0.03, 0.6))), 0.55
        ),
        "meld": normalized(mix((0, tone(note("C5"), 0.35, 0.12)), (0.07, tone(note("E5"), 0.3, 0.12))), 0.45),
        "canasta": normalized(
            mix(*[(0.09 * i, tone(note(n), 0.6, 0.2)) for i, n in enumerate(["C5", "E5", "G5", "C6"])]), 0.5
        ),
        "going_out": normalized(
            mix(
                *[(0.1 * i, tone(note(n), 0.5, 0.18)) for i, n in enumerate(["G4", "C5", "E5", "G5"])],
                (0.45, tone(note("C5"), 0.9, 0.35, 0.7)),
                (0.45, tone(note("E5"), 0.9, 0.35, 0.7)),
                (0.45, tone(note("G5"), 0.9, 0.35, 0.7)),
                (0.45, tone(note("C6"), 0.9, 0.35, 0.7)),
            ),
            0.5,
        ),
    }
    return sounds


def write_wav(path: Path, samples: Samples) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, int(v * 32767)))) for v in samples)
    with wave.open(str(path), "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(RATE)
        handle.writeframes(frames)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-dir", type=Path, default=ROOT / "assets" / "sounds")
    args = parser.parse_args(argv)
    for name, samples in make_all().items():
        path = args.out_dir / f"{name}.wav"
        write_wav(path, samples)
        print(f"{path}: {len(samples) / RATE:.2f} s, {path.stat().st_size / 1024:.0f} KiB")
    (args.out_dir / "LICENSE-CC0").write_text(
        "The sound effects in this folder were synthesized by tools/make_sounds.py for this\n"
        "project and are dedicated to the public domain under CC0 1.0 Universal\n"
        "(https://creativecommons.org/publicdomain/zero/1.0/).\n",
        encoding="utf-8",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
