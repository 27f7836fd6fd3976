"""What the tests and the benchmarks share: the playground's server, a static server, the
browser's settings, a client of the page's protocol, the engine tests' helpers.
Imported as ``support`` (pytest's ``pythonpath``; the benchmarks put ``tests`` first on
their path)."""
