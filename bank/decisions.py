"""Deciding a request (a loan, a withdrawal, a pearl exchange): plumbing the apps share (imports no app)."""

from django.db import models

from bank.errors import BankError


def locked_pending(model: type[models.Model], request_id: int, *, not_found: str, already_processed: str):
    """The request's row, locked until the caller's transaction ends, if it is still pending.

    A request that does not exist answers 404; one already approved or denied answers 409 and
    nothing changes, before any other check of the decision (docs/rules.md, Loans).
    """
    request = model.objects.select_for_update().filter(pk=request_id).first()
    if request is None:
        raise BankError(not_found, code="not_found", status=404)
    if request.status != "pending":
        raise BankError(already_processed, code="already_processed", status=409)
    return request
