"""The reference side of bench/engine-vs-python-chess.sh: what people write with python-chess's
chess.engine to evaluate the games of a PGN file with a UCI engine. It reads every game with
chess.pgn.read_game and asks one engine (chess.engine.SimpleEngine) for an evaluation of every
main-line position of every game, the start position included, under a node limit: the same
position as often as the games reach it.

To compare like with like, each search is what fairy-analyze --engine asks for:
  * the engine is configured as fairy-analyze configures it (Threads 1 and the Hash given);
  * every position starts a new game (a new `game` object: python-chess sends `ucinewgame` and
    `isready`, as fairy-analyze does before every position);
  * the position goes as a FEN without the moves before it (`board.copy(stack=False)`), as
    fairy-analyze sends it, so that both ask the engine the same searches.

Usage: python_chess_engine.py ENGINE PGN NODES HASH_MB
Prints: games positions seconds (the time of the loop, reading included, after the engine
has started; the bench times the whole process, as it does fairy-analyze's)."""

import sys
import time

import chess.engine
import chess.pgn


def main(engine_path, pgn_path, nodes, hash_mb):
    limit = chess.engine.Limit(nodes=nodes)
    games = positions = 0
    evaluations = []
    with chess.engine.SimpleEngine.popen_uci(engine_path) as engine:
        engine.configure({"Threads": 1, "Hash": hash_mb})
        start = time.perf_counter()
        with open(pgn_path, encoding="utf-8") as f:
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                games += 1
                board = game.board()
                for move in [None, *game.mainline_moves()]:
                    if move is not None:
                        board.push(move)
                    positions += 1
                    if not any(board.legal_moves):
                        continue  # checkmate or stalemate: no search, as in fairy-analyze
                    info = engine.analyse(board.copy(stack=False), limit, game=object())
                    evaluations.append((info.get("score"), (info.get("pv") or [None])[0]))
        seconds = time.perf_counter() - start
    print(games, positions, f"{seconds:.6f}")


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
