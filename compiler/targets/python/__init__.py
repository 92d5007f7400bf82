"""The Python target: `codegen.render_engine`, the IR through the Jinja2 templates."""
