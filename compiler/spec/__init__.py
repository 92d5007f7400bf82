"""The spec model: load a variant's YAML file, follow `extends`, validate everything.

    spec = load_spec("kyiv")                 # a bundled variant
    spec = load_spec("my/variant.yaml")      # or a file
    spec.values["transfer.when"].text        # 'true'
    spec.origin["transfer.when"]             # 'this file'

A spec file has the top-level fields of `schema.TOP_LEVEL_FIELDS`; its rule
keys live under ``rules:``, nested by the dots of each key path or written
with dots (``transfer.enabled: false``).  A variant may extend another by name: the
spec whose ``name:`` is that name, looked up beside the file first (a file of that stem
is tried first, but its name field decides), then among the bundled variants; a spec
never extends itself, so a local ``transfer.yaml`` may extend the bundled ``transfer``.  The
effective value of a key is this file's, else the nearest ancestor's, else the
schema default.  Every problem of the whole chain is collected and raised as
one `SpecError`; no other exception leaves `load_spec`.

The package, one step of loading a module (a module here imports its siblings directly,
never `durakc.spec` itself, which would be an import circle):

- `files`: a reference resolved to a file, the bundled variants (variants/ and
  variants/house/, package data of `durakc.variants`), a parent found by name;
- `extends`: the chain read, child first; `fields` its top-level fields, `rules` the
  rule keys each file sets (`problems`: how problems are worded and recorded);
- `merge`: the effective values, each checked by its key type (`values`; expressions in
  `exprs`);
- `cross`: the checks between keys (`CROSS_CHECKS`, by topic in `cross_*`);
- `model`: the `Spec` built from all that; `load`: `load_spec`, `load_specs`.
"""

from durakc.spec.cross_series import SERIES_LOSSES_CHECKED
from durakc.spec.extends import MAX_EXTENDS
from durakc.spec.files import (
           BUNDLED_DIR,
           HOUSE,
           NAME_RE,
           bundled_groups,
           bundled_names,
           bundled_path,
)
from durakc.spec.load import load_spec, load_specs
from durakc.spec.model import Spec
from durakc.spec.values import ANNOTATION_RE

__all__ = ["ANNOTATION_RE", "BUNDLED_DIR", "HOUSE", "MAX_EXTENDS", "NAME_RE",
           "SERIES_LOSSES_CHECKED", "Spec", "bundled_groups", "bundled_names", "bundled_path",
           "load_spec", "load_specs"]
