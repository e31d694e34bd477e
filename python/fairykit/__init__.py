"""fairykit: positions, moves, perft and game records of chess, Chess960, Chess with
Different Armies, Superchess, Interweave and Fluidity Chess, over fairykit's C++ core.

    >>> import fairykit
    >>> p = fairykit.Position("chess")
    >>> p.push("e4")
    'e2e4'
    >>> p.perft(2)
    400

Errors are ValueError with the message the command-line tools print.
"""

from ._fairykit import GameReader, Position, variants

__all__ = ["Game", "Position", "read_games", "variants"]


class Game:
    """A game as fairy-validate reads and checks it.

    file, index (1-based number in the file), line (where it starts), variant (the name the
    game was checked as; "" when unsupported), tags (a dict; tag_pairs keeps repeated tags in
    order), start_fen (native; None when the start could not be set up), items (the movetext
    in order: (kind, ply, depth, san, uci, nag) tuples, kind "move", "nag", "comment", "(" or
    ")"), result (the marker as written, else the Result tag), termination and
    termination_from (as fairy-convert writes them), plies (main-line moves read and found
    legal), valid, diagnostics (dicts: severity, line, column, ply, message) and messages
    (the lines fairy-validate prints for it).
    """

    __slots__ = ("file", "index", "line", "variant", "tag_pairs", "tags", "start_fen", "items",
                 "result", "termination", "termination_from", "plies", "valid", "diagnostics",
                 "messages")

    def __init__(self, fields):
        for name, value in fields.items():
            if name != "tags":
                setattr(self, name, value)
        self.tag_pairs = fields["tags"]
        self.tags = {}
        for name, value in self.tag_pairs:
            self.tags.setdefault(name, value)

    def _main_line(self):
        return [item for item in self.items if item[0] == "move" and item[2] == 0]

    @property
    def moves(self):
        """The main-line moves as UCI."""
        return [item[4] for item in self._main_line()]

    @property
    def san(self):
        """The main-line moves as SAN (the variant's notation)."""
        return [item[3] for item in self._main_line()]

    @property
    def comments(self):
        """The comments of the main line and the variations, in order."""
        return [item[3] for item in self.items if item[0] == "comment"]

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


def read_games(path, variant=None, skip_invalid=False):
    """Yields the games of a file (PGN, JSON, JSON Lines; plain, gzip, bzip2, zstd or xz) as
    Game objects, one at a time, checked as fairy-validate checks them. Invalid games are
    yielded with their diagnostics unless skip_invalid. variant: the variant of games without
    a Variant tag (chess by default)."""
    reader = GameReader(str(path), variant)
    while True:
        fields = reader.next()
        if fields is None:
            return
        game = Game(fields)
        if skip_invalid and not game.valid:
            continue
        yield game
