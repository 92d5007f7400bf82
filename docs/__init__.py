"""The project's documentation as package data (`durakc.docs`): the pages the command line
cites (`durakc explain` cites rules.md) ship with every install.  This file only makes the
folder a package, so that `importlib.resources` finds the pages in every kind of install;
read them through `durakc.docpages` or `durakc docs TOPIC [--path]`."""
