"""Files on HTT's set editor page: importing a set file (asking first when its id is one of the
player's sets), a collection file (backed up first) or a card picture, and setting a picture.
Every file goes through the same checks as the app's backup import; a refused file changes nothing.
"""

from __future__ import annotations

from typing import Any

import attrs

from webtabletop.app.model.extensions import PageContext
from webtabletop.core.protocol import GameError
from webtabletop.core.storage import BACKUP
from webtabletop.games.htt.collection.model import Collection
from webtabletop.games.htt.collection.reading import LIMITS, read_set
from webtabletop.games.htt.rules.sets.cardset import (
    IMAGE_LIMIT,
    IMAGE_TYPES,
    CardSet,
    image_problem,
)
from webtabletop.games.htt.rules.sets.library import BUILTIN_IDS, get_card, get_set
from webtabletop.games.htt.rules.sets.names import card_name
from webtabletop.games.htt.ui.pages.common import (
    SCHEMA,
    page_hash,
    save,
)
from webtabletop.i18n import _, ngettext


@attrs.define
class SetsState:
    """What the set editor remembers between actions (not stored): the card whose picture the
    next upload sets, and a set file waiting for the player's answer (replace / keep both)."""

    picture_card: str | None = None
    pending: CardSet | None = None


def handle_import(state: SetsState, action: dict[str, Any], c: Collection, ctx: PageContext) -> None:
    kind = action.get("kind")
    fname = str(action.get("name", "the file"))[:80]
    if kind == "image":
        _import_image(state, action, c, ctx)
    elif kind == "htt-set":
        _import_set(state, str(action.get("text", "")), fname, c, ctx)
    elif kind == "htt-collection":
        try:
            new = Collection.loads(str(action.get("text", "")))
            SCHEMA.validate(new.to_json())
        except ValueError as exc:
            raise GameError(
                _("the file {file} is not a usable HTT collection: {reason}; nothing was changed").format(
                    file=fname, reason=exc
                )
            ) from None
        base = f"{BACKUP}htt:collection:before-import:"
        n = 1
        while f"{base}{n}" in ctx.keys(base):
            n += 1
        ctx.write(f"{base}{n}", SCHEMA, c.to_json())
        save(ctx, new)
        new.register_sets()
        ctx.toast(
            ngettext(
                "Imported the collection from {file} ({n} card). Your previous collection was backed up first.",
                "Imported the collection from {file} ({n} cards). Your previous collection was backed up first.",
                new.total_cards(),
            ).format(file=fname, n=new.total_cards())
        )
    else:
        raise GameError(_("this page imports set files, collection files and pictures"))


def _import_set(state: SetsState, text: str, fname: str, c: Collection, ctx: PageContext) -> None:
    try:
        s = CardSet.loads(text)
    except ValueError as exc:
        raise GameError(
            _("the file {file} is not a card set file: {reason}").format(file=fname, reason=exc)
        ) from None
    if s.id in BUILTIN_IDS:
        raise GameError(
            _(
                "the file {file} cannot be imported: its set uses the id {id!r} of the built-in set “{builtin}”; "
                "a player's set needs an id of its own"
            ).format(file=fname, id=s.id, builtin=_(get_set(s.id).name))
        )
    mine = c.find_set(s.id)
    if mine is not None and mine == s:
        ctx.toast(
            _("You already have the set “{name}” exactly as in {file}.").format(name=s.name, file=fname)
        )
        return
    if mine is None and len(c.custom_sets) >= LIMITS["custom_sets"]:
        raise GameError(
            ngettext(
                "you have {n} set, as many as a collection keeps", "you have {n} sets, as many as a collection keeps", len(c.custom_sets)
            ).format(n=len(c.custom_sets))
        )
    try:
        if mine is not None:
            read_set(s.to_json(), _("the set in {file}").format(file=fname))  # check before asking
            state.pending = s
            ctx.go(page_hash("sets", conflict="1"))
            return
        c.import_set(s)
    except ValueError as exc:
        raise GameError(
            _("the file {file} cannot be imported: {reason}").format(file=fname, reason=exc)
        ) from None
    save(ctx, c)
    ctx.toast(
        ngettext("Imported the set “{name}” ({n} card).", "Imported the set “{name}” ({n} cards).", len(s.cards)).format(
            name=s.name, n=len(s.cards)
        )
    )


def _import_image(state: SetsState, action: dict[str, Any], c: Collection, ctx: PageContext) -> None:
    target = state.picture_card
    if target is None:
        raise GameError(_("create a set first: pictures belong to cards of your own sets"))
    data = action.get("data")
    mime = str(action.get("mime", ""))[:80]
    size = action.get("size", 0)
    limit = _("{n} KB").format(n=IMAGE_LIMIT // 1024 * 3 // 4)
    if not mime.startswith("image/") and not (isinstance(data, str) and data.startswith("data:image/")):
        raise GameError(
            _("the file {file} is not a picture: use a PNG, JPEG, GIF or WebP file").format(
                file=str(action.get("name", ""))[:80]
            )
        )
    if mime and mime not in IMAGE_TYPES:
        raise GameError(_("pictures must be PNG, JPEG, GIF or WebP, not {mime}").format(mime=mime))
    if data is None:
        kb = int(size) // 1024 if isinstance(size, int) and not isinstance(size, bool) else "?"
        raise GameError(
            _("that picture is too large ({kb} KB): pictures may be up to {limit}").format(kb=kb, limit=limit)
        )
    if isinstance(data, str) and data.startswith("data:image/") and len(data) > IMAGE_LIMIT:
        raise GameError(
            _("that picture is too large ({kb} KB): pictures may be up to {limit}").format(
                kb=len(data) * 3 // 4 // 1024, limit=limit
            )
        )
    if image_problem(data):
        raise GameError(_("that file could not be read as a PNG, JPEG, GIF or WebP picture"))
    _set_picture(c, target, data)
    save(ctx, c)
    ctx.toast(_("Picture set for {card}.").format(card=card_name(get_card(target))))


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
    raise GameError(_("only cards of your own sets can have pictures"))
