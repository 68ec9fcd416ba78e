import re

# godan る-verbs that look ichidan (preceded by i/e-row kana)
GODAN_RU = ("入る", "残る", "走る", "減る", "切る", "知る", "帰る", "限る", "要る", "戻る", "混じる", "握る", "参る", "散る", "茂る", "蹴る", "照る", "練る", "滑る", "焦る", "かぎる", "はいる", "のこる")
E_I_ROW = set("いきぎしじちぢにひびぴみりえけげせぜてでねへべぺめれ")
U2I = dict(zip("うくぐすつぬぶむる", "いきぎしちにびみり", strict=False))
NEG = {"できない": "できません", "ない": "ありません"}
SPECIAL = [
    ("てもよい", "てもかまいません"), ("でもよい", "でもかまいません"), ("してよい", "してかまいません"),
    ("もなかった", "もありませんでした"), ("がなかった", "がありませんでした"), ("された", "されました"),
    ("ていた", "ていました"), ("した", "しました"), ("入った", "入りました"), ("得た", "得ました"),
    ("引いた", "引きました"), ("えなかった", "えませんでした"), ("見つけた", "見つけました"), ("勝った", "勝ちました"), ("しうる", "し得ます"), ("少ない", "少ないです"), ("出さない", "出しません"),
    ("ではない", "ではありません"), ("じゃない", "ではありません"),
    ("しかない", "しかありません"), ("ことはない", "ことはありません"),
    ("できない", "できません"), ("できる", "できます"),
    ("である", "です"), ("だろう", "でしょう"),
    ("している", "しています"), ("ている", "ています"), ("でいる", "でいます"),
    ("いない", "いません"), ("ていない", "ていません"),
    ("ある", "あります"), ("いる", "います"), ("する", "します"), ("くる", "きます"), ("来る", "来ます"),
    ("なる", "なります"), ("った", "りました"),
    ("だ", "です"),
]
def verb_polite(t):
    """t ends in a plain-form predicate; return the polite form or None."""
    for a, b in SPECIAL:
        if t.endswith(a) and a not in ("った",):
            return t[: -len(a)] + b
    # negative: 〜ない after a verb stem (a-row) -> 〜ません
    if t.endswith("ない"):
        stem = t[:-2]
        if stem and stem[-1] in "がはもでとく":
            return stem + "ありません"
        if stem and stem[-1] in "かがさたなばまらわえけげせぜてでねべめれいきぎしじちにびみり":
            # 置けない -> 置けません ; 消さない -> 消しません ; 入らない -> 入りません
            A2I = dict(zip("かがさたなばまらわ", "きぎしちにびみりい", strict=False))
            last = stem[-1]
            return stem[:-1] + A2I.get(last, last) + "ません"
        return stem + "ありません" if not stem.endswith("は") else stem + "ありません"
    if t.endswith("た"):
        return None
    if t.endswith("つ") and (t[-2:-1].isdigit() or t.endswith(("一つ", "ひとつ", "二つ", "ふたつ"))):
        return None  # past forms: manual
    if t.endswith("る"):
        if t.endswith(("得る", "見る", "出る", "寝る", "似る", "着る", "経る", "煮る")):
            return t[:-1] + "ます"
        if t.endswith(GODAN_RU):
            return t[:-1] + "ります"
        if len(t) >= 2 and t[-2] in E_I_ROW:
            return t[:-1] + "ます"
        return t[:-1] + "ります"
    if t[-1:] in U2I:
        return t[:-1] + U2I[t[-1]] + "ます"
    return None

PLAIN = re.compile(r"([うくぐすつぬぶむる]|ない|だ|である|だろう|てもよい|てよい|[しっいけれ得]た)$")
POLITE = re.compile(r"(ます|です|ません|ました|でした|ましょう|ください|でしょう)$")
BOUND = re.compile(r"[。！？：]|$")
SKIP = re.compile(r"(?:\s|[）】]|（[^（）]*）|\.\.\.|…|</?\w+>)+$")
def boundaries(s):
    depth = 0
    for i, c in enumerate(s):
        if c in "（「(":
            depth += 1
        elif c in "）」)":
            depth = max(0, depth - 1)
        elif c in "。！？：" and depth == 0:
            yield i, c
    yield len(s), ""

class _M:
    def __init__(self, i, c):
        self.i, self.c = i, c
    def start(self):
        return self.i
    def end(self):
        return self.i + len(self.c)
    def group(self):
        return self.c

def politify(s):
    out = []
    pos = 0
    for m in (_M(i, c) for i, c in boundaries(s)):
        seg = s[pos:m.start()]
        tail_m = SKIP.search(seg)
        core, tail = (seg[:tail_m.start()], seg[tail_m.start():]) if tail_m else (seg, "")
        if m.group() == "：" and not re.search("[はがを]", core):
            out.append(core + tail + m.group())
            pos = m.end()
            continue
        if core and PLAIN.search(core) and not POLITE.search(core) and not (m.group() == "" and "。" not in s and not (core.endswith("ない") and re.search("[はが]", core))):
            new = verb_polite(core)
            if new:
                core = new
        out.append(core + tail + m.group())
        pos = m.end()
        if m.group() == "":
            break
    return "".join(out)
