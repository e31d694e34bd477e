"""fairykit: positions, moves and perft of chess, Chess960, Chess with Different Armies,
Superchess, Interweave and Fluidity Chess, over fairykit's C++ rules core.

    >>> import fairykit
    >>> p = fairykit.Position("chess")
    >>> p.push("e4")
    'e2e4'
    >>> p.perft(2)
    400

Errors are ValueError with the message the command-line tools print.
"""

from ._fairykit import Position, variants

__all__ = ["Position", "variants"]
