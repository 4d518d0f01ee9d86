"""Registration, sign-in, the route guard and the theme, used as a person uses them."""

import re
import secrets

from bank_ui import choose_theme, open_and_sign_in, path_is, sign_in
from playwright.sync_api import Page, expect

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, DEMO_PASSWORD, Server


def test_new_player_registers_then_signs_in_and_reaches_the_dashboard(page: Page, server: Server, shoot):
    name = f"Dara{secrets.token_hex(2)}"
    page.goto(server.url("/"))
    page.get_by_role("link", name="Create an account").click()
    expect(page).to_have_url(path_is("/register"))
    page.get_by_label("Player Nickname").fill(name)
    page.get_by_label("Discord Username").fill(f"{name.lower()}.guild")
    page.get_by_label("Password").fill("a-good-password")
    page.get_by_role("button", name="Create Player Account").click()

    expect(page.get_by_role("status")).to_have_text(
        f"Account created successfully! Player: {name}. You can now log in and request loans/savings."
    )
    shoot(page, "registered")
    # The screen switches to sign-in by itself 3 seconds later.
    expect(page).to_have_url(path_is("/login"), timeout=6_000)

    sign_in(page, name, "a-good-password")
    expect(page).to_have_url(path_is("/dashboard"))
    expect(page.get_by_text(f"Welcome back, {name}!")).to_be_visible()
    expect(page.get_by_role("banner")).to_contain_text(f"Welcome, {name}")
    expect(page.get_by_role("button", name="Logout")).to_be_visible()


def test_registration_form_explains_what_is_wrong(page: Page, server: Server):
    page.goto(server.url("/register"))
    page.get_by_role("button", name="Create Player Account").click()
    expect(page.get_by_role("alert")).to_have_text("Please fill in all fields")
    page.get_by_label("Player Nickname").fill("Eve")
    page.get_by_label("Discord Username").fill("eve.guild")
    page.get_by_label("Password").fill("short")
    page.get_by_role("button", name="Create Player Account").click()
    expect(page.get_by_role("alert")).to_have_text("Password must be at least 8 characters")


def test_registering_a_taken_name_shows_the_server_detail(page: Page, server: Server):
    page.goto(server.url("/register"))
    page.get_by_label("Player Nickname").fill("Borin")
    page.get_by_label("Discord Username").fill("someone-else.guild")
    page.get_by_label("Password").fill("a-good-password")
    page.get_by_role("button", name="Create Player Account").click()
    alert = page.get_by_role("alert")
    expect(alert).to_be_visible()
    expect(alert).not_to_have_text("Error creating account")


def test_wrong_password_shows_the_spec_message(page: Page, server: Server):
    open_and_sign_in(page, server.base_url, "Aria", "not-the-password")
    expect(page.get_by_role("alert")).to_have_text("Incorrect password. Please try again.")
    expect(page).to_have_url(path_is("/"))


def test_unknown_player_is_told_to_check_the_name(page: Page, server: Server):
    open_and_sign_in(page, server.base_url, "Nobody-Here", "whatever-pass")
    expect(page.get_by_role("alert")).to_have_text(
        "Player not found. Please check if the name is correct or register a new account."
    )


def test_admin_signs_in_and_lands_on_the_admin_panel(page: Page, server: Server):
    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    tabs = page.get_by_role("tablist", name="Admin panel").get_by_role("tab")
    # the admin is a treasurer: the spec's seventeen tabs, Officers and Bank Settings (issue 23) and
    # Four Eyes (issue 29), Waiting for Me (issue 30) after the Overview, Security last (issue 34),
    # Arrears after Check Loans and Bank Health after Check Savings (issue 35)
    expect(tabs).to_have_count(24)
    expect(tabs.nth(1)).to_have_text(re.compile(r"^Waiting for Me"))
    expect(tabs.nth(10)).to_have_text("Arrears")
    expect(tabs.nth(12)).to_have_text("Bank Health")
    expect(tabs.nth(18)).to_have_text("Four Eyes")
    expect(tabs.nth(20)).to_have_text("Officers")
    expect(tabs.nth(21)).to_have_text("Bank Settings")
    expect(tabs.nth(22)).to_have_text("Audit")
    expect(tabs.last).to_have_text("Security")
    expect(page.get_by_role("banner")).to_contain_text(f"Welcome, {ADMIN_USERNAME}")


def test_admin_opening_the_dashboard_is_sent_to_the_admin_panel(page: Page, server: Server):
    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    page.goto(server.url("/dashboard"))
    expect(page).to_have_url(path_is("/admin-panel"))


def test_player_opening_the_admin_panel_lands_on_the_dashboard(page: Page, server: Server):
    open_and_sign_in(page, server.base_url, "borin.guild", DEMO_PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    page.goto(server.url("/admin-panel"))
    expect(page).to_have_url(path_is("/dashboard"))
    expect(page.get_by_text("Welcome back, Borin!")).to_be_visible()
    page.goto(server.url("/admin"))
    expect(page).to_have_url(path_is("/dashboard"))


def test_unknown_path_lands_on_the_sign_in_page(page: Page, server: Server):
    page.goto(server.url("/no/such/page"))
    expect(page).to_have_url(path_is("/"))
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()


def test_visitor_of_the_dashboard_signs_in_and_is_returned_there(page: Page, server: Server):
    page.goto(server.url("/dashboard"))
    expect(page).to_have_url(path_is("/"))
    assert page.evaluate("sessionStorage.getItem('redirectAfterLogin')") == "/dashboard"
    sign_in(page, "Aria", DEMO_PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    expect(page.get_by_text("Welcome back, Aria!")).to_be_visible()
    assert page.evaluate("sessionStorage.getItem('redirectAfterLogin')") is None


def test_logout_returns_to_sign_in_and_the_dashboard_needs_signing_in_again(page: Page, server: Server):
    open_and_sign_in(page, server.base_url, "Aria", DEMO_PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    token = page.evaluate("localStorage.getItem('access_token')")
    page.get_by_role("button", name="Logout").click()
    expect(page).to_have_url(path_is("/"))
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()
    assert page.evaluate("localStorage.getItem('access_token')") is None
    # The server no longer accepts the old token.
    status, _ = server.api("GET", "/api/me", token=token)
    assert status == 401
    page.goto(server.url("/dashboard"))
    expect(page).to_have_url(path_is("/"))


def test_the_chosen_theme_survives_a_reload(page: Page, server: Server):
    page.goto(server.url("/"))
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    choose_theme(page, "Ocean")
    expect(page.locator("html")).to_have_attribute("data-theme", "ocean")
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-theme", "ocean")
    expect(page.get_by_role("button", name="Theme: Ocean")).to_be_visible()
    page.get_by_role("link", name="Create an account").click()
    expect(page.get_by_role("button", name="Theme: Ocean")).to_be_visible()


def test_an_unknown_stored_theme_falls_back_to_dark(page: Page, server: Server):
    page.goto(server.url("/"))
    page.evaluate("localStorage.setItem('theme', 'neon')")
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.get_by_role("button", name="Theme: Dark")).to_be_visible()


def test_a_reload_keeps_the_player_signed_in(page: Page, server: Server):
    open_and_sign_in(page, server.base_url, "Cyra", DEMO_PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    token = page.evaluate("localStorage.getItem('access_token')")
    with page.expect_response(lambda response: "/api/verify-token" in response.url) as verify:
        page.reload()
    assert verify.value.json()["valid"] is True
    expect(page).to_have_url(path_is("/dashboard"))
    expect(page.get_by_text("Welcome back, Cyra!")).to_be_visible()
    # the token travels in the Authorization header, never in the address, so no log keeps it
    request = verify.value.request
    assert request.url == server.url("/api/verify-token")
    assert request.headers["authorization"] == f"Bearer {token}"
    assert server.log_path is not None
    assert "GET /api/verify-token" in server.log_path.read_text()
    assert token not in server.log_path.read_text()


def test_the_sign_in_page_loads_only_the_main_bundle(page: Page, server: Server):
    scripts: list[str] = []
    page.on("request", lambda request: scripts.append(request.url) if request.resource_type == "script" else None)
    page.goto(server.url("/"))
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert scripts, "no script loaded"
    assert all("/static/bundles/main." in url for url in scripts), scripts
