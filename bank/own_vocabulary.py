"""The words of the plumbing's own features (four eyes' proposals, the bank settings, the audit trail,
the outbox), registered as the plumbing starts, as each app registers its own (bank.vocabulary)."""

from .vocabulary import Vocabulary

VOCABULARY = Vocabulary(
    audit_kinds={
        "bank.settings_set": "Bank settings changed",
        "proposal.created": "Change proposed (a second officer must approve)",
        "proposal.first_approved": "Proposed change approved once (its first approval no longer counted)",
        "proposal.carried_out": "Proposed change approved and carried out",
        "proposal.denied": "Proposed change denied",
        "proposal.stale": "Proposed change not carried out: its record changed",
    },
    audit_objects={"proposal": "Proposal"},
    audit_fields={"four_eyes_above": "money"},
    live_kinds=["audit", "notifications", "bank_settings", "proposals"],
)
