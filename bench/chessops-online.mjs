// The comparison job of bench/online-vs-chessops.sh: what a researcher would script with
// chessops (the lichess library) for the statistics of online play that fairy-analyze
// --online makes among its tables: per speed class (from TimeControl, lichess's limits) the
// results, and per speed class and move number the clocks of the [%clk] comments, every move
// replayed and checked. Streams the PGN file given; prints "games N", "rejected N",
// "result SPEED R N" and "clocks SPEED N SUM" (SUM in milliseconds; the clocks of the first
// 120 moves, as fairy-analyze's clock_by_move lists them).
// Usage: node chessops-online.mjs FILE.pgn   (chessops importable from the working folder)
import { createReadStream } from 'node:fs';
import { PgnParser, parseComment, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';

const counts = { games: 0, rejected: 0 };
const results = new Map();  // "speed result" -> games
const clocks = new Map();   // speed -> [count, sum of milliseconds]
const limits = [[30, 'ultrabullet'], [180, 'bullet'], [480, 'blitz'], [1500, 'rapid'],
                [21600, 'classical']];

function speedOf(tc) {
  if (tc === undefined || tc === '?' || tc === '') return undefined;
  if (tc === '-') return 'correspondence';
  const first = tc.split(':')[0].replace(/^\d+\//, '');
  const [base, inc] = first.split('+');
  const seconds = Number(base) + 40 * Number(inc ?? 0);
  for (const [limit, name] of limits) if (seconds < limit) return name;
  return 'correspondence';
}

function game(g) {
  counts.games++;
  const start = startingPosition(g.headers);
  if (start.isErr) {
    counts.rejected++;
    return;
  }
  const pos = start.value;
  const speed = speedOf(g.headers.get('TimeControl'));
  let count = 0, sum = 0, ply = 0;
  for (const node of g.moves.mainline()) {
    const move = parseSan(pos, node.san);
    if (!move) {
      counts.rejected++;
      return;
    }
    pos.play(move);
    // fairy-analyze's clock_by_move lists the first 120 moves.
    if (ply++ >= 240) continue;
    for (const c of node.comments ?? []) {
      const clock = parseComment(c).clock;
      if (clock !== undefined) {
        count++;
        sum += Math.round(clock * 1000);
        break;
      }
    }
  }
  if (speed === undefined) return;
  const key = `${speed} ${g.headers.get('Result') ?? '*'}`;
  results.set(key, (results.get(key) ?? 0) + 1);
  const c = clocks.get(speed) ?? [0, 0];
  clocks.set(speed, [c[0] + count, c[1] + sum]);
}

const parser = new PgnParser((g, err) => {
  if (err) throw err;
  game(g);
});
const input = createReadStream(process.argv[2], { encoding: 'utf8' });
for await (const chunk of input) parser.parse(chunk, { stream: true });
parser.parse('');
console.log(`games ${counts.games}`);
console.log(`rejected ${counts.rejected}`);
for (const [k, n] of [...results.entries()].sort()) console.log(`result ${k} ${n}`);
for (const [k, [n, s]] of [...clocks.entries()].sort()) console.log(`clocks ${k} ${n} ${s}`);
