"""The Django admin site deletes nothing that holds money or history, and edits no money: a player
leaves through bulk delete, which writes the ledger and the audit trail; every balance moves through
the bank's services (docs/rules.md, "Officers" and "The books")."""

import pytest
from django.contrib import admin
from django.contrib.auth.models import Group
from django.test import RequestFactory

from accounts.models import Player, User
from bank.models import AuditEntry, LedgerEntry
from lending.loans import services as loan_services
from lending.models import Loan, Savings
from lending.savings import services as savings_services
from operations.reconcile import reconcile
from operations.tests.stocked import stock_bank

pytestmark = pytest.mark.django_db

# the models the site may still add to or change: a player through the services (accounts/admin.py),
# a user's username and password; Django's groups hold neither money nor history
EDITED_THROUGH_FORMS = {User, Player}
NOT_THE_BANKS = {Group}


def site_request(user):
    request = RequestFactory().get("/django-admin/")
    request.user = user
    return request


def registered():
    return [(model, model_admin) for model, model_admin in admin.site._registry.items() if model not in NOT_THE_BANKS]


def test_no_model_of_the_bank_can_be_deleted_on_the_site_and_no_money_is_edited_there(admin_user):
    request = site_request(admin_user)
    assert admin_user.is_superuser
    models = {model for model, _ in registered()}
    assert {Player, Savings, Loan, AuditEntry} <= models
    deletable = [model._meta.label for model, model_admin in registered() if model_admin.has_delete_permission(request)]
    assert deletable == []
    editable = [
        model._meta.label
        for model, model_admin in registered()
        if model not in EDITED_THROUGH_FORMS
        and (model_admin.has_add_permission(request) or model_admin.has_change_permission(request))
    ]
    assert editable == []


def test_every_delete_page_answers_403_and_removes_nothing(client, admin_user):
    stock_bank(admin=admin_user)
    client.force_login(admin_user)
    tried = []
    for model, _ in registered():
        row = model.objects.order_by("pk").first()
        if row is None:
            continue
        url = f"/django-admin/{model._meta.app_label}/{model._meta.model_name}/{row.pk}/delete/"
        before = model.objects.count()
        assert client.get(url).status_code == 403, url
        assert client.post(url, {"post": "yes"}).status_code == 403, url
        assert model.objects.count() == before
        tried.append(model)
    assert {User, Player, Savings, Loan} <= set(tried)


def test_deleting_a_player_on_the_site_is_refused_with_their_savings_loans_and_books(client, admin_user, player):
    savings = savings_services.savings_create(player_id=player.pk, invested_value=300_000, admin=admin_user)
    loan = loan_services.loan_create(player_id=player.pk, value=100_000, total_days=5, admin=admin_user)
    loan_services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=admin_user)
    entries, trail = LedgerEntry.objects.count(), AuditEntry.objects.count()
    client.force_login(admin_user)

    assert client.post(f"/django-admin/accounts/player/{player.pk}/delete/", {"post": "yes"}).status_code == 403
    listing = client.get("/django-admin/accounts/player/")
    offered = [name for name, _ in listing.context["action_form"].fields["action"].choices]
    assert "delete_selected" not in offered and "unblock" in offered
    # the list's "delete selected" sent anyway: not an action of this list
    client.post(
        "/django-admin/accounts/player/",
        {"action": "delete_selected", "_selected_action": [player.pk], "post": "yes"},
    )

    assert Player.objects.filter(pk=player.pk).exists()
    assert Savings.objects.filter(pk=savings.pk).exists() and Loan.objects.filter(pk=loan.pk).exists()
    assert (LedgerEntry.objects.count(), AuditEntry.objects.count()) == (entries, trail)
    assert reconcile().differences == []


def test_a_credit_event_cannot_be_added_on_the_site(client, admin_user, player):
    client.force_login(admin_user)
    assert client.get("/django-admin/credit/creditevent/add/").status_code == 403
