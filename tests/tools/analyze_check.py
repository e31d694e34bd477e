#!/usr/bin/env python3
"""Checks fairy-analyze against counts made here from fairy-convert's JSON Lines.

Usage: analyze_check.py FAIRY_CONVERT FAIRY_ANALYZE FILE [FILE...]

For each FILE, the games are converted (fairy-convert --to jsonl) and counted by this
script, which uses no fairykit code: only the JSON fields (variant, result, termination,
plies, san, uci, fen, start_fen, tags) and the rules as the documentation states them
(docs/rules/*.md, fairy-analyze --help). Then fairy-analyze --format csv reads the same
file, and every figure counted here is compared with its table:

  summary             games read, analysed, rejected, plies, mean plies
  results_by_variant  games and results per variant, White's score
  length_summary      games, mean, median (of an even count: the mean of the two middle
                      lengths) and longest per variant
  lengths             games per bucket of 20 plies
  terminations        the board's verdict ("termination"), else the Termination tag (the
                      values known in lower case, another as written), else unfinished /
                      resignation / the claimable draw / agreement; and where each was
                      read (board, tag, result)
  captures            the capturing piece from the SAN (the piece letter, none for a
                      Pawn, the King for castling); the captured pieces are those the
                      opponent has lost between the FENs before and after the move
                      (--with-fen); in chess-like games a move with 'x' takes one piece
  capture_methods     chess-like: replacement, or en passant (a Pawn taking on an empty
                      square); Fluidity: dissection, but replacement where castling puts
                      its King or Rook; Interweave: by the piece (docs/rules/interweave.md
                      1.4), a Pawn's steps replayed here to tell short leap, en passant
                      and custodian apart
  chains              Interweave: the steps of a capturing turn (squares of its UCI - 1)
  promotions          '=X' in the SAN
  castling            O-O and O-O-O in the SAN, the colour from the side to move
  players             games, wins, draws, losses, score, rated games, average opponent
                      and performance (average + 400 x (wins - losses) / rated games)
  rating_difference   White's rating minus Black's in buckets of 100 points

Prints each difference and exits 1 when there is one (2 when a tool fails).
"""

import collections
import csv
import io
import json
import math
import re
import subprocess
import sys

CHESS_LIKE = ("chess", "chess960", "cwda", "superchess")

# The SAN and FEN letters of each variant's pieces (docs/rules/*.md), upper case.
BASE_LETTERS = {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight", "P": "pawn"}
LETTERS = {
    "chess": BASE_LETTERS,
    "chess960": BASE_LETTERS,
    "fluidity": BASE_LETTERS,
    "cwda": dict(BASE_LETTERS, D="bede", W="waffle", F="fad", C="cardinal", G="charging rook",
                 I="fibnif", T="charging knight", L="colonel", S="short rook", Y="woody rook",
                 H="half-duck", O="chancellor"),
    "superchess": dict(BASE_LETTERS, A="amazon", E="empress", S="princess", V="veteran"),
    "interweave": {"K": "king", "R": "smasher", "N": "leaper", "B": "remover", "P": "pawn"},
}

# Ends of a game on the board (the game is over); the others a draw may be claimed by.
BOARD_ENDS = {"checkmate", "stalemate", "insufficient material", "fivefold repetition",
              "seventy-five-move rule", "capture of a King", "no legal move",
              "third repetition"}
CLAIMABLE = {"threefold repetition", "fifty-move rule", "twenty-five-move rule"}
# The Termination tag's values known (any case); another value is reported as written, and
# "normal" (or no tag) leaves the termination to the result.
TERMINATION_TAGS = {"abandoned", "adjudication", "death", "emergency", "rules infraction",
                    "time forfeit", "unterminated", "illegal move"}


def pct(part, whole):
    return "" if whole <= 0 else "%.1f" % (100.0 * part / whole)


def lround(x):
    """C's lround: halves away from zero."""
    if x < 0:
        return -lround(-x)
    r = math.floor(x)
    return int(r) + (1 if x - r >= 0.5 else 0)


def rating(text):
    if not 1 <= len(text) <= 5 or any(c not in "0123456789" for c in text):
        return 0
    return int(text)


def rating_bucket(diff):
    return max(-5, min(4, diff // 100))


def rating_bucket_name(b):
    if b <= -5:
        return "<= -401"
    if b >= 4:
        return ">= 400"
    return "%d to %d" % (b * 100, b * 100 + 99)


def median(values):
    """The median of sorted integers: the mean of the two middle ones of an even count."""
    twice = values[(len(values) - 1) // 2] + values[len(values) // 2]
    return str(twice // 2) + (".5" if twice % 2 else "")


def length_bucket(plies):
    b = min(plies // 20, 10)
    return "200+" if b == 10 else "%d-%d" % (b * 20, b * 20 + 19)


class Results:
    def __init__(self):
        self.n = collections.Counter()

    def add(self, result):
        self.n[result if result in ("1-0", "1/2-1/2", "0-1") else "*"] += 1

    def row(self):
        w, d, b, u = (self.n[k] for k in ("1-0", "1/2-1/2", "0-1", "*"))
        return {"games": str(w + d + b + u), "1-0": str(w), "1/2-1/2": str(d), "0-1": str(b),
                "*": str(u), "white score %": pct(w + 0.5 * d, w + d + b)}


# A FEN board row with its digits spelled out as dots.
EXPAND = str.maketrans({str(n): "." * n for n in range(1, 9)})


def board(fen):
    """A FEN's 8x8 board as 64 characters, a8 first, "." for an empty square."""
    placement = fen.split(maxsplit=1)[0]
    if "[" in placement:  # holdings
        placement = placement[:placement.index("[")]
    return placement.translate(EXPAND).replace("/", "")


def square(index):
    """(file, rank) of a board() index."""
    return index % 8, 7 - index // 8


def squares(text):
    """{(file, rank): letter} of a board()."""
    return {square(i): c for i, c in enumerate(text) if c != "."}


def white_piece(letter):
    return letter.isupper()


def uci_squares(uci):
    """The squares of a UCI move ("a1a5c5", "c6c8ne8"), each with the promotion after it."""
    return [((ord(m.group(1)) - ord("a"), int(m.group(2)) - 1), m.group(3).upper())
            for m in re.finditer(r"([a-h])([1-8])((?:[a-z](?![1-8]))?)", uci)]


# Interweave: how each piece captures (docs/rules/interweave.md 1.4); Pawns step by step.
INTERWEAVE_METHODS = {"K": "short leap", "R": "approach", "N": "leap", "B": "removal"}


def interweave_methods(fen_before, white, uci, victims):
    """{victim square: method} of an Interweave turn: a Pawn's steps replayed, each taking
    what it leaps over (short leap), the Pawn that has just double-stepped beside it (en
    passant: the first step only, over the empty midpoint of that double step), and the
    enemies it encloses against a friend (custodian); after a promotion, or for any other
    piece, every victim by the way that piece captures."""
    steps = uci_squares(uci)
    sim = squares(board(fen_before))
    letter = sim[steps[0][0]].upper()
    out = {}
    fields = fen_before.split()
    ep = fields[3] if len(fields) > 3 else "-"
    forward = 1 if white else -1
    for k in range(len(steps) - 1):
        if letter != "P":
            break
        (f0, r0), (f1, r1) = steps[k][0], steps[k + 1][0]
        sim[(f1, r1)] = sim.pop((f0, r0))
        taken = []
        if f0 == f1 and r1 - r0 == 2 * forward:
            mid = (f0, r0 + forward)
            if mid in victims:
                taken.append((mid, "short leap"))
            elif k == 0 and ep != "-":
                ep_mid = (ord(ep[0]) - ord("a"), int(ep[1]) - 1)
                if ep_mid == mid:
                    taken.append(((ord(ep.split(",")[1]) - ord("a"), r0), "en passant"))
        for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            enemy, friend = (f1 + df, r1 + dr), (f1 + 2 * df, r1 + 2 * dr)
            if (enemy in victims and enemy in sim and white_piece(sim[enemy]) != white
                    and friend in sim and white_piece(sim[friend]) == white):
                taken.append((enemy, "custodian"))
        for sq, how in taken:
            out.setdefault(sq, how)
            sim.pop(sq, None)
        if steps[k + 1][1]:
            letter = steps[k + 1][1]
    for sq in victims:
        if sq not in out:
            out[sq] = INTERWEAVE_METHODS.get(letter, "unexplained")
    return out


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8", "replace")


def count(jsonl, rejected):
    """Every figure, as {table: {row key: {column: value}}}."""
    games = [json.loads(line) for line in jsonl.splitlines() if line.strip()]
    problems = []
    results = collections.defaultdict(Results)
    lengths = collections.defaultdict(list)
    ends = collections.defaultdict(collections.Counter)
    captures = collections.defaultdict(collections.Counter)
    methods = collections.defaultdict(collections.Counter)
    chains = collections.defaultdict(collections.Counter)
    promotions = collections.defaultdict(collections.Counter)
    castling = collections.defaultdict(collections.Counter)
    players = {}
    diffs = collections.defaultdict(lambda: [Results(), 0.0])

    for g in games:
        v, result, plies, san = g["variant"], g["result"], g["plies"], g["san"]
        results[v].add(result)
        lengths[v].append(plies)
        if len(san) != plies:
            problems.append("game %d: %d SAN moves for %d plies" % (g["game"], len(san), plies))
        # How the game ended (fairy-analyze --help).
        board_end = g["termination"]
        written = g["tags"].get("Termination", "")
        tag = written.lower()
        if board_end in BOARD_ENDS:
            end = (board_end, "board")
        elif tag in TERMINATION_TAGS:
            end = (tag, "tag")
        elif written and tag != "normal":
            end = (written, "tag")
        elif result == "*":
            end = ("unfinished", "result")
        elif result in ("1-0", "0-1"):
            end = ("resignation", "result")
        elif board_end in CLAIMABLE:
            end = (board_end, "result")
        else:
            end = ("agreement", "result")
        ends[v][end] += 1
        # The moves: what each took is what the opponent has lost between the boards
        # before and after it (the FENs of --with-fen).
        letters = LETTERS[v]
        fens = [g["start_fen"]] + g["fen"]
        for i, move in enumerate(san):
            placement, side = fens[i].split()[:2]
            white = side != "b"
            castles = move.startswith("O-O")
            if castles:
                castling[v][("white" if white else "black",
                             "O-O-O" if move.startswith("O-O-O") else "O-O")] += 1
            if "=" in move:
                for letter in re.findall(r"=([A-Z])", move):
                    promotions[v][letters[letter]] += 1
            # The boards only when the opponent has fewer pieces after the move.
            theirs = str.islower if white else str.isupper
            taken = (sum(map(theirs, placement)) -
                     sum(map(theirs, fens[i + 1].split(maxsplit=1)[0])))
            if taken == 0:
                if v in CHESS_LIKE and "x" in move:
                    problems.append("game %d, ply %d: %s takes nothing" % (g["game"], i + 1, move))
                continue
            before, after = board(fens[i]), board(fens[i + 1])
            victims = {square(k): a for k, (a, b) in enumerate(zip(before, after))
                       if a != b and a != "." and theirs(a)}
            by = "king" if castles else letters.get(move[0], "pawn")
            steps = uci_squares(g["uci"][i])
            if v in CHESS_LIKE:
                if len(victims) != 1 or "x" not in move:
                    problems.append("game %d, ply %d: %s takes %s" % (g["game"], i + 1, move,
                                                                      sorted(victims.values())))
                to_file, to_rank = steps[1][0]
                empty = before[(7 - to_rank) * 8 + to_file] == "."
                how = dict.fromkeys(victims, "en passant" if empty else "replacement")
            elif v == "fluidity":
                # Dissection, except where castling puts the King or the Rook (§3.5).
                rank = 0 if white else 7
                landing = ({(2, rank), (3, rank)} if move.startswith("O-O-O")
                        else {(6, rank), (5, rank)})
                how = {sq: "replacement" if castles and sq in landing else "dissection"
                       for sq in victims}
            else:
                chains[v][str(len(steps) - 1)] += 1
                how = interweave_methods(fens[i], white, g["uci"][i], victims)
            for sq, piece in victims.items():
                captures[v][(by, letters[piece.upper()])] += 1
                methods[v][how[sq]] += 1
        # Players and ratings.
        we, be = rating(g["tags"].get("WhiteElo", "")), rating(g["tags"].get("BlackElo", ""))
        for name, is_white, opponent in ((g["tags"]["White"], True, be),
                                         (g["tags"]["Black"], False, we)):
            if name in ("", "?"):
                continue
            p = players.setdefault(name, {"games": 0, "w": 0, "d": 0, "l": 0, "rated": 0,
                                          "sum": 0.0, "plus": 0})
            p["games"] += 1
            if result == "*":
                continue
            won = result == ("1-0" if is_white else "0-1")
            lost = result == ("0-1" if is_white else "1-0")
            p["w"] += won
            p["l"] += lost
            p["d"] += result == "1/2-1/2"
            if opponent > 0:
                p["rated"] += 1
                p["sum"] += opponent
                p["plus"] += int(won) - int(lost)
        if we > 0 and be > 0 and result != "*":
            d = diffs[rating_bucket(we - be)]
            d[0].add(result)
            d[1] += 1.0 / (1.0 + math.pow(10.0, -(we - be) / 400.0))

    t = collections.defaultdict(dict)
    analysed = len(games)
    total_plies = sum(g["plies"] for g in games)
    t["summary"][()] = {"games read": str(analysed + rejected), "analysed": str(analysed),
                        "rejected": str(rejected), "plies": str(total_plies),
                        "mean plies": "%.1f" % (total_plies / analysed) if analysed else ""}
    for v in results:
        t["results_by_variant"][(v,)] = results[v].row()
        ls = sorted(lengths[v])
        t["length_summary"][(v,)] = {
            "games": str(len(ls)), "mean plies": "%.1f" % (sum(ls) / len(ls)),
            "median plies": median(ls), "longest": str(ls[-1])}
        for b, n in collections.Counter(length_bucket(x) for x in ls).items():
            t["lengths"][(v, b)] = {"games": str(n)}
        for (k, source), n in ends[v].items():
            t["terminations"][(v, k, source)] = {"games": str(n)}
        for (by, taken), n in captures[v].items():
            t["captures"][(v, by, taken)] = {"captures": str(n)}
        for k, n in methods[v].items():
            t["capture_methods"][(v, k)] = {"captures": str(n)}
        for k, n in chains[v].items():
            t["chains"][(v, k)] = {"turns": str(n)}
        for k, n in promotions[v].items():
            t["promotions"][(v, k)] = {"promotions": str(n)}
        for (colour, side), n in castling[v].items():
            t["castling"][(v, colour, side)] = {"castlings": str(n)}
    for name, p in players.items():
        row = {"games": str(p["games"]), "wins": str(p["w"]), "draws": str(p["d"]),
               "losses": str(p["l"]), "score %": pct(p["w"] + 0.5 * p["d"], p["w"] + p["d"] + p["l"]),
               "rated games": str(p["rated"]), "average opponent": "", "performance": ""}
        if p["rated"]:
            avg = p["sum"] / p["rated"]
            row["average opponent"] = str(lround(avg))
            row["performance"] = str(lround(avg + 400.0 * p["plus"] / p["rated"]))
        t["players"][(name,)] = row
    for b, (r, expected) in diffs.items():
        n = sum(r.n.values())
        t["rating_difference"][(rating_bucket_name(b),)] = {
            "games": str(n), "expected white score %": pct(expected, n),
            "white score %": r.row()["white score %"]}
    return t, problems


# The key columns of each table compared (the others are its values).
KEYS = {
    "summary": [], "results_by_variant": ["variant"], "length_summary": ["variant"],
    "lengths": ["variant", "plies"], "terminations": ["variant", "termination", "termination_from"],
    "captures": ["variant", "capturing piece", "captured piece"],
    "capture_methods": ["variant", "method"], "chains": ["variant", "steps"],
    "promotions": ["variant", "piece"], "castling": ["variant", "colour", "side"],
    "players": ["player"], "rating_difference": ["difference"],
}


def read_csv(text):
    rows = collections.defaultdict(lambda: collections.defaultdict(dict))
    reader = csv.reader(io.StringIO(text))
    if next(reader, None) != ["table", "row", "column", "value"]:
        raise ValueError("not fairy-analyze's long-form CSV")
    for table, row, column, value in reader:
        rows[table][int(row)][column] = value
    tables = {}
    for name, by_row in rows.items():
        if name not in KEYS:
            continue
        tables[name] = {}
        for _, cells in sorted(by_row.items()):
            key = tuple(cells.pop(k) for k in KEYS[name])
            tables[name][key] = cells
    return tables


def compare(mine, theirs):
    """The differences between the figures counted here and fairy-analyze's."""
    out = []
    for name in KEYS:
        a, b = mine.get(name, {}), theirs.get(name, {})
        for key in sorted(set(a) | set(b), key=str):
            if key not in a:
                out.append("%s %s: fairy-analyze has %s, counted here: none" % (name, key, b[key]))
            elif key not in b:
                out.append("%s %s: counted here %s, fairy-analyze: none" % (name, key, a[key]))
            elif a[key] != b[key]:
                out.append("%s %s: counted here %s, fairy-analyze %s" % (name, key, a[key], b[key]))
    return out


def check(convert, analyze, path):
    rc, jsonl, err = run([convert, "--to", "jsonl", "--with-fen", "--add-fen-tags", path])
    m = re.search(r"(\d+) games? read: (\d+) written, (\d+) filtered out, (\d+) rejected", err)
    if rc not in (0, 1) or not m:
        print("%s: fairy-convert failed (%d): %s" % (path, rc, err), file=sys.stderr)
        return 2
    rejected = int(m.group(4))
    mine, problems = count(jsonl, rejected)
    # --csv-raw: a program reads the cells, not a spreadsheet ("-100 to -1" without a quote).
    rc, out, err = run([analyze, "-q", "--no-openings", "--format", "csv", "--csv-raw", "--top",
                        "1000000000", path])
    if rc != (1 if rejected else 0):
        problems.append("fairy-analyze exit status %d with %d rejected games: %s"
                        % (rc, rejected, err))
    try:
        theirs = read_csv(out)
    except ValueError as e:
        print("%s: fairy-analyze (exit status %d): %s %s" % (path, rc, e, err), file=sys.stderr)
        return 2
    problems += compare(mine, theirs)
    # The players table comes most games first.
    counts = [int(r["games"]) for r in theirs.get("players", {}).values()]
    if counts != sorted(counts, reverse=True):
        problems.append("players: not in order of games")
    for p in problems:
        print("%s: %s" % (path, p))
    figures = sum(len(rows) for rows in mine.values())
    print("%s: %d games, %d rows of %d tables compared, %d differences"
          % (path, int(mine["summary"][()]["games read"]), figures, len(mine), len(problems)))
    return 1 if problems else 0


def main(argv):
    if len(argv) < 4:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    status = 0
    for path in argv[3:]:
        status = max(status, check(argv[1], argv[2], path))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
