"""The designer's lab: batches of AI games and the numbers a designer asks of them (balance,
draws, length, decisiveness, lead changes, per-item use), each with its 95% interval."""
