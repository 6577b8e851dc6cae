"""gnono."""
