from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Players and sign-in"

    def ready(self) -> None:
        from bank import decisions, vocabulary

        from . import officers, schema  # noqa: F401  (schema registers the OpenAPI auth extension)
        from .services import player_locked
        from .vocabulary import VOCABULARY

        vocabulary.register(VOCABULARY)
        decisions.register_player_locker(lambda player_id: player_locked(player_id=player_id))
        officers.register_changes()
