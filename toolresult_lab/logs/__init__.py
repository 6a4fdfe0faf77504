"""Logs of results and requests: reading them in bounded memory, the audit, ``lint_log``."""
