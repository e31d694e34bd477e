// The comparison job of bench/analyze-vs-chessops.sh: the statistics a researcher would
// script with chessops (the lichess library): per game the result, the length in plies
// and the captures, every move replayed and checked. Streams the PGN file given; prints
// the totals as "games N", "result R N", "plies N", "captures N", "rejected N".
// Usage: node chessops-stats.mjs FILE.pgn   (chessops importable from the working folder)
import { createReadStream } from 'node:fs';
import { PgnParser, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';

const counts = { games: 0, plies: 0, captures: 0, rejected: 0 };
const results = new Map();

function game(g) {
  counts.games++;
  const start = startingPosition(g.headers);
  if (start.isErr) {
    counts.rejected++;
    return;
  }
  const pos = start.value;
  let plies = 0, captures = 0;
  for (const node of g.moves.mainline()) {
    const move = parseSan(pos, node.san);
    if (!move) {
      counts.rejected++;
      return;
    }
    // A capture: a piece of the other side on the destination, or en passant.
    if ('from' in move) {
      const victim = pos.board.get(move.to);
      const mover = pos.board.get(move.from);
      if ((victim && victim.color !== pos.turn) ||
          (mover && mover.role === 'pawn' && move.to === pos.epSquare))
        captures++;
    }
    pos.play(move);
    plies++;
  }
  counts.plies += plies;
  counts.captures += captures;
  const r = g.headers.get('Result') ?? '*';
  results.set(r, (results.get(r) ?? 0) + 1);
}

const parser = new PgnParser((g, err) => {
  if (err) throw err;
  game(g);
});
const input = createReadStream(process.argv[2], { encoding: 'utf8' });
for await (const chunk of input) parser.parse(chunk, { stream: true });
parser.parse('');
console.log(`games ${counts.games}`);
for (const [r, n] of [...results.entries()].sort()) console.log(`result ${r} ${n}`);
console.log(`plies ${counts.plies}`);
console.log(`captures ${counts.captures}`);
console.log(`rejected ${counts.rejected}`);
