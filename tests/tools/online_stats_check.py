#!/usr/bin/env python3
"""Checks fairy-analyze --online against figures made here from fairy-convert's JSON Lines.

Usage: online_stats_check.py FAIRY_CONVERT FAIRY_ANALYZE OPENINGS_DIR FILE [FILE...]

The games are converted (fairy-convert --to jsonl --with-fen) and counted by this script
with no fairykit code: from the JSON's tags, result, FENs and the clock and eval arrays (which
online_data_check.py checks against the comments), and the definitions of docs/fairy-analyze.md:

  results_by_speed            the speed class of TimeControl (base + 40 x increment)
  results_by_rating_band      the band of the mean of both ratings (--rating-band wide)
  rating_distribution         each rating of a player, by band
  openings_by_rating_band     the family (the name before ':') of the last position of the
                              first 40 plies that the opening data names (positions told by
                              their FEN), White's score and its 95% interval
  clock_by_move               the mean clock and time spent per move number and speed
  time_forfeits               Termination "Time forfeit", and the last evaluation's expected
                              score for the loser (lichess's curve) of 0.9 or more
  move_quality_by_*           the drop in expected score between the evaluations before and
                              after each move: 0.05 inaccuracy, 0.10 mistake, 0.15 blunder
  standings, crosstable       per Event of games with a Round, round robins

Then `fairy-analyze --online --format csv --csv-raw` reads the same files and every cell of
those tables must be the one made here. Prints each difference; exits 1 when there is one.
"""

import collections
import csv
import glob
import io
import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from online_data_check import speed, spent_times, time_control  # noqa: E402

SPEEDS = ["ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence"]
CLAMP = 1000
CLOCK_MOVES = 120


def run(args, stdin=None):
    r = subprocess.run(args, input=stdin, capture_output=True)
    if r.returncode not in (0, 1):
        print(f"{' '.join(args)} failed ({r.returncode}): {r.stderr.decode()[:500]}")
        sys.exit(2)
    return r.stdout.decode()


def pct(part, whole):
    return "" if whole <= 0 else "%.1f" % (100.0 * part / whole)


def expected(cp):
    cp = max(-CLAMP, min(CLAMP, cp))
    return 1.0 / (1.0 + math.exp(-0.00368208 * cp))


def rating(tag):
    return int(tag) if tag and len(tag) <= 5 and tag.isdigit() else 0


def fen4(fen):
    return " ".join(fen.split(" ")[:4])


def opening_book(convert, directory):
    """FEN (four fields) -> (eco, name) of the first line of the data that reaches it."""
    lines = []
    for path in sorted(glob.glob(os.path.join(directory, "*.tsv"))):
        with open(path, encoding="utf-8") as f:
            next(f)
            for line in f:
                eco, name, pgn = line.rstrip("\n").split("\t")
                lines.append((eco, name, pgn))
    pgn = "".join(f'[Result "*"]\n\n{moves} *\n\n' for _, _, moves in lines)
    out = run([convert, "-q", "--to", "jsonl", "--with-fen", "-"], stdin=pgn.encode())
    book = {}
    for (eco, name, _), line in zip(lines, out.splitlines()):
        book.setdefault(fen4(json.loads(line)["fen"][-1]), (eco, name))
    return book


def result_cells(r):
    decided = r["1-0"] + r["0-1"] + r["1/2-1/2"]
    return [str(sum(r.values())), str(r["1-0"]), str(r["1/2-1/2"]), str(r["0-1"]), str(r["*"]),
            pct(r["1-0"] + 0.5 * r["1/2-1/2"], decided)]


def new_results():
    return {"1-0": 0, "1/2-1/2": 0, "0-1": 0, "*": 0}


def quality():
    return {"moves": 0, "cp": 0, "i": 0, "m": 0, "b": 0}


def quality_cells(q):
    n = q["moves"]
    return [str(n), "%.1f" % (q["cp"] / n), str(q["i"]), str(q["m"]), str(q["b"]),
            "%.2f" % (100.0 * q["i"] / n), "%.2f" % (100.0 * q["m"] / n),
            "%.2f" % (100.0 * q["b"] / n)]


def figures(games, book, width, top):
    band = lambda r: r // width * width  # noqa: E731
    name = lambda b: f"{b}-{b + width - 1}"  # noqa: E731
    by_speed = collections.defaultdict(new_results)
    by_band = collections.defaultdict(new_results)
    ratings = collections.Counter()
    openings = collections.defaultdict(new_results)
    family_eco = {}
    clocks = {}
    losses = {}
    q_speed, q_band = collections.defaultdict(quality), collections.defaultdict(quality)
    q_player = collections.defaultdict(quality)
    events = {}
    for g in games:
        tags, result = g["tags"], g["result"]
        code = result if result in ("1-0", "0-1", "1/2-1/2") else "*"
        tc = time_control(tags.get("TimeControl"))
        s = speed(tc)
        we, be = rating(tags.get("WhiteElo")), rating(tags.get("BlackElo"))
        if s:
            by_speed[s][code] += 1
        if we > 0 and be > 0:
            by_band[band((we + be) // 2)][code] += 1
        for e in (we, be):
            if e > 0:
                ratings[band(e)] += 1
        if we > 0 and be > 0 and g["variant"] == "chess" and "start_fen" not in g:
            found = None
            for fen in g.get("fen", [])[:40]:
                found = book.get(fen4(fen), found)
            if found:
                family = found[1].split(":")[0]
                openings[(band((we + be) // 2), family)][code] += 1
                family_eco.setdefault(family, found[0][0])
        plies = len(g["san"])
        clock = [None if c is None else round(c * 1000) for c in g.get("clock", [])]
        spent = spent_times(clock, tc) if clock else []
        evals = []
        for e in g.get("eval", []):
            if e is None:
                evals.append(None)
            elif "mate" in e:
                evals.append(CLAMP if e["mate"] >= 0 else -CLAMP)
            else:
                evals.append(max(-CLAMP, min(CLAMP, e["cp"])))
        if s:
            for i in range(min(len(clock), 2 * CLOCK_MOVES)):
                c = clocks.setdefault((s, i // 2), [0, 0, 0, 0])
                if clock[i] is not None:
                    c[0] += 1
                    c[1] += clock[i]
                if spent[i] is not None:
                    c[2] += 1
                    c[3] += spent[i]
            t = losses.setdefault(s, [0, 0, 0, 0, 0])
            t[0] += 1
            if tags.get("Termination", "").lower() == "time forfeit":
                t[1] += 1
                if code in ("1-0", "0-1"):
                    t[2] += 1
                    last = [e for e in evals if e is not None]
                    if last:
                        t[3] += 1
                        loser = -last[-1] if code == "1-0" else last[-1]
                        if expected(loser) >= 0.9:
                            t[4] += 1
        start_black = " b " in g.get("start_fen", "")
        for i in range(1, len(evals)):
            if evals[i - 1] is None or evals[i] is None:
                continue
            white = ((i + 1) % 2 == 1) != start_black
            sign = 1 if white else -1
            before, after = sign * evals[i - 1], sign * evals[i]
            drop = expected(before) - expected(after)
            elo = we if white else be
            player = tags["White"] if white else tags["Black"]
            targets = []
            if s:
                targets.append(q_speed[s])
            if elo > 0:
                targets.append(q_band[band(elo)])
            if player and player != "?":
                targets.append(q_player[player])
            for q in targets:
                q["moves"] += 1
                q["cp"] += max(0, before - after)
                q["b"] += drop >= 0.15
                q["m"] += 0.10 <= drop < 0.15
                q["i"] += 0.05 <= drop < 0.10
        if tags.get("Round", "") not in ("", "?", "-"):
            ev = events.setdefault(tags.get("Event", ""), ({}, {}))
            for player, opponent, win, loss in ((tags["White"], tags["Black"], "1-0", "0-1"),
                                                (tags["Black"], tags["White"], "0-1", "1-0")):
                st = ev[0].setdefault(player, [0, 0, 0, 0])
                st[0] += 1
                mark = "*"
                if code == "1/2-1/2":
                    st[2] += 1
                    mark = "="
                elif code == win:
                    st[1] += 1
                    mark = "1"
                elif code == loss:
                    st[3] += 1
                    mark = "0"
                ev[1][(player, opponent)] = ev[1].get((player, opponent), "") + mark
        del plies
    tables = {}
    tables["results_by_speed"] = [[s] + result_cells(by_speed[s]) for s in SPEEDS if s in by_speed]
    tables["results_by_rating_band"] = [[name(b)] + result_cells(by_band[b]) for b in sorted(by_band)]
    total = sum(ratings.values())
    tables["rating_distribution"] = [[name(b), str(n), pct(n, total)]
                                     for b, n in sorted(ratings.items())]
    rows = []
    for b in sorted({k[0] for k in openings}):
        fams = sorted((f for (bb, f) in openings if bb == b))
        fams.sort(key=lambda f: -sum(openings[(b, f)].values()))
        for f in fams[:top]:
            r = openings[(b, f)]
            n = r["1-0"] + r["1/2-1/2"] + r["0-1"]
            sc = (r["1-0"] + 0.5 * r["1/2-1/2"]) / n if n > 0 else 0
            low = high = ""
            if n >= 2:
                var = (r["1-0"] * (1 - sc) * (1 - sc) + r["1/2-1/2"] * (0.5 - sc) * (0.5 - sc) +
                       r["0-1"] * sc * sc) / (n - 1)
                half = 1.96 * math.sqrt(var / n)
                low, high = "%.1f" % (100.0 * max(0.0, sc - half)), "%.1f" % (100.0 * min(1.0, sc + half))
            rows.append([name(b), family_eco.get(f, ""), f, str(sum(r.values())), str(r["1-0"]),
                         str(r["1/2-1/2"]), str(r["0-1"]), pct(sc * n, n), low, high])
    tables["openings_by_rating_band"] = rows
    tables["clock_by_move"] = [
        [s, str(m + 1), str(c[0]), "%.1f" % (c[1] / 1000.0 / c[0]) if c[0] else "", str(c[2]),
         "%.2f" % (c[3] / 1000.0 / c[2]) if c[2] else ""]
        for s in SPEEDS for m in range(CLOCK_MOVES) for c in [clocks.get((s, m))] if c]
    tables["time_forfeits"] = [[s] + [str(x) for x in t] + [pct(t[4], t[3])]
                               for s in SPEEDS for t in [losses.get(s)] if t and t[1]]
    tables["move_quality_by_speed"] = [[s] + quality_cells(q_speed[s]) for s in SPEEDS
                                       if s in q_speed]
    tables["move_quality_by_rating_band"] = [[name(b)] + quality_cells(q_band[b])
                                             for b in sorted(q_band)]
    players = sorted(q_player.items(), key=lambda kv: (-kv[1]["moves"], kv[0].encode()))
    tables["move_quality_by_player"] = [[p] + quality_cells(q) for p, q in players[:top]]
    standings, cross = [], []
    widest = 0
    round_robins = []
    for ev in sorted(events, key=lambda e: e.encode()):
        players_, pairs = events[ev]
        order = sorted(players_, key=lambda p: p.encode())
        twice = lambda p: 2 * players_[p][1] + players_[p][2]  # noqa: E731
        order.sort(key=lambda p: -twice(p))
        rank = 0
        for k, p in enumerate(order):
            w, d, l_ = players_[p][1], players_[p][2], players_[p][3]
            if k == 0 or twice(p) != twice(order[k - 1]):
                rank = k + 1
            pts = str(w + d // 2) + (".5" if d % 2 else "")
            standings.append([ev, str(rank), p, str(players_[p][0]), str(w), str(d), str(l_), pts,
                              pct(twice(p), 2.0 * (w + d + l_))])
        n = len(order)
        if n >= 3 and len(pairs) == n * (n - 1) and len({len(v) for v in pairs.values()}) == 1:
            round_robins.append((ev, order))
            widest = max(widest, n)
    for ev, order in round_robins:
        players_, pairs = events[ev]
        for i, p in enumerate(order):
            row = [ev, str(i + 1), p]
            for j in range(widest):
                row.append("" if j >= len(order) else "x" if i == j else pairs[(p, order[j])])
            w, d = players_[p][1], players_[p][2]
            row.append(str(w + d // 2) + (".5" if d % 2 else ""))
            cross.append(row)
    tables["standings"] = standings
    tables["crosstable"] = cross
    return tables


def main():
    if len(sys.argv) < 5:
        print(__doc__)
        sys.exit(2)
    convert, analyze, openings_dir = sys.argv[1:4]
    files = sys.argv[4:]
    width, top = 200, 20
    book = opening_book(convert, openings_dir)
    games = []
    for path in files:
        out = run([convert, "-q", "--to", "jsonl", "--with-fen", path])
        games += [json.loads(line) for line in out.splitlines()]
    want = figures(games, book, width, top)
    got = collections.defaultdict(lambda: collections.defaultdict(dict))
    columns = collections.defaultdict(list)
    out = run([analyze, "-q", "--online", "--format", "csv", "--csv-raw"] + files)
    for row in csv.DictReader(io.StringIO(out)):
        t = row["table"]
        got[t][int(row["row"])][row["column"]] = row["value"]
        if row["column"] not in columns[t]:
            columns[t].append(row["column"])
    problems = 0
    for table, rows in want.items():
        have = [[got[table][k].get(c, "") for c in columns[table]] for k in sorted(got[table])]
        if have != rows:
            problems += 1
            print(f"{table}: {len(have)} rows from fairy-analyze, {len(rows)} made here")
            for a, b in zip(have, rows):
                if a != b:
                    print(f"  fairy-analyze {a}\n  here          {b}")
                    break
            else:
                print(f"  first extra: {(have[len(rows):] or rows[len(have):])[:1]}")
    checked = sum(len(r) for r in want.values())
    print(f"{len(games)} games, {checked} rows of {len(want)} tables checked")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
