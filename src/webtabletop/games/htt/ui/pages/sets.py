"""The set editor page of HTT: create a set, rename or delete your own sets (with confirmation),
card pictures, and set and collection files.

Decisions:
- A set file whose id is one of your sets asks first: replace yours (the copies you own stay),
  keep both (the file's set gets a free id), or cancel. The question lives in the page object
  (:class:`SetsState`): reloading the page forgets it, and nothing changed until answered.
- A set file or a collection file goes through the same checks as the app's backup import
  (:mod:`webtabletop.games.htt.collection.reading`): a set that reuses a built-in id, breaks a set
  rule, or holds an outside or oversized picture is refused with the reason; nothing changes.
- Deleting a set keeps the copies you own in your data (they come back if you import the set
  again); the confirmation says so.
- Pictures: PNG, JPEG, GIF or WebP, at most :data:`IMAGE_LIMIT` characters as a data URL (about
  48 KB of picture).
"""

from __future__ import annotations

from typing import Any

from webtabletop.app.model.extensions import PageContext
from webtabletop.app.widgets.pages import btn, link
from webtabletop.core.protocol import GameError
from webtabletop.core.view import esc
from webtabletop.games.htt.collection.model import Collection
from webtabletop.games.htt.collection.reading import LIMITS
from webtabletop.games.htt.rules.sets.cardset import (
    IMAGE_LIMIT,
    IMAGE_TYPES,
    LEVEL11,
    MAX_NAME,
    MAX_THEME,
    PER_LEVEL,
    CardSet,
)
from webtabletop.games.htt.rules.sets.names import card_name
from webtabletop.games.htt.rules.sets.rules import made_name
from webtabletop.games.htt.ui.pages.common import (
    card_label,
    file_button,
    nav_select,
    old_cards_notice,
    page_hash,
    safe_key,
    save,
    set_names,
)
from webtabletop.games.htt.ui.pages.set_files import SetsState, _set_picture, handle_import
from webtabletop.games.htt.ui.render.cards import standalone_card_svg
from webtabletop.i18n import _, ngettext, pgettext
from webtabletop.i18n.text import join_sentences

__all__ = ["COMMANDS", "IMAGE_LIMIT", "SetsState", "page_sets", "FORMS", "handle_import"]


def _sizes_form() -> str:
    per = "".join(
        f'<option value="{n}"{" selected" if n == 8 else ""}>{n}</option>'
        for n in range(PER_LEVEL[0], PER_LEVEL[1] + 1)
    )
    l11 = "".join(
        f'<option value="{n}"{" selected" if n == 6 else ""}>{n}</option>'
        for n in range(LEVEL11[0], LEVEL11[1] + 1)
    )
    return "".join(
        [
            (
                "<h2>"
                + str(esc(_("New set")))
                + "</h2><form data-form='create-set' class='htt-form' data-key='create-set'>"
            ),
            (
                "<div class='field'><label for='set-name'>"
                + str(esc(_("Name")))
                + "</label><input id='set-name' name='name' type='text' maxlength='"
                + str(MAX_NAME)
                + "'></div>"
            ),
            (
                "<div class='field'><label for='set-theme'>"
                + str(esc(pgettext("HTT card set: its subject", "Theme")))
                + "</label><input id='set-theme' name='theme' type='text' maxlength='"
                + str(MAX_THEME)
                + "'></div>"
            ),
            (
                "<div class='field'><label for='set-per'>"
                + str(esc(_("Cards per level 1–10")))
                + "</label><select id='set-per' name='per_level'>"
                + str(per)
                + "</select></div>"
            ),
            (
                "<div class='field'><label for='set-l11'>"
                + str(esc(_("Level-11 cards")))
                + "</label><select id='set-l11' name='level11'>"
                + str(l11)
                + "</select></div>"
            ),
            (
                "<div class='field'><label for='set-names'>"
                + str(esc(_("Card names")))
                + "</label><textarea id='set-names' name='names' rows='5' placeholder='"
                + str(esc(_("one per line, level 1 first; empty lines are made from the set name")))
                + "'></textarea>"
            ),
            (
                "<small>"
                + str(
                    esc(
                        _(
                            "Optional: one name per line in set order (all level-1 cards first). Missing names are made from the set name and the card (“Name 3b”)."
                        )
                    )
                )
                + "</small></div>"
            ),
            (
                "<div class='actions'><button class='btn primary' type='submit'>"
                + str(esc(_("Create the set")))
                + "</button></div></form>"
            ),
        ]
    )


def _question(state: SetsState, c: Collection, query: dict[str, str]) -> str:
    """The box that asks before a change: a pending import, a deletion or a new name."""
    if query.get("conflict") and state.pending is not None:
        new = state.pending
        old = c.find_set(new.id)
        if old is not None:
            text = ngettext(
                "The file holds the set “{new}” ({n} card) with the id {id}, and you already have a set with "
                "that id: “{old}”. Replace your set with the file's (the copies you own stay), or keep both "
                "(the file's set gets a new id)?",
                "The file holds the set “{new}” ({n} cards) with the id {id}, and you already have a set with "
                "that id: “{old}”. Replace your set with the file's (the copies you own stay), or keep both "
                "(the file's set gets a new id)?",
                len(new.cards),
            ).format(new=new.name, n=len(new.cards), id=new.id, old=old.name)
            return (
                f'<div class="htt-confirm" role="alertdialog" aria-labelledby="htt-q"><p id="htt-q">{esc(text)}</p>'
                '<div class="actions">'
                + btn(esc(_("Replace my set")), "import-replace", key="import-replace", cls="btn primary")
                + btn(esc(_("Keep both")), "import-keep-both", key="import-keep-both")
                + btn(esc(_("Cancel")), "import-cancel", key="import-cancel")
                + "</div></div>"
            )
    sid = query.get("delete", "")
    s = c.find_set(sid) if sid else None
    if s is not None:
        owned = sum(1 for x in s.cards if c.copies(x.id))
        ask = ngettext(
            "Delete your set “{name}” ({n} card)? It leaves your collection, packs and achievements.",
            "Delete your set “{name}” ({n} cards)? It leaves your collection, packs and achievements.",
            len(s.cards),
        )
        keep = (
            ngettext(
                "The {owned} card of it you own stays in your data and comes back if you import the set again.",
                "The {owned} cards of it you own stay in your data and come back if you import the set again.",
                owned,
            )
            if owned
            else _("You own none of its cards.")
        )
        text = join_sentences((ask.format(name=s.name, n=len(s.cards)), keep.format(owned=owned)))
        return (
            f'<div class="htt-confirm" role="alertdialog" aria-labelledby="htt-q"><p id="htt-q">{esc(text)}</p>'
            '<div class="actions">'
            + btn(
                esc(_("Delete “{name}”").format(name=s.name)),
                "delete-set",
                s.id,
                key="delete-set",
                cls="btn danger",
            )
            + link(esc(_("Cancel")), page_hash("sets"), "btn")
            + "</div></div>"
        )
    sid = query.get("rename", "")
    s = c.find_set(sid) if sid else None
    if s is not None:
        return (
            "".join(
                [
                    "<form data-form='rename-set' class='htt-form htt-confirm' data-key='rename-set'>",
                    f"<input type='hidden' name='set' value='{esc(s.id)}'>",
                    (
                        "<div class='field'><label for='rename-name'>"
                        + str(esc(_("New name of “{name}”").format(name=s.name)))
                        + "</label>"
                    ),
                    f"<input id='rename-name' name='name' type='text' maxlength='{MAX_NAME}' value='{esc(s.name)}' required></div>",
                    (
                        "<div class='actions'><button class='btn primary' type='submit'>"
                        + str(esc(_("Rename")))
                        + "</button>"
                    ),
                ]
            )
            + link(esc(_("Cancel")), page_hash("sets"), "btn")
            + "</div></form>"
        )
    return ""


def page_sets(state: SetsState, c: Collection, query: dict[str, str], ctx: PageContext) -> str:
    own = c.sets()
    out = [
        "<p>"
        + esc(
            _(
                "Create your own set: name, theme, sizes and card names; the values are generated by the set rules. "
                "Your sets appear in the collection, the packs and the achievements."
            )
        )
        + "</p>",
        _question(state, c, query),
        _sizes_form(),
    ]
    if own:
        items = []
        for s in own:
            have, total = c.set_progress(s.id)
            details = ngettext(
                "{theme} · {total} card · {have} owned · id {id}", "{theme} · {total} cards · {have} owned · id {id}", total
            ).format(
                theme=s.theme, total=total, have=have, id=s.id
            )
            items.append(
                f'<li data-set="{esc(s.id)}"><b>{esc(s.name)}</b> <small>{esc(details)}</small> '
                + btn(
                    esc(_("Export as file")),
                    "export-set",
                    s.id,
                    key=safe_key("export", s.id),
                    cls="btn small",
                )
                + link(esc(_("View")), page_hash("collection", set=s.id), "btn small ghost")
                + link(esc(_("Rename…")), page_hash("sets", rename=s.id), "btn small ghost")
                + link(esc(_("Delete…")), page_hash("sets", delete=s.id), "btn small ghost")
                + old_cards_notice(s.old_level3)
                + "</li>"
            )
        out.append(
            "<h2>"
            + str(esc(_("Your sets")))
            + '</h2><ul class="htt-own-sets">'
            + str("".join(items))
            + "</ul>"
        )
        out.append(_pictures(state, own, query.get("card", "")))
    else:
        state.picture_card = None
    out.append(
        ("<h2>" + str(esc(_("Files"))) + "</h2><div class='actions'>")
        + file_button(_("Import a set file…"), "htt-set", ".json,application/json")
        + btn(esc(_("Export my collection")), "export-collection", cls="btn")
        + file_button(_("Import a collection file…"), "htt-collection", ".json,application/json")
        + "</div><p class='note'>"
        + esc(
            _("Importing a collection replaces the one in this browser; the current one is backed up first.")
        )
        + "</p>"
    )
    return "".join(out)


def _pictures(state: SetsState, own: list[CardSet], card_id: str) -> str:
    all_cards = [x for s in own for x in s.cards]
    target = next((x for x in all_cards if x.id == card_id), all_cards[0])
    state.picture_card = target.id
    names = set_names()
    choices = [
        (
            x.id,
            (_("{set}: L{level} {card} (picture)") if x.image else _("{set}: L{level} {card}")).format(
                set=names[x.set_id], level=x.level, card=card_name(x)
            ),
        )
        for x in all_cards
    ]
    return (
        ("<h2>" + str(esc(_("Card pictures"))) + "</h2><p>")
        + esc(
            _(
                "Choose a card, then upload a small picture (PNG, JPEG, GIF or WebP, up to {limit} KB)."
            ).format(limit=48)
        )
        + "</p>"
        f'<div class="htt-picture">{standalone_card_svg(target, 120, None, card_label(target))}<div>'
        + nav_select(_("Card"), "picture-card", target.id, choices, lambda v: page_hash("sets", card=v))
        + '<div class="actions">'
        + file_button(_("Upload a picture…"), "image", ",".join(IMAGE_TYPES))
        + (btn(esc(_("Remove the picture")), "remove-picture", target.id, cls="btn") if target.image else "")
        + "</div></div></div>"
    )


# ------------------------------------------------------------------ actions
def export_set(state: SetsState, arg: Any, c: Collection, ctx: PageContext) -> None:
    s = c.find_set(str(arg))
    if s is None:
        raise GameError(_("only your own sets can be exported"))
    ctx.download(f"htt-set-{s.id}.json", s.dumps(indent=1))


def export_collection(state: SetsState, arg: Any, c: Collection, ctx: PageContext) -> None:
    ctx.download("htt-collection.json", c.dumps())


def delete_set(state: SetsState, arg: Any, c: Collection, ctx: PageContext) -> None:
    s = c.delete_set(str(arg))
    save(ctx, c)
    ctx.toast(_("The set “{name}” was deleted.").format(name=s.name))
    ctx.go(page_hash("sets"))


def _import_answer(state: SetsState, c: Collection, ctx: PageContext, how: str | None) -> None:
    """The answer to "this set is already here": ``how`` "replace", "keep-both" or None (cancel)."""
    pending, state.pending = state.pending, None
    if pending is None or how is None:
        ctx.toast(_("Nothing was imported."))
    else:
        s = c.import_set(pending, replace=True) if how == "replace" else c.import_copy(pending)
        save(ctx, c)
        ctx.toast(
            ngettext(
                "Imported the set “{name}” ({n} card).", "Imported the set “{name}” ({n} cards).", len(s.cards)
            ).format(name=s.name, n=len(s.cards))
        )
    ctx.go(page_hash("sets"))


def import_replace(state: SetsState, arg: Any, c: Collection, ctx: PageContext) -> None:
    _import_answer(state, c, ctx, "replace")


def import_keep_both(state: SetsState, arg: Any, c: Collection, ctx: PageContext) -> None:
    _import_answer(state, c, ctx, "keep-both")


def import_cancel(state: SetsState, arg: Any, c: Collection, ctx: PageContext) -> None:
    _import_answer(state, c, ctx, None)


def remove_picture(state: SetsState, arg: Any, c: Collection, ctx: PageContext) -> None:
    _set_picture(c, str(arg), None)
    save(ctx, c)
    ctx.toast(_("Picture removed."))


#: the set editor's commands: (its state, the button's argument, the collection, the page's context)
COMMANDS = {
    "export-set": export_set,
    "export-collection": export_collection,
    "delete-set": delete_set,
    "import-replace": import_replace,
    "import-keep-both": import_keep_both,
    "import-cancel": import_cancel,
    "remove-picture": remove_picture,
}


def _rename_set(data: dict[str, Any], c: Collection, ctx: PageContext) -> None:
    s = c.rename_set(str(data.get("set", "")), str(data.get("name", "")))
    save(ctx, c)
    ctx.toast(_("The set is now called “{name}”.").format(name=s.name))
    ctx.go(page_hash("sets"))


def _create_set(data: dict[str, Any], c: Collection, ctx: PageContext) -> None:
    name = str(data.get("name", "")).strip()
    theme = str(data.get("theme", "")).strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise GameError(_("give the set a name of 1 to {n} characters").format(n=MAX_NAME))
    if len(theme) > MAX_THEME:
        raise GameError(
            ngettext(
                "the theme may have at most {n} character", "the theme may have at most {n} characters", MAX_THEME
            ).format(n=MAX_THEME)
        )
    per_level, level11 = str(data.get("per_level", "8")), str(data.get("level11", "6"))
    if not (per_level.isascii() and per_level.isdigit() and level11.isascii() and level11.isdigit()):
        raise GameError(_("cards per level and level-11 cards must be whole numbers"))
    per_level, level11 = int(per_level[:3]), int(level11[:3])
    if not PER_LEVEL[0] <= per_level <= PER_LEVEL[1]:
        raise GameError(
            _("cards per level must be {min} to {max}").format(min=PER_LEVEL[0], max=PER_LEVEL[1])
        )
    if not LEVEL11[0] <= level11 <= LEVEL11[1]:
        raise GameError(_("level-11 cards must be {min} to {max}").format(min=LEVEL11[0], max=LEVEL11[1]))
    if len(c.custom_sets) >= LIMITS["custom_sets"]:
        raise GameError(
            ngettext(
                "you have {n} set, as many as a collection keeps", "you have {n} sets, as many as a collection keeps", len(c.custom_sets)
            ).format(n=len(c.custom_sets))
        )
    total = per_level * 10 + level11
    lines = [line.strip() for line in str(data.get("names", "")).splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    if len(lines) > total:
        raise GameError(
            ngettext(
                "you gave {n} card names, but the set has {total} card",
                "you gave {n} card names, but the set has {total} cards",
                total,
            ).format(n=len(lines), total=total)
        )
    if any(len(x) > MAX_NAME for x in lines):
        raise GameError(
            ngettext(
                "a card name may have at most {n} character", "a card name may have at most {n} characters", MAX_NAME
            ).format(n=MAX_NAME)
        )
    order = [(lv, i) for lv in range(1, 12) for i in range(level11 if lv == 11 else per_level)]
    names = [
        lines[k] if k < len(lines) and lines[k] else made_name(name, lv, i) for k, (lv, i) in enumerate(order)
    ]
    try:
        s = c.create_set(name, theme, per_level, level11, names, ctx.entropy())
    except ValueError as exc:
        raise GameError(str(exc)) from None
    save(ctx, c)
    ctx.toast(
        ngettext(
            "Set “{name}” created with {n} card. Open packs of it on the Packs page.",
            "Set “{name}” created with {n} cards. Open packs of it on the Packs page.",
            len(s.cards),
        ).format(name=s.name, n=len(s.cards))
    )
    ctx.go(page_hash("collection", set=s.id))


#: the set editor's forms, by the form's name (``HttPages._form`` finds them here)
FORMS = {"create-set": _create_set, "rename-set": _rename_set}
