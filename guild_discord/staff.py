"""Officers in Discord (issue 36, part 4): each new request (a loan, a withdrawal, a pearl exchange) is
posted to the staff channel (`DISCORD_STAFF_CHANNEL_ID`, as the bank's bot) with Approve and Deny;
a linked officer whose role may decide presses them, and the site's own decision services run.

Posting: a request saved for the first time (a post_save receiver, connected as the app starts, so
that no lower layer knows Discord) queues a StaffPost row and its task in the transaction that filed
the request: both commit with it or not at all. A task worker posts it, claiming the row first with a
conditional UPDATE (two workers, or a task run twice, post it once), and tries again after Discord's
`retry_after` on a 429, else after a back-off.

Deciding: Approve runs the request's approve service (four eyes: a first approval is recorded and the
message says who approved and that a second officer must; the same officer twice is refused by the
service, 409; the second approval decides); Deny opens a modal for the reason, whose submit runs the
deny service (a denial moves no money: no fresh factor asked). A decision that takes two officers needs
each one's fresh second factor (step-up, docs/rules.md): a press gives none (`step_up.without_factor`),
so the service refuses it and Approve opens a modal asking for a code of the officer's authenticator
app, checked as the site's step-up checks one, then approves (`step_up.factor_given_now`); an officer
with only passkeys, or no factor, is answered where to decide or what to add. The answer to a press
edits the message (UPDATE_MESSAGE); a refusal is answered to the presser alone. Every decision is audited
as the officer, in the same ledger, by those services. A change made elsewhere (a decision on the site,
a player cancelling) edits the post by a task too."""

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.db.models.signals import post_save
from django.tasks import TaskResultStatus, task
from django_tasks_db.models import DBTaskResult

from accounts import factors, services
from accounts.models import User
from bank import clock, decisions, roles, step_up
from bank.errors import BankError
from bank.models import PlayerRequest
from bank.outbox import backoff
from bank.requests import RequestKind
from bank.texts import day_text
from exchange.models import PearlExchangeRequest
from exchange.services import PEARL_EXCHANGES, exchange_request_approve, exchange_request_deny
from lending import rules as lending_rules
from lending.fields import DecisionIn
from lending.loans.models import PendingLoan
from lending.loans.services import LOAN_REQUESTS, loan_request_approve, loan_request_deny
from lending.savings.models import WithdrawalRequest
from lending.savings.services import WITHDRAWALS, withdrawal_request_approve, withdrawal_request_deny
from operations.tasks import register_sweep

from . import rest, rules
from .commands import linked_user, private, read
from .models import StaffPost

logger = logging.getLogger("guild_discord.staff")


def _percent(rate) -> str:
    return f"{(Decimal(str(rate)) * 100).normalize():f}%"


def _loan_text(request: PendingLoan) -> str:
    text = (
        f"**Loan request #{request.pk}** from **{request.player.name}**: €{request.value:,} over "
        f"{request.total_days} days at {_percent(request.interest_rate)}, €{request.total_to_pay:,} to pay"
    )
    return text + (f"\nReason: {request.request_reason}" if request.request_reason else "")


def _withdrawal_text(request: WithdrawalRequest) -> str:
    return (
        f"**Withdrawal request #{request.pk}** from **{request.player.name}**: €{request.amount:,} on "
        f"{day_text(request.withdrawal_date)} at {request.withdrawal_time:%H:%M} (GMT{request.player_timezone:+d})"
    )


def _exchange_text(request: PearlExchangeRequest) -> str:
    verb = "sell" if request.exchange_type == PearlExchangeRequest.Type.SELL else "buy"
    return (
        f"**Pearl exchange #{request.pk}** from **{request.player.name}**: {verb} {request.pearls_amount:,} pearls "
        f"for €{request.bread_amount:,} ({request.get_savings_option_display()})"
    )


@dataclass(frozen=True)
class Kind:
    """A kind of request officers decide from Discord: the site's services and route for it."""

    name: str
    requests: RequestKind  # the site's deciding workflow of this kind (bank.requests)
    route: str  # the site's approve route: its least role decides who may press (bank.roles)
    approve: Callable[..., Any]
    deny: Callable[..., Any]
    text: Callable[[Any], str]

    @property
    def model(self) -> type[Any]:
        return self.requests.model


KINDS: dict[str, Kind] = {
    kind.name: kind
    for kind in (
        Kind(
            "loan_request",
            LOAN_REQUESTS,
            "loan-request-approve",
            loan_request_approve,
            loan_request_deny,
            _loan_text,
        ),
        Kind(
            "withdrawal",
            WITHDRAWALS,
            "withdrawal-approve",
            withdrawal_request_approve,
            withdrawal_request_deny,
            _withdrawal_text,
        ),
        Kind(
            "exchange",
            PEARL_EXCHANGES,
            "exchange-approve",
            exchange_request_approve,
            exchange_request_deny,
            _exchange_text,
        ),
    )
}
_KIND_OF_MODEL = {kind.model: kind for kind in KINDS.values()}


# --- posting -----------------------------------------------------------------------------------------


def enabled() -> bool:
    return bool(settings.DISCORD_BOT_TOKEN and settings.DISCORD_STAFF_CHANNEL_ID)


def _buttons(kind: str, request_id: int) -> list[dict]:
    return [
        {
            "type": rules.ACTION_ROW,
            "components": [
                {
                    "type": rules.BUTTON,
                    "style": rules.SUCCESS,
                    "label": "Approve",
                    "custom_id": f"staff:approve:{kind}:{request_id}",
                },
                {
                    "type": rules.BUTTON,
                    "style": rules.DANGER,
                    "label": "Deny",
                    "custom_id": f"staff:deny:{kind}:{request_id}",
                },
            ],
        }
    ]


SHOWN_FIELDS = frozenset({"status", "approvals"})


def request_saved(sender, instance, created: bool, raw: bool = False, update_fields=None, **_kwargs) -> None:
    """post_save of a request: a new pending one is queued for the staff channel, with its task, in the
    transaction that filed it; a change of its status or approvals (a decision on the site, a first
    approval, the player cancelling) queues an edit of its post, if posted."""
    if raw or not enabled():
        return
    if not created:
        if update_fields is None or SHOWN_FIELDS & set(update_fields):
            kind = _KIND_OF_MODEL[type(instance)]
            posts = StaffPost.objects.filter(kind=kind.name, request_id=instance.pk, posted_at__isnull=False)
            for post_id in posts.values_list("pk", flat=True):
                refresh_post.enqueue(post_id=post_id)
        return
    if instance.status != PlayerRequest.Status.PENDING:
        return
    kind = _KIND_OF_MODEL[type(instance)]
    now = clock.now()
    post = StaffPost.objects.create(
        kind=kind.name,
        request_id=instance.pk,
        channel_id=str(settings.DISCORD_STAFF_CHANNEL_ID),
        created_at=now,
        next_attempt_at=now,
    )
    _schedule(post.pk)


def connect() -> None:
    """Listen for new requests, and sweep lost posts with the bank's tick (GuildDiscordConfig.ready)."""
    register_sweep(sweep)
    for model in _KIND_OF_MODEL:
        post_save.connect(request_saved, sender=model, dispatch_uid=f"guild_discord.staff.{model.__name__}")


def _schedule(post_id: int, *, run_after=None) -> None:
    post_request.using(run_after=run_after).enqueue(post_id=post_id)


def _claim(post_id: int) -> str | None:
    token = secrets.token_hex(8)
    won = StaffPost.objects.filter(
        pk=post_id, posted_at__isnull=True, next_attempt_at__lte=clock.now(), attempts__lt=rules.MAX_POST_ATTEMPTS
    ).update(claim=token, next_attempt_at=clock.now() + timedelta(seconds=rules.POST_CLAIM_SECONDS))
    return token if won else None


@task
def post_request(post_id: int) -> str:
    """Post one new request to the staff channel: "posted", "failed" (enqueued again), "gone" (the
    request was decided or removed first) or "not due" (posted already, or another worker's)."""
    token = _claim(post_id)
    if token is None:
        return "not due"
    mine = StaffPost.objects.filter(pk=post_id, claim=token)
    post = mine.get()
    kind = KINDS[post.kind]
    request = kind.model.objects.select_related("player", "decided_by").filter(pk=post.request_id).first()
    if request is None or request.status != PlayerRequest.Status.PENDING:
        # nothing left to post: done with it (neither retried nor swept again)
        mine.update(claim="", attempts=rules.MAX_POST_ATTEMPTS, last_error="decided before it was posted")
        return "gone"
    tries = post.attempts + 1
    try:
        answer = rest.bot("POST", f"/channels/{post.channel_id}/messages", json_body=shown(kind, request))
        if answer.status == 429:
            retry_at = clock.now() + timedelta(seconds=answer.retry_after or 1.0)
            error = f"HTTP 429: retry after {answer.retry_after}"
        elif not answer.ok or not isinstance(answer.body, dict):
            retry_at, error = clock.now() + backoff(tries), f"HTTP {answer.status}"
        else:
            mine.update(attempts=tries, claim="", posted_at=clock.now(), message_id=str(answer.body.get("id", "")))
            return "posted"
    except rest.Unreachable as unreachable:
        retry_at, error = clock.now() + backoff(tries), f"Unreachable: {unreachable}"
    with transaction.atomic():
        mine.update(attempts=tries, claim="", next_attempt_at=retry_at, last_error=error[:300])
        if tries < rules.MAX_POST_ATTEMPTS:
            _schedule(post_id, run_after=retry_at)
    logger.warning("Staff post %s failed (attempt %s): %s", post_id, tries, error)
    return "failed"


def sweep() -> int:
    """Enqueue the post task again for each post that is due and has no task waiting or running (one
    started less than a claim ago): a worker that died mid-post leaves its task "running" forever. The
    bank's minute tick runs it (operations.tasks.register_sweep); a task enqueued twice posts once (the
    claim). Answers how many."""
    if not enabled():
        return 0
    now = clock.now()
    alive = Q(status=TaskResultStatus.READY) | Q(
        status=TaskResultStatus.RUNNING, started_at__gte=now - timedelta(seconds=rules.POST_CLAIM_SECONDS)
    )
    waiting = set(
        DBTaskResult.objects.filter(alive, task_path=post_request.module_path).values_list(
            "args_kwargs__kwargs__post_id", flat=True
        )
    )
    due = StaffPost.objects.filter(
        posted_at__isnull=True, next_attempt_at__lte=now, attempts__lt=rules.MAX_POST_ATTEMPTS
    ).values_list("pk", flat=True)
    lost = [post_id for post_id in due if post_id not in waiting]
    for post_id in lost:
        _schedule(post_id)
    if lost:
        logger.warning("Staff posts without a task, enqueued again: %s", lost)
    return len(lost)


@task
def refresh_post(post_id: int, attempt: int = 1) -> str:
    """Edit a posted request's message to show the request as it stands now (decided on the site, say):
    "edited", "gone", or "failed" (a 429 is tried again after Discord's wait, up to MAX_POST_ATTEMPTS).
    Each edit shows the current state, so edits run in any order end on the latest."""
    post = StaffPost.objects.filter(pk=post_id, posted_at__isnull=False).first()
    if post is None:
        return "gone"
    kind = KINDS[post.kind]
    request = kind.model.objects.select_related("player", "decided_by").filter(pk=post.request_id).first()
    if request is None:
        return "gone"
    path = f"/channels/{post.channel_id}/messages/{post.message_id}"
    try:
        answer = rest.bot("PATCH", path, json_body=shown(kind, request))
    except rest.Unreachable:
        answer = None
    if answer is not None and answer.ok:
        return "edited"
    if attempt < rules.MAX_POST_ATTEMPTS:
        retry_after = answer.retry_after if answer is not None else None
        wait = timedelta(seconds=retry_after) if retry_after is not None else backoff(attempt)
        refresh_post.using(run_after=clock.now() + wait).enqueue(post_id=post_id, attempt=attempt + 1)
    logger.warning("Editing staff post %s failed (attempt %s)", post_id, attempt)
    return "failed"


# --- deciding ----------------------------------------------------------------------------------------


def _updated(kind: Kind, request_id: int) -> dict:
    """The answer to a press: the message the button is on, edited to show the request as it stands."""
    request = kind.model.objects.select_related("player", "decided_by").get(pk=request_id)
    return {"type": rules.UPDATE_MESSAGE, "data": shown(kind, request)}


def _decider(interaction: dict, kind: Kind) -> User | str:
    """The linked officer who pressed, if their role may decide this kind; else the refusal's text."""
    officer = linked_user(interaction)
    if officer is None:
        return rules.STAFF_UNLINKED
    if not roles.may(officer, roles.least_role(kind.route, "PUT")):
        return rules.STAFF_MAY_NOT
    return officer


def _approvers(request) -> str:
    return " and ".join(decisions.shown_name(approval) for approval in request.approvals or [])


def shown(kind: Kind, request) -> dict:
    """The staff post as the request stands now: its text, where the decision is, and its buttons while
    it waits. Both a press's answer and the edit after a decision on the site show this."""
    text, components = kind.text(request), []
    Status = PlayerRequest.Status
    if request.status == Status.PENDING:
        components = _buttons(kind.name, request.pk)
        if request.approvals:
            first = decisions.shown_name(request.approvals[0])
            text += f"\nApproved by {first}; a second officer must approve."
    elif request.status == Status.APPROVED:
        text += f"\n**Approved** by {_approvers(request)}."
    elif request.status == Status.DENIED:
        by = request.decided_by.public_name if request.decided_by else "an officer"
        text += f"\n**Denied** by {by}. Reason: {request.admin_notes}"
    else:
        text += "\n**Cancelled** by the player."
    return {"content": text[:2000], "components": components, "allowed_mentions": {"parse": []}}


def press(interaction: dict, *, action: str, kind_name: str, request_id: int, site_url: str) -> dict:
    """Approve or Deny pressed on a staff post."""
    kind = KINDS.get(kind_name)
    if kind is None:
        return private(rules.STAFF_GONE)
    officer = _decider(interaction, kind)
    if isinstance(officer, str):
        return private(officer)
    request = kind.model.objects.select_related("player").filter(pk=request_id).first()
    if request is None:
        return private(rules.STAFF_GONE)
    if action == "deny":
        return _reason_modal(kind, request)
    try:
        with transaction.atomic():
            # no factor was given in a press: a decision that takes two officers is refused by the service
            kind.approve(request_id=request_id, admin=step_up.without_factor(officer), notes="")
    except BankError as error:
        if error.code == step_up.CODE:
            return _factor_asked(officer, kind, request, error, site_url=site_url)
        return private(error.detail)
    return _updated(kind, request_id)  # a first approval (buttons kept) or the decision


def _factor_asked(officer: User, kind: Kind, request, refusal: BankError, *, site_url: str) -> dict:
    """The decision takes two officers and so a fresh second factor (step-up; the service refused the press
    with `step_up_required` before anything changed, after its other checks). An officer with an
    authenticator app types a code in a form; one with only passkeys (Discord cannot ask for one) is sent to
    decide in the bank; one without a factor gets the site's refusal: add one first."""
    if factors.has_authenticator(officer):
        return _code_modal(kind, request)
    if factors.has_factor(officer):
        return private(rules.fresh_factor_link(site_url))
    return private(rules.fresh_factor_link(site_url, no_factor_refusal=refusal.detail))


def _one_field_modal(custom_id: str, title: str, field: dict) -> dict:
    """A Discord form (a modal) of one required text input; `field` its own settings (id, style, label...)."""
    text_input = {"type": rules.TEXT_INPUT, "min_length": 1, "required": True, **field}
    return {
        "type": rules.MODAL,
        "data": {
            "custom_id": custom_id,
            "title": title[:45],
            "components": [{"type": rules.ACTION_ROW, "components": [text_input]}],
        },
    }


def _code_modal(kind: Kind, request) -> dict:
    return _one_field_modal(
        f"staff:approve_code:{kind.name}:{request.pk}",
        f"Approve #{request.pk}",
        {
            "custom_id": "code",
            "style": rules.SHORT,
            "label": rules.CODE_LABEL,
            "placeholder": rules.CODE_PLACEHOLDER,
            "max_length": rules.CODE_MAX_LENGTH,
        },
    )


def _reason_modal(kind: Kind, request) -> dict:
    return _one_field_modal(
        f"staff:deny_reason:{kind.name}:{request.pk}",
        f"Deny #{request.pk}",
        {
            "custom_id": "reason",
            "style": rules.PARAGRAPH,
            "label": "Reason (the player reads it)",
            "max_length": lending_rules.MAX_NOTES_LENGTH,
        },
    )


def _submitted(components: list, custom_id: str) -> str:
    """A modal's text input value, in an action row or a label (Discord's two layouts)."""
    for component in components or []:
        if component.get("custom_id") == custom_id:
            return str(component.get("value") or "")
        inner = component.get("components") or ([component["component"]] if component.get("component") else [])
        found = _submitted(inner, custom_id)
        if found:
            return found
    return ""


def deny_submitted(interaction: dict, *, kind_name: str, request_id: int) -> dict:
    """The Deny modal sent back: the request denied with its reason (read as the site reads it)."""
    kind = KINDS.get(kind_name)
    if kind is None:
        return private(rules.STAFF_GONE)
    officer = _decider(interaction, kind)
    if isinstance(officer, str):
        return private(officer)
    reason = _submitted((interaction.get("data") or {}).get("components") or [], "reason")
    try:
        notes = read(DecisionIn, {"admin_notes": reason}).get("admin_notes", "")
        with transaction.atomic():
            kind.deny(request_id=request_id, admin=officer, reason=notes)
    except BankError as error:
        return private(error.detail)
    return _updated(kind, request_id)


def approve_code_submitted(interaction: dict, *, kind_name: str, request_id: int) -> dict:
    """The Approve form sent back with a code (a decision that takes two officers, `_factor_asked`): the
    button's checks again (a linked officer whose role may decide, the request still pending), then the code
    checked as `POST /api/step-up` checks one (accounts.services.factor_step_up: it works once; a wrong one is
    audited and counts toward the lockout, here at the address and door "discord"; a locked officer is
    refused even the right one), then the approval with the factor given now (`step_up.factor_given_now`).
    A refused code approves nothing. The code's check commits (a wrong one must stay counted) inside the
    interaction's transaction (interactions.handle), which the approval joins."""
    kind = KINDS.get(kind_name)
    if kind is None:
        return private(rules.STAFF_GONE)
    officer = _decider(interaction, kind)
    if isinstance(officer, str):
        return private(officer)
    status = kind.model.objects.filter(pk=request_id).values_list("status", flat=True).first()
    if status is None:
        return private(rules.STAFF_GONE)
    if status != PlayerRequest.Status.PENDING:
        return private(kind.requests.already_processed)
    code = _submitted((interaction.get("data") or {}).get("components") or [], "code")
    try:
        # not inside an atomic block of its own: a wrong code's count commits although the check fails
        services.factor_step_up(user=officer, sid="", code=code, address=rules.DISCORD_ADDRESS, door=rules.DISCORD_DOOR)
    except BankError as error:
        return private(rules.code_refused(error.detail))
    try:
        with transaction.atomic():
            kind.approve(request_id=request_id, admin=step_up.factor_given_now(officer), notes="")
    except BankError as error:
        return private(error.detail)
    return _updated(kind, request_id)
