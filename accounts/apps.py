from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Players and sign-in"

    def ready(self) -> None:
        from bank import controls, decisions, step_up, vocabulary

        from . import factors, officers, schema  # noqa: F401  (schema registers the OpenAPI auth extension)
        from .services import player_locked
        from .vocabulary import VOCABULARY

        vocabulary.register(VOCABULARY)
        decisions.register_player_locker(lambda player_id: player_locked(player_id=player_id))
        officers.register_changes()
        controls.register_on_applied(factors.on_settings_applied)
        step_up.register_factor_holder(factors.has_factor)
