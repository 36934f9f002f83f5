"""The reader: validate the arguments, route the recipient to a configured mailbox, ask its
provider, bound the result, and answer with an envelope; waiting for new mail."""
