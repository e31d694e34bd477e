"""Reads a PGN file with fairykit.read_games and takes the FEN of every main-line position
(fairykit's side of bench/python-vs-python-chess.sh). Prints: games positions seconds md5,
as python_chess_fens.py does; the time is that of the loop only."""

import hashlib
import sys
import time

import fairykit


def main(path):
    digest = hashlib.md5()
    games = positions = 0
    start = time.perf_counter()
    for game in fairykit.read_games(path, fens=True):
        games += 1
        for fen in game.fens():
            digest.update(fen.encode() + b"\n")
            positions += 1
    seconds = time.perf_counter() - start
    print(games, positions, f"{seconds:.6f}", digest.hexdigest())


if __name__ == "__main__":
    main(sys.argv[1])
