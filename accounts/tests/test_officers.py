"""Officers: a treasurer adds them, changes their role, deactivates them (docs/rules.md, "Officers")."""

import pytest

from accounts.models import BankSession, Player, User
from accounts.tests.factories import PASSWORD, AdminFactory, PlayerFactory, made
from bank import roles
from bank.models import AuditEntry
from conftest import bearer_for
from testkit.queries import AUTH_QUERIES

pytestmark = pytest.mark.django_db

URL = "/api/admin/officers"


def officer(username: str, role: str) -> User:
    return made(AdminFactory, username=username, role=role, is_superuser=role == roles.TREASURER)


def create(api, **body):
    defaults = {
        "username": "tellie",
        "display_name": "Keeper of the Vault",
        "password": "long-enough-1",
        "role": "teller",
    }
    return api.post(URL, defaults | body, format="json")


def sign_in(api, username, password=PASSWORD):
    return api.post("/api/login", {"username": username, "password": password}, format="json")


def second_treasurer_approves(response, *, approver=None):
    """An officer change waits (202) for a second treasurer; one approves it."""
    assert response.status_code == 202, response.json()
    proposal = response.json()["proposal"]
    approver = approver or officer("tessa", roles.TREASURER)
    answer = bearer_for(approver).put(f"/api/admin/proposals/{proposal['id']}/approve", {}, format="json")
    assert answer.status_code == 200, answer.json()
    return answer.json()


def test_the_bank_admin_is_a_treasurer(admin_api):
    body = admin_api.get(URL).json()
    assert [(row["username"], row["role"], row["active"]) for row in body["results"]] == [("admin", "treasurer", True)]
    assert set(body["results"][0]) == {
        "id",
        "username",
        "display_name",
        "role",
        "active",
        "created_at",
        "last_login",
        "locked_until",
        "locked_addresses",
        "has_factor",
    }


def test_ensure_admin_makes_a_treasurer():
    from accounts.services import admin_ensure

    user, *_ = admin_ensure(username="boss", password="a-long-password-1")
    assert (user.role, user.is_staff, roles.role_of(user)) == ("treasurer", True, "treasurer")


def test_a_treasurer_adds_an_officer_who_signs_in_on_the_same_screen_and_gets_their_role(admin_api, admin_user, api):
    response = create(admin_api, username="Tellie", role="teller")
    assert response.json()["proposal"]["summary"] == "Add Tellie (Keeper of the Vault) as Teller"
    assert "password" not in str(response.json()["proposal"])
    assert sign_in(api, "tellie", "long-enough-1").status_code != 200  # not an officer until approved
    second_treasurer_approves(response)
    tellie = User.objects.get(username="Tellie")
    assert (tellie.role, tellie.is_active, tellie.appointed_by_id) == ("teller", True, admin_user.pk)
    login = sign_in(api, "tellie", "long-enough-1")
    assert login.status_code == 200
    assert (login.json()["is_admin"], login.json()["role"]) == (True, "teller")
    verified = api.get("/api/verify-token", HTTP_AUTHORIZATION=f"Bearer {login.json()['access_token']}").json()
    assert (verified["valid"], verified["role"]) == (True, "teller")
    # their own display name, the name their approvals are recorded under
    me = api.get("/api/me", HTTP_AUTHORIZATION=f"Bearer {login.json()['access_token']}").json()
    assert me["display_name"] == "Keeper of the Vault"
    listed = {row["username"]: row for row in admin_api.get(URL).json()["results"]}
    assert listed["Tellie"]["last_login"] is not None
    entry = AuditEntry.objects.get(kind="officer.created")
    assert (entry.actor_name, entry.after["role"], entry.after["password"]) == ("tessa", "teller", "set")
    assert entry.after["approved_by"] == "admin and tessa"
    assert entry.after["display_name"] == "Keeper of the Vault"


def test_a_player_has_no_role_in_their_answers(player_api, player, api):
    assert "role" not in player_api.get("/api/me").json()
    assert "display_name" not in player_api.get("/api/me").json()
    assert "role" not in sign_in(api, player.name).json()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"username": "x"}, "username"),  # the player name rules: 2 characters at least
        ({"username": "y" * 65}, "username"),
        ({"password": "short"}, "password"),
        ({"role": "admiral"}, "role"),
    ],
)
def test_an_officer_follows_the_player_name_and_password_rules(admin_api, body, field):
    response = create(admin_api, **body)
    assert response.status_code == 400
    assert field in response.json()["fields"]


def test_an_officer_shares_the_players_namespace(admin_api):
    PlayerFactory(name="Aria", discord="aria.guild")
    for taken in ("aria", "ARIA.GUILD", "admin"):
        response = create(admin_api, username=taken)
        assert response.status_code == 400, taken
        assert response.json()["code"] == "name_taken"
    second_treasurer_approves(create(admin_api, username="Borin"))
    # nor can a player take an officer's name
    answer = admin_api.post("/api/register", {"name": "borin", "discord": "b.d", "password": "x" * 8}, format="json")
    assert answer.status_code == 400
    assert answer.json()["code"] == "name_taken"


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/register", {"name": "borin", "discord": "b.d", "password": "x" * 8}),
        ("/api/players", {"name": "b.d", "discord": "BORIN"}),  # New Player, the officer's name as discord
    ],
)
def test_an_officer_added_while_a_player_is_checked_still_takes_the_name(admin_api, monkeypatch, path, body):
    """The race: the name passes the early check, an officer takes it, then the player's transaction
    takes the namespace lock. The check under the lock sees the officer."""
    from accounts import services

    take_the_lock = services._identities_lock

    def officer_meanwhile():
        officer("Borin", roles.TELLER)  # committed by another request between the check and the lock
        take_the_lock()

    monkeypatch.setattr(services, "_identities_lock", officer_meanwhile)
    response = admin_api.post(path, body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "name_taken"
    assert "reserved" in response.json()["detail"]
    assert not Player.objects.exists()


def test_only_a_treasurer_manages_officers():
    for role in (roles.TELLER, roles.LOAN_OFFICER):
        api = bearer_for(officer(f"o-{role}", role))
        assert api.get(URL).status_code == 403
        assert create(api).status_code == 403
        assert api.patch(f"{URL}/1", {"active": False}, format="json").status_code == 403


def test_a_treasurer_changes_a_role_and_it_holds_at_the_next_call(admin_api):
    lou = officer("lou", roles.TELLER)
    lou_api = bearer_for(lou)
    assert lou_api.put("/api/pending-loans/999/approve", {}, format="json").status_code == 403
    response = admin_api.patch(f"{URL}/{lou.pk}", {"role": "loan_officer"}, format="json")
    assert lou_api.put("/api/pending-loans/999/approve", {}, format="json").status_code == 403  # not yet
    second_treasurer_approves(response)
    # the same session: the role is read on every call
    assert lou_api.put("/api/pending-loans/999/approve", {}, format="json").status_code == 404
    entry = AuditEntry.objects.get(kind="officer.updated")
    assert (entry.before, entry.after) == (
        {"role": "teller"},
        {"role": "loan_officer", "approved_by": "admin and tessa"},
    )


def test_lowering_a_role_happens_at_once(admin_api):
    lou = officer("lou", roles.LOAN_OFFICER)
    response = admin_api.patch(f"{URL}/{lou.pk}", {"role": "teller"}, format="json")
    assert (response.status_code, response.json()["role"]) == (200, "teller")


def test_deactivating_ends_the_officers_sessions_at_once_and_they_cannot_sign_in(admin_api, api):
    lou = officer("lou", roles.LOAN_OFFICER)
    lou_api = bearer_for(lou)
    assert lou_api.get("/api/admin/dashboard-stats").status_code == 200
    response = admin_api.patch(f"{URL}/{lou.pk}", {"active": False}, format="json")
    assert (response.status_code, response.json()["active"]) == (200, False)
    closed = lou_api.get("/api/admin/dashboard-stats")
    # their open page is told why it closed (issue 30), not that a session expired
    assert (closed.status_code, closed.json()["code"]) == (401, "officer_deactivated")
    assert closed.json()["detail"] == (
        "Your session ended: this officer account was deactivated. Ask a treasurer to reactivate it."
    )
    assert not BankSession.objects.filter(user=lou, ended_at__isnull=True).exists()
    assert sign_in(api, "lou").status_code != 200
    # reactivating gives the power to decide back: a second treasurer approves it
    second_treasurer_approves(admin_api.patch(f"{URL}/{lou.pk}", {"active": True}, format="json"))
    assert sign_in(api, "lou").status_code == 200


@pytest.mark.parametrize("change", [{"role": "teller"}, {"active": False}])
def test_the_last_active_treasurer_can_be_neither_demoted_nor_deactivated(admin_api, admin_user, change):
    response = admin_api.patch(f"{URL}/{admin_user.pk}", change, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "last_treasurer"
    admin_user.refresh_from_db()
    assert (admin_user.role, admin_user.is_active) == ("treasurer", True)


def test_with_a_second_treasurer_one_may_step_down(admin_api, admin_user):
    second = officer("second", roles.TREASURER)
    assert admin_api.patch(f"{URL}/{second.pk}", {"active": False}, format="json").status_code == 200
    # the deactivated one does not count: the admin is the last active treasurer again
    assert admin_api.patch(f"{URL}/{admin_user.pk}", {"role": "teller"}, format="json").status_code == 409
    third = officer("third", roles.TREASURER)
    second_treasurer_approves(admin_api.patch(f"{URL}/{second.pk}", {"active": True}, format="json"), approver=third)
    third.is_active = False
    third.save()
    response = admin_api.patch(f"{URL}/{admin_user.pk}", {"role": "teller"}, format="json")
    assert response.status_code == 200
    admin_user.refresh_from_db()
    assert (admin_user.role, admin_user.is_superuser) == ("teller", False)


def test_an_empty_change_or_an_unknown_officer(admin_api, player):
    assert admin_api.patch(f"{URL}/1", {}, format="json").status_code == 400
    assert admin_api.patch(f"{URL}/{player.user_id}", {"role": "teller"}, format="json").status_code == 404
    assert admin_api.patch(f"{URL}/99999", {"role": "teller"}, format="json").status_code == 404


def test_the_list_runs_one_query_whatever_the_count(admin_api, django_assert_num_queries):
    with django_assert_num_queries(AUTH_QUERIES + 1):
        admin_api.get(URL)
    for n in range(5):
        officer(f"o{n}", roles.TELLER)
    with django_assert_num_queries(AUTH_QUERIES + 1):
        assert len(admin_api.get(URL).json()["results"]) == 6


def test_the_django_admin_site_lists_officers_with_their_role_and_admits_treasurers_only(client):
    officer("lou", roles.LOAN_OFFICER)
    refused = client.post("/django-admin/login/", {"username": "lou", "password": PASSWORD, "next": "/django-admin/"})
    assert refused.status_code == 200
    assert "for treasurers" in refused.content.decode()
    AdminFactory()
    signed_in = client.post("/django-admin/login/", {"username": "admin", "password": PASSWORD})
    assert signed_in.status_code == 302
    listing = client.get("/django-admin/accounts/user/").content.decode()
    assert "lou" in listing and "Loan Officer" in listing
    lou = User.objects.get(username="lou")
    page = client.get(f"/django-admin/accounts/user/{lou.pk}/change/").content.decode()
    assert 'name="role"' not in page  # read-only: roles change on the Officers tab


# --- display names (issue 29, item 6: players never see an officer's sign-in name) ---------------


def test_an_officer_is_added_with_the_display_name_players_see(admin_api):
    second_treasurer_approves(create(admin_api, username="tellie", display_name="  Keeper of the Vault "))
    tellie = User.objects.get(username="tellie")
    assert (tellie.display_name, tellie.public_name) == ("Keeper of the Vault", "Keeper of the Vault")


@pytest.mark.parametrize("display_name", [None, "", "   "])
def test_the_display_name_is_required(admin_api, display_name):
    response = create(admin_api, display_name=display_name)
    assert response.status_code == 400
    assert response.json()["detail"] == "Please fill in the username, the display name, the password and the role"
    assert not User.objects.filter(username="tellie").exists()


@pytest.mark.parametrize("display_name", ["x", "y" * 65])
def test_the_display_name_follows_the_player_name_rules(admin_api, display_name):
    response = create(admin_api, display_name=display_name)
    assert response.status_code == 400
    assert "display_name" in response.json()["fields"]


@pytest.mark.parametrize(
    ("display_name", "why"),
    [
        ("TELLIE", "is an officer's sign-in name"),  # the new officer's own username
        ("Admin", "is an officer's sign-in name"),  # another officer's
        ("aria", "is a player's name"),
        ("Aria.Guild", "is a player's name"),  # a discord is a sign-in name too
        ("the treasurer", "is another officer's display name"),
        ("Tellie S.", "holds an officer's sign-in name"),  # players would read the username in it
        ("Ask the admin", "holds an officer's sign-in name"),
    ],
)
def test_a_display_name_is_never_a_sign_in_name_nor_another_officers(admin_api, admin_user, display_name, why):
    User.objects.filter(pk=admin_user.pk).update(display_name="The Treasurer")
    PlayerFactory(name="Aria", discord="aria.guild")
    response = create(admin_api, username="tellie", display_name=display_name)
    assert response.status_code == 400, display_name
    assert why in response.json()["detail"]
    assert "display_name" in response.json()["fields"]


def test_no_sign_in_name_may_take_an_officers_display_name(admin_api):
    second_treasurer_approves(create(admin_api, username="tellie", display_name="Aldo the Clerk"))
    # nor a word of it: players reading "Aldo the Clerk" must not be reading a sign-in name
    assert create(admin_api, username="aldo", display_name="Someone Else").json()["code"] == "name_taken"
    # not another officer's username ...
    assert create(admin_api, username="ALDO THE CLERK", display_name="Someone Else").json()["code"] == "name_taken"
    # ... nor a player's name or discord, by registration or New Player
    register = {"name": "aldo the clerk", "discord": "a.d", "password": "x" * 8}
    assert admin_api.post("/api/register", register, format="json").json()["code"] == "name_taken"
    new_player = {"name": "Aldo2", "discord": "Aldo The Clerk"}
    assert admin_api.post("/api/players", new_player, format="json").json()["code"] == "name_taken"
    assert not Player.objects.exists()


def test_a_treasurer_renames_an_officer_and_the_trail_says_so(admin_api):
    lou = officer("lou", roles.LOAN_OFFICER)
    before = lou.display_name
    response = admin_api.patch(f"{URL}/{lou.pk}", {"display_name": "Lena the Lender"}, format="json")
    assert (response.status_code, response.json()["display_name"]) == (200, "Lena the Lender")
    lou.refresh_from_db()
    assert (lou.username, lou.display_name) == ("lou", "Lena the Lender")
    entry = AuditEntry.objects.get(kind="officer.updated")
    assert (entry.before, entry.after) == ({"display_name": before}, {"display_name": "Lena the Lender"})


@pytest.mark.parametrize(
    ("display_name", "field_or_code"),
    [
        ("", "missing_fields"),
        ("LOU", "name_taken"),
        ("admin", "name_taken"),
        ("Lou S.", "name_taken"),
        ("z", "display_name"),
    ],
)
def test_a_rename_follows_the_same_rules(admin_api, display_name, field_or_code):
    lou = officer("lou", roles.LOAN_OFFICER)
    before = User.objects.get(pk=lou.pk).display_name
    response = admin_api.patch(f"{URL}/{lou.pk}", {"display_name": display_name}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert field_or_code in (body["code"], *body.get("fields", {}))
    assert User.objects.get(pk=lou.pk).display_name == before


def test_an_officer_keeps_their_own_display_name_on_a_rename_to_the_same(admin_api):
    lou = officer("lou", roles.LOAN_OFFICER)
    same = User.objects.get(pk=lou.pk).display_name
    assert admin_api.patch(f"{URL}/{lou.pk}", {"display_name": same.upper()}, format="json").status_code == 200


def test_ensure_admin_names_a_new_admin_officer_n_never_their_username():
    from accounts.services import admin_ensure

    user, *_ = admin_ensure(username="boss", password="a-long-password-1")
    assert user.display_name == f"Officer {user.pk}"
    renamed = "The Boss"
    User.objects.filter(pk=user.pk).update(display_name=renamed)
    user, *_ = admin_ensure(username="boss")  # an existing admin keeps the name a treasurer gave
    assert user.display_name == renamed
