"""The regulations' standings tie-break chains, written from the seeds (shared by tests)."""

CHAIN_000 = ("risiko", "wins", "out_points", "lottery")  # seed 000 Art. 2
CHAIN_001 = ("best_1", "best_2", "best_3", "previous_round", "lottery")  # seed 001 §7
CHAIN_003A = ("assoluta", "risiko", "wins", "out_points", "lottery")  # seed 003 Art. 2 (a)
