"""Every screen of the app, in one list, for the tests that visit them all (accessibility, phone)
and for the screenshots of the screens an issue changed (test_screens.py).

A new screen is one more line in SCREENS: a tab of the player dashboard or of the admin panel
needs only its tab name; a screen that needs a step more (a dialog opened, a form filled) gives a
`prepare` that takes the page from the opened tab to the screen.
"""

from __future__ import annotations

import datetime
import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from bank_ui import choose_theme, open_tab, path_is, sign_in
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, DEMO_PASSWORD, SHORT_WARNING_AFTER_MS, watch_for_errors

THEMES = ["Dark", "Light", "Ocean", "Sunset", "Forest"]

VISITOR, PLAYER, ADMIN = "visitor", "player", "admin"
# Aria holds loans, savings and solo access: her dashboard shows every card the player side has.
PLAYER_NAME = "Aria"
SESSION_REUSE_SECONDS = 150


@dataclass(frozen=True)
class Screen:
    name: str
    who: str
    path: str = "/"  # where a visitor opens it
    tab: str = ""  # the dashboard or admin tab that shows it
    prepare: Callable[[Page], None] | None = None
    # on the server whose session warns 6 s after sign-in (conftest.short_session_server)
    short_session: bool = False

    def __str__(self) -> str:
        return self.name

    @property
    def kept_open(self) -> bool:
        """Shown on the page the screen before left, signed in once: a visitor's screen and one on the
        short session always start on a fresh page."""
        return self.who != VISITOR and not self.short_session


def _open_theme_menu(page: Page) -> None:
    page.get_by_role("button", name=re.compile(r"^Theme: ")).click()
    expect(page.get_by_role("menu", name="Choose a theme")).to_be_visible()


def _sign_in_error(page: Page) -> None:
    page.get_by_role("button", name="Sign In", exact=True).click()
    expect(page.get_by_role("alert")).to_have_text("Please fill in all fields")


def _open_dialog(button: str | re.Pattern[str], dialog: str | re.Pattern[str]) -> Callable[[Page], None]:
    def prepare(page: Page) -> None:
        wait_until_loaded(page)
        page.get_by_role("tabpanel").get_by_role("button", name=button).first.click()
        expect(page.get_by_role("dialog", name=dialog)).to_be_visible()

    return prepare


def _open_payment_history(page: Page) -> None:
    wait_until_loaded(page)
    page.get_by_role("tabpanel").get_by_role("button", name="History").first.click()
    expect(page.get_by_role("list", name="Payment history").first).to_be_visible()


def _show_health_to_today(page: Page) -> None:
    """Bank Health over the demo's week with today in it (its books begin today: conftest DAILY_FIGURES_OF_THE_DEMO)."""
    wait_until_loaded(page)
    panel = page.get_by_role("tabpanel")
    today = datetime.date.today()
    panel.get_by_label("From", exact=True).fill((today - datetime.timedelta(days=6)).isoformat())
    panel.get_by_label("To", exact=True).fill((today + datetime.timedelta(days=1)).isoformat())
    panel.get_by_role("button", name="Show range").click()
    expect(panel.get_by_text(re.compile(r"^[78] days with figures "))).to_be_visible()
    wait_until_loaded(page)


def _open_arrears_loan(page: Page) -> None:
    """The Arrears list with its first loan opened among its player's products."""
    wait_until_loaded(page)
    page.get_by_role("tabpanel").get_by_role("button", name=re.compile(r"^Open loan #\d+ of ")).first.click()
    expect(page.get_by_role("heading", name=re.compile(r"^Loan #\d+ · "))).to_be_focused()
    wait_until_loaded(page)


def _open_savings_history(page: Page) -> None:
    """Check Savings with an account's History open: its latest week offers "Change to ..."."""
    wait_until_loaded(page)
    latest_week = re.compile(r"^Change to (Not )?Paid$")
    card = page.get_by_role("article").filter(has=page.get_by_role("button", name=latest_week)).first
    card.get_by_role("button", name="History").click()
    history = card.get_by_role("region", name=re.compile(r"^Payment history of savings #\d+$"))
    expect(history.get_by_role("button", name=latest_week)).to_be_visible()


def _add_product_without_a_player(page: Page) -> None:
    wait_until_loaded(page)
    product = page.get_by_role("article").filter(has=page.get_by_role("heading", name="2. Product"))
    product.get_by_role("button", name="Add Product").click()
    expect(product.get_by_role("alert")).to_have_text("Please search and select a player first")


def _buy_more_pearls_than_the_savings_hold(page: Page) -> None:
    """A purchase the chosen savings cannot cover: refused when filed, so nothing is saved."""
    wait_until_loaded(page)
    page.get_by_role("radio", name="Buy Pearls").check()
    page.get_by_label("Number of Pearls").fill("1000")
    source = page.get_by_label("Select Savings Account to Deduct From")
    expect(source.locator("option")).not_to_have_count(1)
    source.select_option(index=1)
    expect(page.get_by_role("region", name="Your exchange preview")).to_have_attribute("aria-busy", "false")
    page.get_by_role("button", name="Submit Buy Request").click()
    expect(page.get_by_role("alert")).to_have_text(
        re.compile(r"^Failed to submit pearl exchange request: Savings Account #\d+ holds .+, not enough to pay")
    )


def _open_player_details(page: Page, button: str) -> None:
    wait_until_loaded(page)
    page.get_by_label("Search by name or ID").fill(PLAYER_NAME)
    page.get_by_role("button", name="Search", exact=True).click()
    page.get_by_role("button", name=f"View Details of {PLAYER_NAME}").click()
    page.get_by_role("button", name=button, exact=True).click()


def _open_player_statement(page: Page) -> None:
    """A statement opens with this year up to the bank's today filled in."""
    _open_player_details(page, "Statement")
    statement = page.get_by_role("region", name="Statement", exact=True)
    expect(statement.get_by_label("From")).to_have_value(re.compile(r"^\d{4}-01-01$"))
    expect(statement.get_by_label("To")).to_have_value(re.compile(r"^\d{4}-\d{2}-\d{2}$"))


def _open_player_audit(page: Page) -> None:
    _open_player_details(page, "Audit Trail")
    expect(page.get_by_role("region", name="Audit trail")).to_be_visible()
    wait_until_loaded(page)


def _open_player_products(page: Page) -> None:
    """A player's details card as a teller's desk: each product with its payments to mark."""
    _open_player_details(page, "View Products")
    expect(page.get_by_role("list", name="Loans")).to_be_visible()
    wait_until_loaded(page)


def _wait_for_session_expiry(page: Page) -> None:
    # the page runs on Playwright's clock (ScreenVisitor installs it for the short session): jump to
    # the moment the warning shows instead of waiting 6 s for it
    page.clock.fast_forward(SHORT_WARNING_AFTER_MS)
    expect(page.get_by_role("dialog", name="Session Expiring Soon")).to_be_visible()


def _player(tab: str) -> Screen:
    return Screen(f"player-{_slug(tab)}", PLAYER, tab=tab)


def _admin(tab: str) -> Screen:
    return Screen(f"admin-{_slug(tab)}", ADMIN, tab=tab)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


SCREENS: list[Screen] = [
    Screen("sign-in", VISITOR, path="/"),
    Screen("sign-in-theme-menu", VISITOR, path="/", prepare=_open_theme_menu),
    Screen("sign-in-error", VISITOR, path="/", prepare=_sign_in_error),
    Screen("register", VISITOR, path="/register"),
    _player("Overview"),
    _player("Credit Score"),
    _player("Loan Eligibility"),
    _player("Request Loan"),
    _player("Pending Loans"),
    _player("My Loans"),
    _player("My Savings"),
    _player("Request Withdrawal"),
    _player("Withdrawal History"),
    _player("Exchange Pearls"),
    Screen(
        "player-exchange-pearls-refused", PLAYER, tab="Exchange Pearls", prepare=_buy_more_pearls_than_the_savings_hold
    ),
    _player("Pearl History"),
    _player("Security"),
    Screen("session-expiry-dialog", PLAYER, tab="My Loans", prepare=_wait_for_session_expiry, short_session=True),
    _admin("Overview"),
    _admin("Credit Score Overview"),
    Screen(
        "admin-credit-adjust-dialog",
        ADMIN,
        tab="Credit Score Overview",
        prepare=_open_dialog("Adjust Aria", "Adjust Aria's credit score"),
    ),
    _admin("Credit Score Migration"),
    _admin("Savings Management"),
    _admin("New Player"),
    _admin("Search Player"),
    _admin("Add Product"),
    Screen("admin-add-product-message", ADMIN, tab="Add Product", prepare=_add_product_without_a_player),
    _admin("Pending Loans"),
    _admin("Check Loans"),
    Screen("admin-check-loans-history", ADMIN, tab="Check Loans", prepare=_open_payment_history),
    Screen(
        "admin-mark-paid-off-dialog",
        ADMIN,
        tab="Check Loans",
        prepare=_open_dialog("Mark Paid Off", re.compile(r"^Mark loan #\d+ as paid off\?$")),
    ),
    _admin("Check Savings"),
    Screen("admin-check-savings-history", ADMIN, tab="Check Savings", prepare=_open_savings_history),
    Screen(
        "admin-change-savings-week-dialog",
        ADMIN,
        tab="Check Savings",
        prepare=_open_dialog(
            re.compile(r"^Change to (Not )?Paid$"), re.compile(r"^Change week \d+ of savings #\d+ to (Not )?Paid\?$")
        ),
    ),
    _admin("Report"),
    Screen("admin-bank-health", ADMIN, tab="Bank Health", prepare=_show_health_to_today),
    _admin("Arrears"),
    Screen("admin-arrears-open-loan", ADMIN, tab="Arrears", prepare=_open_arrears_loan),
    _admin("Bad Payers"),
    _admin("Blocked Accounts"),
    _admin("Officers"),
    _admin("Bank Settings"),
    _admin("Four Eyes"),
    _admin("Waiting for Me"),
    _admin("Withdrawal Requests"),
    _admin("Pearl Exchange Requests"),
    Screen(
        "admin-pearl-deny-dialog",
        ADMIN,
        tab="Pearl Exchange Requests",
        prepare=_open_dialog("Deny", "Deny pearl exchange"),
    ),
    _admin("Pearl Exchange Settings"),
    _admin("Audit"),
    _admin("Security"),
    Screen("admin-player-audit", ADMIN, tab="Search Player", prepare=_open_player_audit),
    Screen("admin-player-products", ADMIN, tab="Search Player", prepare=_open_player_products),
    Screen("admin-player-statement", ADMIN, tab="Search Player", prepare=_open_player_statement),
]


LOADING_TEXT = re.compile(r"Loading[^.]*\.\.\.")


def wait_until_loaded(page: Page) -> None:
    """No spinner and no "Loading ..." text left: the screen shows its data (or its empty state)."""
    expect(page.locator(".spinner")).to_have_count(0)
    expect(page.get_by_text(LOADING_TEXT)).to_have_count(0)


class ScreenVisitor:
    """Opens screens the way a person does, signing in again only when the person, the theme or
    the window size changes (a sign-in per screen would make 150 screens × themes crawl)."""

    def __init__(self, browser: Browser, base_url: str, short_session_url: str):
        self.browser = browser
        self.base_url = base_url
        self.short_session_url = short_session_url
        self.context: BrowserContext | None = None
        self.page: Page | None = None
        self.errors: list[str] = []
        self.key: tuple[str, str, int, bool] | None = None
        self.signed_in_at = 0.0
        # a screen with a `prepare` leaves something open (a dialog): the next one reloads the page
        self.left_open = False

    def _fresh_page(self, viewport: ViewportSize, *, clock: bool = False) -> Page:
        self.close()
        self.context = self.browser.new_context(viewport=viewport)
        if clock:
            self.context.clock.install()  # flows like real time until a test jumps it forward
        self.page = self.context.new_page()
        self.errors = watch_for_errors(self.page)
        return self.page

    @staticmethod
    def _key(screen: Screen, theme: str, viewport: ViewportSize) -> tuple:
        """What a page serves: one person's sign-in in one theme at one width."""
        return (screen.who, theme, viewport["width"], screen.short_session)

    def open(self, screen: Screen, theme: str, viewport: ViewportSize) -> Page:
        key = self._key(screen, theme, viewport)
        page = self.page
        # a session warns after 4 minutes: sign in afresh well before the expiry dialog shows
        stale = time.monotonic() - self.signed_in_at > SESSION_REUSE_SECONDS
        reloadable = screen.kept_open and key == self.key and not stale
        if page is not None and self.left_open and reloadable:
            # the last screen left a dialog or a panel open: the page starts again, still signed in
            # (the session and the theme live in the browser's storage), without a new sign-in
            page.reload()
            self.left_open = False
        if screen.who == VISITOR or key != self.key or page is None or stale or self.left_open:
            page = self._fresh_page(viewport, clock=screen.short_session)
            page.goto((self.short_session_url if screen.short_session else self.base_url) + screen.path)
            if theme != "Dark":
                choose_theme(page, theme)
            expect(page.locator("html")).to_have_attribute("data-theme", theme.lower())
            if screen.who == PLAYER:
                sign_in(page, PLAYER_NAME, DEMO_PASSWORD)
                expect(page).to_have_url(path_is("/dashboard"))
            elif screen.who == ADMIN:
                sign_in(page, ADMIN_USERNAME, ADMIN_PASSWORD)
                expect(page).to_have_url(path_is("/admin-panel"))
            self.key = key
            self.signed_in_at = time.monotonic()
        return self._show(screen, page)

    def _show(self, screen: Screen, page: Page) -> Page:
        """From the signed-in (or visitor's) page to the screen: its tab, then its `prepare`."""
        if screen.tab:
            open_tab(page, screen.tab)
            panel = page.get_by_role("tabpanel")
            expect(panel.get_by_role("heading", name=screen.tab, exact=True).first).to_be_visible()
        self.left_open = screen.prepare is not None
        if screen.prepare:
            screen.prepare(page)
        wait_until_loaded(page)
        page.evaluate("window.scrollTo(0, 0)")
        assert not self.errors, f"JavaScript or CSP errors on {screen}: {self.errors}"
        return page

    def switch_theme(self, screen: Screen, theme: str, viewport: ViewportSize) -> Page:
        """The screen just opened, in another theme, without signing in again: switched as the app
        switches it (features/auth/theme/themes.ts: the stored choice, the html element's data-theme
        and color-scheme; the signed-in screens have no theme menu). A screen with a chart is loaded
        again, since a chart reads its colours when it draws. A visitor's screen, or one on the short
        session, is opened afresh in that theme (its theme menu, a new sign-in)."""
        if not screen.kept_open or self.page is None:
            return self.open(screen, theme, viewport)
        page = self.page
        page.evaluate(
            """(id) => {
                localStorage.setItem('theme', id);
                document.documentElement.dataset.theme = id;
                document.documentElement.style.colorScheme = id === 'light' || id === 'sunset' ? 'light' : 'dark';
            }""",
            theme.lower(),
        )
        self.key = self._key(screen, theme, viewport)
        if page.locator("canvas").count():
            page.reload()
            expect(page.locator("html")).to_have_attribute("data-theme", theme.lower())
            return self._show(screen, page)
        wait_until_loaded(page)
        page.evaluate("window.scrollTo(0, 0)")
        return page

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
        self.context = self.page = None
        self.key = None


# The screens issue 22 changed (a missed week undone, the player's card as a teller's desk, loan rates
# with their daily equivalent, messages per attempt, the pearl refusals, the polish, the statement's
# range): test_accessibility.py saves them in every theme at 1280 and at 375 px, to be looked at.
CHANGED_SCREENS = [
    # issue 30: the officer's working day, in every theme at 375 px too
    "admin-overview",
    "admin-waiting-for-me",
    "admin-four-eyes",
    "admin-officers",
    "admin-audit",
    "admin-check-savings",
    "admin-check-savings-history",
    "admin-change-savings-week-dialog",
    "admin-player-products",
    "admin-check-loans",
    "admin-pending-loans",
    "admin-report",
    "admin-add-product-message",
    "admin-pearl-exchange-settings",
    "admin-player-statement",
    "player-my-loans",
    "player-my-savings",
    "player-request-withdrawal",
    "player-exchange-pearls-refused",
    # issue 34: the Security screen (a second factor)
    "admin-security",
    "player-security",
    # issue 35: Bank Health's charts and the Arrears list
    "admin-bank-health",
    "admin-arrears",
    "admin-arrears-open-loan",
    # issue 35, part 4: the arrears settings (and the player's My Loans, above: due today and in arrears)
    "admin-bank-settings",
]
