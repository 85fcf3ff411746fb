#!/usr/bin/env python3
"""Figure 2's floor: raw SQLite single-row commits per second, WAL + synchronous=NORMAL.

One connection, one INSERT of a short row per BEGIN IMMEDIATE ... COMMIT, in a new
database under DIRECTORY (default: the system's temporary directory, the disk the
store's benchmark and `raven serve --data-dir` use here). Python's own overhead per
statement is about a microsecond; the ordo-one benchmark "Raw SQLite" in
Benchmarks/StoreBenchmarks measures the same loop through GRDB.

    python3 Benchmarks/load/sqlite_raw.py [--commits 100000] [--directory /tmp]
"""

import argparse
import os
import sqlite3
import tempfile
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--commits", type=int, default=100_000)
    parser.add_argument("--directory", default=tempfile.gettempdir())
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"SQLite {sqlite3.sqlite_version}")
    for run in range(args.runs):
        with tempfile.TemporaryDirectory(dir=args.directory) as directory:
            db = sqlite3.connect(os.path.join(directory, "raw.sqlite"), isolation_level=None)
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, value TEXT NOT NULL)")
            start = time.perf_counter()
            for index in range(args.commits):
                db.execute("BEGIN IMMEDIATE")
                db.execute("INSERT INTO t (value) VALUES (?)", (str(index),))
                db.execute("COMMIT")
            elapsed = time.perf_counter() - start
            db.close()
        print(
            f"run {run + 1}: {args.commits / elapsed:,.0f} commits/s "
            f"({elapsed / args.commits * 1e6:.1f} us each)"
        )


if __name__ == "__main__":
    main()
