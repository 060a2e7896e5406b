"""Scenes and the stack that runs them.

The stack is how screens layer: the table is pushed first, a dialog or the
pause menu is pushed over it. Only the top scene receives input; drawing
starts at the highest *opaque* scene so a translucent overlay shows the table
beneath it, while a full-screen menu hides everything under it.
"""

from __future__ import annotations

import pygame


class Scene:
    """One screen or overlay. Subclasses override the hooks they need.

    Class attributes:
      opaque: covers the whole canvas, so scenes below need not be drawn.
      updates_when_covered: keep receiving `update` while another scene is on
        top (e.g. the table keeps animating under a translucent dialog).
    """

    opaque: bool = True
    updates_when_covered: bool = False

    def __init__(self) -> None:
        self.stack: SceneStack | None = None

    # Lifecycle hooks, called by the stack.
    def on_enter(self) -> None:
        """Pushed onto the stack."""

    def on_exit(self) -> None:
        """Popped or replaced."""

    def on_cover(self) -> None:
        """Another scene was pushed on top of this one."""

    def on_uncover(self) -> None:
        """The scene above was popped; this one is on top again."""

    # Per-frame hooks.
    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to input (positions are logical). Return True if consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance time by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Render the current state. Must not change state: it may be skipped
        (covered by an opaque scene) or called twice (screenshots)."""

    def at_rest(self) -> bool:
        """Nothing here moves or changes by itself until the player acts: the window may
        then draw it a few times a second instead of 60 (a player thinking over a turn or
        reading the rules kept a core busy). False unless the scene knows."""
        return False


class SceneStack:
    """A stack of scenes; the last pushed is on top."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    @property
    def scenes(self) -> tuple[Scene, ...]:
        """Bottom to top."""
        return tuple(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def __bool__(self) -> bool:
        return bool(self._scenes)

    def push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].on_cover()
        scene.stack = self
        self._scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene:
        if not self._scenes:
            raise IndexError("pop from an empty SceneStack")
        scene = self._scenes.pop()
        scene.on_exit()
        scene.stack = None
        if self._scenes:
            self._scenes[-1].on_uncover()
        return scene

    def replace(self, scene: Scene) -> Scene | None:
        """Swap the top scene for `scene` (the scene below is not uncovered)."""
        old = None
        if self._scenes:
            old = self._scenes.pop()
            old.on_exit()
            old.stack = None
        scene.stack = self
        self._scenes.append(scene)
        scene.on_enter()
        return old

    def remove(self, scene: Scene) -> None:
        """Take out a scene wherever it sits (e.g. a dialog closing itself)."""
        if scene is self.top:
            self.pop()
            return
        self._scenes.remove(scene)
        scene.on_exit()
        scene.stack = None

    def clear(self) -> None:
        while self._scenes:
            self.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Only the top scene sees input: a dialog is modal over the table."""
        top = self.top
        return top.handle_event(event) if top is not None else False

    def update(self, dt: float) -> None:
        # Snapshot: a scene may push/pop during its update.
        scenes = list(self._scenes)
        for index, scene in enumerate(scenes):
            is_top = index == len(scenes) - 1
            if is_top or scene.updates_when_covered:
                scene.update(dt)

    def visible_scenes(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the highest opaque one up."""
        first = 0
        for index in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[index].opaque:
                first = index
                break
        return self._scenes[first:]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible_scenes():
            scene.draw(surface)

    def at_rest(self) -> bool:
        """Every scene is at rest (`Scene.at_rest`), covered ones too: a table under a
        dialog keeps moving its cards."""
        return all(scene.at_rest() for scene in self._scenes)
