"""The bank-wide features (the site layer): the words this app registers with the plumbing (bank.vocabulary), as it starts."""

from bank.roles import DELETE, GET, POST, PUT, TELLER, TREASURER
from bank.vocabulary import Vocabulary

VOCABULARY = Vocabulary(
    audit_kinds={
        "player.deleted": "Player deleted",
        "bank.restored": "Bank restored from a backup",
        "job.requested": "A job asked to run now (the books check)",
    },
    ledger_reasons={
        "player_removed": "A removed player's savings balance",
    },
    live_kinds=["jobs", "backups"],
    routes={
        "players-bad-payers": {GET: TELLER},
        "players-bulk-delete": {DELETE: TREASURER},
        "player-statement": {GET: TELLER},
        "dashboard-stats": {GET: TELLER},
        "report": {GET: TELLER},
        "backup": {GET: TREASURER},
        "audit-list": {GET: TELLER},
        "audit-csv": {GET: TELLER},
        "arrears-list": {GET: TELLER},
        "bank-health": {GET: TELLER},
        "bank-health-csv": {GET: TELLER},
        "notifications-undelivered": {GET: TELLER},
        "jobs": {GET: TELLER},
        "reconcile": {GET: TELLER},
        "reconcile-run": {POST: TREASURER},
        "ledger": {GET: TELLER},
        "my-statement": {GET: TELLER},  # answers 404: an officer has no player
        "bank-settings": {GET: TELLER, PUT: TREASURER},
        "proposals": {GET: TELLER},
        "waiting": {GET: TELLER},
        "proposal-approve": {PUT: TELLER},
        "proposal-deny": {PUT: TELLER},
    },
    actions={
        "bulk_delete": (("players-bulk-delete", DELETE),),
        "bank_settings": (("bank-settings", PUT),),
        "backup": (("backup", GET),),
        "check_books": (("reconcile-run", POST),),
    },
)
