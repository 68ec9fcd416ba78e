"""Typography rules of the translator's lint, and the fixer that applies them.

Each rule names one kind of slip a native reader sees at once; ``problems(text, tag)`` returns
one line per slip, ``fix(text, tag)`` rewrites the text so that none is left. Placeholders,
markup, addresses and the verbatim quotes of the designers' texts (see ``catalog_lint.PROTECTED``)
are never read or changed.

- **quotes**: Japanese quotes its own words and the designers' Chinese in 「」, never in «» or “”;
  Chinese quotes in “”, never in «» or 「」. Guillemets stay around Russian originals (a quote in
  the designer's language keeps that language's marks).
- **digit comma** (Chinese and Japanese): no half-width comma between digits except a group of
  thousands (17,359): a list of numbers is written with 、 (X = 3、3 和 2).
- **spacing** (Chinese and Japanese): exactly one half-width space between a Chinese character or
  kana and a Latin letter, a digit or a percent sign, either way round (「HTT 收藏」, 「カード 1 枚」, 「2026 年 11 月」),
  what most entries did. Punctuation (、。・「」（）…) takes no space. A placeholder is not read:
  what it holds varies (a number, a card's name).
- **simplified Chinese in Japanese**: outside the designers' quotes, a Japanese text holds no
  character that only simplified Chinese writes (高兴 is 喜び, 全速连通 is 全速連結:
  :data:`SIMPLIFIED_ONLY`, a list of the common ones, each of which Japanese writes otherwise).
- **no-break spaces** (Russian): a no-break space, not a plain one, before a dash (« — »: a line
  never starts with the dash), and between a number (or a placeholder) and a percent sign or a unit
  of size or time (56,5 %, 3 КБ, 200 мс), as ``i18n/text.py`` writes computed percentages.
"""

from __future__ import annotations

import re

NBSP = "\xa0"
#: Chinese characters and kana, without the punctuation of the same Unicode blocks (・ ー is a kana)
LETTER = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3041-\u309f\u30a0-\u30fa\u30fc-\u30ff々〆"
CJK_TEXT = re.compile(f"[{LETTER}]")
LATIN = "A-Za-z0-9%"
TIGHT = re.compile(rf"(?<=[{LETTER}])(?=[{LATIN}])|(?<=[{LATIN}])(?=[{LETTER}])")
WIDE = re.compile(rf"(?<=[{LETTER}]) {{2,}}(?=[{LATIN}])|(?<=[{LATIN}]) {{2,}}(?=[{LETTER}])")
#: not in a thousands group (17,359), nor in data typed as it is (a "used:since" pair list, 1:2,0:3)
DIGIT_COMMA = re.compile(r"(?<!:\d)(?<=\d),(?!\d{3}(?!\d))(?=\d)")
#: quote marks that a language must not put around Chinese or Japanese words
WRONG_QUOTES = {"ja": (("«", "»"), ("“", "”")), "zh-Hans": (("«", "»"), ("「", "」"))}
RIGHT_QUOTES = {"ja": ("「", "」"), "zh-Hans": ("“", "”")}
RU_DASH = re.compile(r"[ \t\n]+—")
RU_UNIT = re.compile(r"(?<=[\d}\x00])[ \t](?=(?:%|КБ|МБ|ГБ|мс)(?!\w))")
#: characters only simplified Chinese writes (Japanese: 興 連 張 時 門 対 這 們 説 為 進 過 還 様 発 処 従 選 択 見 車 東
#: 馬 鳥 竜 辺 達 遠 運 気 電 動 開 関 長 問 間 題 項 順 須 頁 脳 風 飛 飯 館 銭 鉄 銀 鎖 錯 鍵 鏡 閉 陣 陸 随 隠 難 頂 預 領 頭 顆
#: 顔 額 顕 専 業 両 豊 挙 義 楽 習 書 買 亜 産 親 価 伝 傷 優 衆 撃 創 別 剣 劇 務 勢 華 協 単 売 衛 歴 圧 県 変 員 響 場 塊 堅 奪
#: 奨 実 図 円 団 園 導 層 歳 島 師 帯 弾 強 帰 録 態 総 悪 驚 願 戯 報 戦 応 蓋 盤 聴 頼 賛 貝 負 貨 質 贈 勝)
SIMPLIFIED_ONLY = re.compile(
    "[兴连张时门对这们说为进过还样发处从选择见车东马鸟龙边达远运气电动开关长问间题项顺须页脑风飞饭馆钱铁银锁错键镜闭阵"
    "陆随隐难顶预领头颗颜额显专业两丰举义乐习书买亚产价传伤优众击创别剑剧务势华协单卖卫历压县变员响场块坚夺奖实图圆团"
    "园导层岁岛师带弹强归录态总恶惊愿戏报战应盖盘听赖赞贝负货质赠胜]"
)
#: what no rule reads: placeholders, markup, entities, addresses
CODE = re.compile(r"\{[^{}]*\}|<code>.*?</code>|<[^<>]+>|&#?\w+;|https?://\S+")


def _outside(text: str, protected: re.Pattern, change) -> str:
    """``change`` applied to the parts of ``text`` that ``protected`` does not match."""
    out, last = [], 0
    for m in protected.finditer(text):
        out += [change(text[last:m.start()]), m.group()]
        last = m.end()
    return "".join(out + [change(text[last:])])


def _quotes(tag: str, text: str) -> list[tuple[str, str, str]]:
    """(opening mark, quoted text, closing mark) of each wrongly quoted CJK passage."""
    found = []
    for left, right in WRONG_QUOTES.get(tag, ()):
        for m in re.finditer(f"{left}([^{left}{right}]*){right}", text):
            if CJK_TEXT.search(CODE.sub("", m.group(1))):
                found.append((left, m.group(1), right))
    return found


def problems(text: str, tag: str, protected: re.Pattern) -> list[str]:
    if tag == "ru":
        plain = CODE.sub("\x00", text)
        found = [f"a plain space before a dash: …{plain[max(0, m.start() - 12):m.end()]!r}" for m in RU_DASH.finditer(plain)]
        found += [f"a plain space before a unit: …{plain[max(0, m.start() - 8):m.end() + 2]!r}" for m in RU_UNIT.finditer(plain)]
        return found
    if tag not in RIGHT_QUOTES:
        return []
    left, right = RIGHT_QUOTES[tag]
    found = [f"quotes {a}{q[:20]}{b}: write {left}…{right}" for a, q, b in _quotes(tag, text)]
    plain = protected.sub("\x00", text)
    found += [f"a half-width comma between digits: {plain[max(0, m.start() - 6):m.end() + 6]!r}" for m in DIGIT_COMMA.finditer(plain)]
    found += [f"no space between CJK and Latin: {plain[max(0, m.start() - 6):m.end() + 6]!r}" for m in TIGHT.finditer(plain)]
    found += [f"more than one space between CJK and Latin: {m.group()!r}" for m in WIDE.finditer(plain)]
    if tag == "ja":
        found += [f"simplified Chinese in Japanese: {plain[max(0, m.start() - 4):m.end() + 4]!r}" for m in SIMPLIFIED_ONLY.finditer(plain)]
    return found


def fix(text: str, tag: str, protected: re.Pattern) -> str:
    """``text`` with every slip of :func:`problems` mended."""
    if tag == "ru":
        return RU_UNIT.sub(NBSP, RU_DASH.sub(NBSP + "—", text))
    if tag not in RIGHT_QUOTES:
        return text
    left, right = RIGHT_QUOTES[tag]
    for a, q, b in _quotes(tag, text):
        text = text.replace(f"{a}{q}{b}", f"{left}{q}{right}")
    text = _outside(text, protected, lambda s: DIGIT_COMMA.sub("、", s))
    return _outside(text, protected, lambda s: TIGHT.sub(" ", WIDE.sub(" ", s)))


def main() -> None:
    """``python -m tests.i18n.typography``: mend every catalog's typography in place, then
    normalise the files as ``./scripts/dev i18n`` writes them (run it again after a merge)."""
    from babel.messages.pofile import read_po, write_po

    from webtabletop.i18n import catalogs
    from webtabletop.tools.i18n import update

    from .catalog_lint import PROTECTED

    for tag, locale in catalogs.LOCALES.items():
        path = catalogs.po_path(tag)
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=locale, domain=catalogs.DOMAIN)
        changed = 0
        for message in catalog:
            if not message.id:
                continue
            old = message.string
            new = tuple(fix(s, tag, PROTECTED) for s in old) if isinstance(old, tuple) else fix(old, tag, PROTECTED)
            if new != old:
                message.string, changed = new, changed + 1
        with path.open("wb") as fh:
            write_po(fh, catalog, width=100, sort_by_file=True, ignore_obsolete=True, include_lineno=False)
        print(f"[typography] {tag}: {changed} entries mended")
    update()


if __name__ == "__main__":
    main()
