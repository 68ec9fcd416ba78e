"""Numbers as each language writes them (i18n/text.py: number, percent; CLDR's symbols): the
decimal sign and digit groups of English, Japanese and Chinese are "." and ",", Russian's "," and a
no-break space, and a Russian percentage has a no-break space before its sign."""

import re

import pytest

from tests.app.harness import Page
from webtabletop.core import sharelink
from webtabletop.i18n import catalogs
from webtabletop.i18n.text import number, percent

NBSP = "\u00a0"


@pytest.fixture
def lang():
    yield catalogs.use_language
    catalogs.use_language("en")


@pytest.mark.parametrize(
    ("tag", "big", "share", "signed"),
    [
        ("en", "26,361.5", "56.5%", "+1.25"),
        ("ja", "26,361.5", "56.5%", "+1.25"),
        ("zh-Hans", "26,361.5", "56.5%", "+1.25"),
        ("ru", f"26{NBSP}361,5", f"56,5{NBSP}%", "+1,25"),
    ],
)
def test_each_language_writes_its_own_decimal_sign_and_groups(lang, tag, big, share, signed):
    lang(tag)
    assert number(26361.5, 1) == big
    assert percent(0.565, 1) == share
    assert number(1.25, 2, signed=True) == signed


def test_a_rounded_zero_has_no_sign(lang):
    lang("en")
    assert number(-0.004, 2) == "0.00" and number(-0.004, 1, signed=True) == "0.0"
    assert number(-3.25, 1) == "-3.2" and number(0.04, 1, signed=True) == "0.0"


def test_the_lab_screen_writes_russian_numbers(lang):
    """A finished run's numbers on the lab screen, in Russian: decimal commas, not points."""
    from tests.app.test_lab_screen import FORM, pool

    lang("ru")
    page = Page(hash_="#/tsifrograd/lab")
    done = pool(page, page.send({"type": "form", "name": "lab", "data": FORM}))
    html = done["html"]
    assert "2,0" in html and "1,00" in html  # 2 games in 2.0 s, 1.00 a second
    assert re.search(f"\\d,\\d{NBSP}%", html)  # the first player's score, e.g. 50,0 %
    table = html[html.index("<table class='lab-table'>") :]
    table = table[: table.index("</table>")]
    assert re.search(r"\d,\d", table) and not re.search(r"\d\.\d", table)  # every number in it


def test_the_review_summary_writes_russian_percentages(lang):
    """The review's average loss, one decimal, in Russian: "2,3 %"."""
    from tests.app.test_review_screen import finished, run

    lang("ru")
    record = finished()
    page = Page(hash_=f"#/tsifrograd/review?r={sharelink.encode(record)}&b=easy")
    html = run(page, page.last)[0]["html"]
    summary = html[html.index("review-summary") :]
    assert len(re.findall(f"<td>\\d+,\\d{NBSP}%</td>", summary)) == 2  # both players' average loss


def test_the_labs_finding_on_a_rules_page_writes_russian_numbers(lang):
    """The designer's finding (lab/findings.py) in Russian: DumaRaj's 56.5% and 131.8 moves as
    "56,5 %" and "131,8"."""
    from webtabletop.lab.findings import report_html

    lang("ru")
    html = report_html("dumaraj")
    assert f"56,5{NBSP}%" in html and "131,8" in html and "0,87" in html
    assert "56.5" not in html and "131.8" not in html
