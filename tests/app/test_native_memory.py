"""release_free_memory: hands freed heap pages back on glibc, and never fails elsewhere."""

from __future__ import annotations

import sys

import pytest

from game import native_memory


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_trim is Linux only")
def test_freed_memory_goes_back_to_the_os():
    def rss_kib() -> int:
        with open("/proc/self/status", encoding="ascii") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmRSS"))

    blocks = [bytearray(4000) for _ in range(40_000)]  # ~160 MB of small blocks: heap, not mmap
    kept = blocks[::50]  # a few stay alive all over the heap, so it cannot shrink from its top
    del blocks
    before = rss_kib()
    try:
        import ctypes

        assert ctypes.CDLL("libc.so.6").malloc_trim is not None
    except (OSError, AttributeError):
        assert not native_memory.release_free_memory()  # not glibc: nothing done, nothing raised
        return
    assert native_memory.release_free_memory()
    assert before - rss_kib() > 80_000, "the freed pages (~150 MB) went back to the OS"
    del kept


def test_other_systems_do_nothing(monkeypatch):
    monkeypatch.setattr(native_memory.sys, "platform", "win32")
    assert native_memory.release_free_memory() is False
