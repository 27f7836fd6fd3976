"""``%pip`` in a book page: the line becomes code that raises the clear refusal."""

from __future__ import annotations


async def get_transformed_code(argv: list[str]) -> str | None:
    return "import piplite; await piplite.install()"
