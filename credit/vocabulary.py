"""The credit score: the words this app registers with the plumbing (bank.vocabulary), as it starts."""

from bank.roles import GET, POST, TELLER, TREASURER
from bank.vocabulary import Vocabulary

VOCABULARY = Vocabulary(
    audit_kinds={
        "credit.penalty": "Credit penalty",
        "credit.adjusted": "Credit adjusted",
        "credit.migrated": "Credit score migrated",
    },
    audit_objects={"creditevent": "Credit score event"},
    live_kinds=["credit"],
    routes={
        "credit-score": {GET: TELLER},
        "credit-history": {GET: TELLER},
        "loan-eligibility": {GET: TELLER},
        "credit-benefits": {GET: TELLER},
        "credit-overview": {GET: TELLER},
        "credit-penalty": {POST: TREASURER},
        "credit-adjust": {POST: TREASURER},
        "credit-migration-preview": {GET: TELLER},
        "credit-migration-execute": {POST: TREASURER},
    },
    actions={
        "credit_adjust": (
            ("credit-adjust", POST),
            ("credit-penalty", POST),
        ),
        "migration_execute": (("credit-migration-execute", POST),),
    },
)
