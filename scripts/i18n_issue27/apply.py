"""Issue 27's wording fixes of the ru, zh-Hans and ja catalogs, as a re-runnable migration.

Run from the repository root after a merge that brings catalogs written before the fixes (for
example a branch that added msgids in parallel):

    .venv/bin/python scripts/i18n_issue27/apply.py && .venv/bin/python -m webtabletop.tools.i18n

It is idempotent (a second run changes nothing). Mechanical fixes: CJK punctuation (cjkpunct.py),
Japanese です/ます at sentence ends (polite.py), term replacements per game (below); entries
rewritten by hand are in manual.py. `tests/i18n/test_catalog_lint.py` then checks the result.
Delete this directory once no branch from before issue 27 remains.
"""
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from babel.messages.pofile import read_po, write_po
from cjkpunct import fix as punct
from manual import MANUAL  # {tag: {(ctx, msgid_or_first): str or tuple}}
from polite import politify

from webtabletop.i18n import catalogs


def en(m):
    return " ".join(m.id) if isinstance(m.id, tuple) else m.id

def loc(m):
    return ",".join(sorted({path for path, _ in m.locations}))

def zh(m, s):
    e = en(m)
    if m.id == "Deck" and not m.context and loc(m) and all("games/htt" in p for p in loc(m).split(",")):
        return "卡组"  # HTT's deck page, once SHT's draw pile has its own context (branch i18ncode)
    s = punct(s, "zh").replace("Enter,Tab", "Enter，Tab")
    if re.search(r"\bsets?\b|\bset's\b|\bset id\b|'custom_sets'", e) and not re.search(r"\bdeck", e, re.I):
        s = s.replace("卡组系列", "系列").replace("卡组", "系列")
    if re.search(r"matter", e, re.I):
        s = s.replace("属性", "物质")
    s = s.replace("特里贡等级", "特里贡度数").replace("和局", "平局").replace("和棋", "平局").replace("易手", "易主")
    if "games/cardgo" in loc(m):
        s = s.replace("棋组", "连通集")
    if "games/htt" in loc(m):
        s = s.replace("友谊赛", "友谊桌")
    if re.search(r"\bmoves?\b", e):
        s = re.sub(r"(第 ?\{\w+\} ?)手", r"\1步", s)
        s = re.sub(r"(\{\w+\} ?)手(?![牌中上机])", r"\1步", s)
        s = s.replace("手数", "步数")
    return s

GAMES_PLAIN = ("games/sht", "games/cardgo", "games/tsifrograd", "app/game/commands.py")
def ja(m, s):
    s = punct(s, "ja")
    s = s.replace("地下墓所", "地穴").replace("山札", "デッキ")
    if "sht" in loc(m) or "shields" in en(m):
        s = s.replace("伏せ札", "クローズカード")
    else:
        s = s.replace("伏せ札", "隠れたカード")
    if "games/cardgo" in loc(m):
        s = s.replace("フルスピード連結", "全速連結").replace("フルスピード", "全速連結")
    if "games/htt" in loc(m):
        s = s.replace("マテリア", "マター")
    s = s.replace("出すか、出さない。", "出すか、見送ります。").replace("共有しよう。", "共有してください。")
    s = politify(s)
    if re.search(r"games/(sht|cardgo|tsifrograd)", loc(m)):
        s = nominal(s)
    return s

VERBAL = ("パス", "攻撃", "防御", "ドラッグ")
NOUNY = ("引き分け", "勝ち", "負け", "必要", "有効", "同じ", "大きい", "小さい", "敗北", "だけ", "もの")
def nominal(s):
    """Subject-predicate sentences that end in a noun get です (or します for a verbal noun)."""
    def one(m):
        body, word, tail = m.group(1), m.group(2), m.group(3)
        if not re.search("[はがば]|なら", body):
            return m.group()
        return body + word + ("します" if word in VERBAL else "です") + tail
    return re.sub(r"((?:^|(?<=[。！？]))[^。！？（）]*?)(" + "|".join(VERBAL + NOUNY) + r")((?:（[^（）]*）)?。)", one, s)

def ru(m, s):
    s = re.sub(r"\bсид(а|у|ом|е)?\b", lambda x: "сид" + (x.group(1) or ""), s)
    # one word for the seed: зерно -> сид
    for a, b in (("зерно", "сид"), ("Зерно", "Сид"), ("зерна", "сида"), ("зерном", "сидом"), ("зерну", "сиду")):
        s = re.sub(rf"\b{a}\b", b, s)
    if "tsifrograd" not in loc(m) or True:
        s = re.sub(r"\bКости\b", "Кубики", s)
        s = re.sub(r"\bкости\b", "кубики", s) if re.search(r"\bdice\b", en(m)) else s
    for a, b in (("доп. розыгрыша", "дополнительного розыгрыша"), ("доп. розыгрыши", "дополнительные розыгрыши"),
                 ("Доп. розыгрыши", "Дополнительные розыгрыши"), ("Доп. розыгрыш", "Дополнительный розыгрыш"),
                 ("доп. розыгрыш", "дополнительный розыгрыш"), ("доп. карта", "дополнительная карта"),
                 ("(доп.)", "(дополнительно)"), ("доп. карту", "дополнительную карту"), ("доп. карты", "дополнительные карты"),
                 ("доп. карт", "дополнительных карт")):
        s = s.replace(a, b)
    s = s.replace("одно и то же сид", "один и тот же сид")
    return s

FIX = {"ru": ru, "zh-Hans": zh, "ja": ja}

def main():
    with open(os.environ.get("I18N27_REPORT", os.devnull), "w") as report:
        run(report)


def run(report):
    for tag in ("ru", "zh-Hans", "ja"):
        path = catalogs.po_path(tag)
        if os.environ.get("PO_ROOT"):
            path = Path(os.environ["PO_ROOT"]) / path.relative_to(catalogs.LOCALE_DIR.parents[3])
        with path.open("rb") as fh:
            po = read_po(fh, locale=catalogs.LOCALES[tag], domain=catalogs.DOMAIN)
        n = 0
        manual = MANUAL.get(tag, {})
        for m in po:
            if not m.id:
                continue
            k = (m.context, m.id if isinstance(m.id, str) else m.id[0])
            old = m.string
            if k in manual:
                new = manual[k]
            elif isinstance(old, tuple):
                new = tuple(FIX[tag](m, x) for x in old)
            else:
                new = FIX[tag](m, old)
            if new != old:
                n += 1
                m.string = new
                report.write(f"== {tag} {loc(m)} [{m.context or ''}]\n   EN {en(m)}\n  OLD {old}\n  NEW {new}\n")
        with path.open("wb") as fh:
            write_po(fh, po, width=100, sort_by_file=True, ignore_obsolete=True, include_lineno=False)
        print(tag, n)

main()
