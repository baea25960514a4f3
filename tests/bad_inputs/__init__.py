"""Malformed inputs for `tests/test_bad_inputs.py`, built by `build.py` from `base.xlsx`."""
