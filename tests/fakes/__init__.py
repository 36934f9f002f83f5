"""In-process fakes of the providers, at the SDK transport seams."""
