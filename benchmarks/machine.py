"""One description of the machine for every benchmark's table (results compare only
between runs on machines described alike)."""

from __future__ import annotations

import os
import platform
from pathlib import Path


def cpu_model() -> str:
    """The processor's model name from /proc/cpuinfo, else what ``platform`` knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def describe_machine() -> str:
    """System, cores, processor and Python version, on one line."""
    return (
        f"{platform.system()} {platform.release()}, {os.cpu_count()} cores, {cpu_model()}, "
        f"Python {platform.python_version()}"
    )
