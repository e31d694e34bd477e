"""A walk through fairykit's Python module, as a notebook would go: read a collection into
pandas, ask it questions, plot the game lengths, draw a position. Run from the repository
(it writes lengths.png and final.svg into the current folder):

    PYTHONPATH=build/python python3 docs/examples/walkthrough.py
"""

import numpy
import pandas

import fairykit

paths = ["samples/classics.pgn", "samples/cwda.pgn", "samples/superchess.pgn",
         "samples/interweave.pgn", "samples/fluidity.pgn"]

# One row per game, with its tags as columns.
games = pandas.DataFrame(fairykit.games_table(paths))
print(games[["variant", "White", "result", "plies"]].head(6).to_string())

# One row per position, read over two threads; the coded columns become categoricals.
positions = fairykit.positions(paths, jobs=2).to_pandas()
print(f"{len(positions)} positions of {positions['game'].nunique()} games")
print(positions.groupby("variant", observed=True)
      .agg(positions=("ply", "size"), mean_legal_moves=("legal_moves", "mean"),
           in_check=("in_check", "mean"))
      .round(2).to_string())

# The first move of each game and how often it was met.
first = positions[positions["ply"] == 0]
print(first.groupby(["variant", "move"], observed=True).size().rename("games").to_string())

# Game lengths: a histogram as text, and as a picture when matplotlib is installed.
counts, edges = numpy.histogram(games["plies"], bins=[0, 40, 80, 120, 160, 200])
for count, low, high in zip(counts, edges, edges[1:]):
    print(f"{low:3.0f}-{high:3.0f} plies {'#' * count}")
try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    games["plies"].plot.hist(bins=edges, title="Game lengths (plies)")
    plt.savefig("lengths.png")
except ImportError:
    pass

# A position: the end of the first game, as SVG (a notebook shows the Position itself).
game = next(fairykit.read_games("samples/classics.pgn"))
final = game.board_at(len(game.moves))
with open("final.svg", "w", encoding="utf-8") as f:
    f.write(final.svg())
print(final.fen(), final.legal_moves()[:3])
