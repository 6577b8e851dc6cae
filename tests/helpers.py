"""Helpers for driving the headless App with key presses."""
import pygame


def key_event(key, unicode="", mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=key, unicode=unicode, mod=mod, scancode=0)


def post_keys(*keys):
    """Post key presses: pygame key constants, or one-character strings typed."""
    for k in keys:
        if isinstance(k, str):
            try:
                code = pygame.key.key_code(k)
            except ValueError:
                code = 0
            pygame.event.post(key_event(code, unicode=k))
        else:
            pygame.event.post(key_event(k))


def run_until(app, cond, limit=3000):
    """Run frames one at a time until cond() holds (at most `limit` frames)."""
    for _ in range(limit):
        if cond():
            return True
        app.run(max_frames=1)
    return cond()
