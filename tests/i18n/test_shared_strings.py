"""The shared code's strings (``core/``, ``app/``, the command line) are translated in every
language, the extractor sees strings marked inside f-strings, and the command line speaks English
unless ``replay --lang`` asks otherwise.

Required: "Every user-visible string goes through gettext"; "The command line keeps English output
(stable for scripts). ``replay --lang ru`` may print Russian."
"""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from tests.records import first_moves
from webtabletop import i18n
from webtabletop.cli import main
from webtabletop.core import sharelink
from webtabletop.core.record import Record
from webtabletop.i18n import catalogs

SHARED = ("src/webtabletop/core/", "src/webtabletop/app/", "src/webtabletop/cli.py")


@pytest.fixture(scope="module")
def template():
    return catalogs.extract_template()


def shared_messages(template):
    """Messages whose every use is in shared code (a message a game also uses is the game's too)."""
    return [m for m in template if m.id and any(f.startswith(SHARED) for f, _ in m.locations)]


@pytest.mark.parametrize("tag", list(catalogs.LOCALES))
def test_every_string_of_the_shared_code_is_translated(tag, template):
    with catalogs.po_path(tag).open("rb") as fh:
        po = read_po(fh, locale=catalogs.LOCALES[tag], domain=catalogs.DOMAIN)
    shared = shared_messages(template)
    assert len(shared) > 200  # the whole app: pages, data page, errors, records, links, storage
    untranslated = []
    for m in shared:
        have = po.get(m.id, context=m.context)
        strings = () if have is None else have.string if isinstance(have.string, tuple) else (have.string,)
        if have is None or have.fuzzy or not strings or not all(strings):
            untranslated.append(m.id)
    assert not untranslated, f"{tag}: {len(untranslated)} shared strings untranslated: {untranslated[:10]}"


def test_strings_marked_inside_f_strings_are_extracted(template):
    # app/widgets/pages.py: f'<p class="log empty">{esc(_("No moves yet."))}</p>' (one token for Babel on 3.11)
    ids = {m.id for m in template}
    assert "No moves yet." in ids
    assert ("{n} character", "{n} characters") in ids  # ngettext inside an f-string (datapage)
    assert template.get("Human", context="player kind") is not None  # pgettext inside an f-string


def test_a_message_of_the_shared_code_follows_the_language():
    record = Record("tsifrograd", {}, 7, ("not-a-move",))
    try:
        catalogs.use_language("ru")
        assert record.replay_upto().problem.startswith("ход 1 ('not-a-move') невозможен")
        with pytest.raises(sharelink.LinkError, match="ссылка обрезана|это не ссылка webtabletop"):
            sharelink.decode("tsifrograd", "AgE")
        catalogs.use_language("ja")
        assert "指せない手" in record.replay_upto().problem
    finally:
        catalogs.use_language("en")
    assert record.replay_upto().problem.startswith("move 1 ('not-a-move') is not legal")


def _link():
    return "https://example.org/" + sharelink.make_hash(first_moves("tsifrograd", 7, 3))


def test_the_command_line_prints_english_and_replay_lang_prints_russian(capsys):
    link = _link()
    try:
        catalogs.use_language("ru")  # even if something switched the process's language before
        assert main(["replay", link]) == 0
        english = capsys.readouterr().out
    finally:
        catalogs.use_language("en")
    assert "seed 7, options default, 3 moves" in english
    assert main(["replay", link, "--lang", "ru"]) == 0
    russian = capsys.readouterr().out
    assert "сид 7, настройки по умолчанию, 3 хода" in russian
    assert i18n.language() == "en"  # the language is English again after the command
    assert main(["replay", "#/tsifrograd?r=AgE", "--lang", "ja"]) == 1
    assert "リンク" in capsys.readouterr().err


def test_the_new_game_form_shows_the_games_words_for_its_options():
    """Option labels and choice texts come from the game (``options_labels``,
    ``option_choice_label``), translated; without them the form falls back to the field name."""
    from webtabletop.app.model.modules import game_view
    from webtabletop.app.widgets.forms import options_fields
    from webtabletop.core.registry import get_game

    spec = get_game("tsifrograd")
    view = game_view("tsifrograd")
    options = spec.options_class()
    from webtabletop.core.view import GameView

    class Plain(GameView):  # no words of its own: the field name
        pass

    plain = options_fields(spec, options, Plain())
    assert 'class="field game-option"' in plain and ">Radius</label>" in plain
    own = options_fields(spec, options, view)  # Tsifrograd's own words
    assert f">{view.options_labels()['radius']}</label>" in own

    class Worded(type(view)):
        def options_labels(self):
            return {"radius": "Радиус поля"}

        def option_choice_label(self, name, value):
            return f"<{name}:{value}>"

    worded = options_fields(spec, options, Worded())
    assert ">Радиус поля</label>" in worded and ">Radius</label>" not in worded
    assert "&lt;board:hex&gt;</option>" in worded
