"""Officers in Discord (issue 36, part 4): a new request is posted to the staff channel once, with
Approve and Deny; a linked officer whose role may decide runs the site's decision services from the
buttons (four eyes: the first approval edits the message, the same officer twice is refused, the
second decides); Deny asks for the reason in a modal; anyone else gets a private refusal; a decision
that needs a fresh second factor is sent to the site; twenty presses at once decide once."""

import json
import time
from collections import Counter
from datetime import timedelta

import pytest
from django.tasks import TaskResultStatus
from django.test import override_settings
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from rest_framework.test import APIClient

from accounts import factors
from accounts.models import Passkey, StaffLockout, StaffSignInFailure
from bank import step_up
from bank.errors import BankError
from bank.models import AuditEntry, BankSettings, DecisionRecord
from conftest import bearer_for
from exchange.models import PearlExchangeRequest
from guild_discord import staff
from guild_discord.models import PendingCommand, StaffPost
from guild_discord.tests.helpers import PUBLIC_KEY, SIGNING_KEY, signed
from guild_discord.tests.presses import button, custom_ids, linked_officer, linked_player, modal, sub_command
from lending import rules as lending_rules
from lending.models import Loan, PendingLoan, WithdrawalRequest
from lending.tests.factories import PendingLoanFactory, SavingsFactory, WithdrawalRequestFactory
from operations import tasks
from testkit.factors import authenticator_code, authenticator_for
from testkit.servers import asgi_server, call, env_for_test_database, needs_postgresql_and_redis
from testkit.threads import run_at_once

CHANNEL = "515000515000515005"
PLAYER = "600000600000600006"
ALICE, BOB, TELLER = "610000610000610001", "620000620000620002", "630000630000630003"


@pytest.fixture
def staff_channel(discord_api):
    with override_settings(DISCORD_PUBLIC_KEY=PUBLIC_KEY, DISCORD_STAFF_CHANNEL_ID=CHANNEL):
        yield discord_api


@pytest.fixture
def two_officers(db):
    BankSettings.objects.update_or_create(pk=1, defaults={"four_eyes_above": 100_000})
    alice = linked_officer(ALICE, username="alice", display_name="Alice the Clerk")
    bob = linked_officer(BOB, username="bob", display_name="Bob the Banker")
    return alice, bob


def press(interaction: dict, client=None) -> dict:
    response = signed(client or APIClient(), interaction)
    assert response.status_code == 200, response.content
    return response.json()


def run_worker() -> int:
    worker = tasks.worker(worker_id="worker-staff", batch=True, interval=0.05)
    worker.run()
    return worker._run_tasks


def staff_messages(fake) -> list[dict]:
    return [body for channel, body in fake.posted if channel == CHANNEL]


@pytest.mark.django_db(transaction=True)
def test_a_loan_filed_from_discord_is_posted_to_the_staff_channel_once(staff_channel):
    linked_player(PLAYER, credit_score=100)
    press(sub_command(PLAYER, "loan", amount="200k", days=10, reason="Nets"))
    press(button(PLAYER, f"bank:confirm:{PendingCommand.objects.get().pk}"))
    request = PendingLoan.objects.get()
    post = StaffPost.objects.get()
    assert (post.kind, post.request_id, post.channel_id) == ("loan_request", request.pk, CHANNEL)
    assert run_worker() == 1
    assert staff.post_request.call(post_id=post.pk) == "not due"  # the task run again: no second post
    [message] = staff_messages(staff_channel)
    assert message["content"].startswith(f"**Loan request #{request.pk}** from **")
    assert "€200,000 over 10 days" in message["content"] and "Reason: Nets" in message["content"]
    assert custom_ids({"data": message}) == [
        f"staff:approve:loan_request:{request.pk}",
        f"staff:deny:loan_request:{request.pk}",
    ]
    [call] = staff_channel.calls_to("POST", f"/channels/{CHANNEL}/messages")
    assert call.headers["Authorization"] == "Bot fake-bot-token"
    post.refresh_from_db()
    assert post.posted_at is not None and post.message_id and post.attempts == 1


@pytest.mark.django_db(transaction=True)
def test_a_429_on_the_staff_post_is_tried_again_after_discords_wait(staff_channel):
    staff_channel.rate_limit(f"/channels/{CHANNEL}/messages", times=1, retry_after=0.2)
    request = WithdrawalRequestFactory()
    post = StaffPost.objects.get(kind="withdrawal", request_id=request.pk)
    assert staff.post_request.call(post_id=post.pk) == "failed"
    post.refresh_from_db()
    assert post.last_error.startswith("HTTP 429") and post.posted_at is None
    time.sleep(0.3)
    assert run_worker() >= 1
    post.refresh_from_db()
    assert post.posted_at is not None and post.attempts == 2
    assert len(staff_messages(staff_channel)) == 1


def _posted(fake, request, kind: str = "loan_request") -> StaffPost:
    post = StaffPost.objects.get(kind=kind, request_id=request.pk)
    assert staff.post_request.call(post_id=post.pk) == "posted"
    post.refresh_from_db()
    return post


def _edits(fake, post: StaffPost) -> list[dict]:
    return [call.body for call in fake.calls_to("PATCH", f"/channels/{CHANNEL}/messages/{post.message_id}")]


@pytest.mark.django_db(transaction=True)
def test_a_decision_on_the_site_edits_the_post(staff_channel):
    BankSettings.objects.update_or_create(pk=1, defaults={"four_eyes_above": 100_000})
    alice = linked_officer(ALICE, username="alice", display_name="Alice the Clerk")
    bob = linked_officer(BOB, username="bob", display_name="Bob the Banker")
    request = PendingLoanFactory(value=500_000)
    post = _posted(staff_channel, request)
    assert bearer_for(alice).put(f"/api/pending-loans/{request.pk}/approve").status_code == 202
    run_worker()
    [first] = _edits(staff_channel, post)
    assert first["content"].endswith("Approved by Alice the Clerk; a second officer must approve.")
    assert custom_ids({"data": first})  # still waiting: the buttons stay
    assert bearer_for(bob).put(f"/api/pending-loans/{request.pk}/approve").status_code == 200
    run_worker()
    last = _edits(staff_channel, post)[-1]
    assert last["content"].endswith("**Approved** by Alice the Clerk and Bob the Banker.")
    assert last["components"] == []
    # a press on the old buttons now answers the site's refusal, privately
    late = press(button(ALICE, f"staff:approve:loan_request:{request.pk}"))
    assert (late["type"], late["data"]["content"]) == (4, lending_rules.ALREADY_PROCESSED)


@pytest.mark.django_db(transaction=True)
def test_a_denial_on_the_site_and_a_players_cancel_edit_the_posts(staff_channel):
    alice = bearer_for(linked_officer(ALICE, username="alice", display_name="Alice the Clerk"))
    denied, cancelled = PendingLoanFactory(), PendingLoanFactory()
    denied_post, cancelled_post = _posted(staff_channel, denied), _posted(staff_channel, cancelled)
    assert (
        alice.put(f"/api/pending-loans/{denied.pk}/deny", {"admin_notes": "Not now"}, format="json").status_code == 200
    )
    assert bearer_for(cancelled.player.user).put(f"/api/pending-loans/{cancelled.pk}/cancel").status_code == 200
    run_worker()
    [denial] = _edits(staff_channel, denied_post)
    assert denial["content"].endswith("**Denied** by Alice the Clerk. Reason: Not now") and denial["components"] == []
    [cancel] = _edits(staff_channel, cancelled_post)
    assert cancel["content"].endswith("**Cancelled** by the player.") and cancel["components"] == []


@pytest.mark.django_db(transaction=True)
def test_a_post_whose_task_was_lost_is_swept_by_the_banks_tick(staff_channel):
    request = PendingLoanFactory()
    post = StaffPost.objects.get(request_id=request.pk)
    # the worker died mid-post: its task stays "running", started long ago
    DBTaskResult.objects.filter(task_path=staff.post_request.module_path).update(
        status=TaskResultStatus.RUNNING, started_at=timezone.now() - timedelta(minutes=5)
    )
    assert staff.sweep in tasks._sweeps  # registered as the app started
    assert staff.sweep() == 1
    assert staff.sweep() == 0  # its new task waits
    assert run_worker() >= 1
    post.refresh_from_db()
    assert post.posted_at is not None
    assert len(staff_messages(staff_channel)) == 1


def test_a_request_decided_before_its_post_went_out_is_not_posted(staff_channel, two_officers):
    request = PendingLoanFactory(value=50_000)
    assert press(button(ALICE, f"staff:approve:loan_request:{request.pk}"))["type"] == 7
    post = StaffPost.objects.get(request_id=request.pk)
    assert staff.post_request.call(post_id=post.pk) == "gone"
    assert staff.sweep() == 0  # not taken for lost
    assert staff_messages(staff_channel) == []


def test_nothing_is_queued_without_a_staff_channel(discord_api, db):
    PendingLoanFactory()
    assert not StaffPost.objects.exists()


def approve_form(discord_id: str, request, kind: str = "loan_request") -> dict:
    """Approve pressed on a decision that takes two officers: the form asking for a code, nothing decided."""
    asked = press(button(discord_id, f"staff:approve:{kind}:{request.pk}"))
    assert asked["type"] == 9, asked
    assert asked["data"]["custom_id"] == f"staff:approve_code:{kind}:{request.pk}"
    [[code_input]] = [row["components"] for row in asked["data"]["components"]]
    assert (code_input["type"], code_input["custom_id"], code_input["required"]) == (4, "code", True)
    assert code_input["label"] == "A code from your authenticator app"
    return asked


def code_form(discord_id: str, request, code: str, kind: str = "loan_request") -> dict:
    """The Approve form sent back with this code."""
    return modal(discord_id, f"staff:approve_code:{kind}:{request.pk}", code, field="code")


def test_four_eyes_through_the_buttons(staff_channel, two_officers):
    alice, bob = two_officers
    alice_app, bob_app = authenticator_for(alice), authenticator_for(bob)
    request = PendingLoanFactory(value=500_000)
    approve = f"staff:approve:loan_request:{request.pk}"

    approve_form(ALICE, request)
    request.refresh_from_db()
    assert request.approvals == []  # the press alone decided nothing: it gave no factor
    first = press(code_form(ALICE, request, authenticator_code(alice_app)))
    assert first["type"] == 7  # the message is edited
    assert first["data"]["content"].endswith("Approved by Alice the Clerk; a second officer must approve.")
    assert custom_ids(first) == [approve, f"staff:deny:loan_request:{request.pk}"]
    assert not Loan.objects.exists()
    assert AuditEntry.objects.get(kind="loan_request.first_approved").actor_id == alice.pk

    again = press(button(ALICE, approve))  # refused before any code is asked
    assert (again["type"], again["data"]["flags"]) == (4, 64)
    assert again["data"]["content"] == "You have already approved this request: a second officer must approve it"
    assert not Loan.objects.exists()

    approve_form(BOB, request)
    second = press(code_form(BOB, request, authenticator_code(bob_app)))
    assert second["type"] == 7 and second["data"]["components"] == []
    assert second["data"]["content"].endswith("**Approved** by Alice the Clerk and Bob the Banker.")
    loan = Loan.objects.get()
    assert (loan.player_id, loan.value, loan.four_eyes) == (request.player_id, 500_000, True)
    record = DecisionRecord.objects.get(kind="loan_request")
    assert (record.officer_id, record.second_officer_id) == (alice.pk, bob.pk)
    assert AuditEntry.objects.get(kind="loan_request.approved").actor_id == bob.pk

    late = press(button(ALICE, approve))
    assert (late["type"], late["data"]["content"]) == (4, lending_rules.ALREADY_PROCESSED)
    late_form = press(code_form(ALICE, request, authenticator_code(alice_app, steps_from_now=1)))
    assert (late_form["type"], late_form["data"]["content"]) == (4, lending_rules.ALREADY_PROCESSED)
    assert Loan.objects.count() == 1


def test_one_officer_decides_below_the_threshold(staff_channel, two_officers):
    request = WithdrawalRequestFactory(amount=50_000)
    SavingsFactory(player=request.player, invested_value=80_000)
    answer = press(button(ALICE, f"staff:approve:withdrawal:{request.pk}"))
    assert answer["data"]["content"].endswith("**Approved** by Alice the Clerk.")
    request.refresh_from_db()
    assert request.status == WithdrawalRequest.Status.APPROVED and request.decided_by_id == two_officers[0].pk


def test_a_pearl_exchange_is_posted_and_decided_from_its_buttons(staff_channel, two_officers):
    seller = linked_player(PLAYER)
    sale = PearlExchangeRequest.objects.create(
        player=seller,
        exchange_type="sell",
        pearls_amount=10,
        exchange_rate=2_500,
        bread_amount=25_000,
        savings_option="cashout",
        requested_by=seller.user,
    )
    post = _posted(staff_channel, sale, "exchange")
    [message] = staff_messages(staff_channel)
    assert message["content"].startswith(f"**Pearl exchange #{sale.pk}** from **{seller.name}**: sell 10 pearls")
    answer = press(button(BOB, f"staff:approve:exchange:{sale.pk}"))
    assert answer["data"]["content"].endswith("**Approved** by Bob the Banker.")
    sale.refresh_from_db()
    assert (sale.status, sale.decided_by_id) == ("approved", two_officers[1].pk)
    assert post.message_id


@pytest.mark.parametrize(
    ("who", "expected"),
    [
        ("teller", "Your role may not decide this request."),
        ("player", "Your role may not decide this request."),
        ("unlinked", "Only an officer whose Discord account is linked to the bank decides here"),
    ],
)
def test_anyone_else_pressing_gets_a_private_refusal(staff_channel, two_officers, who, expected):
    linked_officer(TELLER, username="tina", role="teller")
    linked_player(PLAYER)
    request = PendingLoanFactory()
    presser = {"teller": TELLER, "player": PLAYER, "unlinked": "699999999999999999"}[who]
    for action in ("approve", "deny"):
        answer = press(button(presser, f"staff:{action}:loan_request:{request.pk}"))
        assert (answer["type"], answer["data"]["flags"]) == (4, 64)
        assert answer["data"]["content"].startswith(expected)
    denied = press(modal(presser, f"staff:deny_reason:loan_request:{request.pk}", "no"))
    assert denied["data"]["content"].startswith(expected)
    request.refresh_from_db()
    assert request.status == "pending" and request.approvals == []


def test_deny_asks_for_the_reason_in_a_modal_and_denies_with_it(staff_channel, two_officers):
    alice, _ = two_officers
    request = PendingLoanFactory()
    opened = press(button(BOB, f"staff:deny:loan_request:{request.pk}"))
    assert opened["type"] == 9
    assert opened["data"]["custom_id"] == f"staff:deny_reason:loan_request:{request.pk}"
    [[text_input]] = [row["components"] for row in opened["data"]["components"]]
    assert (text_input["type"], text_input["custom_id"], text_input["required"]) == (4, "reason", True)
    request.refresh_from_db()
    assert request.status == "pending"  # opening the modal decides nothing

    empty = press(modal(ALICE, f"staff:deny_reason:loan_request:{request.pk}", ""))
    assert empty["type"] == 4 and empty["data"]["content"] == lending_rules.DENY_NEEDS_REASON
    denied = press(modal(ALICE, f"staff:deny_reason:loan_request:{request.pk}", "Too much at once"))
    assert denied["type"] == 7 and denied["data"]["components"] == []
    assert denied["data"]["content"].endswith("**Denied** by Alice the Clerk. Reason: Too much at once")
    request.refresh_from_db()
    assert (request.status, request.admin_notes, request.decided_by_id) == ("denied", "Too much at once", alice.pk)
    assert AuditEntry.objects.get(kind="loan_request.denied").actor_id == alice.pk


def test_an_officer_with_only_a_passkey_is_sent_to_the_site(staff_channel, two_officers):
    alice, _ = two_officers
    Passkey.objects.create(user=alice, name="laptop", confirmed=True, credential_id="alice-key", public_key=b"k")
    request = PendingLoanFactory(value=500_000)  # above the 100,000 threshold
    answer = press(button(ALICE, f"staff:approve:loan_request:{request.pk}"))
    assert answer["type"] == 4 and answer["data"]["flags"] == 64
    assert "Discord cannot ask for a passkey" in answer["data"]["content"]
    assert "http://testserver/admin-panel" in answer["data"]["content"]
    request.refresh_from_db()
    assert request.approvals == []
    # what one officer decides alone needs no fresh factor: decided in Discord
    small = WithdrawalRequestFactory(amount=50_000)
    SavingsFactory(player=small.player, invested_value=80_000)
    decided = press(button(ALICE, f"staff:approve:withdrawal:{small.pk}"))
    assert decided["type"] == 7 and decided["data"]["content"].endswith("**Approved** by Alice the Clerk.")


def wrong_code(device) -> str:
    """A 6-digit code the app shows at none of the steps a check may accept."""
    shown = {authenticator_code(device, steps_from_now=step) for step in range(-2, 3)}
    return next(code for code in (f"{n:06d}" for n in range(123_456, 999_999, 111_111)) if code not in shown)


def test_a_wrong_code_is_refused_counted_and_five_lock_the_officer_in_discord(staff_channel, two_officers):
    alice, _ = two_officers
    app = authenticator_for(alice)
    request = PendingLoanFactory(value=500_000)
    approve_form(ALICE, request)
    for attempt in range(1, 5):
        refused = press(code_form(ALICE, request, wrong_code(app)))
        assert (refused["type"], refused["data"]["flags"]) == (4, 64)
        assert refused["data"]["content"].startswith("Not approved: That code is not right.")
        assert StaffLockout.objects.get(user=alice, address="discord").failed_attempts == attempt
    locked = press(code_form(ALICE, request, wrong_code(app)))
    assert "This officer account is locked" in locked["data"]["content"]
    # each wrong code is in the trail, at Discord's door, and in the officer's own list of failures
    failed = AuditEntry.objects.filter(kind="factor.code_failed", object_id=str(alice.pk))
    assert [entry.after["door"] for entry in failed] == ["discord"] * 5
    assert StaffSignInFailure.objects.filter(user=alice, address="discord", door="discord").count() == 5
    assert AuditEntry.objects.filter(kind="staff.locked", object_id=str(alice.pk)).count() == 1
    # locked: even the right code is refused, and nothing was approved
    right = press(code_form(ALICE, request, authenticator_code(app)))
    assert "This officer account is locked" in right["data"]["content"]
    request.refresh_from_db()
    assert request.approvals == [] and request.status == "pending"
    # the lock is Discord's only: the site's sign-in from another address is not shut
    assert not StaffLockout.objects.filter(user=alice).exclude(address="discord").exists()


def test_a_code_works_once_and_a_recovery_code_may_stand_in(staff_channel, two_officers):
    alice, _ = two_officers
    app = authenticator_for(alice)
    first, other = PendingLoanFactory(value=500_000), PendingLoanFactory(value=400_000)
    code = authenticator_code(app)
    assert press(code_form(ALICE, first, code))["type"] == 7
    again = press(code_form(ALICE, other, code))  # the same code, on another request
    assert again["data"]["content"].startswith("Not approved: That code is not right.")
    other.refresh_from_db()
    assert other.approvals == []
    [recovery, *_] = factors.recovery_codes_make(user=alice)
    assert press(code_form(ALICE, other, recovery))["type"] == 7
    other.refresh_from_db()
    assert [approval["officer_id"] for approval in other.approvals] == [alice.pk]
    used = AuditEntry.objects.get(kind="factor.recovery_code_used", object_id=str(alice.pk))
    assert used.after == {"door": "discord", "codes_left": 9}


def test_an_officer_without_a_factor_is_told_to_add_one(staff_channel, two_officers):
    request = PendingLoanFactory(value=500_000)
    answer = press(button(ALICE, f"staff:approve:loan_request:{request.pk}"))
    assert answer["type"] == 4 and answer["data"]["flags"] == 64
    content = answer["data"]["content"]
    assert "you have none: add an authenticator app or a passkey on the Security screen first" in content
    assert "http://testserver/admin-panel" in content
    # a form sent without being asked for (forged, or replayed from elsewhere) has no code that can pass
    forged = press(code_form(ALICE, request, "123456"))
    assert forged["data"]["content"].startswith("Not approved:")
    request.refresh_from_db()
    assert request.approvals == []
    # denying moves no money: no fresh factor asked, decided from Discord as before
    denied = press(modal(ALICE, f"staff:deny_reason:loan_request:{request.pk}", "Too much at once"))
    assert denied["type"] == 7 and denied["data"]["content"].endswith("Reason: Too much at once")


def test_a_press_without_a_factor_never_approves_above_the_threshold(staff_channel, two_officers):
    """Defence in depth: whatever the button decides to ask, the approval it runs marks the officer
    `without_factor`, and the service refuses a decision that takes two officers; the officer marked
    `factor_given_now` (after a code was checked) passes."""
    alice, _ = two_officers
    authenticator_for(alice)
    request = PendingLoanFactory(value=500_000)
    kind = staff.KINDS["loan_request"]
    with pytest.raises(BankError) as refused:
        kind.approve(request_id=request.pk, admin=step_up.without_factor(alice), notes="")
    assert refused.value.code == "step_up_required"
    request.refresh_from_db()
    assert request.approvals == []
    kind.approve(request_id=request.pk, admin=step_up.factor_given_now(alice), notes="")
    request.refresh_from_db()
    assert [approval["officer_id"] for approval in request.approvals] == [alice.pk]


@pytest.mark.usefixtures("books_balance")
@pytest.mark.django_db(transaction=True)
def test_twenty_simultaneous_presses_decide_once(staff_channel):
    """Twenty officers press Approve at once (each gets the form), then send their own codes at once: one
    first approval, one decision, eighteen refusals, one loan."""
    BankSettings.objects.update_or_create(pk=1, defaults={"four_eyes_above": 100_000})
    officers = [f"64000064000064{index:04d}" for index in range(20)]
    apps = [
        authenticator_for(linked_officer(discord_id, username=f"officer-{index}"))
        for index, discord_id in enumerate(officers)
    ]
    request = PendingLoanFactory(value=500_000)
    approve = f"staff:approve:loan_request:{request.pk}"
    presses = [button(discord_id, approve) for discord_id in officers]
    asked = run_at_once(lambda index: signed(APIClient(), presses[index]).json(), threads=20)
    assert not [answer for answer in asked if isinstance(answer, Exception)], asked
    assert {answer["type"] for answer in asked} == {9}  # each asked for a code; nothing decided
    forms = [
        code_form(discord_id, request, authenticator_code(app)) for discord_id, app in zip(officers, apps, strict=True)
    ]
    answers = run_at_once(lambda index: signed(APIClient(), forms[index]).json(), threads=20)
    assert not [answer for answer in answers if isinstance(answer, Exception)], answers
    outcomes = Counter(
        "approved"
        if "**Approved**" in answer["data"]["content"]
        else "first"
        if "a second officer must approve." in answer["data"]["content"]
        else "refused"
        for answer in answers
    )
    assert outcomes == {"first": 1, "approved": 1, "refused": 18}
    assert Loan.objects.count() == 1
    assert DecisionRecord.objects.filter(kind="loan_request").count() == 1
    request.refresh_from_db()
    assert request.status == "approved" and len(request.approvals) == 2


def _signature_headers(interaction: dict) -> dict[str, str]:
    """Discord's headers for this body as testkit.servers.call sends it (json.dumps of the dict)."""
    timestamp = str(int(time.time()))
    body = json.dumps(interaction).encode()
    return {
        "X-Signature-Ed25519": SIGNING_KEY.sign(timestamp.encode() + body).signature.hex(),
        "X-Signature-Timestamp": timestamp,
    }


@pytest.mark.servers
@needs_postgresql_and_redis
@pytest.mark.usefixtures("books_balance")
@pytest.mark.django_db(transaction=True)
def test_twenty_presses_across_two_server_processes_decide_once():
    """The deployment's path: two server processes, one PostgreSQL, twenty officers pressing Approve on
    one request that takes two, then sending their own codes in the form at once: one first approval, one
    decision, eighteen refusals, one loan."""
    BankSettings.objects.update_or_create(pk=1, defaults={"four_eyes_above": 100_000})
    officers = [f"65000065000065{index:04d}" for index in range(20)]
    apps = [
        authenticator_for(linked_officer(discord_id, username=f"server-officer-{index}"))
        for index, discord_id in enumerate(officers)
    ]
    request = PendingLoanFactory(value=500_000)
    presses = [button(discord_id, f"staff:approve:loan_request:{request.pk}") for discord_id in officers]
    env = env_for_test_database(DISCORD_PUBLIC_KEY=PUBLIC_KEY)
    with asgi_server(env) as server_a, asgi_server(env) as server_b:
        servers = [server_a, server_b]

        def send(interactions: list[dict]) -> list:
            return run_at_once(
                lambda index: call(
                    servers[index % 2],
                    "POST",
                    "/api/discord/interactions",
                    interactions[index],
                    headers=_signature_headers(interactions[index]),
                ),
                threads=20,
            )

        asked = send(presses)
        assert not [answer for answer in asked if isinstance(answer, Exception)], asked
        assert {(status, body["type"]) for status, body in asked} == {(200, 9)}  # each asked for a code
        answers = send(
            [code_form(officer, request, authenticator_code(app)) for officer, app in zip(officers, apps, strict=True)]
        )
    assert not [answer for answer in answers if isinstance(answer, Exception)], answers
    assert {status for status, _ in answers} == {200}
    contents = [body["data"]["content"] for _, body in answers]
    assert sum("**Approved** by" in content for content in contents) == 1
    assert sum(content.endswith("a second officer must approve.") for content in contents) == 1
    assert Loan.objects.count() == 1
    assert DecisionRecord.objects.filter(kind="loan_request").count() == 1
