"""The pearl exchange: the words this app registers with the plumbing (bank.vocabulary), as it starts."""

from bank.roles import GET, LOAN_OFFICER, PLAYERS_ONLY, POST, PUT, TELLER, TREASURER
from bank.vocabulary import Vocabulary

VOCABULARY = Vocabulary(
    audit_kinds={
        "exchange.rates_set": "Exchange rates set",
        "exchange.approved": "Pearl exchange approved",
        "exchange.denied": "Pearl exchange denied",
        "exchange.first_approved": "Pearl exchange approved once (a second officer must approve)",
        "exchange.cancelled": "Pearl exchange cancelled by the player",
    },
    audit_objects={"pearlexchangerequest": "Pearl exchange"},
    audit_fields={"bread_amount": "money", "sell_rate": "money", "buy_rate": "money"},
    live_kinds=["pearl_exchange_requests", "exchange_settings"],
    routes={
        "exchange-settings": {GET: TELLER, PUT: TREASURER},
        "exchange-quote": {GET: TELLER},
        "exchange-create": {POST: PLAYERS_ONLY},
        "exchange-cancel": {PUT: PLAYERS_ONLY},
        "exchange-history": {GET: TELLER},
        "exchange-list": {GET: TELLER},
        "exchange-approve": {PUT: LOAN_OFFICER},
        "exchange-deny": {PUT: LOAN_OFFICER},
    },
    actions={
        "decide": (
            ("exchange-approve", PUT),
            ("exchange-deny", PUT),
        ),
        "exchange_rates": (("exchange-settings", PUT),),
    },
)
