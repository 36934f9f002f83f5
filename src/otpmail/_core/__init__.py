"""Shared ground of every layer: errors and envelopes, the egress allowlist, the integrations
file, bounds, deadlines and retries, file-permission checks, and what a query asks
(``_criteria``) with the exact rules every provider applies (``_match``)."""
