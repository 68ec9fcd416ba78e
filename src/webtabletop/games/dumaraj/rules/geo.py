"""Move tables of DumaRaj for one board size, active area, Trigon' degree and Warp setting.

Movement comes only from the Betza descriptions in :mod:`pieces`: :class:`Geo` turns them into
per-bit tables (leaps, rays, reverse attack lists); :func:`geo_for` caches them per key. The
engine (:mod:`engine`) reads them; nothing here changes after it is built.
"""

from __future__ import annotations

from webtabletop.games.dumaraj.rules.pieces import MOBS, PIXA, RAJ, WARP_FLANK, betza_of, parse_betza

ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
DIRS8 = ORTH + DIAG


class Geo:
    """Move tables for one board size, active area, Trigon' degree and Warp setting."""

    def __init__(self, w: int, h: int, rect: tuple[int, int, int, int], degree: int, warp: bool) -> None:
        self.W, self.H, self.rect = w, h, rect
        x0, y0, x1, y1 = rect
        n = w * h
        self.cells = [y * w + x for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
        aw, ah = x1 - x0 + 1, y1 - y0 + 1

        def inside(x: int, y: int) -> bool:
            return x0 <= x <= x1 and y0 <= y <= y1

        # rays in the 8 directions (no warp for riders)
        rays_by_dir: list[list[list[int]]] = [[[] for _ in range(8)] for _ in range(n)]
        for s in self.cells:
            x, y = s % w, s // w
            for d, (dx, dy) in enumerate(DIRS8):
                ray = []
                nx, ny = x + dx, y + dy
                while inside(nx, ny):
                    ray.append(ny * w + nx)
                    nx, ny = nx + dx, ny + dy
                rays_by_dir[s][d] = ray
        self.rays_by_dir = rays_by_dir
        self.rays8 = [[(d, r) for d, r in enumerate(rays_by_dir[s]) if r] for s in range(n)]

        self.tab: list[list] = [[None] * 8, [None] * 8]
        self.attfrom: list[list] = [[None] * 8, [None] * 8]
        self.leapatt: list[list] = [[], []]
        self.eride = [[[False] * 16 for _ in range(8)] for _ in range(2)]
        self.pix_over: list[list[dict[int, int]]] = [[{} for _ in range(n)], [{} for _ in range(n)]]
        self.kind_dirs: dict[int, tuple[int, ...]] = {}
        for kind, mob in MOBS.items():
            comps = parse_betza(betza_of(kind, degree))
            wk = mob.warp if warp else 0
            for c in (0, 1):
                fwd = 1 if c == 0 else -1
                bo: list[list[int]] = [[] for _ in range(n)]
                mv: list[list[int]] = [[] for _ in range(n)]
                cp: list[list[int]] = [[] for _ in range(n)]
                rays: list[list[list[int]]] = [[] for _ in range(n)]
                att: list[list[int]] = [[] for _ in range(n)]
                dirs: list[int] = []
                for comp in comps:
                    if comp.rider:
                        for dx, dy in comp.vectors:
                            if (dx, dy) not in DIRS8 or not (comp.move and comp.capture):
                                raise ValueError("the engine supports W/F riders that flep and frag")
                            d = DIRS8.index((dx, dy * fwd))
                            if d not in dirs:
                                dirs.append(d)
                        continue
                    target = bo if comp.move and comp.capture else (mv if comp.move else cp)
                    for dx, vy in comp.vectors:
                        dy = vy * fwd
                        for s in self.cells:
                            x, y = s % w, s // w
                            nx, ny = x + dx, y + dy
                            if wk & WARP_FLANK:
                                nx = x0 + (nx - x0) % aw
                            if wk & 2:
                                ny = y0 + (ny - y0) % ah
                            if not inside(nx, ny) or (nx == x and ny == y):
                                continue
                            t = ny * w + nx
                            if t not in target[s]:
                                target[s].append(t)
                            if comp.capture and s not in att[t]:
                                att[t].append(s)
                            if kind == PIXA and dx % 2 == 0 and dy % 2 == 0:
                                ox, oy = x + dx // 2, y + dy // 2
                                if wk & WARP_FLANK:
                                    ox = x0 + (ox - x0) % aw
                                if wk & 2:
                                    oy = y0 + (oy - y0) % ah
                                self.pix_over[c][s][t] = oy * w + ox
                for s in self.cells:
                    rays[s] = [rays_by_dir[s][d] for d in dirs if rays_by_dir[s][d]]
                self.tab[c][kind] = (bo, mv, cp, rays)
                self.attfrom[c][kind] = att
                if any(att):
                    self.leapatt[c].append((kind | c << 3, att))
                for d in dirs:
                    self.eride[c][d][kind | c << 3] = True
                self.kind_dirs[kind] = tuple(dirs)
        # the Raj's attack list first: cheap and common
        self.adj = self.tab[0][RAJ][0]
        self.promo = [[False] * n, [False] * n]
        self.half = [[False] * n, [False] * n]
        for s in self.cells:
            y = s // w
            self.promo[0][s] = y == y1
            self.promo[1][s] = y == y0
            self.half[0][s] = 2 * (y - y0) < ah - 1
            self.half[1][s] = 2 * (y1 - y) < ah - 1
        self.active = [False] * n
        for s in self.cells:
            self.active[s] = True


_GEO: dict[tuple, Geo] = {}


def geo_for(w: int, h: int, rect: tuple[int, int, int, int], degree: int, warp: bool) -> Geo:
    key = (w, h, rect, degree, warp)
    g = _GEO.get(key)
    if g is None:
        if len(_GEO) > 256:
            _GEO.clear()
        g = _GEO[key] = Geo(w, h, rect, degree, warp)
    return g
