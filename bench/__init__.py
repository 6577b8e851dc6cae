"""G'NERTS's own benchmark harness: python -m bench."""
