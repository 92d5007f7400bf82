"""The code generation targets (over `durakc.ir.build`): the Jinja2 environment both use
(`templating`), the Python engines (`python`) and the C engines (`c`)."""
