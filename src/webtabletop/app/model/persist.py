"""The app's storage operations: each change to the state's copy of localStorage
(:attr:`AppState.store <webtabletop.app.model.state.AppState.store>`) goes with the write or removal the
page must make (:class:`~webtabletop.app.model.effects.Effects`), so the two never differ.

Invariants (docs/architecture.md, "The core": storage): a document that cannot be used is set aside once and
reported once; a removal that names a copy (``kept_as``) happens only once the copy holds the
same content.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webtabletop.app.model.saves import SETTINGS, SETTINGS_KEY
from webtabletop.core import storage

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState


def write(st: AppState, fx: Effects, w: storage.Write) -> None:
    st.store[w.key] = w.value
    fx.writes.append(w.to_json())


def remove(st: AppState, fx: Effects, r: storage.Remove) -> None:
    """Remove a key (after its copy ``kept_as`` exists, when one is named)."""
    if r.kept_as is not None and st.store.get(r.kept_as) != st.store.get(r.key):
        return
    st.store.pop(r.key, None)
    fx.removes.append(r.to_json())


def read(st: AppState, fx: Effects, key: str, schema: storage.Schema) -> Any:
    """An app document, validated; one that cannot be used is set aside (once: an identical
    copy is not made again), reported once, and removed after its copy exists, so the next
    start neither re-reads it nor reports it again."""
    result = storage.read(st.store, key, schema, remove=True)
    apply_read(st, fx, result)
    return result.data


def apply_read(st: AppState, fx: Effects, result: storage.ReadResult) -> None:
    """Make the copies and removals a read asked for, and report its problem."""
    for w in result.writes:
        write(st, fx, w)
    for r in result.removes:
        remove(st, fx, r)
    if result.problem:
        notice(st, result.problem)


def notice(st: AppState, message: str) -> None:
    """A message that stays until dismissed; the same message is listed once."""
    if message not in st.notices:
        st.notices.append(message)


def set_aside(st: AppState, fx: Effects, key: str, message: str) -> str:
    """Keep the document at ``key`` aside (once) and remove it; returns the copy's name.
    ``message`` has a ``{copy}`` placeholder for that name."""
    raw = st.store[key]
    copy = storage.set_aside(st.store, key, raw)
    if st.store.get(copy.key) != raw:
        write(st, fx, copy)
    remove(st, fx, storage.Remove(key, copy.key))
    notice(st, message.format(copy=storage.label(copy.key)))
    return copy.key


def save_settings(st: AppState, fx: Effects, settings: dict[str, Any]) -> None:
    """Replace the settings and write them."""
    st.settings = settings
    write(st, fx, storage.write(SETTINGS, SETTINGS_KEY, settings))
