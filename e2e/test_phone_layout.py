"""What issue 22's screenshots at 375 px showed squeezed: a savings week's day broken over three
lines in its History, "Sell Pearls" and "Buy Pearls" over two, a chart's title split into two
columns. Each now keeps its words on one line."""

from __future__ import annotations

import re

from bank_ui import PHONE_VIEWPORT, open_and_sign_in, open_tab, path_is
from playwright.sync_api import Page, expect
from test_screen_polish import line_count, text_box

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, DEMO_PASSWORD, Server


def text_lines(locator) -> int:
    """How many lines the element's own words take (its icon left out)."""
    return locator.evaluate(
        """(element) => {
            const words = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim());
            const tops = new Set();
            for (const node of words) {
                const range = document.createRange();
                range.selectNodeContents(node);
                for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
            }
            return tops.size;
        }"""
    )


def test_a_savings_history_row_keeps_its_day_on_one_line_on_a_phone(page: Page, server: Server, shoot):
    page.set_viewport_size(PHONE_VIEWPORT)
    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    open_tab(page, "Check Savings")
    # the demo's Aria has weeks recorded: her account offers a change of its latest one
    latest_week = re.compile(r"^Change to (Not )?Paid$")
    card = page.get_by_role("article").filter(has=page.get_by_role("button", name=latest_week)).first
    card.get_by_role("button", name="History").click()
    history = card.get_by_role("region", name=re.compile(r"^Payment history of savings #\d+$"))
    rows = history.get_by_role("listitem")
    expect(rows.first).to_contain_text("Week")
    for index in range(rows.count()):
        row = rows.nth(index)
        day = row.get_by_text(re.compile(r"^Week \d+ · "))
        assert line_count(page, day) == 1, f"{day.inner_text()} breaks over lines"
        # its status and amount share the line below it
        status, amount = text_box(row.locator(".badge")), text_box(row.locator("strong"))
        assert abs(status["y"] - amount["y"]) < 6
        assert status["y"] >= text_box(day)["y"] + text_box(day)["height"]
    shoot(page, "savings-history")


def test_the_exchange_choice_and_a_chart_title_keep_their_words_together_on_a_phone(page: Page, server: Server, shoot):
    page.set_viewport_size(PHONE_VIEWPORT)
    open_and_sign_in(page, server.base_url, "Aria", DEMO_PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    open_tab(page, "Exchange Pearls")
    choice = page.get_by_role("group", name="Exchange type")
    sell, buy = (
        choice.locator("label").filter(has_text="Sell Pearls"),
        choice.locator("label").filter(has_text="Buy Pearls"),
    )
    expect(sell).to_be_visible()
    assert text_lines(sell) == 1, "Sell Pearls breaks over lines"
    assert text_lines(buy) == 1, "Buy Pearls breaks over lines"
    assert abs(sell.bounding_box()["y"] - buy.bounding_box()["y"]) < 2, "the two choices are not side by side"
    shoot(page, "exchange-type")

    open_tab(page, "My Savings")
    title = page.get_by_role("heading", name=re.compile(r"^Weekly earnings, compounded"))
    expect(title).to_be_visible()
    # the title's words on one line, and what follows them after them or below them, not beside them
    assert text_lines(title) == 1, "the chart's title breaks over lines"
    assert text_lines(title.locator(".muted")) == 1, "what follows the chart's title breaks over lines"
