"""Canasta: a desktop card game. `game.rules` is the pure rules engine."""

# The one version number: pyproject.toml reads it (hatchling's dynamic version), the
# title screen and `--version` show it, tools/build_exe.py stamps it into the Windows
# version information and the macOS Info.plist. Bump it with a CHANGELOG.md entry.
__version__ = "0.1.0"
