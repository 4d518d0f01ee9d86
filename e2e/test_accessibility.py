"""Every screen (screens.py) in every theme: axe-core at 1280 px, and the phone's 375 px.

One visit of a screen does every check of it, in every theme it is checked in (the theme switched
in place: ScreenVisitor.switch_theme), so that the walk over the screens is made once:
- at 1280 px, in each of the five themes: no serious or critical axe-core finding; no day drawn over
  two lines;
- at 375 px, in the Dark theme: no sideways scrolling, every dialog within the width, no day over two
  lines; every tab is opened as a person opens it (bank_ui.open_tab: the admin panel's through its
  Menu, which replaces the sidebar below 900 px), so a tab that cannot be reached fails;
- the screens issue 22 changed (screens.CHANGED_SCREENS) also at 375 px in the four other themes.

Each phone-sized screen, and each changed screen in every theme at both widths, is saved to
e2e/artifacts/ to be looked at; a screen that fails a check is saved too. A new screen added to
screens.py is checked here. The screens of one person at one width run in one worker (xdist_group),
signed in once.
"""

from collections.abc import Iterator

import pytest
from bank_ui import (
    PHONE_VIEWPORT,
    assert_accessible,
    assert_dialogs_fit,
    assert_no_broken_days,
    assert_no_sideways_scroll,
)
from playwright.sync_api import Browser, Page, ViewportSize
from screens import CHANGED_SCREENS, SCREENS, THEMES, Screen, ScreenVisitor

from conftest import ARTIFACTS, Server, _artifact_name

DESKTOP_VIEWPORT: ViewportSize = {"width": 1280, "height": 800}
FIRST_THEME = THEMES[0]  # the app's default, in which every screen opens


@pytest.fixture(scope="module")
def visitor(browser: Browser, server: Server, short_session_server: Server) -> Iterator[ScreenVisitor]:
    visitor = ScreenVisitor(browser, server.base_url, short_session_server.base_url)
    yield visitor
    visitor.close()


def _save(page: Page, request: pytest.FixtureRequest, theme: str) -> None:
    name = _artifact_name(f"{request.node.name}-{theme}")
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True, animations="disabled")


def _walk(screens: list[Screen], width: int) -> list:
    return [
        pytest.param(screen, marks=pytest.mark.xdist_group(f"{screen.who}-{width}"), id=str(screen))
        for screen in screens
    ]


def _each_theme(visitor: ScreenVisitor, screen: Screen, viewport: ViewportSize, themes: list[str]) -> Iterator[tuple]:
    """(theme, page) for the screen in each theme, opened once; left in the first theme again, where
    the next screen opens."""
    for index, theme in enumerate(themes):
        if index == 0:
            yield theme, visitor.open(screen, theme, viewport)
        else:
            yield theme, visitor.switch_theme(screen, theme, viewport)
    if len(themes) > 1 and screen.kept_open:
        visitor.switch_theme(screen, themes[0], viewport)


@pytest.mark.parametrize("screen", _walk(SCREENS, 1280))
def test_screen_has_no_serious_axe_violation(visitor: ScreenVisitor, request, screen: Screen):
    failures = []
    for theme, page in _each_theme(visitor, screen, DESKTOP_VIEWPORT, THEMES):
        try:
            assert_accessible(page, f"{screen} in the {theme} theme")
            if theme == FIRST_THEME:  # where words break does not depend on colours
                assert_no_broken_days(page, f"{screen} at 1280 px")
        except AssertionError as failure:
            _save(page, request, theme)
            failures.append(str(failure))
            continue
        if screen.name in CHANGED_SCREENS:
            _save(page, request, theme)
    assert not failures, "\n\n".join(failures)


@pytest.mark.parametrize("screen", _walk(SCREENS, 375))
def test_screen_fits_a_phone(visitor: ScreenVisitor, request, screen: Screen):
    themes = THEMES if screen.name in CHANGED_SCREENS else [FIRST_THEME]
    for theme, page in _each_theme(visitor, screen, PHONE_VIEWPORT, themes):
        _save(page, request, theme)
        assert_no_sideways_scroll(page, f"{screen} in the {theme} theme")
        assert_dialogs_fit(page, f"{screen} in the {theme} theme")
        assert_no_broken_days(page, f"{screen} at 375 px in the {theme} theme")
