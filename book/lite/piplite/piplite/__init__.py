"""The book's stand-in for JupyterLite's ``piplite`` (the kernel's package installer).

The book's pages install nothing: every package they need is loaded when the kernel
starts, and asking PyPI is turned off. The kernel still imports ``piplite`` as it starts,
and the real one imports micropip, packaging and unittest.mock on the way: half a second
of every page load, for a tool the pages never use. This one keeps what the kernel sets
and reads, and says clearly that nothing can be installed here.
"""

from .piplite import install

__version__ = "0.7.0"  # the kernel's own piplite, which this one stands in for

__all__ = ["__version__", "install"]
