"""Signing in as the mailbox's owner (``auth: user``): ``otpmail login``, the grant it
stores, and the credentials a provider builds from that grant. Its modules are imported only
for such a mailbox: ``import otpmail`` and a Maildir read never load them."""

SIGNIN_TIMEOUT = 300.0
"""Seconds a browser or a device code has, by default, to bring a sign-in back."""
