"""The bundled variant specs as package data (`durakc.variants`): one YAML file per variant
here, the house-rule gallery in house/.  This file only makes the folder a package, so that
`importlib.resources` finds the specs in every kind of install; read them through
`durakc.spec` (`bundled_names`, `load_spec`)."""
