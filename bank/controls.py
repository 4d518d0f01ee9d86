"""The bank's own controls (docs/rules.md, "Bounds" and "Four eyes"): the four-eyes threshold, the rate
bounds, how far back one officer may move a start date, the second factor, the bank's marking of bad payers
after days in arrears; and the arrears buckets' last days (not a control: what the reports group by, changed
at once either way). Plumbing: imports no app.

Tightening a control is done at once. Loosening one (a higher threshold, a wider rate bound, a start
date allowed further back, the bank's marking of bad payers off or later) is a decision that takes a second treasurer, or waits a published delay
while the bank has one treasurer (bank.decisions).
"""

from collections.abc import Callable
from decimal import Decimal
from itertools import pairwise

from django.db import transaction

from bank import audit, decisions, live, roles, step_up
from bank.errors import BankError
from bank.models import BankSettings, Proposal

KIND = "settings.set"
FIELDS = (
    "four_eyes_above",
    "savings_rate_min",
    "savings_rate_max",
    "loan_rate_min",
    "loan_rate_max",
    "start_date_back_days",
    "require_second_factor",
    "arrears_bucket_1_to",
    "arrears_bucket_2_to",
    "arrears_bucket_3_to",
    "auto_bad_payer",
    "auto_bad_payer_days",
)
# a field whose rise loosens the control; the others (the minimums) loosen when they fall
RISE_LOOSENS = {"four_eyes_above", "savings_rate_max", "loan_rate_max", "start_date_back_days", "auto_bad_payer_days"}
# what the reports group by, not a control: a change either way is done at once (and audited)
NOT_CONTROLS = {"arrears_bucket_1_to", "arrears_bucket_2_to", "arrears_bucket_3_to"}
ARREARS_ENDS = ("arrears_bucket_1_to", "arrears_bucket_2_to", "arrears_bucket_3_to")
DAY_COUNTS = {"start_date_back_days", "auto_bad_payer_days", *ARREARS_ENDS}
LABELS = {
    "four_eyes_above": "four-eyes threshold",
    "savings_rate_min": "lowest weekly savings rate",
    "savings_rate_max": "highest weekly savings rate",
    "loan_rate_min": "lowest loan rate",
    "loan_rate_max": "highest loan rate",
    "start_date_back_days": "days one officer may move a start date back",
    "require_second_factor": "second factor for every officer",
    "arrears_bucket_1_to": "first arrears bucket's last day",
    "arrears_bucket_2_to": "second arrears bucket's last day",
    "arrears_bucket_3_to": "third arrears bucket's last day",
    "auto_bad_payer": "marking bad payers automatically",
    "auto_bad_payer_days": "days in arrears before the bank marks a bad payer",
}
# yes/no controls: turning one off loosens it
SWITCHES = {"require_second_factor", "auto_bad_payer"}
SWITCH_WORDS = {"require_second_factor": ("required", "not required"), "auto_bad_payer": ("on", "off")}

# The apps' own rates must stay within the bounds (lending registers the rates its rules compute):
# a check answers what is wrong with these settings, or "".
_bound_checks: list[Callable[[dict], str]] = []


def register_bound_check(check: Callable[[dict], str]) -> None:
    _bound_checks.append(check)


# What an app does when a control changes (accounts limits the sessions of officers without a second
# factor when the bank starts requiring one): called with the changes, inside the change's transaction.
_on_applied: list[Callable[[dict], None]] = []


def register_on_applied(hook: Callable[[dict], None]) -> None:
    if hook not in _on_applied:
        _on_applied.append(hook)


def _shown(name: str, value) -> str:
    if name in SWITCHES:
        return SWITCH_WORDS[name][0 if value else 1]
    if name == "four_eyes_above":
        return f"€{value:,}"
    if name in DAY_COUNTS:
        return f"{value} days"
    return f"{Decimal(value) * 100:.2f}%"


def loosens(name: str, before, after) -> bool:
    if name in NOT_CONTROLS:
        return False
    return after > before if name in RISE_LOOSENS else after < before


def _looser(row: BankSettings, changes: dict) -> list[str]:
    """The changes that loosen a control. More days before the bank marks a bad payer loosen it only while the
    marking is on and stays on: off, they mark no one; turned on with them, they start a marking."""
    looser = [name for name, value in changes.items() if loosens(name, getattr(row, name), value)]
    if not (row.auto_bad_payer and changes.get("auto_bad_payer", True)):
        looser = [name for name in looser if name != "auto_bad_payer_days"]
    return looser


def _validate(values: dict) -> None:
    if values["savings_rate_min"] > values["savings_rate_max"]:
        message = "The lowest weekly savings rate must not be above the highest"
        raise BankError(message, fields={"savings_rate_min": [message]})
    if values["loan_rate_min"] > values["loan_rate_max"]:
        message = "The lowest loan rate must not be above the highest"
        raise BankError(message, fields={"loan_rate_min": [message]})
    ends = [values[name] for name in ARREARS_ENDS]
    if ends[0] < 1:
        message = "The first arrears bucket must end on 1 day or more"
        raise BankError(message, fields={"arrears_bucket_1_to": [message]})
    for (lower, upper), name in zip(pairwise(ends), ARREARS_ENDS[1:], strict=True):
        if upper <= lower:
            message = f"Each arrears bucket must end after the one before: {upper} is not after {lower} days"
            raise BankError(message, fields={name: [message]})
    if values["auto_bad_payer_days"] < 1:
        message = "The days before the bank marks a bad payer must be 1 or more"
        raise BankError(message, fields={"auto_bad_payer_days": [message]})
    for check in _bound_checks:
        problem = check(values)
        if problem:
            raise BankError(problem, code="bounds_exclude_rules")


def _apply(row: BankSettings, changes: dict, *, by) -> BankSettings:
    before = {name: getattr(row, name) for name in changes}
    for name, value in changes.items():
        setattr(row, name, value)
    row.updated_by = by.get_username()
    row.save(update_fields=[*changes, "updated_by", "updated_at"])
    audit.record(actor=by, kind="bank.settings_set", obj=row, before=before, after=changes)
    for hook in _on_applied:
        hook(changes)
    live.notify({"bank_settings"})
    return row


@transaction.atomic
def bank_settings_set(*, by, **values) -> BankSettings | decisions.AwaitingSecondApproval:
    """A treasurer changes the bank's controls: what tightens is done now; a change that loosens any
    control waits for a second treasurer (or the published delay), as one proposal."""
    row = BankSettings.locked()
    changes = {name: value for name, value in values.items() if value is not None and value != getattr(row, name)}
    if not changes:
        return row
    _validate({name: getattr(row, name) for name in FIELDS} | changes)
    step_up.require(by, what="change the Bank Settings")
    looser = _looser(row, changes)
    if not looser:
        return _apply(row, changes, by=by)
    summary = "; ".join(
        f"{LABELS[name]} {_shown(name, getattr(row, name))} → {_shown(name, value)}" for name, value in changes.items()
    )
    # always two and no request: decide() answers AwaitingSecondApproval (a proposal), never a Verdict
    return decisions.decide(  # type: ignore[return-value]
        kind=KIND,
        officer=by,
        amount=0,
        least_role=roles.TREASURER,
        always_two=f"a looser {LABELS[looser[0]]} takes a second treasurer",
        draft=decisions.Draft(
            summary=f"Bank settings: {summary}",
            params=changes,
            basis={name: getattr(row, name) for name in changes},
            object_label="Bank settings",
        ),
    )


def _from_params(name: str, value):
    """A proposal's value (kept as JSON) as the field holds it."""
    if name in SWITCHES:
        return bool(value)
    if name == "four_eyes_above" or name in DAY_COUNTS:
        return int(value)
    return Decimal(value)


def _carry_out(proposal: Proposal, verdict: decisions.Verdict) -> dict:
    row = BankSettings.locked()
    decisions.stale_unless(proposal, {name: getattr(row, name) for name in proposal.params}, noun="The bank settings")
    changes = {name: _from_params(name, value) for name, value in proposal.params.items()}
    _validate({name: getattr(row, name) for name in FIELDS} | changes)
    _apply(row, changes, by=verdict.officer)
    return {"approved_by": verdict.approved_by}


decisions.register_change(
    decisions.Change(
        kind=KIND, label="Bank settings", least_role=roles.TREASURER, carry_out=_carry_out, treasurers=True
    )
)
