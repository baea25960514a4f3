"""Malformed inputs for `tests/cli/test_bad_inputs.py`, built by `build.py` from `base.xlsx`."""
