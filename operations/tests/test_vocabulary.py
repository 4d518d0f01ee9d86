"""Each app registers its own words with the plumbing (bank.vocabulary): the plumbing's tables
hold exactly what the apps registered, and a word given two meanings stops the start."""

import pytest
from django.core.exceptions import ImproperlyConfigured

import accounts.vocabulary
import credit.vocabulary
import exchange.vocabulary
import guild_discord.vocabulary
import lending.vocabulary
import operations.vocabulary
from bank import audit, ledger, live, own_vocabulary, roles, vocabulary
from bank.vocabulary import Vocabulary

EVERY_APP = [
    own_vocabulary.VOCABULARY,
    accounts.vocabulary.VOCABULARY,
    credit.vocabulary.VOCABULARY,
    lending.vocabulary.VOCABULARY,
    exchange.vocabulary.VOCABULARY,
    operations.vocabulary.VOCABULARY,
    guild_discord.vocabulary.VOCABULARY,
]


def test_the_plumbings_tables_hold_exactly_what_the_apps_registered():
    assert {kind: label for app in EVERY_APP for kind, label in app.audit_kinds.items()} == audit.KINDS
    assert {name: text for app in EVERY_APP for name, text in app.audit_objects.items()} == audit.OBJECT_NAMES
    assert {name: kind for app in EVERY_APP for name, kind in app.audit_fields.items()} == audit.FIELD_KINDS
    assert {reason: text for app in EVERY_APP for reason, text in app.ledger_reasons.items()} == ledger.REASONS
    assert {kind for app in EVERY_APP for kind in app.live_kinds} == live.KINDS
    assert {name: dict(methods) for app in EVERY_APP for name, methods in app.routes.items()} == roles.ROUTES
    assert {call: dict(least) for app in EVERY_APP for call, least in app.route_fields.items()} == roles.FIELDS


def test_no_word_is_registered_by_two_apps():
    for table in ("audit_kinds", "ledger_reasons", "live_kinds", "routes"):
        words = [word for app in EVERY_APP for word in getattr(app, table)]
        assert len(words) == len(set(words)), table


def test_two_apps_calls_of_one_action_add_up():
    """Deciding a request is lending's (loans, withdrawals) and exchange's (pearls): one action."""
    assert set(roles.ACTIONS["decide"]) == {
        *lending.vocabulary.VOCABULARY.actions["decide"],
        *exchange.vocabulary.VOCABULARY.actions["decide"],
    }
    assert len(roles.ACTIONS["decide"]) == 6


def test_a_word_registered_again_with_the_same_meaning_changes_nothing():
    before = (dict(audit.KINDS), dict(roles.ROUTES), dict(roles.ACTIONS))
    vocabulary.register(lending.vocabulary.VOCABULARY)
    assert (dict(audit.KINDS), dict(roles.ROUTES), dict(roles.ACTIONS)) == before


@pytest.mark.parametrize(
    "clash",
    [
        Vocabulary(audit_kinds={"loan.created": "Something else"}),
        Vocabulary(ledger_reasons={"withdrawal": "Something else"}),
        Vocabulary(routes={"loan-create": {roles.POST: roles.TELLER}}),
        Vocabulary(route_fields={("player-update", roles.PUT): {"client_type": roles.TELLER}}),
    ],
)
def test_a_word_given_a_second_meaning_stops_the_start(clash):
    with pytest.raises(ImproperlyConfigured, match="registered twice"):
        vocabulary.register(clash)
