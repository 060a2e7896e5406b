"""Give memory the app has freed back to the operating system, at a quiet moment.

Measured (tools/bench_app.py's memory soak): at the end of the first game the
resident size stepped up by ~16 MB and stayed there, though the Python objects
and the bounded render caches did not grow: the C allocator (glibc) kept pages
that pygame surfaces had freed. `malloc_trim(0)` hands them back (140 -> 114 MB
at that moment). The table calls this when a new deal starts; elsewhere (other C
libraries, Windows, macOS) it does nothing.
"""

from __future__ import annotations

import ctypes
import sys
from typing import Any

_libc: Any = None


def release_free_memory() -> bool:
    """True if freed memory was handed back to the OS (glibc's malloc_trim)."""
    global _libc
    if not sys.platform.startswith("linux"):
        return False
    try:
        if _libc is None:
            _libc = ctypes.CDLL("libc.so.6")
        return bool(_libc.malloc_trim(0))
    except (OSError, AttributeError):  # not glibc (musl, say): nothing to do
        return False
