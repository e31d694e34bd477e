#!/usr/bin/env python3
"""Checks the judgement of fairy-analyze --engine against figures made here.

Usage: judgement_check.py FAIRY_CONVERT FAIRY_ANALYZE FAKE_ENGINE [--seed N] [--band W]
                          [--scores FILE] FILE...

Every position of the games gets a score chosen here: from a --scores file (the fake
engine's format: a FEN's first four fields and "cp N" or "mate N" from the side to move's
view), else one made from a hash of the position and --seed (centipawns from -700 to 700, and
one position in 16 a mate). The fake engine (tests/tools/fake_uci_engine.cpp) is given these
scores with its --scores, so that fairy-analyze judges the moves by them; this script judges
them again with no fairykit code, from lichess's definitions as docs/fairy-analyze.md states
them:

  expected score   E(cp) = 1 / (1 + exp(-0.00368208 cp)), cp clamped to +-1000, a mate at the
                   ceiling of the side that mates (mate 0: the side to move is mated)
  class            the mover's E before minus after: 0.05 inaccuracy, 0.10 mistake, 0.15
                   blunder
  centipawn loss   the mover's clamped cp before minus after, at least 0
  move accuracy    103.1668100711649 exp(-0.04354415386753951 d) - 3.166924740191411 + 1,
                   d the drop in the mover's win % (100 E), in [0, 100]; 100 with no drop
  game accuracy    lichess's AccuracyPercent.gameAccuracy: windows of the win % of
                   clamp(moves / 10, 2, 8) positions, each move weighted by the standard
                   deviation of its window in [0.5, 12]; per side, the mean of the weighted
                   mean and the harmonic mean (accuracies at least 1)

The positions come from fairy-analyze --positions (the FEN of every ply), the moves, players
and ratings from fairy-convert --to jsonl, and which positions have no evaluation (an
engine failed, no engine plays the game) or are game ends (checkmate, stalemate: scored by
the rules) from fairy-analyze --engine's own records, whose best move and line the move
records carry. Then fairy-analyze --engine --report moves must write the records made here,
and --report tables --format csv --csv-raw every cell made here. Prints each difference and
exits 1 when there is one; --print prints the expected records and tables instead.
"""

import argparse
import collections
import csv
import hashlib
import io
import json
import math
import os
import subprocess
import sys
import tempfile

CEILING = 1000
VARIANTS = ["chess", "chess960", "cwda", "superchess", "interweave", "fluidity"]


def run(args):
    r = subprocess.run(args, capture_output=True)
    if r.returncode not in (0, 1, 3):
        print(f"{' '.join(args)} failed ({r.returncode}): {r.stderr.decode()[:500]}")
        sys.exit(2)
    return r.stdout.decode()


def expected(cp):
    cp = max(-CEILING, min(CEILING, cp))
    return 1.0 / (1.0 + math.exp(-0.00368208 * cp))


def win_percent(cp):
    return 50 + 50 * (2 * expected(cp) - 1)


def move_accuracy(before, after):
    """lichess's accuracy of a move whose mover's win % went from before to after."""
    if after >= before:
        return 100.0
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * (before - after)) - 3.166924740191411
    return max(0.0, min(100.0, raw + 1))


def stdev(xs):
    m = sum(xs) / len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / len(xs))


def game_accuracy(cps, white_first):
    """{'white': a, 'black': b} of the evaluations (White's view) of every position."""
    wins = [win_percent(c) for c in cps]
    moves = len(cps) - 1
    size = max(2, min(8, moves // 10))
    size = min(size, len(wins))
    windows = [wins[:size]] * (size - 2) + [wins[i:i + size] for i in range(len(wins) - size + 1)]
    weights = [max(0.5, min(12.0, stdev(w))) for w in windows]
    per = {"white": [], "black": []}
    for i in range(moves):
        white = (i % 2 == 0) == white_first
        if white:
            acc = move_accuracy(wins[i], wins[i + 1])
        else:
            acc = move_accuracy(100 - wins[i], 100 - wins[i + 1])
        per["white" if white else "black"].append((acc, weights[i]))
    out = {}
    for side, xs in per.items():
        if not xs:
            continue
        weighted = sum(a * w for a, w in xs) / sum(w for _, w in xs)
        harmonic = len(xs) / sum(1 / max(1.0, a) for a, _ in xs)
        out[side] = (weighted + harmonic) / 2
    return out


def position_name(variant, fen):
    """A position without its move counters: the FEN's fields but the fifth and sixth (in
    Interweave's vchess FEN, <board> <turn> <movesCount> <ep> <pool> [<halfmove>], the third
    and the sixth)."""
    f = fen.split()
    if variant == "interweave":
        return variant + " " + " ".join(f[:2] + f[3:5])
    return variant + " " + " ".join(f[:4] + f[6:])


def chosen_score(name, seed):
    h = int(hashlib.sha256(f"{seed} {name}".encode()).hexdigest(), 16)
    if h % 16 == 0:
        return ("mate", (h >> 8) % 9 - 4 or 1)
    return ("cp", (h >> 16) % 1401 - 700)


def white_view(kind, n, white_to_move):
    return (kind, n if white_to_move else -n)


def judged_cp(kind, n, white_to_move):
    if kind == "mate":
        white_mates = (not white_to_move) if n == 0 else n > 0
        return CEILING if white_mates else -CEILING
    return max(-CEILING, min(CEILING, n))


def f1(x):
    return "%.1f" % x


def f2(x):
    return "%.2f" % x


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("convert")
    ap.add_argument("analyze")
    ap.add_argument("engine")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--band", type=int, default=200)
    ap.add_argument("--scores")
    ap.add_argument("--print", action="store_true")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()

    games = [json.loads(l) for l in run([a.convert, "-q", "--to", "jsonl"] + a.files).splitlines()]
    fens = collections.defaultdict(dict)  # (file, game) -> ply -> (variant, fen, side)
    for line in run([a.analyze, "-q", "--positions"] + a.files).splitlines():
        r = json.loads(line)
        fens[(r["file"], r["game"])][r["ply"]] = (r["variant"], r["fen"], r["side"])

    scores = {}  # first four FEN fields -> (kind, n) from the side to move's view
    if a.scores:
        for line in open(a.scores):
            w = line.split("#")[0].split()
            if w:
                scores[" ".join(w[:4])] = (w[4], int(w[5]))
    for positions in fens.values():
        for variant, fen, _ in positions.values():
            key = " ".join(fen.split()[:4])
            if key not in scores:
                scores[key] = chosen_score(position_name(variant, fen), a.seed)
    tmp = tempfile.mkdtemp(prefix="judgement-check-")
    score_file = os.path.join(tmp, "scores.txt")
    with open(score_file, "w") as f:
        for key, (kind, n) in sorted(scores.items()):
            f.write(f"{key} {kind} {n}\n")
    # --variant-path: the fake engine takes fairykit's variants file as Fairy-Stockfish does,
    # so that the Superchess and CwDA games are judged too.
    engine = ["--engine", f"{a.engine} --variant-path --scores {score_file}", "--nodes", "3", "-q"]

    # The engine's records: errors, game ends, best moves and lines, by position.
    records = {}
    no_engine = set()  # the games no engine plays here: their FENs need not be told apart
    for line in run([a.analyze] + engine + a.files).splitlines():
        r = json.loads(line)
        records[position_name(r["variant"], r["fen"])] = r
        if r.get("error", "").startswith("no engine analyses"):
            no_engine.add(r["variant"])

    def evaluation(variant, fen, side):
        """(kind, n) from White's view, or None."""
        if variant in no_engine:
            return None
        r = records[position_name(variant, fen)]
        if "error" in r:
            return None
        if "search" in r:
            # fairykit's own search (a game no engine plays): only a forced win it found is
            # an evaluation; "no forced win" and "node limit" are none.
            return ("mate", r["mate"]) if "mate" in r and "status" not in r else None
        if "status" in r:
            # A game end, scored by the rules (mate 0: the side to move has lost).
            return ("mate", 0) if "mate" in r else ("cp", 0)
        kind, n = scores[" ".join(fen.split()[:4])]
        return white_view(kind, n, side == "white")

    moves_out = []
    by_variant = collections.OrderedDict()
    game_rows = []
    players = {}
    bands = {}

    def totals():
        return {"games": 0, "with_acc": 0, "moves": 0, "unjudged": 0, "loss": 0,
                "classes": [0, 0, 0, 0], "acc": []}

    def add_side(t, s):
        t["moves"] += s["moves"]
        t["unjudged"] += s["unjudged"]
        t["loss"] += s["loss"]
        for c in range(4):
            t["classes"][c] += s["classes"][c]
        if s["acc"] is not None:
            t["acc"].append(s["acc"])

    def figure_cells(moves, unjudged, loss, acc, classes):
        return [str(moves), str(unjudged), f1(loss / moves) if moves else "",
                "" if acc is None else f1(acc)] + [str(c) for c in classes[1:]] + \
            [f2(100 * c / moves) if moves else "" for c in classes[1:]]

    for g in games:
        positions = fens[(g["file"], g["game"])]
        n = len(positions)
        if n < 2:
            continue
        evals = [evaluation(*positions[p]) for p in range(n)]
        cps = [None if e is None else judged_cp(e[0], e[1], positions[p][2] == "white")
               for p, e in enumerate(evals)]
        sides = {s: {"moves": 0, "unjudged": 0, "loss": 0, "classes": [0, 0, 0, 0], "acc": None,
                     "moved": False} for s in ("white", "black")}
        for ply in range(1, n):
            mover = positions[ply - 1][2]
            s = sides[mover]
            s["moved"] = True
            if cps[ply - 1] is None or cps[ply] is None:
                s["unjudged"] += 1
                continue
            sign = 1 if mover == "white" else -1
            before, after = sign * cps[ply - 1], sign * cps[ply]
            eb, ea = expected(before), expected(after)
            loss = max(0.0, eb - ea)
            cls = 3 if loss >= 0.15 else 2 if loss >= 0.10 else 1 if loss >= 0.05 else 0
            s["moves"] += 1
            s["loss"] += max(0, before - after)
            s["classes"][cls] += 1
            r = records[position_name(positions[ply - 1][0], positions[ply - 1][1])]
            eb_w, ea_w = evals[ply - 1], evals[ply]
            rec = collections.OrderedDict()
            rec["file"] = g["file"]
            rec["game"] = g["game"]
            rec["ply"] = ply
            rec["variant"] = positions[ply - 1][0]
            rec["side"] = mover
            rec["move"] = g["uci"][ply - 1]
            rec["san"] = g["san"][ply - 1]
            rec["before"] = {eb_w[0]: eb_w[1]}
            rec["after"] = {ea_w[0]: ea_w[1]}
            rec["mover_before"] = {eb_w[0]: sign * eb_w[1]}
            rec["mover_after"] = {ea_w[0]: sign * ea_w[1]}
            rec["best"] = r["best"]
            rec["pv"] = r["pv"]
            rec["expected_before"] = "%.4f" % eb
            rec["expected_after"] = "%.4f" % ea
            rec["expected_loss"] = "%.4f" % loss
            rec["cp_loss"] = max(0, before - after)
            rec["accuracy"] = "%.2f" % move_accuracy(100 * eb, 100 * ea)
            rec["class"] = ["good", "inaccuracy", "mistake", "blunder"][cls]
            moves_out.append(rec)
        whole = all(c is not None for c in cps)
        if whole:
            acc = game_accuracy(cps, positions[0][2] == "white")
            for side in ("white", "black"):
                sides[side]["acc"] = acc.get(side)
        v = by_variant.setdefault(positions[0][0], totals())
        v["games"] += 1
        v["with_acc"] += whole
        for side in ("white", "black"):
            s = sides[side]
            if not s["moved"]:
                continue
            add_side(v, s)
            name = g["tags"].get("White" if side == "white" else "Black", "")
            elo = g.get("white_elo" if side == "white" else "black_elo", 0)
            for t in ([players.setdefault(name, totals())] if name not in ("", "?") else []) + \
                    ([bands.setdefault(elo // a.band * a.band, totals())] if elo > 0 else []):
                t["games"] += 1
                t["with_acc"] += s["acc"] is not None
                add_side(t, s)
            game_rows.append([g["file"], str(g["game"]), side, name, str(elo) if elo else ""] +
                             figure_cells(s["moves"], s["unjudged"], s["loss"], s["acc"],
                                          s["classes"]))

    def total_cells(t):
        acc = sum(t["acc"]) / len(t["acc"]) if t["acc"] else None
        return figure_cells(t["moves"], t["unjudged"], t["loss"], acc, t["classes"])

    tables = collections.OrderedDict()
    tables["judgement_summary"] = [
        [v, str(t["games"]), str(t["with_acc"])] + total_cells(t)
        for v, t in sorted(by_variant.items(), key=lambda kv: VARIANTS.index(kv[0]))]
    tables["judgement_by_game"] = game_rows
    if players:
        order = sorted(players.items(), key=lambda kv: (-kv[1]["moves"], kv[0].encode()))
        tables["judgement_by_player"] = [[p, str(t["games"]), str(t["with_acc"])] + total_cells(t)
                                         for p, t in order]
    if bands:
        tables["judgement_by_rating_band"] = [
            [f"{b}-{b + a.band - 1}", str(t["games"]), str(t["with_acc"])] + total_cells(t)
            for b, t in sorted(bands.items())]

    def record_text(rec):
        parts = []
        for k, v in rec.items():
            if k.startswith("expected_") or k == "accuracy":
                parts.append(f'"{k}":{v}')
            else:
                parts.append(json.dumps(k) + ":" + json.dumps(v, separators=(",", ":"),
                                                              ensure_ascii=False))
        return "{" + ",".join(parts) + "}"

    expected_moves = [record_text(r) for r in moves_out]
    if a.print:
        print("\n".join(expected_moves))
        for name, rows in tables.items():
            print(name)
            for row in rows:
                print("  " + " | ".join(row))
        return 0

    failures = 0
    got_moves = run([a.analyze] + engine + ["--report", "moves"] + a.files).splitlines()
    if got_moves != expected_moves:
        for i in range(max(len(got_moves), len(expected_moves))):
            g = got_moves[i] if i < len(got_moves) else "(none)"
            e = expected_moves[i] if i < len(expected_moves) else "(none)"
            if g != e:
                failures += 1
                if failures <= 10:
                    print(f"move record {i + 1}:\n  got      {g}\n  expected {e}")
    got = collections.OrderedDict()
    out = run([a.analyze] + engine + ["--report", "tables", "--format", "csv", "--csv-raw",
                                      "--top", "0", "--rating-band", str(a.band)] + a.files)
    for row in csv.DictReader(io.StringIO(out)):
        rows = got.setdefault(row["table"], {})
        rows.setdefault(int(row["row"]), []).append(row["value"])
    got = {name: [rows[i] for i in sorted(rows)] for name, rows in got.items()}
    for name, rows in tables.items():
        if got.get(name) != rows:
            failures += 1
            print(f"table {name}:")
            for i in range(max(len(rows), len(got.get(name, [])))):
                g = got.get(name, [])
                gr = g[i] if i < len(g) else None
                er = rows[i] if i < len(rows) else None
                if gr != er:
                    print(f"  row {i + 1}: got {gr}\n          expected {er}")
    for name in got:
        if name not in tables:
            failures += 1
            print(f"table {name}: not expected")
    judged = len(expected_moves)
    print(f"{judged} moves judged, {len(game_rows)} sides of games, {len(players)} players, "
          f"{len(bands)} rating bands: {'all equal' if not failures else f'{failures} differences'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
