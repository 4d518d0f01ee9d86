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
