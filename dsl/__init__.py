"""The kernel language: grammar, AST, typed IR and the checks that build it."""
