"""The spec schema, the lowest layer of the compile half: every rule key (`keys`),
the expression language's vocabulary (`envs`), the README's reference tables (`text`)."""
