"""nerts."""
