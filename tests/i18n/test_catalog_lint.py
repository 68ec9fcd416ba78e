"""The translator's lint (``catalog_lint.py``) passes on every catalog and bites on a broken entry:
glossary terms, CJK punctuation, Japanese です/ます, placeholders and markup."""

from __future__ import annotations

import copy

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from webtabletop.i18n import catalogs

from . import catalog_lint as lint

TAGS = ("ru", "zh-Hans", "ja")


def load(tag):
    with catalogs.po_path(tag).open("rb") as fh:
        return read_po(fh, locale=catalogs.LOCALES[tag], domain=catalogs.DOMAIN)


def english_for(msgstr):
    """A stand-in English with the same placeholders, so only the rule under test can fire."""
    return " ".join(["a message", *dict.fromkeys(m.group() for m in lint.PLACEHOLDER.finditer(msgstr))])


def catalog(tag, *entries):
    """A small catalog: entries are (msgid, msgstr, source path)."""
    out = Catalog(locale=catalogs.LOCALES[tag], domain=catalogs.DOMAIN)
    for msgid, msgstr, path in entries:
        out.add(msgid, msgstr, locations=[(path, None)])
    return out


@pytest.mark.parametrize("tag", TAGS)
def test_every_catalog_passes_the_lint(tag):
    found = lint.problems(load(tag), tag, lint.load_glossary(tag))
    assert not found, f"{len(found)} findings:\n" + "\n".join(found[:40])


@pytest.mark.parametrize("tag", TAGS)
def test_each_glossary_row_is_well_formed(tag):
    glossary = lint.load_glossary(tag)
    assert len(glossary.terms) >= 20
    for term in glossary.terms:
        assert term.scope == "all" or term.scope in lint.GAMES, term
        assert term.renderings or term.avoid, term
        assert term.english is not None or term.avoid, term  # a row without English only forbids


def test_breaking_one_real_entry_is_found():
    """The lint reads the real files: spoil one translation and exactly that entry is reported."""
    zh = load("zh-Hans")
    glossary = lint.load_glossary("zh-Hans")
    crypt = zh.get("Crypt")
    assert crypt is not None and crypt.string == "地穴"
    spoiled = copy.deepcopy(zh)
    spoiled.get("Crypt").string = "地下墓穴"
    found = lint.problems(spoiled, "zh-Hans", glossary)
    assert len(found) == 1 and "'Crypt'" in found[0] and "地穴" in found[0], found


GLOSSARY = lint.parse_glossary(
    """
## all

| English | rendering | avoid | note |
|---|---|---|---|
| | | 和局 | draw: 平局 |

## cardgo

| English | rendering | avoid | note |
|---|---|---|---|
| Crypt / crypt | 地穴 | 地下墓所 | the designer's word |

## htt

| English | rendering | avoid | note |
|---|---|---|---|
| /\\bsets?\\b(?! for)/ | 系列 | 卡组 | a set of cards |
| Own deck | 自选卡组 | | |
""",
    "zh-Hans",
)


@pytest.mark.parametrize(
    ("msgid", "msgstr", "path", "bad"),
    [
        ("Crypt", "地穴", "games/cardgo/rules/terrain.py", False),
        ("Crypt", "墓穴", "games/cardgo/rules/terrain.py", True),  # rendered otherwise
        ("the crypt swallows it", "地下墓所吞没了它", "games/cardgo/rules/preview.py", True),  # avoided
        ("Crypt", "墓穴", "games/htt/ui/view.py", False),  # out of the row's scope
        ("the set has no name", "卡组没有名称", "games/htt/rules/sets/check.py", True),
        ("the set has no name", "系列没有名称", "games/htt/rules/sets/check.py", False),
        ("Own deck: {problems} in the set", "自选卡组：系列中{problems}", "games/htt/ui/pages/match.py", False),
        ("Picture set for {card}.", "已为{card}设置图片。", "games/htt/ui/pages/sets.py", False),  # a verb
        ("{level} of {set}", "{level}，{set}", "games/htt/ui/pages/common.py", False),  # placeholders only
        ("Draw offered", "提议和局", "app/game/play.py", True),  # forbidden everywhere
    ],
)
def test_glossary_rule(msgid, msgstr, path, bad):
    found = lint.problems(catalog("zh-Hans", (msgid, msgstr, path)), "zh-Hans", GLOSSARY)
    assert bool(found) == bad, found


@pytest.mark.parametrize(
    ("tag", "msgstr", "bad"),
    [
        ("zh-Hans", "不能放在这里：游戏已结束。", False),
        ("zh-Hans", "不能放在这里:游戏已结束。", True),
        ("zh-Hans", "随机摧毁一个相邻棋子({n} 个之一)", True),
        ("zh-Hans", "打出时,额外抽取一张卡牌。", True),
        ("zh-Hans", "原文写道“火焰 N 放置的棋子立即生效,但是时间值减半”：棋子立即生效。", False),  # a quote
        ("zh-Hans", "{code!r}：没有区域 {cell!r}", False),
        ("ja", "炎：石はすぐに燃えます。", False),
        ("ja", "炎:石はすぐに燃えます。", True),
        ("ja", "木は接するグループ(色を問わず)の一員です。", True),
        ("ja", "愛の「打出时,额外抽取一张卡牌」（出したとき追加で 1 枚引く）です。", False),  # a quote
        ("ru", "Сюда нельзя: игра окончена.", False),
    ],
)
def test_punctuation_rule(tag, msgstr, bad):
    found = lint.problems(catalog(tag, (english_for(msgstr), msgstr, "games/cardgo/rules/state.py")), tag)
    assert bool(found) == bad, found


@pytest.mark.parametrize(
    ("msgstr", "bad"),
    [
        ("あなたの手番ではありません。", False),
        ("あなたの手番ではない。", True),
        ("{player}は{cell}に{number}を書く。", True),
        ("{player}は{cell}に{number}を書きます。", False),
        ("1枚オープンで出すか、出さない。", True),
        ("{defender}のシールドが壊れて手札に入った。", True),
        ("見送ってもよい。", True),
        ("見送ってもかまいません。", False),
        ("防御しない", False),  # a button: no sentence
        ("U で待った。", False),  # 待った is Undo
        ("各プレイヤーの手札は 5 枚。", False),  # a noun ends it
        ("石は消えます（ダメージなし、効果も出ない）。", False),  # a note in brackets
        ("そこには置けません：ゲームは終了している。", True),
        ("手札がない：場のカードを1枚クリックして攻撃します。", True),  # a sentence before the colon
        ("プレビュー（オン）：置いたらどうなるかを表示します。", False),  # a label before the colon
        ("地穴がカードを飲み込みます：何も起こりません", False),
        ("この石は盤に残ります。相手は何もできない", True),  # polite, then a plain last clause
    ],
)
def test_japanese_register_rule(msgstr, bad):
    found = lint.problems(catalog("ja", (english_for(msgstr), msgstr, "games/sht/ui/view.py")), "ja")
    assert bool(found) == bad, found


@pytest.mark.parametrize(
    ("msgid", "msgstr", "bad"),
    [
        ("{player} wins", "{player}获胜", False),
        ("{player} wins", "获胜", True),
        ("{player} wins", "{winner}获胜", True),
        ("<b>Fire.</b> It burns.", "<b>火焰。</b>它会燃烧。", False),
        ("<b>Fire.</b> It burns.", "火焰。它会燃烧。", True),
        ("21 &gt; 20", "21 &gt; 20", False),
        ("21 &gt; 20", "21 > 20", True),
    ],
)
def test_markup_rule(msgid, msgstr, bad):
    found = lint.problems(catalog("zh-Hans", (msgid, msgstr, "games/tsifrograd/view.py")), "zh-Hans")
    assert bool(found) == bad, found


def test_plural_forms_may_drop_n_but_not_other_placeholders():
    ru = Catalog(locale="ru", domain=catalogs.DOMAIN)
    ru.add(("{n} move by {player}", "{n} moves by {player}"), ("{n} ход {player}", "{n} хода {player}", "ход {player}"))
    assert not lint.problems(ru, "ru")
    ru = Catalog(locale="ru", domain=catalogs.DOMAIN)
    ru.add(("{n} move by {player}", "{n} moves by {player}"), ("{n} ход {player}", "{n} хода", "{n} ходов {player}"))
    assert len(lint.problems(ru, "ru")) == 1


@pytest.mark.parametrize(
    ("tag", "msgid", "msgstr", "path", "bad"),
    [
        # CardGO's time is counted in units, «1 время» and «5 времени» are not Russian
        ("ru", "Take 5 time from red.", "Отнимите у Красного 5 единиц времени.", "games/cardgo/learn/x.py", False),
        ("ru", "Take 5 time from red.", "Отнимите у Красного 5 времени.", "games/cardgo/learn/x.py", True),
        ("ru", "It cost you 1 time.", "Это отняло у вас 1 время.", "games/cardgo/learn/x.py", True),
        # CardGO's sides are singular, as in the game; red stones are still «красные камни»
        ("ru", "Red loses 3.", "Красный теряет 3.", "games/cardgo/learn/x.py", False),
        ("ru", "Red loses 3.", "Красные теряют 3.", "games/cardgo/learn/x.py", True),
        ("ru", "Take 3 from red.", "Отнимите 3 у красных.", "games/cardgo/learn/x.py", True),
        ("ru", "Red stones burn.", "Красные камни горят.", "games/cardgo/rules/x.py", False),
        ("ru", "Full-speed connectivity", "Полноскоростная связность", "games/cardgo/ui/x.py", True),
        ("ru", "Even at full speed X = 1.", "Даже при полной связности X = 1.", "games/cardgo/ui/x.py", False),
        ("ru", "Save preset", "Сохранить набор правил", "app/widgets/pages.py", True),
        ("ru", "Save preset", "Сохранить пресет", "app/widgets/pages.py", False),
        ("ru", "field 'presets' is wrong", "поле 'presets' неверно", "games/htt/collection/reading.py", False),
        ("ru", "In DumaRaj White moves first.", "В DumaRaj белые ходят первыми.", "lab/x.py", True),
        ("ru", "a Trigon' of the 1st degree", "Тригонь 1-й степени", "games/dumaraj/learn/x.py", True),
        ("ru", "a Trigon' of the 1st degree", "Тригонь 1-го градуса", "games/dumaraj/learn/x.py", False),
        ("ru", "two Trigon's mated", "двумя Тригонами белых", "lab/findings.py", True),
        ("ru", "two Trigon's mated", "двумя Тригонями белых", "lab/findings.py", False),
        ("ru", "Pixa moves", "Ходы Пиксов", "lab/findings.py", True),
        ("ru", "Pixa moves", "Ходы Пикс", "lab/findings.py", False),
        ("zh-Hans", "a house rule", "自定规则", "games/htt/ui/x.py", True),
        ("zh-Hans", "a house rule", "家规", "games/htt/ui/x.py", False),
        ("zh-Hans", "C / NC (by degree)", "C / NC（按等级）", "games/dumaraj/ui/x.py", True),
        ("zh-Hans", "C / NC (by degree)", "C / NC（按度数）", "games/dumaraj/ui/x.py", False),
        ("zh-Hans", "level {n}", "等级 {n}", "games/htt/ui/x.py", False),  # HTT's levels keep 等级
        ("ja", "a breathless stone is converted", "呼吸なしの石は寝返ります", "games/cardgo/learn/x.py", True),
        ("ja", "a breathless stone is converted", "呼吸なしの石は転向します", "games/cardgo/learn/x.py", False),
        ("ja", "In DumaRaj White moves first.", "DumaRaj では白が先手です。", "lab/x.py", True),
        ("ja", "In DumaRaj White moves first.", "ドゥーマラージでは白が先手です。", "lab/x.py", False),
        ("ja", "not an HTT set", "これはヘキサゴナルのセットではありません", "games/htt/rules/x.py", True),
        ("zh-Hans", "Save preset", "保存方案", "app/widgets/pages.py", True),
        ("zh-Hans", "Save preset", "保存预设", "app/widgets/pages.py", False),
        ("ja", "Save preset", "プリセットを保存", "app/widgets/pages.py", False),
        ("ja", "Save preset", "設定を保存", "app/widgets/pages.py", True),
        ("ja", "House rules", "独自ルール", "app/widgets/pages.py", True),
        ("zh-Hans", "Convert a stone.", "倒戈一个棋子。", "games/cardgo/learn/x.py", True),
        ("zh-Hans", "Convert a stone.", "转化一个棋子。", "games/cardgo/learn/x.py", False),
    ],
)
def test_the_real_glossaries_hold_the_terms_that_drifted(tag, msgid, msgstr, path, bad):
    """Each term that once had two renderings has one now, in the real glossary file."""
    found = lint.problems(catalog(tag, (msgid, msgstr, path)), tag, lint.load_glossary(tag))
    assert bool(found) == bad, found


def test_a_glossary_cell_may_hold_a_regular_expression_with_pipes():
    glossary = lint.parse_glossary(
        "## all\n\n| English | rendering | avoid | note |\n|---|---|---|---|\n| | | /\\d (?:a\\|b)\\b/ | x |\n", "ru"
    )
    (term,) = glossary.terms
    assert term.avoid == ("/\\d (?:a|b)\\b/",)
    assert lint.problems(catalog("ru", ("x", "3 b", "app/x.py")), "ru", glossary)
    assert not lint.problems(catalog("ru", ("x", "3 c", "app/x.py")), "ru", glossary)


@pytest.mark.parametrize(
    ("tag", "msgstr", "bad"),
    [
        # Japanese quotes in 「」, the designer's Chinese too; Russian originals keep «»
        ("ja", "ボタン「新しい対局」を押します。", False),
        ("ja", "ボタン«新しい対局»を押します。", True),
        ("ja", "ボタン“新しい対局”を押します。", True),
        ("ja", "原文は「打出时,额外抽取一张卡牌」です。", False),
        ("ja", "原文は«Шаг на 1 бит»です。", False),
        # Chinese quotes in “”
        ("zh-Hans", "点击“新对局”。", False),
        ("zh-Hans", "点击«新对局»。", True),
        ("zh-Hans", "点击「新对局」。", True),
        # no half-width comma in a list of numbers; thousands and typed data keep theirs
        ("zh-Hans", "X = 3、3 和 2 生效。", False),
        ("zh-Hans", "X = 3,3 和 2 生效。", True),
        ("zh-Hans", "17,359 张中的 11,653 张", False),
        ("zh-Hans", "如 1:2,0:3", False),
        ("ja", "例 1,6 です。", True),
        # one space between CJK and Latin letters or digits
        ("zh-Hans", "HTT 收藏", False),
        ("zh-Hans", "HTT收藏", True),
        ("zh-Hans", "HTT  收藏", True),
        ("zh-Hans", "每人 5 张", False),
        ("zh-Hans", "每人5张", True),
        ("zh-Hans", "胜率 95% 区间", False),
        ("zh-Hans", "胜率 95%区间", True),
        ("ja", "カードを 1 枚引きます。", False),
        ("ja", "カードを1枚引きます。", True),
        ("ja", "PNG・JPEG・GIF", False),  # punctuation takes no space
        ("ja", "{n}枚のカード", False),  # a placeholder is not read
        # Russian: a no-break space before a dash and a unit
        ("ru", "Время\xa0— это жизнь.", False),
        ("ru", "Время — это жизнь.", True),
        ("ru", "Файл больше 5\xa0МБ.", False),
        ("ru", "Файл больше 5 МБ.", True),
        ("ru", "Белые набрали {share}\xa0%.", False),
        ("ru", "Белые набрали {share} %.", True),
        ("ru", "95%-й интервал", False),
    ],
)
def test_typography_rule(tag, msgstr, bad):
    found = lint.problems(catalog(tag, (english_for(msgstr), msgstr, "games/cardgo/ui/view.py")), tag)
    assert bool(found) == bad, found
    if bad:  # the fixer mends what the rule finds, and only that
        fixed = lint.typography.fix(msgstr, tag, lint.PROTECTED)
        assert fixed != msgstr
        assert not lint.problems(catalog(tag, (english_for(fixed), fixed, "games/cardgo/ui/view.py")), tag), fixed


def test_no_simplified_chinese_in_japanese_outside_the_designers_quotes():
    """A word a reader must fix by hand (the fixer leaves it): 高兴 is 喜び, 全速连通 is 全速連結."""
    def found(msgstr):
        return lint.problems(catalog("ja", (english_for(msgstr), msgstr, "games/cardgo/ui/view.py")), "ja")

    assert not found("喜び「该卡棋生效所需的连通数-1」、全速連結モードです。")
    assert found("高兴、全速連結モードです。") and found("喜び、全速连通モードです。")
