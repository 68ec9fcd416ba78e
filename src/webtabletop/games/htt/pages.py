"""The HTT pages of the app: the player's collection, packs, achievements, battle log, set editor
and rule presets; the deck chooser of the new-game dialog; the game-over hook.

Everything goes through :class:`~webtabletop.app.extensions.PageContext` (no I/O here). The
collection is one storage document (:data:`KEY`, schema ``htt-collection``); a document that
cannot be read is set aside by the storage layer and the player starts with a fresh collection.

Decisions:
- Only games against the computer count for the collection (counters, packs, log, the card that
  changes hands); hot-seat games leave it unchanged.
- "Your cards" in the new-game dialog: dealt (built-in sets; the default until the player has a
  deck), Own deck (one select per level) or Random. The collection's hand goes to the human seat
  ("You play": the app does not pass the players to ``prepare_new_game``, so the field says it;
  "auto" = Blue unless the data says Red is the only human); the other hand is dealt by the rules
  from the built-in sets (the AI's notional collection), with the same levels.
- The last deck and deck choice are kept in the collection (``deck``, ``deck_source``).
- Battle-log dates come from ``ctx.now``; an implausible clock (before 2001) leaves the date empty.
- Cards of player-made sets go into a game as inline codes (``~values matter level``), so saved
  games replay even before the collection is loaded.
- Pictures of player-made cards: PNG, JPEG, GIF or WebP, at most :data:`IMAGE_LIMIT` characters
  as a data URL (about 48 KB of picture).
"""

from __future__ import annotations

import datetime
from typing import Any

import attrs

from webtabletop.app.extensions import GamePages, PageContext
from webtabletop.app.forms import options_fields
from webtabletop.app.pages import btn, link
from webtabletop.core.protocol import GameError, OptionsError, options_from_dict, options_to_dict
from webtabletop.core.storage import BACKUP, Schema
from webtabletop.core.view import esc
from webtabletop.games.htt import meta
from webtabletop.games.htt.cards import LEVELS, Card, inline_code
from webtabletop.games.htt.collection import (
    EARN_RULE,
    GAMES_PER_PACK,
    MIGRATIONS,
    PACK_SIZE,
    SCHEMA_VERSION,
    Collection,
)
from webtabletop.games.htt.library import BUILTIN_IDS, all_sets, get_card, get_set
from webtabletop.games.htt.options import HttOptions
from webtabletop.games.htt.sets import LEVEL11, PER_LEVEL, CardSet
from webtabletop.games.htt.view import achievements_html, battle_log_html, card_grid_html, standalone_card_svg

KEY = "webtabletop:htt:collection"
IMAGE_LIMIT = 64 * 1024  # characters of the data: URL
IMAGE_TYPES = ("image/png", "image/jpeg", "image/gif", "image/webp")
SORTS = {"set": "set, then level", "level": "level", "name": "name", "copies": "copies (most first)"}
SHOWS = {"all": "all cards", "owned": "owned", "missing": "missing"}
DECK_TITLES = {
    "dealt": "Dealt from the built-in sets",
    "own": "Own deck (choose below)",
    "random": "Random cards of my collection",
}
RULE_FIELDS = tuple(f.name for f in attrs.fields(HttOptions) if f.name not in ("hand0", "hand1"))


def _validate(data: Any) -> dict[str, Any]:
    return Collection.from_json(data).to_json()


SCHEMA = Schema("htt-collection", SCHEMA_VERSION, _validate, dict(MIGRATIONS))


# --- loading and saving -----------------------------------------------------------------------
def load(ctx: PageContext) -> Collection:
    """The player's collection (a fresh one when there is none or it was set aside)."""
    data = ctx.read(KEY, SCHEMA)
    if data is None:
        c = Collection()
        if ctx.keys(KEY) == [KEY]:  # it was unreadable and set aside: start fresh, once
            ctx.notice(
                "Your Hexagonal Triple Triad collection could not be read, so you start with a fresh one. The old data is kept (see “Your data”)."
            )
            save(ctx, c)
        return c
    c = Collection.from_json(data)
    c.register_sets()
    return c


def save(ctx: PageContext, c: Collection) -> None:
    ctx.write(KEY, SCHEMA, c.to_json())


def _date(ms: float) -> str:
    """The date of a game for the log ("" when the page's clock is not a plausible date)."""
    if ms < 10**12:  # before 2001: the page sent a wrapped or missing clock
        return ""
    return datetime.datetime.fromtimestamp(ms / 1000, tz=datetime.UTC).strftime("%Y-%m-%d %H:%M")


def _set_names() -> dict[str, str]:
    return {s.id: s.name for s in all_sets()}


def _card_label(c: Card, copies: int | None = None) -> str:
    own = f" (×{copies})" if copies else ""
    return f"L{c.level} {c.name} · {c.text} · {c.matter} · {_set_names().get(c.set_id, c.set_id)}{own}"


def _valid_deck(c: Collection) -> list[str]:
    """The saved deck when it can still be played (cards owned, one per level), else []."""
    if c.deck and not c.check_deck(c.deck, size=len(c.deck)):
        return list(c.deck)
    return []


def _preset_rules(c: Collection, name: str) -> dict[str, Any] | None:
    """A saved preset's table rules (all rule fields), None when it cannot be used."""
    try:
        opts = options_to_dict(c.preset_options(name))
    except (OptionsError, ValueError):
        return None
    return {k: v for k, v in opts.items() if k in RULE_FIELDS and k not in ("own_deck", "random_hands")}


def _bad_images(set_docs: list[dict[str, Any]]) -> str | None:
    """Why the pictures of these set documents cannot be used (None = fine)."""
    prefixes = tuple(f"data:{t};base64," for t in IMAGE_TYPES)
    for d in set_docs:
        for card in d.get("cards", []):
            image = card.get("image")
            if image is None:
                continue
            if not isinstance(image, str) or not image.startswith(prefixes):
                return f"the picture of {card.get('name')!r} is not a PNG, JPEG, GIF or WebP picture"
            if len(image) > IMAGE_LIMIT:
                return f"the picture of {card.get('name')!r} is larger than {IMAGE_LIMIT * 3 // 4 // 1024} KB"
    return None


def _hash(page: str, **query: str) -> str:
    q = "&".join(f"{k}={v}" for k, v in query.items() if v)
    return f"#/htt/{page}" + (f"?{q}" if q else "")


def _nav_select(label: str, current: str, choices: list[tuple[str, str]], make) -> str:
    """A select that navigates: each option's value is the page's address with that choice."""
    opts = "".join(
        f'<option value="{esc(make(v))}"{" selected" if v == current else ""}>{esc(t)}</option>'
        for v, t in choices
    )
    return f'<label class="htt-filter">{esc(label)} <select data-change="nav" data-key="nav-{esc(label.lower())}">{opts}</select></label>'


def _progress(have: int, total: int, label: str) -> str:
    return f'<progress max="{total}" value="{have}" aria-label="{esc(label)}: {have} of {total}"></progress>'


def _file_button(label: str, kind: str, accept: str) -> str:
    return f"<label class='btn file'>{esc(label)}<input type='file' accept='{accept}' data-import='{kind}' data-key='import-{kind}'></label>"


class HttPages(GamePages):
    nav = meta.NAV
    schemas = {KEY: SCHEMA}

    def __init__(self) -> None:
        # the card whose picture the set editor shows (the next uploaded image goes there):
        # handle() does not receive the page's query, so render() remembers it
        self._picture_card: str | None = None

    # ------------------------------------------------------------------ render
    def render(self, page: str, query: dict[str, str], ctx: PageContext) -> str:
        c = load(ctx)
        body = getattr(self, f"_page_{page}")(c, query, ctx)
        return f'<div class="htt-page htt-page-{page}">{body}</div>'

    def _summary(self, c: Collection) -> str:
        deck = _valid_deck(c)
        strength = (
            f"deck strength {Collection.deck_strength(deck)} ({len(deck)} cards)"
            if deck
            else "no deck saved yet (choose one in the new-game dialog)"
        )
        return (
            f'<p class="htt-summary"><b>{c.total_cards()}</b> cards ({len(c.owned)} different) · '
            f"<b>{c.packs_available}</b> {'pack' if c.packs_available == 1 else 'packs'} to open · {strength}</p>"
        )

    def _page_collection(self, c: Collection, query: dict[str, str], ctx: PageContext) -> str:
        sets = all_sets()
        first = next((s.id for s in sets if c.set_progress(s.id)[0]), sets[0].id)
        sid = query.get("set", first)  # one set at a time by default: all sets make a long page
        if sid != "all" and sid not in {s.id for s in sets}:
            sid = first
        lv = query.get("level", "all")
        level = int(lv) if lv.isdigit() and int(lv) in LEVELS else None
        sort = query.get("sort", "set") if query.get("sort") in SORTS else "set"
        show = query.get("show", "all") if query.get("show") in SHOWS else "all"
        state = {"set": sid, "level": str(level or "all"), "sort": sort, "show": show}

        def make(key):
            return lambda v: _hash("collection", **{**state, key: v})

        filters = (
            '<div class="htt-filters">'
            + _nav_select("Set", sid, [("all", "all sets")] + [(s.id, s.name) for s in sets], make("set"))
            + _nav_select(
                "Level",
                str(level or "all"),
                [("all", "all levels")] + [(str(x), f"level {x}") for x in LEVELS],
                make("level"),
            )
            + _nav_select("Show", show, list(SHOWS.items()), make("show"))
            + _nav_select("Sort by", sort, list(SORTS.items()), make("sort"))
            + "</div>"
        )
        chosen = [s for s in sets if sid in ("all", s.id)]
        out = [self._summary(c), filters]
        names = _set_names()
        if sort == "set":
            for s in chosen:
                have, total = c.set_progress(s.id)
                out.append(
                    f'<section class="htt-set" data-set="{esc(s.id)}"><h2>{esc(s.name)}</h2>'
                    f'<p class="htt-set-summary">{esc(s.theme)} · {have} of {total} cards owned, {total - have} missing '
                    f"{_progress(have, total, s.name)}</p>"
                    f"{card_grid_html(list(s.cards), c.owned, names, show, level, 96, 'level')}</section>"
                )
        else:
            cards = [card for s in chosen for card in s.cards]
            out.append(card_grid_html(cards, c.owned, names, show, level, 96, sort))
        return "".join(out)

    def _page_packs(self, c: Collection, query: dict[str, str], ctx: PageContext) -> str:
        out = [
            f'<p class="htt-rule">{esc(EARN_RULE)} Your first pack is free. A pack holds {PACK_SIZE} cards of the set you choose, levels 1 to 10 (low levels are common).</p>',
            f'<p class="htt-summary">Packs to open: <b data-packs="{c.packs_available}">{c.packs_available}</b> · '
            f"next pack for playing: {c.earn_progress} of {GAMES_PER_PACK} games · packs opened: {c.packs_opened}</p>",
        ]
        opened = []
        for cid in query.get("opened", "").split(","):
            try:
                opened.append(get_card(cid))
            except ValueError:
                continue
        if opened:
            cards = "".join(
                f'<li class="htt-card owned" tabindex="0" aria-label="{esc(_card_label(x))}" title="{esc(_card_label(x))}" data-card="{esc(x.id)}">'
                f'{standalone_card_svg(x, 96, None, _card_label(x))}<span class="htt-name">{esc(x.name)}</span>'
                f'<span class="htt-copies">L{x.level} · ×{c.copies(x.id)}</span></li>'
                for x in opened
            )
            out.append(
                f'<section class="htt-opened" aria-live="polite"><h2>Your new cards</h2><ul class="htt-grid">{cards}</ul></section>'
            )
        rows = []
        for s in all_sets():
            have, total = c.set_progress(s.id)
            rows.append(
                f'<li class="htt-pack" data-set="{esc(s.id)}"><div><b>{esc(s.name)}</b> <small>{esc(s.theme)}</small><br>'
                f"{_progress(have, total, s.name)} <small>{have} of {total} owned</small></div>"
                + btn(
                    f"Open a pack of {esc(s.name)}",
                    "open-pack",
                    s.id,
                    key=f"open-{s.id}",
                    disabled=c.packs_available <= 0,
                    cls="btn primary" if c.packs_available > 0 else "btn",
                )
                + "</li>"
            )
        out.append(f'<h2>Choose a set</h2><ul class="htt-packs">{"".join(rows)}</ul>')
        if c.packs_available <= 0:
            out.append(
                f'<p class="note">No pack to open now. {link("Play a game", "#/htt/new", "btn small")}</p>'
            )
        return "".join(out)

    def _page_achievements(self, c: Collection, query: dict[str, str], ctx: PageContext) -> str:
        out = [
            "<p>Each achievement gives a random level-11 card from a set you choose.</p>",
            f'<p class="htt-summary">Games played {c.games_played} · won {c.games_won} · lost {c.games_lost} · drawn {c.games_drawn} · 10–0 wins {c.perfect_wins} · packs opened {c.packs_opened} · sets created {c.sets_created}</p>',
        ]
        titles = {a.id: a.title for a, _, _ in c.achievements()}
        if c.rewards_pending:
            sets = "".join(f'<option value="{esc(s.id)}">{esc(s.name)}</option>' for s in all_sets())
            forms = []
            for i, aid in enumerate(c.rewards_pending):
                forms.append(
                    f'<li><form data-form="claim" class="htt-claim" data-key="claim-{i}"><input type="hidden" name="achievement" value="{esc(aid)}">'
                    f'<b>{esc(titles.get(aid, aid))}</b> <label>Level-11 card from <select name="set">{sets}</select></label> '
                    f'<button class="btn primary" type="submit">Claim</button></form></li>'
                )
            out.append(f'<h2>Rewards waiting</h2><ul class="htt-rewards">{"".join(forms)}</ul>')
        out.append("<h2>All achievements</h2>" + achievements_html(c))
        return "".join(out)

    def _page_log(self, c: Collection, query: dict[str, str], ctx: PageContext) -> str:
        return (
            f'<p class="htt-summary">Games against the computer: {c.games_played} (won {c.games_won}, lost {c.games_lost}, drawn {c.games_drawn}). '
            "Hot-seat games are not recorded.</p>" + battle_log_html(c.log, limit=100)
        )

    def _page_presets(self, c: Collection, query: dict[str, str], ctx: PageContext) -> str:
        from webtabletop.games.htt import SPEC, VIEW

        rows = []
        for name in sorted(c.presets):
            try:
                desc = c.preset_options(name).describe()
            except (OptionsError, ValueError) as exc:
                desc = f"cannot be used: {exc}"
            rows.append(
                f'<li data-preset="{esc(name)}"><b>{esc(name)}</b> <small>{esc(desc)}</small> '
                + btn("Delete", "delete-preset", name, key=f"del-{name}", cls="btn small")
                + "</li>"
            )
        saved = (
            f'<ul class="htt-presets">{"".join(rows)}</ul>'
            if rows
            else '<p class="htt-empty">No saved presets yet.</p>'
        )
        fields = options_fields(SPEC, HttOptions(), _RulesView(VIEW))
        return (
            "<p>A preset keeps table rules under a name; choose it in the new-game dialog. Wins under one preset count for an achievement.</p>"
            f"<h2>Saved presets</h2>{saved}<h2>Save a preset</h2>"
            "<form data-form='save-preset' class='htt-form' data-key='save-preset'>"
            "<div class='field'><label for='preset-name'>Name</label><input id='preset-name' name='preset_name' type='text' maxlength='40' required></div>"
            f"{fields}<div class='actions'><button class='btn primary' type='submit'>Save preset</button></div></form>"
        )

    def _page_sets(self, c: Collection, query: dict[str, str], ctx: PageContext) -> str:
        own = c.sets()
        out = [
            "<p>Create your own set: name, theme, sizes and card names; the values are generated by the set rules. "
            "Your sets appear in the collection, the packs and the achievements.</p>"
        ]
        per = "".join(
            f'<option value="{n}"{" selected" if n == 8 else ""}>{n}</option>'
            for n in range(PER_LEVEL[0], PER_LEVEL[1] + 1)
        )
        l11 = "".join(
            f'<option value="{n}"{" selected" if n == 6 else ""}>{n}</option>'
            for n in range(LEVEL11[0], LEVEL11[1] + 1)
        )
        out.append(
            "<h2>New set</h2><form data-form='create-set' class='htt-form' data-key='create-set'>"
            "<div class='field'><label for='set-name'>Name</label><input id='set-name' name='name' type='text' maxlength='40'></div>"
            "<div class='field'><label for='set-theme'>Theme</label><input id='set-theme' name='theme' type='text' maxlength='80'></div>"
            f"<div class='field'><label for='set-per'>Cards per level 1–10</label><select id='set-per' name='per_level'>{per}</select></div>"
            f"<div class='field'><label for='set-l11'>Level-11 cards</label><select id='set-l11' name='level11'>{l11}</select></div>"
            "<div class='field'><label for='set-names'>Card names</label><textarea id='set-names' name='names' rows='5' placeholder='one per line, level 1 first; empty lines are generated'></textarea>"
            "<small>Optional: one name per line in set order (all level-1 cards first). Missing names are made up.</small></div>"
            "<div class='actions'><button class='btn primary' type='submit'>Create the set</button></div></form>"
        )
        if own:
            card_id = query.get("card", "")
            items = []
            for s in own:
                have, total = c.set_progress(s.id)
                items.append(
                    f'<li data-set="{esc(s.id)}"><b>{esc(s.name)}</b> <small>{esc(s.theme)} · {total} cards · {have} owned · id {esc(s.id)}</small> '
                    + btn("Export as file", "export-set", s.id, key=f"export-{s.id}", cls="btn small")
                    + link("View", _hash("collection", set=s.id), "btn small ghost")
                    + "</li>"
                )
            out.append(f'<h2>Your sets</h2><ul class="htt-own-sets">{"".join(items)}</ul>')
            all_cards = [x for s in own for x in s.cards]
            target = next((x for x in all_cards if x.id == card_id), all_cards[0])
            self._picture_card = target.id
            choices = [
                (x.id, f"{_set_names()[x.set_id]}: L{x.level} {x.name}{' (picture)' if x.image else ''}")
                for x in all_cards
            ]
            out.append(
                "<h2>Card pictures</h2><p>Choose a card, then upload a small picture (PNG, JPEG, GIF or WebP, up to 48 KB).</p>"
                f'<div class="htt-picture">{standalone_card_svg(target, 120, None, _card_label(target))}<div>'
                + _nav_select("Card", target.id, choices, lambda v: _hash("sets", card=v))
                + '<div class="actions">'
                + _file_button("Upload a picture…", "image", "image/png,image/jpeg,image/gif,image/webp")
                + (btn("Remove the picture", "remove-picture", target.id, cls="btn") if target.image else "")
                + "</div></div></div>"
            )
        else:
            self._picture_card = None
        out.append(
            "<h2>Files</h2><div class='actions'>"
            + _file_button("Import a set file…", "htt-set", ".json,application/json")
            + btn("Export my collection", "export-collection", cls="btn")
            + _file_button("Import a collection file…", "htt-collection", ".json,application/json")
            + "</div><p class='note'>Importing a collection replaces the one in this browser; the current one is backed up first.</p>"
        )
        return "".join(out)

    # ------------------------------------------------------------------ actions
    def handle(self, page: str, action: dict[str, Any], ctx: PageContext) -> None:
        kind = action.get("type")
        if kind == "change" and action.get("name") == "nav":
            value = str(action.get("value", ""))
            if value.startswith("#/htt/"):
                ctx.go(value)
            return
        c = load(ctx)
        try:
            if kind == "cmd":
                self._cmd(str(action.get("name", "")), action.get("arg"), c, ctx)
            elif kind == "form":
                self._form(str(action.get("name", "")), action.get("data") or {}, c, ctx)
            elif kind == "import":
                self._import(action, c, ctx)
            else:
                raise GameError(f"this page does not handle {kind!r}")
        except GameError as exc:  # shown as a toast: a sentence
            text = str(exc)
            raise GameError(text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")) from None

    def _cmd(self, name: str, arg: Any, c: Collection, ctx: PageContext) -> None:
        if name == "open-pack":
            try:
                get_set(str(arg))
                cards = c.open_pack(str(arg), ctx.entropy())
            except KeyError:
                raise GameError(f"there is no card set {arg!r}") from None
            except ValueError as exc:
                raise GameError(str(exc)) from None
            save(ctx, c)
            names = ", ".join(get_card(x).name for x in cards)
            ctx.toast(f"New cards: {names}.")
            ctx.go(_hash("packs", opened=",".join(cards)))
        elif name == "export-set":
            s = next((s for s in c.sets() if s.id == arg), None)
            if s is None:
                raise GameError("only your own sets can be exported")
            ctx.download(f"htt-set-{s.id}.json", s.dumps(indent=1))
        elif name == "export-collection":
            ctx.download("htt-collection.json", c.dumps())
        elif name == "delete-preset":
            if arg not in c.presets:
                raise GameError(f"there is no preset {arg!r}")
            c.delete_preset(str(arg))
            save(ctx, c)
            ctx.toast(f"Preset “{arg}” deleted.")
        elif name == "remove-picture":
            self._set_picture(c, str(arg), None)
            save(ctx, c)
            ctx.toast("Picture removed.")
        elif name == "dismiss-notices":
            ctx._app.notices.clear()  # the page's Dismiss button (handled here on game pages)
        else:
            raise GameError(f"unknown command {name!r}")

    def _form(self, name: str, data: dict[str, Any], c: Collection, ctx: PageContext) -> None:
        if name == "claim":
            aid, sid = str(data.get("achievement", "")), str(data.get("set", ""))
            try:
                get_set(sid)
                cid = c.claim_reward(aid, sid, ctx.entropy())
            except KeyError:
                raise GameError(f"there is no card set {sid!r}") from None
            except ValueError as exc:
                raise GameError(str(exc)) from None
            save(ctx, c)
            card = get_card(cid)
            ctx.toast(f"Reward: {card.name} (level {card.level}, {_set_names()[card.set_id]}).")
        elif name == "create-set":
            self._create_set(data, c, ctx)
        elif name == "save-preset":
            pname = str(data.get("preset_name", "")).strip()
            rules = {k: v for k, v in data.items() if k in RULE_FIELDS}
            try:
                c.save_preset(pname, options_from_dict(HttOptions, rules))
            except (OptionsError, ValueError) as exc:
                raise GameError(f"cannot save the preset: {exc}") from None
            save(ctx, c)
            ctx.toast(f"Preset “{pname}” saved.")
        else:
            raise GameError(f"unknown form {name!r}")

    def _create_set(self, data: dict[str, Any], c: Collection, ctx: PageContext) -> None:
        name = str(data.get("name", "")).strip()
        theme = str(data.get("theme", "")).strip()
        if not 1 <= len(name) <= 40:
            raise GameError("give the set a name of 1 to 40 characters")
        if len(theme) > 80:
            raise GameError("the theme may have at most 80 characters")
        try:
            per_level, level11 = int(data.get("per_level", 8)), int(data.get("level11", 6))
        except (TypeError, ValueError):
            raise GameError("cards per level and level-11 cards must be whole numbers") from None
        if not PER_LEVEL[0] <= per_level <= PER_LEVEL[1]:
            raise GameError(f"cards per level must be {PER_LEVEL[0]} to {PER_LEVEL[1]}")
        if not LEVEL11[0] <= level11 <= LEVEL11[1]:
            raise GameError(f"level-11 cards must be {LEVEL11[0]} to {LEVEL11[1]}")
        total = per_level * 10 + level11
        lines = [line.strip() for line in str(data.get("names", "")).splitlines()]
        while lines and not lines[-1]:
            lines.pop()
        if len(lines) > total:
            raise GameError(f"you gave {len(lines)} card names, but the set has {total} cards")
        if any(len(x) > 40 for x in lines):
            raise GameError("a card name may have at most 40 characters")
        names = None
        if any(lines):
            from webtabletop.games.htt.sets import generate_set

            made = generate_set(ctx.entropy(), per_level, level11, name, theme, set_id="tmp").cards
            names = [lines[i] if i < len(lines) and lines[i] else made[i].name for i in range(total)]
        try:
            s = c.create_set(name, theme, per_level, level11, names, ctx.entropy())
        except ValueError as exc:
            raise GameError(str(exc)) from None
        save(ctx, c)
        ctx.toast(f"Set “{s.name}” created with {len(s.cards)} cards. Open packs of it on the Packs page.")
        ctx.go(_hash("collection", set=s.id))

    def _import(self, action: dict[str, Any], c: Collection, ctx: PageContext) -> None:
        kind = action.get("kind")
        fname = str(action.get("name", "the file"))
        if kind == "image":
            self._import_image(action, c, ctx)
        elif kind == "htt-set":
            try:
                s = CardSet.loads(str(action.get("text", "")))
            except ValueError as exc:
                raise GameError(f"the file {fname} is not a card set file: {exc}") from None
            bad = _bad_images([s.to_json()])
            if bad:
                raise GameError(f"the file {fname} cannot be imported: {bad}")
            s = self._fresh_id(s, c)
            try:
                c.import_set(s)
            except ValueError as exc:
                raise GameError(f"the file {fname} cannot be imported: {exc}") from None
            save(ctx, c)
            ctx.toast(f"Imported the set “{s.name}” ({len(s.cards)} cards).")
        elif kind == "htt-collection":
            try:
                new = Collection.loads(str(action.get("text", "")))
                SCHEMA.validate(new.to_json())
                bad = _bad_images(new.custom_sets)
                if bad:
                    raise ValueError(bad)
            except ValueError as exc:
                raise GameError(
                    f"the file {fname} is not a usable HTT collection: {exc}; nothing was changed"
                ) from None
            base = f"{BACKUP}htt:collection:before-import:"
            n = 1
            while f"{base}{n}" in ctx.keys(base):
                n += 1
            ctx.write(f"{base}{n}", SCHEMA, c.to_json())
            save(ctx, new)
            new.register_sets()
            ctx.toast(
                f"Imported the collection from {fname} ({new.total_cards()} cards). Your previous collection was backed up first."
            )
        else:
            raise GameError("this page imports set files, collection files and pictures")

    @staticmethod
    def _fresh_id(s: CardSet, c: Collection) -> CardSet:
        """A set whose id is taken gets a free one (its card ids follow)."""
        used = set(BUILTIN_IDS) | {d["id"] for d in c.custom_sets}
        if s.id not in used:
            return s
        new = c._free_set_id()
        cards = tuple(attrs.evolve(x, id=new + x.id[len(s.id) :], set_id=new) for x in s.cards)
        return attrs.evolve(s, id=new, cards=cards)

    def _import_image(self, action: dict[str, Any], c: Collection, ctx: PageContext) -> None:
        target = self._picture_card
        if target is None:
            raise GameError("create a set first: pictures belong to cards of your own sets")
        data = action.get("data")
        mime = str(action.get("mime", ""))
        size = action.get("size", 0)
        limit = f"{IMAGE_LIMIT // 1024 * 3 // 4} KB"
        if not mime.startswith("image/") and not (isinstance(data, str) and data.startswith("data:image/")):
            raise GameError(
                f"the file {action.get('name', '')} is not a picture: use a PNG, JPEG, GIF or WebP file"
            )
        if mime and mime not in IMAGE_TYPES:
            raise GameError(f"pictures must be PNG, JPEG, GIF or WebP, not {mime}")
        if data is None:
            raise GameError(
                f"that picture is too large ({int(size) // 1024} KB): pictures may be up to {limit}"
            )
        if not isinstance(data, str) or not data.startswith(tuple(f"data:{t};base64," for t in IMAGE_TYPES)):
            raise GameError("that file could not be read as a picture")
        if len(data) > IMAGE_LIMIT:
            raise GameError(
                f"that picture is too large ({len(data) * 3 // 4 // 1024} KB): pictures may be up to {limit}"
            )
        self._set_picture(c, target, data)
        save(ctx, c)
        ctx.toast(f"Picture set for {get_card(target).name}.")

    @staticmethod
    def _set_picture(c: Collection, card_id: str, image: str | None) -> None:
        for i, d in enumerate(c.custom_sets):
            if any(x["id"] == card_id for x in d["cards"]):
                cards = []
                for x in d["cards"]:
                    x = dict(x)
                    if x["id"] == card_id:
                        x.pop("image", None)
                        if image:
                            x["image"] = image
                    cards.append(x)
                c.custom_sets[i] = {**d, "cards": cards}
                c.register_sets()
                return
        raise GameError("only cards of your own sets can have pictures")

    # ------------------------------------------------------------------ new game
    def new_game_fields(self, ctx: PageContext) -> str:
        c = load(ctx)
        deck = _valid_deck(c)
        source = c.deck_source or ("own" if deck else "dealt")
        if source != "dealt" and not c.owned:
            source = "dealt"
        opts = "".join(
            f'<option value="{k}"{" selected" if k == source else ""}>{esc(t)}</option>'
            for k, t in DECK_TITLES.items()
        )
        presets = "".join(f'<option value="{esc(n)}">{esc(n)}</option>' for n in sorted(c.presets))
        by_level: dict[int, list[Card]] = {}
        for card in c.owned_cards():
            by_level.setdefault(card.level, []).append(card)
        chosen = {get_card(x).level: x for x in deck}
        rows = []
        for lv in LEVELS:
            cards = by_level.get(lv, [])
            if not cards:
                continue
            o = "".join(
                f'<option value="{esc(x.id)}"{" selected" if chosen.get(lv) == x.id else ""}>{esc(_card_label(x, c.copies(x.id)))}</option>'
                for x in cards
            )
            rows.append(
                f'<div class="field"><label for="deck-{lv}">Level {lv}</label><select id="deck-{lv}" name="deck_{lv}"><option value="">—</option>{o}</select></div>'
            )
        strength = (
            f"Deck strength of your saved deck: <b>{Collection.deck_strength(deck)}</b>."
            if deck
            else "No deck saved yet."
        )
        deck_html = (
            f'<fieldset class="htt-deck"><legend>Own deck: one card per level</legend><p class="note">{strength} '
            "Choose 5 cards (4 on the 7-cell board, 10 on the 19-cell board); the strength is the sum of their levels.</p>"
            f"{''.join(rows)}</fieldset>"
            if rows
            else f'<p class="note">You have no cards yet: open your free pack on the {link("Packs", "#/htt/packs", "")} page to play with your own cards.</p>'
        )
        return (
            '<div class="htt-newgame">'
            f'<div class="field"><label for="htt-deck-source">Your cards</label><select id="htt-deck-source" name="deck_source">{opts}</select>'
            "<small>Dealt: cards from the built-in sets (no card changes hands). Own deck / Random: cards of your collection — "
            "after a win or loss against the computer one card changes hands (unless Friendly).</small></div>"
            f'<div class="field"><label for="htt-seat">You play</label><select id="htt-seat" name="deck_seat"><option value="auto">the human player</option>'
            '<option value="0">Blue (first player)</option><option value="1">Red (second player)</option></select>'
            "<small>Which hand gets your cards (Blue when both players are human); the other hand is dealt from the built-in sets with the same levels.</small></div>"
            f'<div class="field"><label for="htt-preset">Saved preset</label><select id="htt-preset" name="htt_preset"><option value="">none</option>{presets}</select>'
            f"<small>Your own rule presets ({link('manage', '#/htt/presets', '')}); a preset replaces the rule fields above.</small></div>"
            '<div class="field"><label for="htt-save-preset">Save rules as</label><input id="htt-save-preset" name="save_preset" type="text" maxlength="40" placeholder="preset name (optional)"></div>'
            f"{deck_html}</div>"
        )

    def prepare_new_game(self, data: dict[str, Any], ctx: PageContext) -> dict[str, Any]:
        data = dict(data)
        source = str(data.pop("deck_source", "dealt") or "dealt")
        seat_choice = str(data.pop("deck_seat", "auto") or "auto")
        preset = str(data.pop("htt_preset", "") or "")
        save_as = str(data.pop("save_preset", "") or "").strip()
        picked = [str(data.pop(f"deck_{lv}", "") or "") for lv in LEVELS]
        picked = [x for x in picked if x]
        if source not in DECK_TITLES:
            raise GameError(f"unknown choice of cards {source!r}")
        c = load(ctx)
        changed = False
        if preset:
            if preset not in c.presets:
                raise GameError(f"there is no saved preset {preset!r}")
            for k in RULE_FIELDS:
                data.pop(k, None)
            data.update({k: v for k, v in c.presets[preset].items() if k in RULE_FIELDS})
        if c.deck_source != source or (source == "own" and picked != c.deck):
            c.deck_source = source
            if source == "own":
                c.deck = picked
            changed = True
        for k in ("own_deck", "random_hands", "hand0", "hand1"):
            data.pop(k, None)
        try:
            rules = options_from_dict(
                HttOptions, {k: v for k, v in data.items() if k in RULE_FIELDS and v != ""}
            )
        except OptionsError:
            rules = None  # the app reports the bad field
        if save_as and rules is not None:
            try:
                c.save_preset(save_as, rules)
            except ValueError as exc:
                raise GameError(str(exc)) from None
            changed = True
        if changed:
            save(ctx, c)
        if source == "dealt" or rules is None:
            return data
        size, lo, hi = rules.hand_size, rules.min_level, rules.max_level
        if source == "own":
            problems = c.check_deck(picked, size, lo, hi)
            if problems:
                raise GameError("Own deck: " + "; ".join(problems))
            hand = picked
            data["own_deck"] = "true"
        else:
            try:
                hand = list(c.random_hand(ctx.entropy(), size, lo, hi))
            except ValueError as exc:
                raise GameError(f"{exc}. Open packs, or choose dealt cards.") from None
            data["random_hands"] = "true"
        seat = self._seat(data, seat_choice)
        data[f"hand{seat}"] = [
            x if get_card(x).set_id in BUILTIN_IDS else inline_code(get_card(x)) for x in hand
        ]
        return data

    @staticmethod
    def _seat(data: dict[str, Any], choice: str) -> int:
        if choice in ("0", "1"):
            return int(choice)
        kinds = (data.get("player0"), data.get("player1"))  # present if the app passes them
        return 1 if kinds == ("ai", "human") else 0

    # ------------------------------------------------------------------ game over
    def game_over(self, record, outcome, players, ctx: PageContext) -> None:
        humans = [p for p in (0, 1) if not players.is_ai(p)]
        if len(humans) != 1:
            return  # only games against the computer count
        me = humans[0]
        state = record.final_state()
        c = load(ctx)
        opts = state.options
        rules = {
            k: v
            for k, v in options_to_dict(opts).items()
            if k in RULE_FIELDS and k not in ("own_deck", "random_hands")
        }
        preset = next((n for n in sorted(c.presets) if _preset_rules(c, n) == rules), None)
        stakes = not state.dealt[me]
        taken = state.taken_card
        inline = stakes and taken is not None and taken.id.startswith("~")
        before = (dict(c.owned), c.packs_available, len(c.achieved))
        opponent = f"Computer ({players.level})"
        c.record_game(state, me, opponent, _date(ctx.now), preset, stakes and not inline)
        if inline and outcome.winner == 1 - me and not opts.friendly:
            mine = next((x for x in c.owned_cards() if inline_code(x) == taken.id), None)
            if mine is not None and c.remove_card(mine.id):
                c.ai_won[mine.id] = c.ai_won.get(mine.id, 0) + 1
        save(ctx, c)
        a, b = int(outcome.scores[me]), int(outcome.scores[1 - me])
        text = (
            "You won" if outcome.winner == me else "Draw" if outcome.winner is None else "You lost"
        ) + f" {a}–{b}"
        gained = [x for x in c.owned if c.owned[x] > before[0].get(x, 0)]
        lost = [x for x in before[0] if c.owned.get(x, 0) < before[0][x]]
        if gained:
            text += f" and took {get_card(gained[0]).name}"
        elif lost:
            text += f"; the computer took your {get_card(lost[0]).name}"
        parts = [text + "."]
        packs = c.packs_available - before[1]
        if packs:
            parts.append("New pack earned!" if packs == 1 else f"{packs} new packs earned!")
        titles = {a.id: a.title for a, _, _ in c.achievements()}
        for aid in c.achieved[before[2] :]:
            parts.append(
                f"Achievement unlocked: {titles.get(aid, aid)} (claim a level-11 card on the Achievements page)."
            )
        ctx.toast(" ".join(parts))


class _RulesView:
    """The HTT view for the preset form: hands and deck rules are chosen per game, not in presets."""

    hidden_options = ("hand0", "hand1", "own_deck", "random_hands")

    def __init__(self, view) -> None:
        self._view = view

    def options_help(self) -> dict[str, str]:
        return self._view.options_help()
