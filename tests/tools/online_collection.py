#!/usr/bin/env python3
"""Writes an online-play game collection made from real games: a seeded, deterministic generator.

Usage: online_collection.py [--fairy-convert PATH] [--seed S] [--games N] [--variants LIST]
                            [--players N] [--tournaments K] [--malformed] [-o FILE] [PGN...]

The bundled games (samples/*.pgn and tests/data/corpus/standard/twic0920.pgn by default) keep
their moves; around them this writes what an online server's export holds, as the lichess
database does:

  tags      Event ("Rated Blitz game", "Casual Rapid game", or a tournament's name), Site (a
            game URL), Date and UTCDate, UTCTime, WhiteElo/BlackElo (a few "?"),
            WhiteRatingDiff/BlackRatingDiff (Elo's expectation, K = 20), TimeControl (a mix
            from ultrabullet to correspondence, a few "?" and one multi-period form), the
            Variant and a set-up position's FEN, Termination ("Normal", "Time forfeit").
  comments  after every move: [%clk H:MM:SS] for games with a clock (each side's clock
            starts at the base, each move spends a plausible time and gains the increment);
            [%emt H:MM:SS] beside it in some games; [%eval P] (pawns, "#N" for a mate, a
            ",DEPTH" now and then) in about a third of the games: a random walk with
            blunders that ends where the result says, mate scores counting down before a
            checkmate and none after the mating move.
  results   the game's own result; a decisive game that did not end on the board may instead
            be lost on time by the side to move (Termination "Time forfeit", the loser's clock
            at 0:00:00).
  events    K round robins (4 to 6 players, each pair twice with colours swapped) come first,
            with their Round tags; the other games have Round "-".

--malformed puts a few commands that cannot be read ([%clk 0:61:00], [%eval abc], [%clk])
into some comments, for the tools' warnings. The moves come from `fairy-convert --to jsonl`
(found on PATH, or --fairy-convert); games it rejects are skipped. Output: -o FILE (default
standard output). The same arguments give the same bytes.
"""

import argparse
import json
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# (TimeControl, weight): lichess's mix, with more of the rare kinds than it has.
TIME_CONTROLS = [("15+0", 2), ("60+0", 8), ("120+1", 5), ("180+0", 10), ("180+2", 10),
                 ("300+0", 10), ("300+3", 8), ("600+0", 8), ("600+5", 6), ("900+10", 5),
                 ("1800+0", 3), ("1800+20", 3), ("-", 3), ("?", 2), ("40/7200:3600", 2)]
LIMITS = [(30, "UltraBullet"), (180, "Bullet"), (480, "Blitz"), (1500, "Rapid"),
          (21600, "Classical")]
NAMES = ["anna", "boris", "chen", "dana", "emil", "fatima", "goran", "hana", "ivan", "jun",
         "kofi", "lena", "milo", "nadia", "oskar", "priya", "quinn", "rosa", "sven", "tara"]
ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]


def clock_text(seconds):
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


def pawns_text(cp):
    text = f"{cp / 100:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def periods(tc):
    """[(moves, seconds, increment)] of a TimeControl, or None without a clock."""
    if tc in ("-", "?"):
        return None
    out = []
    for part in tc.split(":"):
        moves = 0
        if "/" in part:
            m, part = part.split("/")
            moves = int(m)
        base, _, inc = part.partition("+")
        out.append((moves, int(base), int(inc or 0)))
    return out


def speed_name(tc):
    p = periods(tc)
    if tc == "?":
        return "Rated"
    if p is None:
        return "Correspondence"
    seconds = p[0][1] + 40 * p[0][2]
    for limit, name in LIMITS:
        if seconds < limit:
            return name
    return "Correspondence"


def read_games(convert, paths, variants):
    games = []
    for path in paths:
        r = subprocess.run([convert, "-q", "-j", "1", "--to", "jsonl", "--no-comments",
                            "--no-variations", "--no-nags", path], capture_output=True)
        if r.returncode not in (0, 1):
            sys.exit(f"online_collection.py: {convert} failed on {path}: {r.stderr.decode()[:300]}")
        for line in r.stdout.decode().splitlines():
            g = json.loads(line)
            if not g["san"] or (variants and g["variant"] not in variants):
                continue
            games.append((g["variant"], g.get("start_fen"), g["san"], g["result"]))
    if not games:
        sys.exit("online_collection.py: no game read")
    return games


class Writer:
    def __init__(self, rng, args):
        self.rng = rng
        self.args = args
        self.players = [(f"{rng.choice(NAMES)}{i}", max(600, min(3000, int(rng.gauss(1500, 350)))))
                        for i in range(args.players)]

    def clocks(self, plies, tc, forfeit_side):
        """The clock after each ply (seconds) and the time each took, or None without a clock."""
        p = periods(tc)
        if p is None:
            return None, None
        rng = self.rng
        left = [float(p[0][1]), float(p[0][1])]
        period = [0, 0]
        made = [0, 0]
        clocks, spent = [], []
        for ply in range(plies):
            side = ply % 2
            moves, _, inc = p[period[side]]
            if ply < 16:
                share = rng.uniform(0.002, 0.01)
            else:
                share = rng.uniform(0.01, 0.06)
            t = float(int(min(left[side], left[side] * share + rng.uniform(0, 2 + inc))))
            if forfeit_side == side and ply >= plies - 2:
                t = left[side]
            left[side] -= t
            gained = inc
            made[side] += 1
            if moves and made[side] == moves:
                made[side] = 0
                if period[side] + 1 < len(p):
                    period[side] += 1
                gained += p[period[side]][1]
            if not (forfeit_side == side and ply >= plies - 2):
                left[side] += gained
            else:
                gained = 0
            clocks.append(left[side])
            spent.append(t)
        return clocks, spent

    def evals(self, sans, result, black_starts):
        rng = self.rng
        n = len(sans)
        mate = sans[-1].endswith("#")
        goal = {"1-0": 600, "0-1": -600}.get(result, 0)
        e, out = rng.randint(10, 40), []
        for ply in range(n):
            e += int(rng.gauss(0, 25))
            if rng.random() < 0.04:  # a blunder by the mover
                e += (-1 if ply % 2 == 0 else 1) * rng.randint(150, 600)
            if ply >= n - 12:
                e += (goal - e) // 4
            out.append(max(-2500, min(2500, e)))
        texts = [pawns_text(v) for v in out]
        if mate:
            # The side that made the last move mates; from White's side, mate in 1 after each
            # of the two plies before the mate, in 2 before them; no evaluation after it.
            white_mates = (n % 2 == 1) != black_starts
            sign = "" if white_mates else "-"
            texts[-1] = None
            for back, moves in ((2, 1), (3, 1), (4, 2)):
                if n >= back:
                    texts[-back] = f"#{sign}{moves}"
        return texts

    def game(self, base, white, black, event, round_, tc):
        rng = self.rng
        variant, start_fen, sans, result = base
        played = result  # what the board said: the evaluations go there
        black_starts = bool(start_fen) and start_fen.split(" ")[1] == "b"
        forfeit_side = None
        termination = "Normal"
        # Only a decisive game that did not end on the board can end on time instead (a
        # stalemate or a dead position ends the game whatever the clock says).
        if (tc not in ("-", "?") and result in ("1-0", "0-1") and not sans[-1].endswith("#")
                and len(sans) >= 6 and rng.random() < 0.15):
            forfeit_side = len(sans) % 2  # the side to move after the last ply ran out
            white_lost = (forfeit_side == 0) != black_starts
            result = "0-1" if white_lost else "1-0"
            termination = "Time forfeit"
        clocks, spent = self.clocks(len(sans), tc, forfeit_side)
        with_emt = clocks is not None and rng.random() < 0.15
        evals = self.evals(sans, played, black_starts) if rng.random() < 0.3 else None
        depth = evals is not None and rng.random() < 0.1
        day = f"2024.{rng.randint(1, 12):02d}.{rng.randint(1, 28):02d}"
        (wname, welo), (bname, belo) = white, black
        tags = {"Event": event, "Site": "https://lichess.org/" + "".join(rng.choice(ALNUM) for _ in range(8)),
                "Date": day, "Round": round_, "White": wname, "Black": bname, "Result": result,
                "UTCDate": day,
                "UTCTime": f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}"}
        rated = rng.random() > 0.03
        tags["WhiteElo"] = str(welo) if rated else "?"
        tags["BlackElo"] = str(belo) if rated else "?"
        if rated and result != "*":
            score = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
            expect = 1 / (1 + 10 ** ((belo - welo) / 400))
            d = round(20 * (score - expect))
            tags["WhiteRatingDiff"] = f"{d:+d}"
            tags["BlackRatingDiff"] = f"{-d:+d}"
        if variant != "chess":
            tags["Variant"] = variant
        tags["TimeControl"] = tc
        tags["Termination"] = termination
        if start_fen:
            tags["SetUp"] = "1"
            tags["FEN"] = start_fen
        first_move = 1
        if start_fen:
            fields = start_fen.split(" ")
            first_move = int(fields[-1]) if fields[-1].isdigit() else 1
        parts = []
        for ply, san in enumerate(sans):
            white_moves = (ply % 2 == 0) != black_starts
            number = first_move + (ply + (1 if black_starts else 0)) // 2
            parts.append(f"{number}. {san}" if white_moves else f"{number}... {san}")
            commands = []
            if evals is not None and evals[ply] is not None:
                e = evals[ply]
                commands.append(f"[%eval {e},{rng.randint(16, 30)}]" if depth and ply % 7 == 0
                                else f"[%eval {e}]")
            if clocks is not None:
                commands.append(f"[%clk {clock_text(clocks[ply])}]")
                if with_emt:
                    commands.append(f"[%emt {clock_text(spent[ply])}]")
            if self.args.malformed and rng.random() < 0.01:
                commands.append(rng.choice(["[%clk 0:61:00]", "[%eval abc]", "[%clk]"]))
            if commands:
                parts.append("{ " + " ".join(commands) + " }")
        parts.append(result)
        head = "".join(f'[{k} "{tags[k]}"]\n' for k in ROSTER)
        head += "".join(f'[{k} "{v}"]\n' for k, v in tags.items() if k not in ROSTER)
        return head + "\n" + " ".join(parts) + "\n\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("inputs", nargs="*", help="PGN files whose moves are used")
    parser.add_argument("--fairy-convert", default="fairy-convert")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--variants", default="", help="comma-separated variant names to keep")
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--tournaments", type=int, default=3)
    parser.add_argument("--malformed", action="store_true")
    parser.add_argument("-o", "--output", default="-")
    args = parser.parse_args()
    inputs = args.inputs or sorted(
        os.path.join(ROOT, "samples", f) for f in os.listdir(os.path.join(ROOT, "samples"))
        if f.endswith(".pgn") and f != "broken.pgn") + [
        os.path.join(ROOT, "tests/data/corpus/standard/twic0920.pgn")]
    variants = {v for v in args.variants.split(",") if v}
    bases = read_games(args.fairy_convert, inputs, variants)
    rng = random.Random(args.seed)
    w = Writer(rng, args)
    out = sys.stdout if args.output == "-" else open(args.output + ".part", "w", encoding="utf-8")
    written = 0
    next_base = 0
    for t in range(args.tournaments):
        if written >= args.games:
            break
        members = rng.sample(w.players, rng.randint(4, 6))
        tc = rng.choice(["180+2", "300+3", "600+5"])
        event = f"Online Round Robin {t + 1}"
        pairs = [(a, b) for i, a in enumerate(members) for b in members[i + 1:]]
        for round_, (a, b) in enumerate(pairs + [(b, a) for a, b in pairs], 1):
            if written >= args.games:
                break
            out.write(w.game(bases[next_base % len(bases)], a, b, event, str(round_), tc))
            next_base += 1
            written += 1
    weights = [x for _, x in TIME_CONTROLS]
    controls = [tc for tc, _ in TIME_CONTROLS]
    while written < args.games:
        tc = rng.choices(controls, weights)[0]
        white, black = rng.sample(w.players, 2)
        kind = "Casual" if rng.random() < 0.1 else "Rated"
        event = f"{kind} {speed_name(tc)} game" if tc != "?" else "Rated game"
        out.write(w.game(bases[next_base % len(bases)], white, black, event, "-", tc))
        next_base += 1
        written += 1
    if out is not sys.stdout:
        out.close()
        os.replace(args.output + ".part", args.output)


if __name__ == "__main__":
    main()
