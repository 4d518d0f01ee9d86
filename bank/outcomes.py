"""What a service answers when its decision may take a second officer (bank.decisions): what it
made, or AwaitingSecondApproval when it waits for the second officer."""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bank.decisions import AwaitingSecondApproval


def decided[Made](outcome: "Made | AwaitingSecondApproval") -> Made:
    """What the call made, where the caller knows one officer decides alone (the demo's history runs
    under history_controls' threshold; a test's amounts stay under the four-eyes threshold): asserted."""
    from bank.decisions import AwaitingSecondApproval  # not at import: the apps load first

    assert not isinstance(outcome, AwaitingSecondApproval), outcome.reason
    return outcome
