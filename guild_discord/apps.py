from django.apps import AppConfig


class GuildDiscordConfig(AppConfig):
    """The bank in Discord (issue 36): linked accounts, the interactions endpoint and its commands,
    direct messages from the bank's bot. The top of the layers below config: it reads every app."""

    name = "guild_discord"
    verbose_name = "Guild Bank in Discord"

    def ready(self) -> None:
        from bank import outbox, vocabulary

        from . import direct, staff
        from .vocabulary import VOCABULARY

        vocabulary.register(VOCABULARY)
        outbox.register_direct(enabled=direct.enabled, sender=direct.sender)
        staff.connect()  # new requests are posted to the staff channel
