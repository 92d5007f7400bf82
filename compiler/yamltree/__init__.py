"""YAML spec files as position-tracked trees (`read`: reading and composing; `nodes`: the
nodes and their source text; `offsets`: the column of each character of a scalar; `errors`:
syntax errors in plain words)."""
