"""The bank in Discord: the words this app registers with the plumbing (bank.vocabulary), as it starts."""

from bank.roles import DELETE, GET, POST, TELLER
from bank.vocabulary import Vocabulary

VOCABULARY = Vocabulary(
    audit_kinds={
        "discord.linked": "Discord account linked",
        "discord.unlinked": "Discord account unlinked",
    },
    routes={
        # every officer links their own Discord account (players too: not an officer's route)
        "discord-link": {GET: TELLER, POST: TELLER, DELETE: TELLER},
        "discord-link-complete": {POST: TELLER},
    },
)
