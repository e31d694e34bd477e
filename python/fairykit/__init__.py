"""fairykit: positions, moves, perft and game records of chess, Chess960, Chess with
Different Armies, Superchess, Interweave and Fluidity Chess, over fairykit's C++ core.

    >>> import fairykit
    >>> p = fairykit.Position("chess")
    >>> p.push("e4")
    Move('e2e4', san='e4')
    >>> p.perft(2)
    400

Errors are ValueError with the message the command-line tools print.
"""

import json as _json

from . import _fairykit
from ._fairykit import GameReader, Move, Position, variants

__all__ = ["Columns", "Game", "Move", "Position", "games_table", "positions", "read_games",
           "statistics", "validate", "variants"]


class Game:
    """A game as fairy-validate reads and checks it.

    file, index (1-based number in the file), line (where it starts), variant (the name the
    game was checked as; "" when unsupported), tags (a dict; tag_pairs keeps repeated tags in
    order), start_fen (native; None when the start could not be set up), moves and san (the
    main line as UCI and SAN), comments, items (the movetext in order: (kind, ply, depth,
    san, uci, nag) tuples, kind "move", "nag", "comment", "(" or ")"), result (the marker as
    written, else the Result tag), termination and termination_from (as fairy-convert writes
    them), plies (main-line moves read and found legal), valid, diagnostics (dicts: severity,
    line, column, ply, message) and messages (the lines fairy-validate prints for it).
    The lists are made when first asked for.
    """

    __slots__ = ("_data", "_cache")

    def __init__(self, data):
        self._data = data
        self._cache = {}

    def _made(self, name, make):
        value = self._cache.get(name)
        if value is None:
            value = self._cache[name] = make()
        return value

    file = property(lambda self: self._data.file)
    index = property(lambda self: self._data.index)
    line = property(lambda self: self._data.line)
    variant = property(lambda self: self._data.variant)
    start_fen = property(lambda self: self._data.start_fen)
    result = property(lambda self: self._data.result)
    termination = property(lambda self: self._data.termination)
    termination_from = property(lambda self: self._data.termination_from)
    plies = property(lambda self: self._data.plies)
    valid = property(lambda self: self._data.valid)
    tag_pairs = property(lambda self: self._made("tag_pairs", self._data.tag_pairs))
    items = property(lambda self: self._made("items", self._data.items))
    diagnostics = property(lambda self: self._made("diagnostics", self._data.diagnostics))
    messages = property(lambda self: self._made("messages", self._data.messages))

    @property
    def tags(self):
        """The tags as a dict (the first value of a repeated tag)."""
        def make():
            tags = {}
            for name, value in self.tag_pairs:
                tags.setdefault(name, value)
            return tags
        return self._made("tags", make)

    @property
    def moves(self):
        """The main-line moves as UCI."""
        return self._made("moves", self._data.moves)

    @property
    def san(self):
        """The main-line moves as SAN (the variant's notation)."""
        return self._made("san", self._data.san)

    @property
    def comments(self):
        """The comments of the main line and the variations, in order."""
        return self._made("comments", self._data.comments)

    def board_at(self, ply):
        """The Position after `ply` main-line moves (0: the start)."""
        if self.start_fen is None:
            raise ValueError(f"{self.file}: game {self.index}: its start position is unknown")
        moves = self.moves
        if not 0 <= ply <= len(moves):
            raise IndexError(f"ply {ply} is not in 0-{len(moves)}")
        position = Position(self.variant, self.start_fen)
        for move in moves[:ply]:
            position.push(move)
        return position

    def fens(self):
        """The native FEN of every main-line position, the start first (len(moves) + 1 of
        them; only the start when the game broke off). Made while the game was read with
        read_games(fens=True), else replayed now."""
        fens = self._data.fens()
        if fens is not None:
            return fens
        if self.start_fen is None:
            return []
        return [position.fen() for position in self.positions()]

    def positions(self):
        """Yields the Position at every ply of the main line, the start first (one Position,
        moved on: copy() what you keep)."""
        position = self.board_at(0)
        yield position
        for move in self.moves:
            position.push(move)
            yield position

    def __repr__(self):
        white, black = self.tags.get("White", "?"), self.tags.get("Black", "?")
        state = "valid" if self.valid else "invalid"
        return (f"<Game {self.file} #{self.index} {white} - {black} {self.result} "
                f"({self.variant}, {self.plies} plies, {state})>")


def read_games(source, variant=None, skip_invalid=False, format=None, fens=False):
    """Yields the games of `source` as Game objects, one at a time, checked as fairy-validate
    checks them. source: a path (str or os.PathLike) or a file object (binary or text; read()
    is called as the games are read). It holds PGN, JSON or JSON Lines of fairy-convert, or a
    FEN / EPD list (one game without moves per line); plain, gzip, bzip2, zstd or xz.
    format: pgn, fen, json, jsonl or vchess, as the tools' --from; None: told by the name and
    the first bytes. Invalid games are yielded with their diagnostics unless skip_invalid.
    variant: the variant of games without a Variant tag (chess by default). fens: write the
    FEN of every main-line position while the game is replayed (Game.fens() then costs
    nothing)."""
    reader = GameReader(source, variant, format, fens)
    while True:
        data = reader.next()
        if data is None:
            return
        game = Game(data)
        if skip_invalid and not game.valid:
            continue
        yield game


class Columns(dict):
    """What fairykit.positions returns: a dict of numpy arrays of one length, one row per
    position (pandas.DataFrame(columns) makes a table of it), and beside the dict:

    board: uint8 array of shape (rows, 64), square a1 = 0 ... h8 = 63, each the ASCII code of
        the FEN letter of the piece there (White's upper case), 0 when empty;
    games: the games read, valid or not; invalid: the diagnostics of each invalid game, as
        fairy-validate prints them (its rows are left out, nothing else is);
    status_names, result_names, variant_names: what the codes of those columns stand for.
    """

    __slots__ = ("board", "games", "invalid", "status_names", "result_names", "variant_names")

    def to_pandas(self):
        """A pandas DataFrame of the columns, the coded columns (status, result, variant) as
        pandas categoricals of their names."""
        import pandas
        frame = pandas.DataFrame(self)
        for name in ("status", "result", "variant"):
            frame[name] = pandas.Categorical.from_codes(frame[name],
                                                        getattr(self, name + "_names"))
        return frame


def positions(paths, variant=None, jobs=1):
    """The main-line positions of every valid game of `paths` (a path or a list of them: PGN,
    JSON, JSON Lines or FEN / EPD lists, compressed or not), read and replayed over `jobs`
    threads (0: every core) as the tools read them, in input order whatever `jobs` is, as a
    Columns dict of numpy arrays, one row per position:

    game (0-based number of the game in the run, valid or not: games_table's), ply, turn (0
    White to move, 1 Black), legal_moves, captures (the legal moves that capture), in_check,
    status (code of status_names: "" while the game goes on, "checkmate", ...), one column per
    piece of each side ("white_pawn", "black_amazon", ... as fairy-analyze --positions names
    them: 0 where a game's variant has no such piece), balance (White's material minus
    Black's), move (the UCI of the move played from the position; "" after the last),
    result (code of result_names: the game's result) and variant (code of variant_names).
    The board is Columns.board. Errors: ValueError with the tools' message."""
    raw = _fairykit._positions(paths, variant, jobs)
    columns = Columns(raw["columns"])
    columns.board = raw["board"]
    columns.games = raw["games"]
    columns.invalid = raw["invalid"]
    names = _fairykit._code_names()
    columns.status_names = names["status"]
    columns.result_names = names["result"]
    columns.variant_names = names["variant"]
    return columns


def games_table(paths, variant=None, jobs=1):
    """One row per game read from `paths` (as positions reads them), valid or not, as a dict
    of columns of one length: game (the number positions uses), file, index (in its file),
    line, variant, valid, plies, errors, warnings, result, termination, termination_from, and
    one column per tag met in the run ("" where a game lacks it; a repeated tag's first
    value). pandas.DataFrame(table) makes a table of it."""
    raw = _fairykit._games_table(paths, variant, jobs)
    table = dict(raw["table"])
    for name, values in raw["tags"].items():
        table.setdefault(name, values)
    return table


def validate(paths, variant=None, jobs=1):
    """The report of fairy-validate --format json on `paths`: {"games": [one dict per game:
    file, game, line, white, black, variant, result, termination, plies, valid, errors,
    warnings, diagnostics], "summary": {games, valid, invalid, errors, warnings}}."""
    return _json.loads(_fairykit._validate_json(paths, variant, jobs))


def statistics(paths, variant=None, jobs=1, group_by="", top=20, tree=0, tree_min=1,
               find_wins=0, openings=True):
    """The tables of fairy-analyze on `paths`, with its options (--group-by, --top, --tree,
    --tree-min, --find-wins, --no-openings as openings=False), as {table name: {column: list
    of values}}, the figures of fairy-analyze --format json; pandas.DataFrame(tables[name])
    makes a table of one."""
    document = _json.loads(_fairykit._statistics_json(paths, variant, jobs, group_by, top, tree,
                                                      tree_min, find_wins, openings))
    return {table["name"]: {column: [row[column] for row in table["rows"]]
                            for column in table["columns"]}
            for table in document["tables"]}
