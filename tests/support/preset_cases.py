"""The shipped formulas' end-to-end cases (shared by the end-to-end and live-formula tests)."""

from __future__ import annotations

from risiko_xl.formulas import names

# players, late entries, and settings where the preset's own would make the test long
CASES = {name: (23, 1, {}) for name in names()}
CASES.update({"campionato_gufo": (22, 1, {"Turni preliminari": 4}),
              "cns": (30, 0, {}),  # 6 teams of 5: 5-player tables only, no late entry
              "eliminazione": (20, 0, {}),  # 20 → 4 tables of 5 → final of 4 (seed 002)
              "eagles": (20, 1, {}), "master": (41, 1, {})})
