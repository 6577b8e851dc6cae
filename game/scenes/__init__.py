"""Scenes shared by every game: menu, options, help, questions, scoring."""
