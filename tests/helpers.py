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
