import re

CJK = "“”\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff60々〆"
CJK_RE = re.compile(f"[{CJK}]")
# spans never touched: placeholders, markup, entities, verbatim quotes of the designer, code
PROTECT = re.compile(r"「(?=[^「」]*[\u4e00-\u9fff]{8})[^「」\u3040-\u30ff]*」|\{[^{}]*\}|<code>.*?</code>|<[^<>]+>|&#?\w+;|«[^«»]*»|https?://\S+|'[^'\s]*'")
FULL = {"zh": {",": "，", ";": "；", ":": "：", "(": "（", ")": "）", "!": "！", "?": "？"},
        "ja": {",": "、", ";": "；", ":": "：", "(": "（", ")": "）", "!": "！", "?": "？"}}

def is_cjk(ch):
    return bool(ch) and bool(CJK_RE.match(ch))

def fix(text, lang):
    if not CJK_RE.search(text):
        return text
    table = FULL[lang]
    # work on a list of characters; protected spans become a single opaque token
    parts = []
    pos = 0
    for m in PROTECT.finditer(text):
        parts.extend(text[pos:m.start()])
        parts.append(m.group())
        pos = m.end()
    parts.extend(text[pos:])
    def ch(i):
        return parts[i] if 0 <= i < len(parts) and len(parts[i]) == 1 else ("{" if 0 <= i < len(parts) else "")
    out = list(parts)
    # parentheses: match pairs
    stack = []
    pairs = []
    for i, p in enumerate(parts):
        if p == "(":
            stack.append(i)
        elif p == ")" and stack:
            pairs.append((stack.pop(), i))
    for a, b in pairs:
        inner = "".join(parts[a + 1:b])
        outer = ch(a - 1) + ch(b + 1)
        if CJK_RE.search(inner) or any(is_cjk(c) for c in outer) or CJK_RE.search("".join(parts[max(0,a-1):a])):
            out[a], out[b] = table["("], table[")"]
    for i, p in enumerate(parts):
        if p in ",;:!?":
            prev, nxt = ch(i - 1), ch(i + 1)
            if prev.isdigit() and nxt.isdigit():
                continue  # 1,000  10:30  a:b
            if p == ":" and "".join(parts[i+1:i+3]) == "//":
                continue
            nxt2 = ch(i + 2) if nxt == " " else nxt
            prev_cjk = is_cjk(prev) or out[i-1:i] and out[i-1] in table.values()
            if prev_cjk or is_cjk(nxt2) or prev == "{" or (p in ",;:" and nxt2 == "{"):
                out[i] = table[p]
    s = "".join(out)
    # no ASCII space after or before full-width punctuation
    s = re.sub(r" *([，；：（）！？、]) *", lambda m: m.group(1), s)
    return s
