"""Developer tools (not part of the game): python -m tools.gallery OUTDIR."""
