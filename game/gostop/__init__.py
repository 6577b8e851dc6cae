"""gostop."""
