"""The conversion core: one tool result, its items and steps, every wire's block (SPEC 2-7)."""
