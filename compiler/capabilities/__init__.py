"""The capabilities' declarations (issue 30 item 2), the lowest layer of the compile half:
what each capability must come after (`order`) and the state it adds to a game (`state`),
from which the engines' state plumbing is generated.  Nothing here imports the rest of
durakc; the catalogue that lists the capabilities (`durakc.catalog`) lies above the IR."""
