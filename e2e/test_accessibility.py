"""axe-core on every screen in every theme, and every screen at a phone's 375 px.

The screens and themes come from one list (screens.py): a new screen added there is checked here.
At 375 px every tab is opened by a click on its tab, so a tab the bar cannot scroll to fails; each
phone-sized screen is saved to e2e/artifacts/ to be looked at.
"""

from collections.abc import Iterator

import pytest
from bank_ui import PHONE_VIEWPORT, assert_accessible, assert_dialogs_fit, assert_no_sideways_scroll
from playwright.sync_api import Browser
from screens import SCREENS, THEMES, Screen, ScreenVisitor

from conftest import ARTIFACTS, Server, _artifact_name

DESKTOP_VIEWPORT = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def visitor(browser: Browser, server: Server, short_session_server: Server) -> Iterator[ScreenVisitor]:
    visitor = ScreenVisitor(browser, server.base_url, short_session_server.base_url)
    yield visitor
    visitor.close()


def _save(page, request: pytest.FixtureRequest) -> None:
    page.screenshot(
        path=str(ARTIFACTS / f"{_artifact_name(request.node.name)}.png"), full_page=True, animations="disabled"
    )


@pytest.mark.parametrize(("theme", "screen"), [(theme, screen) for theme in THEMES for screen in SCREENS], ids=str)
def test_screen_has_no_serious_axe_violation(visitor: ScreenVisitor, request, theme: str, screen: Screen):
    page = visitor.open(screen, theme, DESKTOP_VIEWPORT)
    try:
        assert_accessible(page, f"{screen} in the {theme} theme")
    except AssertionError:
        _save(page, request)
        raise


@pytest.mark.parametrize("screen", SCREENS, ids=str)
def test_screen_fits_a_phone(visitor: ScreenVisitor, request, screen: Screen):
    page = visitor.open(screen, "Dark", PHONE_VIEWPORT)
    _save(page, request)
    assert_no_sideways_scroll(page, str(screen))
    assert_dialogs_fit(page, str(screen))
