"""The pytest plugin's parts; :mod:`otpmail.pytest_plugin` is its entry point and public
face. ``_faces``: the fixture's async face, written once, and the sync face derived from it."""
