"""Whole requests (SPEC 8-9): lint with its checks and rules, repair, translate, and the
neutral transcripts that translate reads and writes."""
