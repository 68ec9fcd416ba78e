"""A translator's lint for the catalogs: what a native reader would stumble on, checked by machine.

Five rules (``problems(catalog, tag, glossary)`` returns one line per finding):

- **glossary**: each language's glossary (``docs/glossary/<tag>.md``) fixes how a term is rendered,
  per game. A row names the English term, the accepted renderings and the renderings to avoid; a
  message whose English has the term must have one accepted rendering and no avoided one.
- **punctuation** (Chinese and Japanese): no half-width ``, ; : ( ) ! ?`` touching CJK text. Verbatim
  quotes of the designers' texts («…», and 「…」 holding Chinese), placeholders and markup are left
  as they are.
- **register** (Japanese): です/ます throughout. A sentence (ended by 。！？ outside brackets and
  quotes, or by ： when it has a subject or an object) must not end in a plain verb form (…る,
  …ない, …た, …だ, …てもよい), and a message that is polite somewhere must not end its last clause
  in the plain form. Labels and buttons (no sentence
  end) may be plain, as Japanese interfaces write them; words that only look plain (待った, the
  game's Undo) are in ``PLAIN_WORDS``.
- **typography** (``typography.py``, which also mends): 「」 quotes in Japanese and “” in Chinese,
  no half-width comma in a list of numbers, one space between CJK and Latin letters or digits, and
  Russian no-break spaces before a dash and a unit.
- **markup**: the ``{placeholders}``, HTML tags and character entities of the English survive in
  every form of the translation (plural forms may drop ``{n}`` where the language names one number).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from . import typography

GLOSSARY_DIR = Path(__file__).resolve().parents[2] / "docs" / "glossary"
GAMES = ("htt", "cardgo", "dumaraj", "sht", "tsifrograd")

CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff60々〆"
#: a quoted Chinese original (eight Chinese characters or more, no kana): 「…」 in Japanese, “…” in Chinese
HAN_QUOTE = r"「(?=(?:[^「」]*?[\u4e00-\u9fff]){8})[^「」\u3040-\u30ff]*」|“(?=(?:[^“”]*?[\u4e00-\u9fff]){8})[^“”\u3040-\u30ff]*”"
PROTECTED = re.compile(
    HAN_QUOTE + r"|\{[^{}]*\}|<code>.*?</code>|<[^<>]+>|&#?\w+;|«[^«»]*»|https?://\S+|'[^'\s]*'"
)
HALF_WIDTH = re.compile(rf"[{CJK}][,;:()!?]|[,;:()!?][{CJK}]")

PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")
MARKUP = re.compile(r"</?[a-zA-Z][^<>]*>|&#?\w+;")

#: plain-looking endings of Japanese predicates, and the polite ones
PLAIN_END = re.compile(r"(?:[うくぐすつぬぶむる]|ない|[しっいけれ得]た|だ|である|だろう|てもよい|てよい)$")
POLITE_END = re.compile(r"(?:ます|です|ません|ました|でした|ましょう|ください|でしょう)$")
#: words that end like a plain predicate but are nouns (待った = Undo), or counters (1つ)
PLAIN_WORDS = ("待った", "一つ", "ひとつ", "二つ")
TRAILING = re.compile(r"(?:\s|[）)】]|（[^（）]*）|\([^()]*\)|…|\.\.\.|\{[^{}]*\})+$")


@dataclass
class Term:
    """One glossary row: in messages of ``scope`` whose English matches ``english``, one of
    ``renderings`` must appear and none of ``avoid``."""

    scope: str
    english: re.Pattern | None
    renderings: tuple[str, ...]
    avoid: tuple[str, ...] = ()
    line: int = 0
    name: str = ""


@dataclass
class Glossary:
    tag: str
    terms: list[Term] = field(default_factory=list)


def _cells(row: str) -> list[str]:
    """The cells of a table row; ``\\|`` is a pipe inside a cell (a regular expression's "or")."""
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", row.strip().strip("|"))]


def _alternatives(cell: str) -> tuple[str, ...]:
    return tuple(a.strip().strip("`") for a in cell.split(" / ") if a.strip().strip("`") and a.strip() != "—")


def parse_glossary(text: str, tag: str) -> Glossary:
    """Read the tables of a glossary file: a ``## <scope>`` heading (``all`` or a game), then rows
    ``| English | rendering | avoid | note |``. Alternatives are separated by `` / ``; the English
    column matches whole words, case-sensitively (``Open`` the rule, not "open a pack"), or is a
    regular expression between slashes; an empty English cell means "avoid this everywhere in the
    scope"."""
    glossary = Glossary(tag)
    scope = None
    for number, row in enumerate(text.splitlines(), 1):
        heading = re.match(r"##\s+(\S+)", row)
        if heading:
            scope = heading.group(1).lower()
            continue
        if scope is None or not row.startswith("|") or re.match(r"\|\s*-", row) or "English" in row:
            continue
        cells = _cells(row) + ["", "", ""]
        english, renderings, avoid = _alternatives(cells[0]), _alternatives(cells[1]), _alternatives(cells[2])
        pattern = None
        if english:
            pattern = re.compile("|".join(
                e[1:-1] if len(e) > 2 and e[0] == e[-1] == "/" else rf"(?<![\w-]){re.escape(e)}(?![\w-])"
                for e in english
            ))
        glossary.terms.append(Term(scope, pattern, renderings, avoid, number, " / ".join(english)))
    return glossary


def _regex(cell: str) -> re.Pattern | None:
    """An avoided rendering between slashes is a case-sensitive regular expression."""
    return re.compile(cell[1:-1]) if len(cell) > 2 and cell[0] == cell[-1] == "/" else None


def load_glossary(tag: str) -> Glossary:
    return parse_glossary((GLOSSARY_DIR / f"{tag}.md").read_text(encoding="utf-8"), tag)


def forms(value) -> list[str]:
    return list(value) if isinstance(value, tuple) else [value]


def games_of(message) -> set[str]:
    found = set()
    for path, _ in message.locations:
        m = re.search(r"games/(\w+)/", path)
        if m:
            found.add(m.group(1))
    return found


RU_PROTECTED = re.compile(r"\{[^{}]*\}|<code>.*?</code>|<[^<>]+>|&#?\w+;|https?://\S+")


def unprotected(text: str, tag: str = "zh-Hans") -> str:
    """The text without the spans no rule reads: placeholders and markup, and in Chinese and
    Japanese the verbatim quotes of the designers (in Russian «…» are ordinary quotation marks)."""
    return (RU_PROTECTED if tag == "ru" else PROTECTED).sub("\x00", text)


def punctuation_problems(text: str) -> list[str]:
    return [m.group() for m in HALF_WIDTH.finditer(unprotected(text))]


def _sentences(text: str):
    """Yield (clause, ended) for each clause of ``text``: ended by 。！？ outside brackets and quotes
    (ended=True), by a colon outside them (ended=None: a sentence only if it has a subject or an
    object, 「手札がない：…」, not a label, 「プレビュー（オン）：…」), or the last one (ended=False)."""
    depth, start = 0, 0
    for i, c in enumerate(text):
        if c in "（(「『«":
            depth += 1
        elif c in "）)」』»":
            depth = max(0, depth - 1)
        elif c in "。！？：" and depth == 0:
            yield text[start:i], (None if c == "：" else True)
            start = i + 1
    yield text[start:], False


def _predicate(clause: str) -> str:
    return TRAILING.sub("", clause.replace("\x00", "{}")).strip()


def _is_plain(clause: str) -> bool:
    end = _predicate(clause)
    return bool(end) and bool(PLAIN_END.search(end)) and not POLITE_END.search(end) and not end.endswith(PLAIN_WORDS) \
        and not re.search(r"\d\s?つ$", end)


def register_problems(text: str) -> list[str]:
    text = unprotected(re.sub(r"<[^<>]+>", "", text))
    found = []
    polite = False
    last = ""
    for clause, ended in _sentences(text):
        end = _predicate(clause)
        if ended is None:
            if re.search("[はがを]", clause) and _is_plain(clause):
                found.append(end[-12:])
        elif ended:
            if _is_plain(clause):
                found.append(end[-12:])
            polite = polite or bool(POLITE_END.search(end))
        else:
            last = clause
    tail = _predicate(last) if last else ""
    if polite and tail and _is_plain(tail) and re.search("[はがを]", tail):
        found.append(tail[-12:])
    return found


def markup_problems(message, text: str, index: int) -> list[str]:
    ids = forms(message.id)
    english = ids[min(index, len(ids) - 1)]
    found = []
    want = set(PLACEHOLDER.findall(english)) | (set(PLACEHOLDER.findall(ids[-1])) if len(ids) > 1 else set())
    have = set(PLACEHOLDER.findall(text))
    if have - want:
        found.append(f"placeholder not in the English: {sorted(have - want)}")
    missing = want - have - ({"n"} if len(ids) > 1 else set())
    if missing:
        found.append(f"placeholder lost: {sorted(missing)}")
    tags_en = sorted(MARKUP.findall(english))
    tags_tr = sorted(MARKUP.findall(text))
    if tags_en != tags_tr:
        found.append(f"markup differs: {tags_en} vs {tags_tr}")
    return found


def glossary_problems(message, text: str, glossary: Glossary) -> list[str]:
    """A term of the message's English without an accepted rendering, or an avoided rendering. The
    English is read without its placeholders and markup ({level} is not the word "level"); an
    avoided word inside another matched term's rendering is fine (护盾牌 holds 盾牌, 自选卡组 卡组)."""
    english = MARKUP.sub(" ", PLACEHOLDER.sub(" ", " ".join(forms(message.id))))
    games = games_of(message)
    plain = unprotected(text, glossary.tag).lower()
    matched = [
        t for t in glossary.terms
        if (t.scope == "all" or t.scope in games) and (t.english is None or t.english.search(english))
    ]
    rest = plain
    for rendering in sorted({r.lower() for t in matched if t.english is not None for r in t.renderings}, key=len, reverse=True):
        rest = rest.replace(rendering, "\x00")
    found = []
    cased = unprotected(text, glossary.tag)
    for term in matched:
        bad = [a for a in term.avoid if (_regex(a).search(cased) if _regex(a) else a.lower() in rest)]
        if bad:
            found.append(f"glossary line {term.line}: {bad[0]!r} where the glossary says {' / '.join(term.renderings) or 'not'}")
        if term.english is not None and term.renderings and not any(r.lower() in plain for r in term.renderings):
            found.append(f"glossary line {term.line}: {term.name!r} should read {' / '.join(term.renderings)}")
    return found


def problems(catalog, tag: str, glossary: Glossary | None = None) -> list[str]:
    """Every finding of the four rules in ``catalog`` (a babel Catalog or a list of its messages)."""
    found = []
    for message in catalog:
        if not message.id:
            continue
        key = forms(message.id)[0][:70]
        for index, text in enumerate(forms(message.string)):
            if not text:
                continue
            report = markup_problems(message, text, index)
            if tag in ("zh-Hans", "ja"):
                report += [f"half-width punctuation {p!r}" for p in punctuation_problems(text)]
            if tag == "ja":
                report += [f"plain form …{p}" for p in register_problems(text)]
            report += typography.problems(text, tag, PROTECTED)
            if glossary is not None:
                report += glossary_problems(message, text, glossary)
            found += [f"{tag} {key!r}: {r}" for r in dict.fromkeys(report)]
    return found
