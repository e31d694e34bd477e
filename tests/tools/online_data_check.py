#!/usr/bin/env python3
"""Checks the data of online play that fairy-convert writes, against this script's own reading.

Usage: online_data_check.py FAIRY_CONVERT FILE [FILE...]

For each FILE (PGN):

  round trip   PGN -> PGN and PGN -> JSON Lines -> PGN give the same bytes, and every
               [%clk], [%emt] and [%eval] command of the input is in the output, byte for
               byte and in order.
  JSON         the "clock", "elapsed" and "eval" arrays equal what this script reads from
               the main line's comments (the "notes" of the JSON: the comments as read);
               "speed", "clock_base", "clock_increment", "date", "utc" and the ratings equal
               what it reads from the tags.
  CSV          --to csv --positions: the clock, elapsed, spent and eval columns of each row
               equal the JSON values of the row's move, and "spent" equals the time this
               script derives from consecutive clocks and the TimeControl; --to csv: the
               game columns equal the JSON values.
  SQLite       --to sqlite: the moves and games columns, the players and events tables and
               the player_games view equal the same values.
  pandas       (when installed) pandas.read_csv reads the CSV outputs' number columns as
               numbers, without options.

Only the standard library; no fairykit code. Prints each difference and exits 1 when there is
one (2 when the tool fails).
"""

import csv
import io
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile

COMMAND = re.compile(r"\[%(clk|emt|eval)\s([^\]]*)\]")
TIME = re.compile(r"^(\d{1,4}):(\d\d):(\d\d)(?:\.(\d{1,3}))?$")
EVAL = re.compile(r"^(#)?([+-]?)(\d{1,6})(?:\.(\d+))?$")
SPEEDS = [(30, "ultrabullet"), (180, "bullet"), (480, "blitz"), (1500, "rapid"),
          (21600, "classical")]

problems = []


def problem(where, text):
    problems.append(f"{where}: {text}")
    if len(problems) > 50:
        report()


def report():
    for p in problems:
        print(p)
    print(f"{len(problems)} difference(s)" if problems else "online data: all agree")
    sys.exit(1 if problems else 0)


def run(tool, args, stdin=None):
    r = subprocess.run([tool] + args, input=stdin, capture_output=True)
    if r.returncode not in (0, 1):
        print(f"{tool} {' '.join(args)} failed ({r.returncode}): {r.stderr.decode()[:500]}")
        sys.exit(2)
    return r.stdout


def read_time(text):
    m = TIME.match(text.strip())
    if not m or int(m.group(2)) > 59 or int(m.group(3)) > 59:
        return None
    frac = (m.group(4) or "").ljust(3, "0")
    return ((int(m.group(1)) * 60 + int(m.group(2))) * 60 + int(m.group(3))) * 1000 + int(frac)


def read_eval(text):
    value, _, depth = text.partition(",")
    m = EVAL.match(value.strip())
    if not m or (m.group(1) and m.group(4)):
        return None
    sign = -1 if m.group(2) == "-" else 1
    if m.group(1):
        out = {"mate": sign * int(m.group(3))}
    else:
        frac = m.group(4) or ""
        centi = int(m.group(3)) * 100
        if frac:
            thousandths = int(frac[:3].ljust(3, "0"))
            centi += (thousandths + 5) // 10
        out = {"cp": sign * centi}
    if depth.strip():
        if not depth.strip().isdigit():
            return None
        out["depth"] = int(depth.strip())
    return out


def commands_of(comment):
    """The first readable clk, emt and eval of a comment (as milliseconds and eval dicts)."""
    found = {}
    for name, args in COMMAND.findall(comment):
        value = read_eval(args) if name == "eval" else read_time(args)
        if value is not None and name not in found:
            found[name] = value
    return found


def seconds(ms):
    return None if ms is None else ms / 1000


def time_control(tag):
    """The periods of a TimeControl tag as (moves, seconds, increment), "-" or None."""
    if tag is None or tag.strip() in ("", "?"):
        return None
    tag = tag.strip()
    if tag == "-":
        return "-"
    periods = []
    for part in tag.split(":"):
        moves = 0
        if "/" in part:
            m, _, part = part.partition("/")
            moves = int(m)
        if part.startswith("*"):
            return "sandglass", int(part[1:])
        base, _, inc = part.partition("+")
        periods.append((moves, int(base), int(inc or 0)))
    return periods


def speed(tc):
    if tc is None:
        return None
    if tc == "-":
        return "correspondence"
    if tc[0] == "sandglass":
        duration = tc[1]
    else:
        duration = tc[0][1] + 40 * tc[0][2]
    for limit, name in SPEEDS:
        if duration < limit:
            return name
    return "correspondence"


def spent_times(clocks, tc):
    """Per move: the clock before it (or the base) + increment (+ a new period) - the clock."""
    out = [None] * len(clocks)
    if not isinstance(tc, list):
        return out
    sides = [{"clock": tc[0][1] * 1000, "period": 0, "moves": 0} for _ in range(2)]
    for i, clock in enumerate(clocks):
        s = sides[i % 2]
        moves, _, inc = tc[s["period"]]
        added = inc * 1000
        if moves > 0:
            s["moves"] += 1
            if s["moves"] == moves:
                s["moves"] = 0
                if s["period"] + 1 < len(tc):
                    s["period"] += 1
                added += tc[s["period"]][1] * 1000
        if clock is None:
            s["clock"] = None
            continue
        if s["clock"] is not None and s["clock"] + added - clock >= 0:
            out[i] = s["clock"] + added - clock
        s["clock"] = clock
    return out


def number(tag):
    if tag is None or not re.fullmatch(r"[+-]?\d{1,18}", tag):
        return None
    return int(tag)


def iso_date(d):
    if d is None or not re.fullmatch(r"\d{4}[./-](\d\d|\?\?)[./-](\d\d|\?\?)", d):
        return None
    y, m, day = d[:4], d[5:7], d[8:10]
    if not m.isdigit() or not "01" <= m <= "12":
        return y
    if not day.isdigit() or not "01" <= day <= "31":
        return f"{y}-{m}"
    return f"{y}-{m}-{day}"


def expected_game(game):
    """What this script reads: per-move values and game values, from the JSON's tags and notes."""
    tags = game["tags"]
    plies = len(game["san"])
    per_ply = [{} for _ in range(plies + 1)]
    for note in game.get("notes", []):
        if "comment" in note and 0 <= note["ply"] <= plies:
            found = commands_of(note["comment"])
            for k, v in found.items():
                per_ply[note["ply"]].setdefault(k, v)
    clocks = [per_ply[p].get("clk") for p in range(1, plies + 1)]
    tc = time_control(tags.get("TimeControl"))
    date = iso_date(tags.get("UTCDate", tags.get("Date")))
    utc = None
    t = tags.get("UTCTime")
    if date and len(date) == 10 and t and re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)", t):
        utc = f"{date}T{t}Z"
    game_values = {
        "speed": speed(tc),
        "clock_base": tc[0][1] if isinstance(tc, list) else None,
        "clock_increment": tc[0][2] if isinstance(tc, list) else None,
        "date": date, "utc": utc,
        "white_elo": number(tags.get("WhiteElo")), "black_elo": number(tags.get("BlackElo")),
        "white_rating_diff": number(tags.get("WhiteRatingDiff")),
        "black_rating_diff": number(tags.get("BlackRatingDiff")),
    }
    moves = [{"clock": seconds(per_ply[p].get("clk")), "elapsed": seconds(per_ply[p].get("emt")),
              "eval": per_ply[p].get("eval")} for p in range(1, plies + 1)]
    for m, s in zip(moves, spent_times(clocks, tc)):
        m["spent"] = seconds(s)
    return moves, game_values


def close(a, b):
    if a is None or b is None:
        return a is None and b is None
    return abs(float(a) - float(b)) < 1e-9


def check_file(tool, path):
    where = os.path.basename(path)
    original = open(path, "rb").read()
    # Round trip.
    pgn = run(tool, ["-q", path])
    jsonl = run(tool, ["-q", "--to", "jsonl", path])
    again = run(tool, ["-q", "--from", "jsonl", "-"], stdin=jsonl)
    if pgn != again:
        problem(where, "PGN -> JSON Lines -> PGN differs from PGN -> PGN")
    before = re.findall(rb"\[%(?:clk|emt|eval)[^\]]*\]", original)
    after = re.findall(rb"\[%(?:clk|emt|eval)[^\]]*\]", again)
    if before != after:
        lost = [c for c in before if c not in after][:3]
        problem(where, f"{len(before)} commands read, {len(after)} written back; e.g. {lost}")
    games = [json.loads(line) for line in jsonl.decode().splitlines()]
    expected = {}
    for g in games:
        key = (g["file"], g["game"])
        moves, values = expected_game(g)
        expected[key] = (moves, values)
        gw = f"{where} game {g['game']}"
        for field, name in (("clock", "clock"), ("elapsed", "elapsed"), ("eval", "eval")):
            want = [m[name] for m in moves]
            got = g.get(field, [None] * len(moves))
            if all(w is None for w in want):
                if field in g:
                    problem(gw, f'"{field}" written though no move has one')
                continue
            if len(got) != len(want) or any(
                    (w != x) if field == "eval" else not close(w, x) for w, x in zip(want, got)):
                problem(gw, f'"{field}" {got[:8]}... but the comments say {want[:8]}...')
        for k, v in values.items():
            if g.get(k) != v:
                problem(gw, f'"{k}" is {g.get(k)!r}, the tags say {v!r}')
    # CSV per position.
    rows = csv.DictReader(io.StringIO(run(tool, ["-q", "--to", "csv", "--positions", "--csv-raw",
                                                 path]).decode()))
    seen = 0
    for row in rows:
        moves, _ = expected[(row["file"], int(row["game"]))]
        ply = int(row["ply"])
        m = moves[ply] if ply < len(moves) else {"clock": None, "elapsed": None, "spent": None,
                                                 "eval": None}
        ev = m["eval"] or {}
        want = {"clock": m["clock"], "elapsed": m["elapsed"], "spent": m["spent"],
                "eval_cp": ev.get("cp"), "eval_mate": ev.get("mate"),
                "eval_depth": ev.get("depth")}
        for k, v in want.items():
            cell = row[k]
            if not close(v, float(cell) if cell != "" else None):
                problem(f"{where} game {row['game']} ply {ply}", f"CSV {k} {cell!r}, expected {v}")
        seen += 1
    # CSV per game.
    for row in csv.DictReader(io.StringIO(run(tool, ["-q", "--to", "csv", "--csv-raw",
                                                     path]).decode())):
        _, values = expected[(row["file"], int(row["game"]))]
        cells = {"speed": row["speed"] or None, "date": row["date_iso"] or None,
                 "utc": row["utc"] or None}
        for k, column in (("clock_base", "clock_base"), ("clock_increment", "clock_increment"),
                          ("white_elo", "WhiteElo"), ("black_elo", "BlackElo"),
                          ("white_rating_diff", "WhiteRatingDiff"),
                          ("black_rating_diff", "BlackRatingDiff")):
            cells[k] = int(row[column]) if row[column] != "" else None
        for k, v in cells.items():
            if values[k] != v:
                problem(f"{where} game {row['game']}", f"CSV {k} {v!r}, expected {values[k]!r}")
    # SQLite.
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "games.db")
        run(tool, ["-q", "--to", "sqlite", "-o", db, path])
        con = sqlite3.connect(db)
        by_id = {}
        for (gid, file, index, spd, base, inc, welo, belo, wdiff, bdiff, date, utc, white,
             black, wname, bname) in con.execute(
                "SELECT g.id, file, game_index, speed, clock_base, clock_increment, white_elo, "
                "black_elo, white_rating_diff, black_rating_diff, date_iso, utc, white, black, "
                "w.name, b.name FROM games g LEFT JOIN players w ON w.id = g.white_id "
                "LEFT JOIN players b ON b.id = g.black_id"):
            by_id[gid] = (file, index)
            _, values = expected[(file, index)]
            got = {"speed": spd, "clock_base": base, "clock_increment": inc, "white_elo": welo,
                   "black_elo": belo, "white_rating_diff": wdiff, "black_rating_diff": bdiff,
                   "date": date, "utc": utc}
            for k, v in got.items():
                if values[k] != v:
                    problem(f"{where} game {index}", f"SQLite {k} {v!r}, expected {values[k]!r}")
            if (white, black) != (wname, bname):
                problem(f"{where} game {index}", f"players {wname}, {bname} for {white}, {black}")
        for gid, ply, clock, elapsed, spent, cp, mate, depth in con.execute(
                "SELECT game_id, ply, clock, elapsed, spent, eval_cp, eval_mate, eval_depth "
                "FROM moves"):
            moves, _ = expected[by_id[gid]]
            m = moves[ply - 1]
            ev = m["eval"] or {}
            for k, got, want in (("clock", clock, m["clock"]), ("elapsed", elapsed, m["elapsed"]),
                                 ("spent", spent, m["spent"]), ("eval_cp", cp, ev.get("cp")),
                                 ("eval_mate", mate, ev.get("mate")),
                                 ("eval_depth", depth, ev.get("depth"))):
                if not close(got, want):
                    problem(f"{where} game {by_id[gid][1]} ply {ply}",
                            f"SQLite {k} {got!r}, expected {want!r}")
        names = {n for g in games for n in (g["tags"]["White"], g["tags"]["Black"])}
        stored = {n for (n,) in con.execute("SELECT name FROM players")}
        if names != stored:
            problem(where, f"players table {sorted(stored)[:5]}... for {sorted(names)[:5]}...")
        events = {g["tags"]["Event"] for g in games}
        if events != {n for (n,) in con.execute("SELECT name FROM events")}:
            problem(where, "the events table is not the set of Event tags")
        rows = con.execute("SELECT count(*) FROM player_games").fetchone()[0]
        if rows != 2 * len(games):
            problem(where, f"player_games has {rows} rows for {len(games)} games")
        con.close()
    return len(games), seen


def check_pandas(tool, path):
    """pandas reads the CSV outputs without options: the number columns come out as numbers."""
    try:
        import pandas
    except ImportError:
        return
    where = os.path.basename(path)
    for args, numbers in (
            (["--to", "csv", "--positions"],
             ["game", "ply", "clock", "elapsed", "spent", "eval_cp", "eval_mate", "eval_depth"]),
            (["--to", "csv"],
             ["game", "WhiteElo", "BlackElo", "clock_base", "clock_increment", "WhiteRatingDiff",
              "BlackRatingDiff", "plies"])):
        frame = pandas.read_csv(io.BytesIO(run(tool, ["-q"] + args + [path])))
        for column in numbers:
            if not pandas.api.types.is_numeric_dtype(frame[column]):
                problem(where, f"pandas reads {' '.join(args)} column {column} as {frame[column].dtype}")
        if "utc" in frame:
            pandas.to_datetime(frame["utc"].dropna(), utc=True)


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        sys.exit(2)
    tool = sys.argv[1]
    for path in sys.argv[2:]:
        games, rows = check_file(tool, path)
        check_pandas(tool, path)
        print(f"{os.path.basename(path)}: {games} games, {rows} position rows checked")
    report()


if __name__ == "__main__":
    main()
