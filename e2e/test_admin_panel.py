"""How the admin panel behaves around its tabs and forms (issue 22, items 3, 4 and 8): the
migration preview gives up at its 60 s budget, Add Product's messages belong to the attempt that
made them, and a tab chosen far down the page starts at its heading."""

from __future__ import annotations

import re
import uuid

from bank_ui import open_and_sign_in, open_tab, path_is, scroll_to_top, wait_until_true
from playwright.sync_api import Page, Route, expect

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Server

PREVIEW_TIMEOUT = "Request timed out. The migration preview is taking longer than expected. Please try again."


def test_the_migration_preview_times_out_at_its_60_second_budget_not_after_retries(page: Page, server: Server):
    asked: list[str] = []

    def never_answer(route: Route) -> None:
        asked.append(route.request.url)  # the server never answers: the call's own budget decides

    # the page's clock runs on its own and can be moved ahead: 60 s pass without waiting for them
    page.clock.install()
    page.route(re.compile(r".*/api/admin/credit-score/migration-preview.*"), never_answer)
    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    open_tab(page, "Credit Score Migration")
    page.get_by_role("button", name="Preview Migration").click()
    expect(page.get_by_role("button", name="Calculating...")).to_be_disabled()
    assert len(asked) == 1

    page.clock.run_for(59_000)
    expect(page.get_by_text(PREVIEW_TIMEOUT)).to_have_count(0)
    page.clock.run_for(1_000)
    # at 60 s, once: no retry starts another 60 s
    expect(page.get_by_text(PREVIEW_TIMEOUT)).to_be_visible(timeout=5_000)
    assert len(asked) == 1
    expect(page.get_by_role("button", name="Preview Migration")).to_be_enabled()


def new_players(server: Server, count: int) -> list[str]:
    names = []
    for _ in range(count):
        name = f"Prod{uuid.uuid4().hex[:6]}"
        status, answer = server.api(
            "POST", "/api/register", {"name": name, "discord": f"{name.lower()}.dc", "password": "products-pass-1"}
        )
        assert status == 201, answer
        names.append(name)
    return names


def pick(page: Page, name: str) -> None:
    page.get_by_label("Search player by name or ID").fill(name)
    page.get_by_role("button", name="Search", exact=True).click()
    page.get_by_role("button", name=f"Select {name}").click()
    expect(page.get_by_role("button", name=f"Select {name}")).to_have_attribute("aria-pressed", "true")


def test_add_product_messages_belong_to_the_attempt_that_made_them(page: Page, server: Server, shoot):
    first, second = new_players(server, 2)
    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    open_tab(page, "Add Product")
    product = page.get_by_role("article").filter(has=page.get_by_role("heading", name="2. Product"))

    # no player picked yet: the form says so ...
    product.get_by_role("button", name="Add Product").click()
    expect(product.get_by_role("alert")).to_have_text("Please search and select a player first")
    # ... and once one is picked, that message has nothing left to say
    pick(page, first)
    expect(product.get_by_role("alert")).to_have_count(0)

    product.get_by_role("radio", name="Saving").check()
    product.get_by_label("Value", exact=True).fill("100k")
    product.get_by_role("button", name="Add Product").click()
    expect(product.get_by_role("status")).to_contain_text(f"created for {first}: €100,000")
    # another player picked: the success was about the first one
    pick(page, second)
    expect(product.get_by_role("status")).to_have_count(0)
    expect(product).not_to_contain_text(first)
    scroll_to_top(page)
    shoot(page, "add-product-another-player")


def test_a_tab_chosen_far_down_the_page_starts_at_its_heading(page: Page, server: Server, shoot):
    page.set_viewport_size({"width": 1280, "height": 600})
    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    open_tab(page, "Report")
    expect(page.get_by_role("table", name="All savings and loans")).to_be_visible()
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait_until_true(page, "window.scrollY > 300", "scrolled down")

    # the sidebar stays in view: its lower tabs are chosen from down here
    open_tab(page, "Audit")
    panel = page.get_by_role("tabpanel")
    heading = panel.get_by_role("heading", name="Audit", exact=True)
    # measured once the entries are drawn, the panel at its full height: the heading must stay in
    # view after the loading panel has made way for the list, not only while it shows
    expect(panel.get_by_text(re.compile(r"^Showing [\d,]+ of [\d,]+ entr(y|ies)$"))).to_be_visible()
    expect(panel.get_by_text(re.compile(r"Loading[^.]*\.\.\."))).to_have_count(0)
    expect(heading).to_be_visible()
    header = page.locator(".app-header").bounding_box()
    box = heading.bounding_box()
    assert header is not None and box is not None
    # the heading is on screen, below the sticky header, not hidden under it or above the window
    assert header["y"] + header["height"] <= box["y"] <= 600 - box["height"], (header, box)
    shoot(page, "tab-starts-at-its-heading")
