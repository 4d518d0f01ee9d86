"""The admin panel's navigation at 375 px (issue 30, item 4): the sidebar of tabs gives way to a Menu
button that opens every tab the officer's role may see, grouped by section, with its pending count;
an officer reaches every tab through it, in every theme, by mouse and by keyboard. At 1280 x 800
the sidebar stays in view below the header however far the page scrolls."""

from __future__ import annotations

import re

import pytest
from bank_ui import (
    PHONE_VIEWPORT,
    admin_menu_toggle,
    assert_accessible,
    assert_no_sideways_scroll,
    choose_in_admin_menu,
    choose_theme,
    open_tab,
    path_is,
    scroll_to_top,
    sign_in,
    wait_until_true,
)
from playwright.sync_api import Page, expect
from screens import THEMES, wait_until_loaded
from test_loans import PASSWORD, new_player

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, ARTIFACTS, Server

MENU = "Admin panel menu"


def file_a_loan_request(server: Server, who: str) -> None:
    """A loan request waiting, so that Pending Loans has a count to show."""
    _, name = new_player(server, who, score=60)
    status, answer = server.api(
        "POST",
        "/api/pending-loans",
        {"value": 100_000, "total_days": 7, "request_reason": "Menu on a phone"},
        token=server.login_token(name, PASSWORD),
    )
    assert status == 201, answer


def menu_items(page: Page):
    return page.get_by_role("navigation", name=MENU).locator(".admin-menu__item")


def item_label(item) -> str:
    """A menu item's tab name, its count left out."""
    return item.locator("span").first.inner_text()


@pytest.mark.parametrize("theme", THEMES)
def test_every_tab_is_reached_through_the_menu_on_a_phone(page: Page, server: Server, shoot, theme: str):
    file_a_loan_request(server, f"Menu{theme}")
    page.set_viewport_size(PHONE_VIEWPORT)
    page.goto(server.base_url + "/")
    if theme != "Dark":
        choose_theme(page, theme)
    sign_in(page, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))

    # the sidebar is gone; the Menu names the open tab and what waits in all
    toggle = admin_menu_toggle(page)
    expect(toggle).to_be_visible()
    expect(page.get_by_role("tablist", name="Admin panel")).to_be_hidden()
    expect(toggle).to_contain_text("Overview")
    expect(toggle.get_by_label(re.compile(r"^\d+ pending$"))).to_be_visible()
    expect(toggle).to_have_attribute("aria-expanded", "false")

    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    nav = page.get_by_role("navigation", name=MENU)
    # every tab the role may see (a treasurer: all of them), grouped in sections
    tabs = page.get_by_role("tab", include_hidden=True)
    items = menu_items(page)
    expect(items).to_have_count(tabs.count())
    for section in ("Overview", "Players", "Loans", "Savings", "Credit", "Pearl Exchange", "Bank"):
        expect(nav.get_by_role("list", name=section, exact=True)).to_be_visible()
    loans = nav.get_by_role("list", name="Loans", exact=True)
    pending = loans.get_by_role("button", name=re.compile(r"^Pending Loans \d+ pending$"))
    expect(pending).to_be_visible()
    # the open tab is marked, and the keyboard starts on it
    current = nav.locator("[aria-current='page']")
    expect(current).to_have_count(1)
    expect(current).to_have_text("Overview")
    expect(current).to_be_focused()
    assert_no_sideways_scroll(page, f"the open Menu in the {theme} theme")
    assert_accessible(page, f"the open Menu in the {theme} theme")
    shoot(page, "menu-open")

    names = [item_label(items.nth(index)) for index in range(items.count())]
    for name in names:
        choose_in_admin_menu(page, name)
        panel = page.get_by_role("tabpanel")
        expect(panel.get_by_role("heading", name=name, exact=True).first).to_be_visible()
        expect(toggle).to_contain_text(name)
        expect(toggle).to_be_focused()
        wait_until_loaded(page)
        assert_no_sideways_scroll(page, f"{name} in the {theme} theme")
        if name in ("Credit Score Overview", "Report", "Savings Management"):
            scroll_to_top(page)
            shoot(page, re.sub(r"\W+", "-", name.lower()))

    # by keyboard: Enter opens on the current tab, the arrows move, Escape closes without choosing
    scroll_to_top(page)
    toggle.focus()
    page.keyboard.press("Enter")
    expect(nav.locator("[aria-current='page']")).to_be_focused()
    page.keyboard.press("Home")
    expect(items.first).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(items.nth(1)).to_be_focused()
    page.keyboard.press("Escape")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_be_focused()
    expect(toggle).to_contain_text(names[-1])
    # and Enter on an item chooses it
    page.keyboard.press("Enter")
    page.keyboard.press("Home")
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(page.get_by_role("tabpanel").get_by_role("heading", name=names[0], exact=True).first).to_be_visible()


def test_the_sidebar_stays_in_view_on_a_laptop(page: Page, server: Server):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server.base_url + "/")
    sign_in(page, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    sidebar = page.get_by_role("tablist", name="Admin panel")
    expect(sidebar).to_be_visible()
    expect(admin_menu_toggle(page)).to_be_hidden()

    # the last tab, chosen from the sidebar, and the page scrolled to its end: the sidebar and the
    # chosen tab are still on the screen, below the sticky header
    open_tab(page, "Audit")
    wait_until_loaded(page)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait_until_true(page, "window.scrollY > 400", "scrolled down the Audit tab")
    header_bottom = page.locator(".app-header").bounding_box()
    box = sidebar.bounding_box()
    assert header_bottom is not None and box is not None
    assert box["y"] >= header_bottom["y"] + header_bottom["height"] - 1, (box, header_bottom)
    assert box["y"] + box["height"] <= 800, f"the sidebar runs below the window: {box}"
    audit = page.get_by_role("tab", name="Audit", exact=True)
    expect(audit).to_be_in_viewport()
    # the window as the officer sees it (a whole-page shot would draw the sticky parts at the top)
    page.screenshot(
        path=str(ARTIFACTS / "test_the_sidebar_stays_in_view_on_a_laptop--scrolled.png"), animations="disabled"
    )
    # every tab reachable from the scrolled page: the first one too
    overview = page.get_by_role("tab", name="Overview", exact=True)
    overview.scroll_into_view_if_needed()
    expect(overview).to_be_in_viewport()
    overview.click()
    expect(overview).to_have_attribute("aria-selected", "true")
