"""The tools that use the bots: what a player, a learner and a teacher do with the engine.

Above the engine core (:mod:`hearts_teach`) and the bots (:mod:`hearts_teach.bots`),
below the front end; nothing here imports Jupyter.

- :mod:`~hearts_teach.teaching.compare`: one deal scored under every variant;
- :mod:`~hearts_teach.teaching.desk`: the scoring desk (who took which counting card);
- :mod:`~hearts_teach.teaching.whatif`: another card at a trick, the bots finishing;
- :mod:`~hearts_teach.teaching.review`: every decision of a deal priced;
- :mod:`~hearts_teach.teaching.simulate`: many seeded games between bots;
- :mod:`~hearts_teach.teaching.strategy`: the verdicts a text prints from simulation;
- :mod:`~hearts_teach.teaching.lessons`: guided deals, their claims and validator;
- :mod:`~hearts_teach.teaching.session`: the game at a table (``TableSession``);
- :mod:`~hearts_teach.teaching.classroom`: one deal for a class, its checked results and
  board (:mod:`~hearts_teach.teaching.classroom_store`: the board kept in SQLite);
- :mod:`~hearts_teach.teaching.cli`: the ``hearts-teach`` command.
"""
