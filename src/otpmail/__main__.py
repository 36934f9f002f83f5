"""``python -m otpmail`` runs the command line."""

from otpmail._frontends._cli import main

raise SystemExit(main())
