"""DumaRaj's searcher: iterative-deepening alpha-beta (negamax) on the engine board.

- Move ordering: transposition-table move, frags by most valuable victim / least valuable
  attacker, rursus, killer moves, history counts.
- Transposition table keyed by :meth:`Board.key` (Zobrist of mobs and side + area, counters,
  piCSbumm target, Editor phase).
- Quiescence search on frags (and rursus, piCSbumm) with stand-pat; all moves when under flag.
- Evaluation (side to move's view): :mod:`evaluation` (material, piece-square bonuses per
  location, a mop-up term when far ahead).
- The Editor phase is a node of the same player (no sign change, no depth used); arbitrary moves
  are ordinary moves for the search, so the AI plays whatever was agreed.
- The end of the game as the rules have it: 100 moves without progress and repetitions are draws,
  and no line is searched past the ply cap (a node at the cap is a draw unless already decided).
- Budgets (:class:`Level`): a node cap always (reproducible), a time cap with ``time_limited``.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import attrs

from webtabletop.core.rng import Rng
from webtabletop.games.dumaraj.ai.evaluation import evaluate, tables
from webtabletop.games.dumaraj.rules import engine as E
from webtabletop.games.dumaraj.rules import movegen as G
from webtabletop.games.dumaraj.rules.endings import DRAW_MOVES

MATE = 1_000_000
INF = 10_000_000
EXACT, LOWER, UPPER = 0, 1, 2
TT_MAX = 200_000  # transposition-table entries


@attrs.frozen
class Level:
    max_depth: int
    nodes: int
    seconds: float
    noise: int = 0  # random centipawns added to root moves (easy play)


class _Stop(Exception):
    pass


class Searcher:
    def __init__(
        self,
        b: E.Board,
        clock: Callable[[], float],
        deadline: float | None,
        max_nodes: int,
        history_keys: tuple = (),
        plies_left: int | None = None,
    ) -> None:
        self.b = b
        self.clock = clock
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.nodes = 0
        self.tt: dict = {}
        self.killers: list[list[int]] = [[0, 0] for _ in range(256)]
        self.hist: dict[int, int] = {}
        self.path: list = list(history_keys)
        self.vals = tables(b)[2]
        #: search plies until the game's ply cap (a node that far away is the end of the game)
        self.left = plies_left if plies_left is not None else 1 << 30

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes >= self.max_nodes:
            raise _Stop
        if self.deadline is not None and not self.nodes & 255 and self.clock() >= self.deadline:
            raise _Stop

    def _order(self, moves: list[int], tt_move: int, ply: int) -> list[int]:
        sq = self.b.sq
        vals = self.vals
        killers = self.killers[ply] if ply < 256 else (0, 0)
        hist = self.hist

        def score(m: int) -> int:
            if m == tt_move:
                return 10_000_000
            kind = (m >> 16) & 15
            victim = sq[(m >> 8) & 255]
            if kind == E.BUMM:
                return 1_000_000
            if victim and kind < E.RAJFLEX:
                return 1_000_000 + vals[victim] * 16 - vals[sq[m & 255]] // 8
            if kind == E.PROMO:
                return 900_000 + vals[(m >> 20) & 7]
            if m == killers[0] or m == killers[1]:
                return 800_000
            return hist.get(m, 0)

        # ties broken by the move's own number: the order never depends on set iteration order
        return sorted(moves, key=lambda m: (score(m) << 24) | m, reverse=True)

    def _is_tactical(self, m: int) -> bool:
        kind = (m >> 16) & 15
        return bool(self.b.sq[(m >> 8) & 255]) and kind < E.RAJFLEX or kind == E.PROMO or kind == E.BUMM

    def at_cap(self, ply: int) -> int:
        """The score of a node at the ply cap: decided if a Raj fell, mate or stalemate, else 0."""
        b = self.b
        if b.editor is not None:  # the move before the Editor choice may have decided the game
            E.make(b, E.SKIP << 16)
            try:
                return -self.at_cap(ply)
            finally:
                E.unmake(b)
        if b.kings[b.side] < 0:
            return -MATE + ply
        if b.kings[1 - b.side] < 0:
            return MATE - ply
        if not G.gen_moves(b):
            return -MATE + ply if b.in_check() else 0
        return 0

    def negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        b = self.b
        if ply >= self.left:
            return self.at_cap(ply)
        if b.editor is None and ply:
            if b.half >= DRAW_MOVES:
                return 0
            key = b.key()
            if self.path.count(key) >= 2 or (ply >= 2 and key in self.path[-ply:]):
                return 0
        moves = G.gen_moves(b)
        if not moves:
            if b.kings[b.side] < 0:
                return -MATE + ply
            if b.kings[1 - b.side] < 0:
                return MATE - ply
            return -MATE + ply if b.in_check() else 0
        if depth <= 0 and b.editor is None:
            return self.quiesce(alpha, beta, ply, 0)
        key = b.key()
        entry = self.tt.get(key)
        tt_move = 0
        if entry is not None:
            e_depth, flag, e_score, tt_move = entry
            if e_depth >= depth and ply:
                if flag == EXACT:
                    return e_score
                if flag == LOWER and e_score >= beta:
                    return e_score
                if flag == UPPER and e_score <= alpha:
                    return e_score
        side = b.side
        best = -INF
        best_move = 0
        orig_alpha = alpha
        child_depth = depth if b.editor is not None else depth - 1  # the Editor phase uses no depth
        self.path.append(key)
        try:
            for m in self._order(moves, tt_move, ply):
                E.make(b, m)
                if b.side == side:  # the Editor phase follows: same player
                    v = self.negamax(child_depth, alpha, beta, ply + 1)
                else:
                    v = -self.negamax(child_depth, -beta, -alpha, ply + 1)
                E.unmake(b)
                if v > best:
                    best, best_move = v, m
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            if not self._is_tactical(m) and ply < 256:
                                k = self.killers[ply]
                                if k[0] != m:
                                    k[1], k[0] = k[0], m
                                self.hist[m] = self.hist.get(m, 0) + depth * depth
                            break
        finally:
            self.path.pop()
        flag = EXACT if orig_alpha < best < beta else (LOWER if best >= beta else UPPER)
        tt = self.tt
        if len(tt) >= TT_MAX:  # bounded memory (Pyodide): start afresh
            tt.clear()
        tt[key] = (depth, flag, best, best_move)
        return best

    def quiesce(self, alpha: int, beta: int, ply: int, qd: int) -> int:
        self._tick()
        b = self.b
        if ply >= self.left:
            return self.at_cap(ply)
        in_check = b.kings[b.side] >= 0 and b.in_check() and not b.rules.raj_capture
        if not in_check:
            stand = evaluate(b)
            if stand >= beta:
                return stand
            if stand > alpha:
                alpha = stand
            best = stand
        else:
            best = -INF
        if qd > 8:
            return evaluate(b)
        if in_check:
            moves = G.gen_moves(b)
            if not moves:
                return -MATE + ply
        else:
            if b.kings[b.side] < 0:
                return -MATE + ply
            moves = G.gen_tactical(b)
        side = b.side
        for m in self._order(moves, 0, ply):
            E.make(b, m)
            if b.side == side:
                if ply + 1 >= self.left:  # the Editor choice would be the ply at the cap
                    v = self.at_cap(ply + 1)
                else:
                    E.make(b, E.SKIP << 16)  # no cutting during quiescence
                    v = -self.quiesce(-beta, -alpha, ply + 2, qd + 1)
                    E.unmake(b)
            else:
                v = -self.quiesce(-beta, -alpha, ply + 1, qd + 1)
            E.unmake(b)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    def pv(self, first: int, limit: int = 8) -> list[int]:
        out = []
        b = self.b
        m = first
        made = 0
        seen = set()
        while m and len(out) < limit:
            moves = G.gen_moves(b)
            if m not in moves:
                break
            out.append(m)
            E.make(b, m)
            made += 1
            k = b.key()
            if k in seen:
                break
            seen.add(k)
            entry = self.tt.get(k)
            m = entry[3] if entry else 0
        for _ in range(made):
            E.unmake(b)
        return out


def search_board(
    b: E.Board,
    level: Level,
    seed: int = 0,
    time_limited: bool = True,
    clock: Callable[[], float] = time.perf_counter,
    history_keys: tuple = (),
    max_depth: int | None = None,
    plies_left: int | None = None,
    tt: dict | None = None,
):
    """(best engine move, depth, nodes, seconds, score, pv) for the side to move of ``b``;
    ``plies_left`` = plies until the game's cap (None: no cap). ``tt``: a transposition table to
    start from and fill (a review's searches of one game's positions in order share one: each
    search starts from what the previous one learnt about the positions it reaches)."""
    start = clock()
    deadline = start + level.seconds if time_limited else None
    s = Searcher(b, clock, deadline, level.nodes, history_keys, plies_left)
    if tt is not None:
        s.tt = tt
    root = G.gen_moves(b)
    if not root:
        raise ValueError("no legal move: the game is over")
    rng = Rng.from_seed(seed)
    root.sort()  # a canonical order first (the generator's order follows set iteration)
    rng.shuffle(root)
    noise = {m: rng.randbelow(level.noise + 1) for m in root} if level.noise else {}
    best_move, best_score, depth_done = root[0], 0, 0
    side = b.side
    limit = max_depth if max_depth is not None else level.max_depth
    if len(root) == 1:
        return root[0], 0, 0, clock() - start, 0, [root[0]]
    ordered = root
    last_scores: dict[int, int] = {}  # each root move's score at the last full depth
    base = len(b.stack)
    for depth in range(1, limit + 1):
        try:
            alpha = -INF
            cur_best, cur_score = 0, -INF
            scores = {}
            child_depth = depth if b.editor is not None else depth - 1
            for m in ordered:
                E.make(b, m)
                try:
                    if b.side == side:
                        v = s.negamax(child_depth, alpha, INF, 1)
                    else:
                        v = -s.negamax(child_depth, -INF, -alpha, 1)
                finally:
                    if len(b.stack) > base:
                        E.unmake(b)
                v += noise.get(m, 0)
                scores[m] = v
                if v > cur_score:
                    cur_best, cur_score = m, v
                    alpha = max(alpha, v)
        except _Stop:
            while len(b.stack) > base:
                E.unmake(b)
            if cur_best and depth_done:
                best_move, best_score = cur_best, cur_score
                if cur_score <= -(MATE - 1000):
                    # every move the unfinished depth searched is mated: play the next move of the
                    # last full depth's order instead, which that depth has not refuted
                    untried = next((m for m in ordered if m not in scores), 0)
                    if untried:
                        best_move, best_score = untried, last_scores[untried]
            break
        best_move, best_score, depth_done, last_scores = cur_best, cur_score, depth, scores
        ordered.sort(key=lambda m: scores.get(m, -INF), reverse=True)  # stable: ties keep order
        if abs(best_score) >= MATE - 1000:
            break
    b_pv = s.pv(best_move)
    return best_move, depth_done, s.nodes, clock() - start, best_score, b_pv
