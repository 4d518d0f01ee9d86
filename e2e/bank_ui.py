"""What a person does again and again in these tests, written once."""

from __future__ import annotations

import re
import time
from pathlib import Path

from playwright.sync_api import Locator, Page, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError


def path_is(path: str) -> re.Pattern[str]:
    """Matches a page URL whose path is exactly `path` (any host, no more path after it)."""
    return re.compile(rf"^https?://[^/]+{re.escape(path)}(?:[?#].*)?$")


def sign_in(page: Page, name: str, password: str) -> None:
    """Fills the sign-in form (the page must show it) and submits it."""
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Sign In", exact=True).click()


def open_and_sign_in(page: Page, base_url: str, name: str, password: str, path: str = "/") -> None:
    page.goto(base_url + path)
    sign_in(page, name, password)


def wait_until_live(page: Page) -> None:
    """Waits until the page's live socket has joined its groups (the app marks <html data-live>)."""
    expect(page.locator("html")).to_have_attribute("data-live", "open")


def choose_theme(page: Page, theme_name: str) -> None:
    page.get_by_role("button", name=re.compile(r"^Theme: ")).click()
    page.get_by_role("menuitemradio", name=theme_name).click()
    expect(page.get_by_role("button", name=f"Theme: {theme_name}")).to_be_visible()


def open_tab(page: Page, name: str) -> None:
    """Clicks a dashboard or admin tab whose name starts with `name` (a badge may follow it); on a
    narrow screen, where the admin panel shows its Menu instead of the sidebar, chooses it there."""
    pattern = re.compile(rf"^{re.escape(name)}\b")
    tab = page.get_by_role("tab", name=pattern)
    menu = admin_menu_toggle(page)
    expect(tab.or_(menu)).to_be_visible()
    if menu.is_visible():
        choose_in_admin_menu(page, name)
    else:
        tab.click()
    expect(page.get_by_role("tab", name=pattern, include_hidden=True)).to_have_attribute("aria-selected", "true")


def admin_menu_toggle(page: Page):
    """The admin panel's Menu button (shown below 900 px, in place of the sidebar)."""
    return page.get_by_role("navigation", name="Admin panel menu").get_by_role("button", name=re.compile(r"^Menu\b"))


def choose_in_admin_menu(page: Page, name: str) -> None:
    """Opens the admin panel's Menu and chooses the tab whose name starts with `name`; the menu closes."""
    toggle = admin_menu_toggle(page)
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    nav = page.get_by_role("navigation", name="Admin panel menu")
    nav.get_by_role("button", name=re.compile(rf"^{re.escape(name)}\b")).click()
    expect(toggle).to_have_attribute("aria-expanded", "false")


def scroll_to_top(page: Page) -> None:
    """Full-page screenshots draw sticky headers where the page is scrolled: start at the top."""
    page.evaluate("window.scrollTo(0, 0)")
    wait_until_true(page, "window.scrollY === 0 && document.scrollingElement.scrollTop === 0", "scrolled to the top")


def click_until_gone(button: Locator, timeout_s: float = 30) -> None:
    """Click a button that goes away once it has worked (Load more on its last page). On 2 busy CPUs a
    layout shift between Playwright's scroll and its click made the click land on <html>, after which
    the click that did take removed the button and Playwright waited 30 s for it to come back: click
    again only while the button is still there."""
    deadline = time.monotonic() + timeout_s
    while button.count():
        assert time.monotonic() < deadline, f"the button was still there after {timeout_s} s of clicks"
        try:
            button.click(timeout=5_000)
        except PlaywrightTimeoutError:
            continue
        button.page.wait_for_timeout(100)


def wait_until_true(page: Page, expression: str, what: str, timeout_s: float = 10) -> None:
    """Polls a JavaScript expression with evaluate(), which the app's Content-Security-Policy does not
    govern: page.wait_for_function evaluates its text with eval once its first check fails, and the
    CSP refuses that (a test failed so, only when the page had not settled at the first check)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"not {what} within {timeout_s} s"
        page.wait_for_timeout(50)


def money(text: str) -> int:
    """`€1,500,000` -> 1500000."""
    return int(re.sub(r"[^\d]", "", text))


def wait_until_page_clock_passes(page: Page, epoch_ms: int, timeout_s: float = 30) -> None:
    """Polls the page's own clock until it passes `epoch_ms` (the condition is time itself: a
    session's old deadline going by). page.wait_for_function would evaluate a string with eval,
    which the app's Content-Security-Policy refuses; evaluate() runs outside the page's CSP."""
    deadline = time.monotonic() + timeout_s
    while page.evaluate("Date.now()") <= epoch_ms:
        assert time.monotonic() < deadline, f"the page clock did not pass {epoch_ms} within {timeout_s} s"
        page.wait_for_timeout(200)


# ---------- accessibility (axe-core) and phone-sized screens ----------

AXE_SCRIPT = Path(__file__).resolve().parents[1] / "frontend" / "node_modules" / "axe-core" / "axe.min.js"
# Impacts that fail a screen; "moderate" and "minor" findings are printed by axe_violations only.
FAILING_IMPACTS = ("serious", "critical")
PHONE_WIDTH = 375
PHONE_VIEWPORT: ViewportSize = {"width": PHONE_WIDTH, "height": 812}


def axe_violations(page: Page, impacts: tuple[str, ...] = FAILING_IMPACTS) -> list[dict]:
    """Runs axe-core on the page as it is and answers the violations of the given impacts.

    The script goes in through page.evaluate (Chrome DevTools' Runtime.evaluate), which the
    page's Content-Security-Policy does not govern; add_script_tag would write an inline
    <script> that the CSP rightly refuses, and no bypass_csp context is needed this way."""
    if not AXE_SCRIPT.exists():
        raise AssertionError(f"{AXE_SCRIPT} is missing: run `make node` (axe-core is a frontend devDependency)")
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE_SCRIPT.read_text())
    # CSS transitions (a theme switch, a hover) must end before colours are measured
    page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)))")
    violations = page.evaluate(
        """async () => {
            const result = await window.axe.run(document, { resultTypes: ['violations'] });
            return result.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
                nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html, summary: n.failureSummary })),
            }));
        }"""
    )
    return [violation for violation in violations if violation["impact"] in impacts]


def describe_violations(violations: list[dict]) -> str:
    """The rule, each node and what to fix, one block per rule."""
    lines = []
    for violation in violations:
        lines.append(f"[{violation['impact']}] {violation['id']}: {violation['help']} ({violation['helpUrl']})")
        for node in violation["nodes"]:
            lines.append(f"    at {node['target']}: {node['html'][:160]}")
            lines.extend(f"        {line}" for line in (node["summary"] or "").splitlines())
    return "\n".join(lines)


def assert_accessible(page: Page, name: str) -> None:
    """Fails when axe-core finds a serious or critical violation on the screen called `name`."""
    violations = axe_violations(page)
    assert not violations, f"axe-core on {name}: {len(violations)} serious or critical rule(s)\n" + describe_violations(
        violations
    )


def assert_no_sideways_scroll(page: Page, name: str) -> None:
    width = page.evaluate("window.innerWidth")
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    if scroll_width > width:
        # name the widest elements that stick out, to know what to fix
        culprits = page.evaluate(
            """(width) => [...document.querySelectorAll('body *')]
                .filter((el) => el.getBoundingClientRect().right > width + 0.5)
                .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 0.5)
                .slice(0, 8)
                .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(el.getBoundingClientRect().right)}`)""",
            width,
        )
        raise AssertionError(f"{name} scrolls sideways at {width} px: the page is {scroll_width} px wide; {culprits}")


def assert_dialogs_fit(page: Page, name: str) -> None:
    """Every open dialog lies within the window's width (a tall one scrolls inside its backdrop)."""
    width = page.evaluate("window.innerWidth")
    for dialog in page.get_by_role("dialog").all():
        box = dialog.bounding_box()
        assert box is not None, f"a dialog on {name} is not drawn"
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"a dialog on {name} is wider than {width} px: {box}"


# every day the screens write ("28 Nov 2026", its spaces non-breaking) that is drawn over two lines
BROKEN_DAYS = r"""() => {
    const broken = [];
    const day = /\d{1,2}\u00a0[A-Z][a-z]{2}\u00a0\d{4}/g;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of node.textContent.matchAll(day)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
            if (tops.size > 1) broken.push(`${match[0]} in "${node.parentElement.textContent.trim().slice(0, 80)}"`);
        }
    }
    return broken;
}"""


def assert_no_broken_days(page: Page, name: str) -> None:
    """A day is one figure: never "21 Nov" over "2026", nor "28 Nov 20" over "26" in a narrow box."""
    broken = page.evaluate(BROKEN_DAYS)
    assert broken == [], f"{name}: a day breaks over lines: {broken}"
