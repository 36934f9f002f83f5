"""Shared ground of every layer: errors and envelopes, the egress allowlist, the integrations
file, bounds, deadlines and retries, file-permission checks."""
