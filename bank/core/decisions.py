"""Deciding a request (a loan, a withdrawal, a pearl exchange): plumbing the apps share (imports no app)."""

from collections.abc import Callable

from django.db import models

from bank.core.errors import BankError


def locked_pending[Owner](
    model: type[models.Model],
    request_id: int,
    *,
    not_found: str,
    already_processed: str,
    lock_owner: Callable[[int], Owner],
) -> tuple[Owner, models.Model]:
    """The request's player and the request's row, both locked until the caller's transaction ends,
    if the request is still pending.

    Locks follow the bank's one order (docs/rules.md, "Lock order"): the player first (`lock_owner`
    takes the player's id and answers the locked player), then the request. A request that does not
    exist answers 404; one already approved or denied answers 409 and nothing changes, before any
    other check of the decision (docs/rules.md, Loans).
    """
    owner_id = model.objects.filter(pk=request_id).values_list("player_id", flat=True).first()
    if owner_id is None:
        raise BankError(not_found, code="not_found", status=404)
    owner = lock_owner(owner_id)
    request = model.objects.select_for_update().filter(pk=request_id).first()
    if request is None:  # removed (with its player) while this waited for the player's lock
        raise BankError(not_found, code="not_found", status=404)
    if request.status != "pending":
        raise BankError(already_processed, code="already_processed", status=409)
    return owner, request
