"""No words reach a player from outside a gettext call ("English reaching players").

An AST scan of ``src/webtabletop`` (:mod:`tests.i18n.literal_scan` says what reads as words and
what is code by its place in the syntax tree) finds every string literal a player could read that is
not wrapped in ``_``/``N_``/``ngettext``/``pgettext``/``side_gettext``. What remains must be in
:data:`ALLOWED`, under the reason it is not a player's text; an entry that no longer matches
anything fails too, so the list only shrinks with the code.

Not scanned (:data:`EXEMPT_MODULES`): the developer tooling that ``babel.cfg`` leaves out
(``tools/``), the command-line front ends (``cli.py``, ``lab/run.py``, ``lab/journal.py``, ``learn/check.py``, ``learn/mine.py``),
whose help and reports are for developers and stay English, and the extraction code
(``i18n/extract.py``, ``i18n/notes.py``), whose words are the translators' comments.
"""

from __future__ import annotations

from tests.i18n.literal_scan import scan, scan_source

EXEMPT_MODULES = ("tools/*", "cli.py", "*/cli.py", "lab/run.py", "lab/journal.py", "learn/check.py", "learn/mine.py", "i18n/extract.py", "i18n/notes.py")

BUG = "bug"
DEBUG = "debug"
CODE = "code"
DIGEST = "digest"
CARDS = "cards"
I18N = "i18n"
#: every literal of a module (only for the card-name lists of the built-in HTT sets)
EVERY = None

#: reason -> module -> the literals allowed there (exactly as written in the code)
ALLOWED: dict[str, dict[str, tuple[str, ...] | None]] = {
    # an internal check: only a bug or a hand-made table (engine, lesson, crypto) raises it, never a player's input
    BUG: {
        'ai/analysis.py': (
            'unknown analysis budget ',
        ),
        'ai/arena.py': (
            ', oracle:<level> or ',
            'Clairvoyant',
            'unknown player ',
        ),
        'ai/mcts.py': (
            'no legal move: the game is over',
            'unknown AI level ',
        ),
        'ai/players.py': (
            ' (use random, ai or ai:easy|normal|hard)',
            'unknown player kind ',
        ),
        'ai/review.py': (
            'a review needs one more position than moves',
        ),
        'app/shell/dispatch.py': (
            'a lab task is a list of 8 fields',
        ),
        'core/registry.py': (
            ' registered twice',
        ),
        'core/rng.py': (
            'choice from an empty sequence',
            'randint needs a <= b',
            'sample larger than population',
            'weights must have a positive sum',
        ),
        'core/sharelink.py': (
            'varints are unsigned',
        ),
        'core/storage.py': (
            'storage keys live under ',
        ),
        'correspondence/annotations.py': (
            'a live offer or answer carries the seat of the player who made it',
        ),
        'correspondence/data.py': (
            "a match has seat 0's commitment from the start",
            'an ending needs the link keys of an authenticated match',
            'a clock needs a match whose link 1 is bound',
            'an authenticated link from link 2 on needs the shared key for its tag',
            'a live section needs a match of link format 5 or 6',
        ),
        'correspondence/live/description.py': (
            'an answer from the page needs the offer it answers',
            'only an offer has an offer id',
        ),
        'fairplay/beacon.py': (
            'links are numbered from 1',
            "that chain is not the sender's",
            "that link's value is not known",
            'the first fair seed is that of link ',
        ),
        'fairplay/chain.py': (
            'a chain has 1..',
            'that value has not been revealed yet',
            'this chain has no value with that index',
        ),
        'fairplay/deal.py': (
            'a deal has a role (FIRST or SECOND) and 2..',
            "message 1 is FIRST's",
            "message 2 is SECOND's",
        ),
        'fairplay/dleq.py': (
            'a DLEQ proof needs one target per base',
        ),
        'fairplay/group.py': (
            'a key is in [1, n)',
            'this group needs p = 3 (mod 4) for its square roots',
        ),
        'fairplay/kdf.py': (
            ' bytes of entropy',
            'a fair-play secret is ',
            'an integer hash part must fit 64 bits',
        ),
        'fairplay/opening.py': (
            'one card in 0..size-1 per position',
            'only opened positions can be claimed',
        ),
        'fairplay/points.py': (
            'not the x of a curve point, or not a sign',
            'the point at infinity has no coordinates',
            'the point at infinity is never sent',
        ),
        'fairplay/shuffleproof.py': (
            'a shuffle proof needs two lists of equal length and a permutation',
        ),
        'games/cardgo/ai/choose.py': (
            'no legal move: the game is over',
            'unknown AI level ',
        ),
        'games/cardgo/rules/diagram.py': (
            'the diagram must be square',
        ),
        'games/cardgo/rules/effects.py': (
            'not a card code: ',
        ),
        'games/cardgo/rules/match.py': (
            'not a card byte: ',
        ),
        'games/cardgo/rules/terrain.py': (
            ' cells, not ',
            'terrain must have ',
        ),
        'games/dumaraj/ai/choose.py': (
            'no legal move: the game is over',
            'unknown AI level ',
        ),
        'games/dumaraj/rules/geo.py': (
            'the engine supports W/F riders that flep and frag',
        ),
        'games/dumaraj/rules/lines.py': (
            ') is neither straight nor a leap with a path',
        ),
        'games/dumaraj/rules/pieces.py': (
            ' allows no direction',
            ' without an atom',
            ': unknown atom ',
            ': unknown modifier ',
            'empty mob description',
        ),
        'games/dumaraj/ai/search.py': (
            'no legal move: the game is over',
        ),
        'games/htt/collection/model.py': (
            'the game is not over',
        ),
        'games/htt/ui/render/cards.py': (
            ' (set, level, name, copies)',
            'unknown sort ',
        ),
        'games/htt/rules/sets/rules.py': (
            ' A sums to ',
            ' with ',
            'no card of level ',
        ),
        'i18n/catalogs.py': (
            'unknown language ',
        ),
        'lab/batch.py': (
            ' (use one of ',
            'options must be a JSON object of option names and values',
            'the number of games must be from 1 to ',
            'unknown evaluation budget ',
            'unknown player ',
        ),
        'learn/lesson.py': (
            ' after the solution',
            " before the learner's move ",
            ' is illegal: ',
            " moves, before the solution's end",
            ': the game is over or it is not their turn',
            'no legal fixed reply ',
            'the goal is not reached',
            'the goal is not reached after ',
            'the goal is reached after ',
            'the goal is reached before any move',
            'the learner cannot move ',
            'the position cannot be built: ',
            'the solution has ',
        ),
        'core/movetree.py': (
            'a move tree needs one more position than main-line moves',
        ),
        'games/cardgo/learn/puzzles.py': (
            ' scores differently when the unseen cards are arranged otherwise',
        ),
        'learn/puzzle.py': (
            'unknown kind ',
            'the position cannot be rebuilt: ',
            'the game is over in the position',
            ', the puzzle says ',
            'the best value is ',
            'the best first moves are ',
            'the other moves reach ',
            'the turn has too many lines to search',
        ),
    },
    # State.text(): the plain-text dump for logs, tests and the command line
    DEBUG: {
        'games/cardgo/rules/state.py': (
            ' to move (',
        ),
        'games/htt/rules/state.py': (
            'to move: ',
        ),
        'games/sht/rules/state.py': (
            '; to move: ',
        ),
        'games/tsifrograd/rules.py': (
            'to move: ',
        ),
    },
    # a code or identifier stored or compared (battle-log rule names, option values, stream and class names, CSS, notation)
    CODE: {
        'app/match/store.py': (
            'you',
        ),
        'core/ending.py': (
            'Ended',
        ),
        'correspondence/dealt.py': (
            'first player',
        ),
        'games/dumaraj/learn/lessons.py': (
            '5k/6/6/2pP2/6/4K1 w RBrb 0:3,0:3 c4c3 - - 2b 0 2',
        ),
        'games/dumaraj/ui/board_svg.py': (
            '<style>.dumaraj .sel rect.sq{stroke:#1e88e5;stroke-width:4}.dumaraj [data-pick]{cursor:pointer}.dumaraj [data-pick]:focus{outline:none}.dumaraj [data-pick]:focus-visible rect.sq{stroke:#ffb300;stroke-width:4}.dumaraj [data-hint] rect.sq{stroke:#2e7d32;stroke-width:5}.dumaraj [data-drag]{cursor:grab}.dumaraj .coord{pointer-events:none}</style>',
        ),
        'games/dumaraj/rules/pieces.py': (
            'Fej',
            'Pixa',
            'Raj',
            'mfsW mfsD cfF',
        ),
        'games/htt/rules/cards.py': (
            'Card ',
        ),
        'games/htt/rules/options.py': (
            'Block',
            'Combo',
            'Friendly',
            'In order',
            'Matter',
            'Max level ',
            'Min level ',
            'Minus',
            'Open',
            'Own deck',
            'Plus',
            'Random',
            'Same',
            'all',
        ),
        'games/htt/ui/pages/collection.py': (
            'all',
        ),
        'games/htt/ui/pages/newgame.py': (
            'Computer (',
        ),
        'games/dumaraj/lab.py': (
            'Raj flex',
            'pair flex',
        ),
    },
    # a heading of the rules digest (shared/rules/*.md) that lessons are filed under, or a note on how a section that
    # is not a rule maps to a lesson (SECTION_NOTES); learn/check.py writes them into docs/lessons.md, no screen shows them
    DIGEST: {
        'games/cardgo/learn/lessons.py': (
            'Card effects (switchable as a whole; when ON, dealt cards get a random effect)',
            'Components and setup',
            'Custom mode (all adjustable before a game, within sensible bounds; bad values get a clear message)',
            'Definitions',
            'Rule 1 — taking effect',
            'Rule 2 — breathless enemies are converted',
            'Rule 3 — mutual breathlessness ("ko")',
            'Switches',
            'Terrain (switchable; when ON, the board gets seeded random terrain)',
            'What the UI must offer',
            'not a rule: the controls it lists (drag a hand card onto the board, the preview, the marking of stones '
            'taking effect, both time bars) are the ones the learner uses in `fire`, the first lesson',
        ),
        'games/dumaraj/learn/lessons.py': (
            'Arbitrary moves (each off unless agreed before the game)',
            'Basic moves',
            'Location and setup',
            'Mobs (letter for notation; Betza notation in brackets)',
            'Not in scope',
            'Notation',
            'Vocabulary',
            "not a rule: what the game leaves out (2.5D/3D locations, dives); `editor`, the lesson on the location's "
            'shape, says the location is flat',
        ),
        'games/htt/learn/lessons.py': (
            'Cards',
            'Sets (themed collections of cards)',
            'Table rules (any combination, chosen when the table is created; can be saved as presets)',
            'The collection (kept in the browser, survives reloads; export/import as a file)',
            'The duel',
        ),
        'games/sht/learn/lessons.py': (
            'A turn: exactly one of',
            'Battle',
            'Components',
            'End',
            'Hidden information is real',
            'Setup',
            "a rule for the engine (what each player may see); `two-attacks` has the learner win without seeing the "
            "opponent's hand or shield",
        ),
        'games/tsifrograd/lessons.py': (
            'Common frame',
            "Proximity (the original the seed descends from; an extra mode, not in the seed's rules)",
            'Tsifrograd (the main game)',
            'Tsifroshturm (simple variant, for children / quick play)',
            'What the UI must offer',
            'not a rule: the screen it lists (the dice, the legal cells marked, the enemy numbers that may be crossed '
            'out and the way to pick one, the counts) is what the learner uses in `place` and `cross`',
        ),
    },
    # built-in HTT card names: their ids in records; shown through sets.names.card_name (pgettext 'HTT card', extracted from the set files)
    CARDS: {
        'games/htt/rules/sets/names.py': EVERY,
    },
    # the i18n machinery itself: a context, a translator comment, English's own name in the language switch
    I18N: {
        'i18n/catalogs.py': (
            'English',
        ),
        'i18n/sides.py': (
            "A side's name fills {player} (also {winner}, {side}, {other}): DumaRaj's White or Black, a name in the plural (Russian: Белые, Чёрные — make the verb agree: «Ходят белые»).",
            "A side's name fills {player} (also {winner}, {side}, {other}): a name in the singular — HTT's Blue/Red, CardGO's Green/Red, Tsifrograd's Orange/Blue, SHT's Player 1/2. DumaRaj's White/Black have their own entry (context “side named in the plural”).",
            'side named in the plural',
        ),
        'games/cardgo/meta.py': (
            "CardGO's rules page",
            'CardGO: its game screen',
            "Green or Red (CardGO's players, singular)",
        ),
        'games/dumaraj/meta.py': (
            "DumaRaj's rules page",
            'DumaRaj: its game screen',
            "White or Black (DumaRaj's sides; Russian: plural «Белые», «Чёрные»)",
        ),
        'games/htt/meta.py': (
            "Blue or Red (HTT's players, singular)",
            'HTT (Hexagonal Triple Triad): its game screen and pages',
            "HTT's own pages (collection, packs, deck, sets, presets, battle log)",
            "HTT's rules page",
        ),
        'games/sht/meta.py': (
            'Player 1 or Player 2 (SHT)',
            "SHT's rules page",
            'SHT: its game screen',
        ),
        'games/tsifrograd/meta.py': (
            "Orange or Blue (Tsifrograd's players, singular)",
            "Tsifrograd's rules page",
            'Tsifrograd: its game screen',
        ),
    },
}


def _allowed(module: str, literal: str) -> bool:
    for modules in ALLOWED.values():
        if module in modules and (modules[module] is EVERY or literal in modules[module]):
            return True
    return False


def test_no_user_visible_literal_outside_gettext():
    found = scan(EXEMPT_MODULES)
    bad = [
        f"src/webtabletop/{module}:{line}: {literal[:80]!r}"
        for module, hits in found.items()
        for line, literal in hits
        if not _allowed(module, literal)
    ]
    assert not bad, (
        "words a player may read, outside a gettext call (wrap them in _()/N_()/ngettext()/pgettext(), "
        "or, if they are code, add them to ALLOWED with the reason):\n" + "\n".join(bad)
    )


def test_every_allowed_literal_is_still_in_the_code():
    found = {module: {literal for _line, literal in hits} for module, hits in scan(EXEMPT_MODULES).items()}
    stale = [
        f"{module}: {literal!r}"
        for modules in ALLOWED.values()
        for module, literals in modules.items()
        for literal in (literals or ())
        if literal not in found.get(module, set())
    ]
    assert not stale, "allowed literals the code no longer has (remove them):\n" + "\n".join(stale)


def test_the_scan_finds_the_english_the_review_found():
    """The cases of glued or untranslated text that reached players in Russian, Chinese and Japanese."""
    caught = [
        'raise CollectionError("this is not an HTT collection")',
        'return guard(lambda: cls._read(data), CollectionError, "the collection")',
        'data = guard(lambda: load_json(text, "the file"), SetError, "the file")',
        'out.append(f"level {level} allows non-A values up to {limit}, got {max(big)}")',
        'TITLE = "Hexagonal Triple Triad"',
        'deal_set: str = "all"',
        'CATEGORIES = {"effect": "Effect", "level": "Card level"}',
        'reason = "Green ran out of time"',
        'x = f"<p>{esc(a)} No moves yet.</p>"',
    ]
    for source in caught:
        assert scan_source(source), source


def test_the_scan_leaves_code_alone():
    code = [
        'btn(esc(_("Resign")), "resign-confirm", key="resign-confirm", cls="btn danger")',
        'x = f\'<div class="field app-field"><label for="pl{p}">{esc(label)}</label></div>\'',
        'if kind == "move": pass',
        'data = {"the key": 1}',
        'raise TypeError("not a state")',
        'def f(a="the default"): pass',
        'x = _("All the words") + N_("are marked")',
        'x = "export-all-no-secrets"',
    ]
    for source in code:
        assert not scan_source(source), source
