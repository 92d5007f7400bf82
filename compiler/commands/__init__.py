"""Command modules of the durakc CLI."""
