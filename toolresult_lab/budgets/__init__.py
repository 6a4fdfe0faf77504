"""Tokens and limits: what a block or a request costs, and fitting it to a budget."""
