"""What a person does again and again in these tests, written once."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect


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
    """Clicks a dashboard or admin tab whose name starts with `name` (a badge may follow it)."""
    tab = page.get_by_role("tab", name=re.compile(rf"^{re.escape(name)}\b"))
    tab.click()
    expect(tab).to_have_attribute("aria-selected", "true")


def scroll_to_top(page: Page) -> None:
    """Full-page screenshots draw sticky headers where the page is scrolled: start at the top."""
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_function("window.scrollY === 0 && document.scrollingElement.scrollTop === 0")


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
