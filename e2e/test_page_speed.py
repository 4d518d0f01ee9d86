"""The largest screen's speed in Chromium, measured with the Performance API: recorded, not asserted.

Check Loans with (at least) 50 loan cards: how long from the click on its tab until the 50th card is
on screen (the first time, with the request; and again after visiting another tab, from the cache),
and how long the switch back to another tab takes. The figures go to e2e/artifacts/page-speed.json
and the test's output; issue 13 asks for 200 ms, but a wall-clock limit fails on a busy CI machine,
so the test asserts only that the 50 cards rendered each time (each timing waits for them).
"""

from __future__ import annotations

import json

from bank_ui import open_and_sign_in, open_tab
from playwright.sync_api import Page, expect
from test_loans import admin_token, new_player

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, ARTIFACTS, Server

CARDS = 50

# Clicks a tab by its accessible name and answers the ms until `selector` matches `count` elements
# (checked on every animation frame): the time the user waits for the screen.
TIME_TAB_SWITCH = """async ([tabName, selector, count]) => {
  const tab = [...document.querySelectorAll('[role="tab"]')].find((item) => item.textContent.trim().startsWith(tabName));
  if (!tab) throw new Error(`no tab named ${tabName}`);
  const started = performance.now();
  tab.click();
  return await new Promise((resolve, reject) => {
    const deadline = started + 20000;
    const check = () => {
      const now = performance.now();
      if (document.querySelectorAll(selector).length >= count) resolve(now - started);
      else if (now > deadline) reject(new Error(`${selector} did not reach ${count}`));
      else requestAnimationFrame(check);
    };
    check();
  });
}"""


def test_check_loans_with_fifty_cards_renders_and_switches_tabs(page: Page, server: Server) -> None:
    token = admin_token(server)
    for _ in range(CARDS // 5):  # five 100,000 loans a player stay within the Basic tier's limit
        player_id, _name = new_player(server, "Speed")
        for _loan in range(5):
            status, answer = server.api(
                "POST", "/api/loans", {"player_id": player_id, "value": 100_000, "total_days": 30}, token=token
            )
            assert status == 201, answer

    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page.get_by_role("tab", name="Overview", exact=True)).to_be_visible()
    cards = '[data-testid^="check-loan-"]'
    first_ms = page.evaluate(TIME_TAB_SWITCH, ["Check Loans", cards, CARDS])
    expect(page.locator(cards).nth(CARDS - 1)).to_be_visible()
    away_ms = page.evaluate(TIME_TAB_SWITCH, ["Report", '[role="tabpanel"] [data-testid="dividends-value"]', 1])
    cached_ms = page.evaluate(TIME_TAB_SWITCH, ["Check Loans", cards, CARDS])
    open_tab(page, "Check Loans")

    figures = {
        "check_loans_first_render_ms": round(first_ms, 1),
        "switch_to_report_ms": round(away_ms, 1),
        "check_loans_again_ms": round(cached_ms, 1),
        "cards": page.locator(cards).count(),
        "goal_ms": 200,
    }
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "page-speed.json").write_text(json.dumps(figures, indent=2) + "\n")
    print(f"page speed: {figures}")
    assert figures["cards"] >= CARDS
