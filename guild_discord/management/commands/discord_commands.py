"""`manage.py discord_commands`: print the bank's slash commands; `--sync` registers them with Discord
(a bulk overwrite of the application's global commands, as the bot)."""

import json

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from guild_discord import commands, rest


class Command(BaseCommand):
    help = "Show the bank's Discord slash commands; --sync registers them with Discord."

    def add_arguments(self, parser):
        parser.add_argument("--sync", action="store_true", help="overwrite the application's commands on Discord")

    def handle(self, *args, **options):
        definitions = commands.definitions()
        if not options["sync"]:
            self.stdout.write(json.dumps(definitions, indent=2))
            return
        if not (settings.DISCORD_APPLICATION_ID and settings.DISCORD_BOT_TOKEN):
            raise CommandError("Set DISCORD_APPLICATION_ID and DISCORD_BOT_TOKEN first (README, Discord application).")
        try:
            answer = rest.bot("PUT", f"/applications/{settings.DISCORD_APPLICATION_ID}/commands", json_body=definitions)
        except rest.Unreachable as error:
            raise CommandError(f"Discord did not answer: {error}") from error
        if not answer.ok:
            raise CommandError(f"Discord refused the commands: HTTP {answer.status} {answer.body}")
        names = ", ".join(sorted(command["name"] for command in answer.body if isinstance(command, dict)))
        self.stdout.write(f"Registered with Discord: {names}")
