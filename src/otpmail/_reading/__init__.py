"""The reader: validate the arguments, route the recipient to a configured mailbox, ask its
provider, apply the exact rules, and answer with an envelope; waiting for new mail."""
