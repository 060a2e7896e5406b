"""Scene framework: scene stack, tweens, logical layout, widgets and theme.

No game logic lives here; the table and menus build on these pieces.
A main loop wires them together like this:

    screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    layout = Layout(); layout.sync_with_display()
    canvas = layout.make_canvas()
    stack = SceneStack(); stack.push(TableScene())
    while running:
        dt = clock.tick(60) / 1000
        for event in pygame.event.get():
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                layout.sync_with_display()
            stack.handle_event(layout.translate_event(event))  # logical positions
        stack.update(dt)
        if not layout.canvas_fits(canvas):
            canvas = layout.make_canvas()
        stack.draw(canvas)                                      # logical layout, real pixels
        layout.present(canvas, screen, theme.LETTERBOX)
        pygame.display.flip()
"""
