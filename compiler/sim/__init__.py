"""Bots, self-play simulation, comparison and witnesses: all through the engine contract."""
