"""A deliberately naive second implementation of the basic DumaRaj rules (and Warp), written from
the digest with plain coordinates and no shared tables, to cross-check the engine's perft.

Covers flep, frag, rursus, flag legality and Warp on the whole location; not the Editor, flexes
or piCSbumm (those have their own hand-derived counts)."""

from __future__ import annotations

KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
CAMEL = [(1, 3), (3, 1), (-1, 3), (-3, 1), (1, -3), (3, -1), (-1, -3), (-3, -1)]
ZEBRA = [(2, 3), (3, 2), (-2, 3), (-3, 2), (2, -3), (3, -2), (-2, -3), (-3, -2)]
KING = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ROOK_DIRS = KING[:4]
BISHOP_DIRS = KING[4:]
TRIGON = {1: CAMEL, 2: KNIGHT + CAMEL, 3: KNIGHT + CAMEL + ZEBRA}


def parse(fen: str) -> tuple[dict, int, int, int]:
    board_text, side = fen.split()[:2]
    ranks = board_text.split("/")
    h = len(ranks)
    board = {}
    w = 0
    for i, rank in enumerate(ranks):
        y = h - 1 - i
        x = 0
        num = ""
        for ch in rank + " ":
            if ch.isdigit():
                num += ch
                continue
            if num:
                x += int(num)
                num = ""
            if ch != " ":
                board[(x, y)] = (ch.upper(), 0 if ch.isupper() else 1)
                x += 1
        w = x
    return board, w, h, 0 if side == "w" else 1


def pseudo(board, w, h, side, degree, warp, captures_only=False):
    """(from, to, promo letter or '') for the side, ignoring flag."""
    out = []

    def wrap(x, y, dx, dy, wx, wy):
        nx, ny = x + dx, y + dy
        if wx:
            nx %= w
        if wy:
            ny %= h
        if 0 <= nx < w and 0 <= ny < h and (nx, ny) != (x, y):
            return (nx, ny)
        return None

    for (x, y), (kind, col) in list(board.items()):
        if col != side:
            continue

        def add(t, can_move=True, can_frag=True, _x=x, _y=y):
            occ = board.get(t)
            if occ is None:
                if can_move and not captures_only:
                    out.append(((_x, _y), t))
            elif occ[1] != side and can_frag:
                out.append(((_x, _y), t))

        if kind in "QRB":
            dirs = {"Q": KING, "R": ROOK_DIRS, "B": BISHOP_DIRS}[kind]
            for dx, dy in dirs:
                nx, ny = x + dx, y + dy
                while 0 <= nx < w and 0 <= ny < h:
                    add((nx, ny))
                    if (nx, ny) in board:
                        break
                    nx, ny = nx + dx, ny + dy
        elif kind in "KNT":
            vecs = {"K": KING, "N": KNIGHT, "T": TRIGON[degree]}[kind]
            seen = set()
            for dx, dy in vecs:
                t = wrap(x, y, dx, dy, warp and kind == "N", False)
                if t and t not in seen:
                    seen.add(t)
                    add(t)
        else:  # Pixa
            f = 1 if side == 0 else -1
            last = h - 1 if side == 0 else 0
            seen = set()
            for dx, dy, frag in (
                (0, f, 0),
                (1, 0, 0),
                (-1, 0, 0),
                (0, 2 * f, 0),
                (2, 0, 0),
                (-2, 0, 0),
                (1, f, 1),
                (-1, f, 1),
            ):
                t = wrap(x, y, dx, dy, warp, warp)
                if not t or (t, frag) in seen:
                    continue
                seen.add((t, frag))
                before = len(out)
                add(t, can_move=not frag, can_frag=bool(frag))
                if len(out) > before and t[1] == last:
                    mv = out.pop()
                    out.extend((mv[0], mv[1], p) for p in "qrbnt")
    return [m if len(m) == 3 else (m[0], m[1], "") for m in out]


def apply(board, move, side):
    frm, to, promo = move
    nb = dict(board)
    kind, col = nb.pop(frm)
    nb[to] = (promo.upper(), col) if promo else (kind, col)
    return nb


def legal(board, w, h, side, degree, warp):
    out = []
    for m in pseudo(board, w, h, side, degree, warp):
        nb = apply(board, m, side)
        king = next(sq for sq, (k, c) in nb.items() if k == "K" and c == side)
        if not any(t == king for _f, t, _p in pseudo(nb, w, h, 1 - side, degree, warp, captures_only=True)):
            out.append(m)
    return out


def perft(fen: str, depth: int, degree: int = 2, warp: bool = False) -> int:
    board, w, h, side = parse(fen)

    def rec(board, side, d):
        moves = legal(board, w, h, side, degree, warp)
        if d == 1:
            return len(moves)
        return sum(rec(apply(board, m, side), 1 - side, d - 1) for m in moves)

    return rec(board, side, depth)
