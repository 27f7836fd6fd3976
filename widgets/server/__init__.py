"""The playground served to a class by Voilà (``hearts-teach play``, ``make play``).

Above the widgets, which import nothing of it: ``serve`` (the server: visitor limits,
culling, the host check, the pool of ready kernels), ``app`` (the command that starts
it), and, in each visitor's kernel, ``kernel`` (the served playground), ``kernel_guard``
(what a visitor's kernel accepts) and ``thinking`` (the strong bots' low-priority
thread); the notebook served and the project's Voilà template are beside them.
"""
