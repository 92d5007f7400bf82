"""The expression language (over `durakc.schema.keys`): the public API in `language` (`compile_expr`,
`Expr`), the grammar `expr.lark`, parsing (`syntax`), the typed tree (`nodes`), checking
(`check`, `check_sets`, `type_rules`), `simplify`, `emit_c`, integer `ranges`, the `sizes` a condition
allows, `partial` evaluation and the finite `domains` of names."""
