"""fairykit.positions over a PGN file (bench/python-vs-python-chess.sh): prints rows games
seconds, the time of the call only."""

import sys
import time

import fairykit


def main(path, jobs):
    start = time.perf_counter()
    columns = fairykit.positions([path], jobs=jobs)
    seconds = time.perf_counter() - start
    print(len(columns["ply"]), columns.games, f"{seconds:.6f}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
