"""The fuzzing suite: mutants of the real lesson, puzzle and position files, and Hypothesis for
rule specs and the engine protocol. Every case must be accepted (and then go on through what
the app does next) or refused with the project's error: a message in every language that names
the file and the line. No traceback, no hang, no crash behind a generic message; each case runs
in a worker process under a memory limit and a hang guard (see ``harness``).

CI runs a few cases of each kind with seed 0; ``bash scripts/fuzz.sh 3000`` runs 3,000 of each
with a new seed it prints (``bash scripts/fuzz.sh 3000 SEED`` runs the same again).
"""
