"""Players, officers and sign-in: the words this app registers with the plumbing (bank.vocabulary), as it starts."""

from bank.roles import DELETE, GET, LOAN_OFFICER, PATCH, POST, PUT, TELLER, TREASURER
from bank.vocabulary import Vocabulary

VOCABULARY = Vocabulary(
    audit_kinds={
        "player.updated": "Player flags changed",
        "player.client_type_changed": "Client type changed",
        "player.identity_changed": "Player renamed",
        "player.blocked": "Player blocked after failed sign-ins",
        "player.unblocked": "Player unblocked",
        "staff.locked": "Officer sign-in locked at one address after failed attempts",
        "staff.unlocked": "Officer sign-in locks lifted",
        "player.password_set": "Password set",
        "player.created": "Player created",
        "officer.created": "Officer added",
        "officer.updated": "Officer changed",
        "officer.password_set": "Officer's password changed",
        "officer.password_changed": "Officer changed their own password",
        "player.password_changed": "Player changed their own password",
        "factor.enrolled": "Second factor added",
        "factor.removed": "Second factor removed",
        "factor.code_failed": "Wrong second-factor code",
        "factor.recovery_code_used": "Recovery code used to sign in",
        "factor.recovery_codes_made": "New recovery codes made",
        "factor.reset": "Officer's second factor reset",
        "factor.passkey_failed": "Passkey not accepted",
    },
    audit_fields={"blocked_at": "datetime", "created_at": "datetime", "locked_until": "datetime"},
    live_kinds=["players", "officers"],
    routes={
        "extend-session": {POST: TELLER},
        "logout": {POST: TELLER},
        "me": {GET: TELLER},
        "ws-ticket": {POST: TELLER},
        "player-create": {POST: TELLER},
        "player-update": {PUT: LOAN_OFFICER},  # bad payer; client type and solo access: FIELDS below
        "player-search": {GET: TELLER},
        "players-blocked": {GET: TELLER},
        "player-unblock": {PUT: TREASURER},
        "player-password": {PUT: TREASURER},
        "officers": {GET: TREASURER, POST: TREASURER},
        "officer-update": {PATCH: TREASURER},
        "officer-password": {PUT: TREASURER},
        "officer-lockout": {DELETE: TREASURER},
        "own-password": {POST: TELLER},  # every officer, for themselves (players too: not an officer's route)
        # the Security screen: every officer's own second factors (players' too)
        "my-factors": {GET: TELLER},
        "my-factor-totp": {POST: TELLER},
        "my-factor-totp-confirm": {POST: TELLER},
        "my-factor": {DELETE: TELLER},
        "my-recovery-codes": {POST: TELLER},
        "step-up": {POST: TELLER},
        "step-up-passkey-options": {POST: TELLER},
        "step-up-passkey": {POST: TELLER},
        "my-passkey-options": {POST: TELLER},
        "my-passkeys": {POST: TELLER},
        "my-passkey": {DELETE: TELLER},  # a fresh second factor for the calls that ask for one (players' too)
        "officer-factors-reset": {POST: TREASURER},
        "player-factors-reset": {POST: TREASURER},  # a player who lost every factor (as a player's password)
    },
    route_fields={("player-update", PUT): {"client_type": TREASURER, "has_solo_access": TREASURER}},
    actions={
        "bad_payer": (("player-update", PUT),),
        "solo_access": (("player-update", PUT, "has_solo_access"),),
        "password": (("player-password", PUT),),
        "unblock": (("player-unblock", PUT),),
        "reset_factors": (("officer-factors-reset", POST),),
        "reset_player_factors": (("player-factors-reset", POST),),
        "officers": (
            ("officers", GET),
            ("officers", POST),
            ("officer-update", PATCH),
        ),
    },
)
