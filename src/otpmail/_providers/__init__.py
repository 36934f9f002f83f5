"""Mailbox providers: Gmail, Microsoft Graph, Maildir. Each one only reads."""
