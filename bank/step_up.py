"""Step-up: the most sensitive calls need a second factor given in the last few minutes (issue 34,
docs/rules.md "Step-up"). Plumbing: imports no app; accounts registers how to tell whether a person holds
a factor at all (for the refusal's words).

The session is the one the API authenticated the call with: `accounts.authentication` puts it on the user
as `bank_session`, whose `factor_verified_at` is the moment a factor was last given in it (the sign-in's
code or passkey, a step-up, a factor's enrolment). A call made outside the API (a `manage.py` command on
the server, a service called by a test) has no such session and is not asked: whoever runs commands on
the server is past every factor the web offers (a restore is such a command). Discord's officer buttons
(guild_discord/staff.py) carry no API session: they mark the officer `without_factor`, or `factor_given_now`
once a code typed in Discord's form has been checked.
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings

from bank import clock
from bank.errors import BankError

CODE = "step_up_required"

_factor_holders: list[Callable[[Any], bool]] = []


def register_factor_holder(holds_factor: Callable[[Any], bool]) -> None:
    """accounts: `holds_factor(user)`, does the user hold a confirmed second factor?"""
    _factor_holders.append(holds_factor)


def window() -> timedelta:
    return timedelta(seconds=settings.BANK_STEP_UP_SECONDS)


def _minutes() -> str:
    minutes = max(1, round(settings.BANK_STEP_UP_SECONDS / 60))
    return "minute" if minutes == 1 else f"{minutes} minutes"


def is_fresh(session) -> bool:
    """Was a second factor given in this session within the step-up window?"""
    given = getattr(session, "factor_verified_at", None)
    return given is not None and given > clock.now() - window()


def refusal(user, *, what: str) -> BankError:
    holds = any(holds_factor(user) for holds_factor in _factor_holders)
    if holds:
        detail = (
            f"To {what}, confirm it is you: give your second factor again (a code from your authenticator app, "
            f"a recovery code or your passkey). It is asked when none was given in the last {_minutes()}."
        )
    else:
        detail = (
            f"To {what}, the bank asks for a second factor given in the last {_minutes()}, and you have none: "
            "add an authenticator app or a passkey on the Security screen first."
        )
    return BankError(detail, code=CODE, status=403)


@dataclass(frozen=True)
class _OutsideSession:
    """The session of a call from where the API's session cannot reach: Discord's buttons and forms."""

    factor_verified_at: datetime | None


def without_factor(user):
    """Mark `user` as calling from where no second factor was given (a press of a button in Discord): step-up
    then refuses them, where a call with no session at all (a command on the server) is let through."""
    user.bank_session = _OutsideSession(factor_verified_at=None)
    return user


def factor_given_now(user):
    """Mark `user` as having given a second factor this moment outside any API session: a code of their
    authenticator app typed in Discord's form, which the caller has just checked as `POST /api/step-up` checks
    one (accounts.services.factor_step_up: once, counted toward the lockout when wrong). Step-up then lets
    this call through; it lasts as long as this user object, never beyond the call."""
    user.bank_session = _OutsideSession(factor_verified_at=clock.now())
    return user


def require(user, *, what: str) -> None:
    """Refuse (403 `step_up_required`) unless the caller's session gave a second factor within the window.
    `what` completes "To ...": "download a backup"."""
    session = getattr(user, "bank_session", None)
    if session is None:  # not an API call: a command on the server, or a service called directly
        return
    if not is_fresh(session):
        raise refusal(user, what=what)


def require_if_holding(user, *, what: str) -> None:
    """For changes to one's own factors: asked only of a person who holds one already (the first factor is
    set up with the password's session; later ones, a removal or new recovery codes need an existing one),
    so that a stolen session cannot add its own factor, or take recovery codes, past the real one."""
    if getattr(user, "bank_session", None) is None:
        return
    if any(holds_factor(user) for holds_factor in _factor_holders):
        require(user, what=what)
