import pytest

from accounts.models import Player
from accounts.tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def register(api, name="Aria", discord="aria.guild", password="long-enough"):
    return api.post("/api/register", {"name": name, "discord": discord, "password": password}, format="json")


def test_register_creates_a_player_who_can_sign_in(api):
    response = register(api)
    assert response.status_code == 201
    assert response.json()["name"] == "Aria"
    login = api.post("/api/login", {"username": "aria", "password": "long-enough"}, format="json")
    assert login.status_code == 200


@pytest.mark.parametrize(
    "fields,message",
    [
        ({"name": ""}, "Please fill in all fields"),
        ({"discord": "   "}, "Please fill in all fields"),
        ({"password": ""}, "Please fill in all fields"),
        ({"name": "A"}, "Player name must be at least 2 characters"),
        ({"discord": "a"}, "Discord username must be at least 2 characters"),
        ({"password": "short"}, "Password must be at least 8 characters"),
    ],
)
def test_each_validation_message(api, fields, message):
    response = register(api, **fields)
    assert response.status_code == 400
    assert response.json()["detail"] == message
    assert not Player.objects.exists()


def test_missing_keys_answer_fill_in_all_fields(api):
    response = api.post("/api/register", {}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "Please fill in all fields"


def test_duplicate_name_ignoring_case_is_refused(api):
    PlayerFactory(name="Aria", discord="someone")
    response = register(api, name="ARIA")
    assert response.status_code == 400
    assert response.json()["detail"] == "Player name 'ARIA' is already taken"
    assert Player.objects.count() == 1


def test_duplicate_discord_is_refused(api):
    PlayerFactory(name="Other", discord="aria.guild")
    response = register(api, discord="Aria.Guild")
    assert response.status_code == 400
    assert "already registered" in response.json()["detail"]


def test_registration_claims_an_admin_created_player_without_password(api):
    dax = PlayerFactory(name="Dax", discord="dax.guild", user=None)
    response = register(api, name="dax", discord="DAX.guild", password="claimed-it")
    assert response.status_code == 201
    assert Player.objects.count() == 1
    dax.refresh_from_db()
    assert dax.user is not None and dax.user.check_password("claimed-it")
    assert api.post("/api/login", {"username": "Dax", "password": "claimed-it"}, format="json").status_code == 200


def test_claim_needs_the_same_discord(api):
    PlayerFactory(name="Dax", discord="dax.guild", user=None)
    response = register(api, name="Dax", discord="someone.else")
    assert response.status_code == 400
    assert response.json()["detail"] == "Player name 'Dax' is already taken"


def test_a_registered_player_cannot_be_claimed_again(api):
    PlayerFactory(name="Dax", discord="dax.guild")
    assert register(api, name="Dax", discord="dax.guild").status_code == 400


def test_the_admin_name_is_reserved(api, admin_user):
    response = register(api, name="Admin")
    assert response.status_code == 400
    assert "reserved" in response.json()["detail"]


def test_registration_answers_only_id_name_and_discord(api, admin_user):
    response = register(api)
    assert response.status_code == 201
    assert response.json() == {"id": Player.objects.get().pk, "name": "Aria", "discord": "aria.guild"}
    PlayerFactory(name="Eve", discord="eve.guild", user=None, added_by=admin_user, failed_attempts=3)
    claimed = register(api, name="Eve", discord="eve.guild")
    assert claimed.status_code == 201
    assert set(claimed.json()) == {"id", "name", "discord"}


# --- one namespace for names and discords ------------------------------------------------------


def test_a_name_that_is_another_players_discord_is_refused(api):
    aria = PlayerFactory(name="Aria", discord="aria.guild")
    response = register(api, name="ARIA.guild", discord="someone.new")
    assert response.status_code == 400
    assert response.json()["detail"] == "Player name 'ARIA.guild' is already taken"
    assert response.json()["fields"] == {"name": ["Player name 'ARIA.guild' is already taken"]}
    assert list(Player.objects.all()) == [aria]


def test_a_discord_that_is_another_players_name_is_refused(api):
    PlayerFactory(name="Aria", discord="aria.guild")
    response = register(api, name="Newcomer", discord="aria")
    assert response.status_code == 400
    assert response.json()["detail"] == "Discord username 'aria' is already registered"
    assert Player.objects.count() == 1


def test_sign_in_by_discord_still_finds_the_owner_after_a_refused_lookalike(api):
    aria = PlayerFactory(name="Aria", discord="aria.guild")
    register(api, name="aria.guild", discord="someone.new", password="other-password")
    response = api.post("/api/login", {"username": "aria.guild", "password": "correct-horse-1"}, format="json")
    assert response.status_code == 200
    assert response.json()["player_id"] == aria.pk


def test_one_player_may_use_the_same_text_as_name_and_discord(api):
    response = register(api, name="Zed", discord="zed")
    assert response.status_code == 201


def test_claiming_keeps_the_records_own_pair(api):
    PlayerFactory(name="Dax", discord="dax", user=None)
    assert register(api, name="dax", discord="DAX").status_code == 201


def test_an_admin_cannot_create_a_player_whose_name_is_another_players_discord(admin_user):
    from accounts.services import player_create
    from bank.errors import BankError

    PlayerFactory(name="Aria", discord="aria.guild")
    with pytest.raises(BankError) as refused:
        player_create(name="aria.guild", discord="new.one", admin=admin_user)
    assert refused.value.detail == "Player name 'aria.guild' is already taken"
    with pytest.raises(BankError) as refused:
        player_create(name="Newcomer", discord="ARIA", admin=admin_user)
    assert refused.value.detail == "Discord username 'ARIA' is already registered"
    assert Player.objects.count() == 1


# --- input bounds at the edge ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "fields,field,detail",
    [
        ({"name": "N" * 65}, "name", "Player name must be at most 64 characters"),
        ({"discord": "d" * 65}, "discord", "Discord username must be at most 64 characters"),
        ({"password": "p" * 129}, "password", "Password must be at most 128 characters"),
        ({"name": "N" * 50_001}, "name", "Player name must be at most 64 characters"),
        ({"name": 12345}, "name", "Player name must be text"),
        ({"discord": ["aria"]}, "discord", "Discord username must be text"),
        ({"password": {"a": 1}}, "password", "Password must be text"),
        ({"name": True}, "name", "Player name must be text"),
        ({"name": "Ar\x00ia"}, "name", "Player name contains a character that cannot be stored (NUL)"),
    ],
)
def test_registration_input_is_bounded_and_typed_at_the_edge(api, fields, field, detail):
    response = register(api, **fields)
    assert response.status_code == 400
    assert response.json()["detail"] == detail
    assert response.json()["fields"] == {field: [detail]}
    assert not Player.objects.exists()


def test_null_fields_ask_to_fill_in_all_fields(api):
    response = api.post("/api/register", {"name": None, "discord": "aria.guild", "password": None}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "Please fill in all fields"


def test_the_longest_allowed_values_register(api):
    response = register(api, name="N" * 64, discord="d" * 64, password="p" * 128)
    assert response.status_code == 201


def test_a_taken_name_is_named_first_when_the_discord_is_taken_too(admin_user):
    from accounts.services import player_create
    from bank.errors import BankError

    PlayerFactory(name="Older", discord="shared.discord")
    PlayerFactory(name="Taken", discord="taken.discord")
    with pytest.raises(BankError) as refused:
        player_create(name="taken", discord="SHARED.discord", admin=admin_user)
    assert refused.value.detail == "Player name 'taken' is already taken"
