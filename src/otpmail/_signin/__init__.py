"""Signing in as the mailbox's owner (``auth: user``): ``otpmail login``, the grant it
stores, and the credentials a provider builds from that grant. Imported only for such a
mailbox: ``import otpmail`` and a Maildir read never load it."""
