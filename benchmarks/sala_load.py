"""The venue under a room's load (issue 30): `risiko-xl sala` on the loopback, PHONES
phones following the pages while every table sends its result and the organiser confirms
them; prints the phones' latency (median, 99th percentile, largest) and whether every
result sent is in `Risultati` once (tests/support/venue_load.py does the work).

    python benchmarks/sala_load.py [--telefoni 300] [--tavoli 30] [--secondi 30]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.support

from tests.support.venue_load import run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--telefoni", type=int, default=300)
    parser.add_argument("--tavoli", type=int, default=30)
    parser.add_argument("--secondi", type=float, default=30.0)
    args = parser.parse_args()
    print(f"carico della macchina: {os.getloadavg()[0]:.2f}".replace(".", ","))
    with tempfile.TemporaryDirectory(prefix="risiko-sala-") as folder:
        report = run(Path(folder), args.telefoni, args.tavoli, args.secondi)
    print("\n".join(report.lines()).replace(".", ","))
    lost = sorted(set(report.sent) - set(report.found))
    twice = report.sendings - len(report.sent)
    print(f"persi: {lost or 'nessuno'}; applicati due volte: {max(twice, 0)}; "
          f"errori: {report.failures[:5] or 'nessuno'}")
    print(f"carico della macchina: {os.getloadavg()[0]:.2f}".replace(".", ","))


if __name__ == "__main__":
    main()
