"""durakc: a declarative rules-variant compiler for the card game Durak."""

__version__ = "0.1.0"
