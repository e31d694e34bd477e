"""Reads a PGN file with python-chess and writes the FEN of every main-line position (the
reference side of bench/python-vs-python-chess.sh). Prints: games positions seconds md5,
the md5 over every FEN and a line end, in order; the time is that of the loop only."""

import hashlib
import sys
import time

import chess.pgn


def main(path):
    digest = hashlib.md5()
    games = positions = 0
    start = time.perf_counter()
    with open(path, encoding="utf-8") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            games += 1
            board = game.board()
            digest.update(board.fen().encode() + b"\n")
            positions += 1
            for move in game.mainline_moves():
                board.push(move)
                digest.update(board.fen().encode() + b"\n")
                positions += 1
    seconds = time.perf_counter() - start
    print(games, positions, f"{seconds:.6f}", digest.hexdigest())


if __name__ == "__main__":
    main(sys.argv[1])
