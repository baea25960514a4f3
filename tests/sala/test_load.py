"""A load test on the loopback (issue 30): 300 phones following the venue's pages while
every table sends its result and the organiser confirms them: nothing sent is lost or
applied twice; the 99th-percentile latency is printed (benchmarks/sala_load.py prints
the same figures), never asserted."""

from __future__ import annotations

from tests.support.venue_load import run


def test_300_phones_while_the_organiser_confirms(tmp_path, capsys) -> None:
    report = run(tmp_path, phones=300, tables=30, seconds=25)
    with capsys.disabled():
        print("\n" + "\n".join(report.lines()))
    assert report.failures == [], report.log[-3000:]
    assert "Traceback" not in report.log, report.log[-3000:]
    assert sorted(report.sent) == list(range(1, 31))
    assert report.found == report.sent  # every result in Risultati, as sent
    assert report.sendings == 30 and report.confirmed == 30  # double taps: one sending
    assert len(report.latencies) > 300 * 25 / 2 * 0.8
