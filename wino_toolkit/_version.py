"""The package's version, in a module of its own: every module that records it (signatures, run records)
imports it from here, not from the package face, which imports half the package."""
__version__ = "0.1.0"
