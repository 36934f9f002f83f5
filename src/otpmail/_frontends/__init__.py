"""Front ends: the ``otpmail`` command line, the MCP server and ``otpmail check``, and the
fenced rendering of mail for agents, and the pytest fixture's two faces
(``_pytest_faces``; the plugin's entry point is the public :mod:`otpmail.pytest_plugin`).
They call the reader and never a provider directly."""
