"""``python -m otpmail`` runs the command line, as the ``otpmail`` command does."""

from otpmail._frontends._cli import console_main

console_main()
