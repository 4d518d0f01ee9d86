from django.core.management.base import BaseCommand
from django.db import transaction

from accounts.models import Player, User
from accounts.services import admin_ensure, player_create, player_update
from bank import demo


class Command(BaseCommand):
    help = "Add a handful of demo players (and, from each app, their records). Safe to run again."

    def add_arguments(self, parser):
        parser.add_argument("--if-empty", action="store_true", help="only when the bank has no players yet")

    def handle(self, *args, **options):
        if options["if_empty"] and Player.objects.exists():
            self.stdout.write("The bank already has players; demo data not added.")
            return
        admin = User.objects.filter(is_staff=True).order_by("pk").first()
        if admin is None:
            admin, _, _, _ = admin_ensure(username="admin")
        with transaction.atomic():
            added = 0
            for name, discord, with_password, solo in demo.DEMO_PLAYERS:
                if Player.objects.filter(name__iexact=name).exists():
                    continue
                player = player_create(
                    name=name, discord=discord, password=demo.DEMO_PASSWORD if with_password else "", admin=admin
                )
                if solo:
                    player_update(player_id=player.pk, admin=admin, has_solo_access=True)
                added += 1
            for seeder in demo.seeders():
                seeder()
        self.stdout.write(self.style.SUCCESS(f"Demo data ready ({added} players added)."))
        if added:
            names = ", ".join(n for n, _, p, _ in demo.DEMO_PLAYERS if p)
            self.stdout.write(f"Demo players {names} sign in with password '{demo.DEMO_PASSWORD}'.")
            officers = ", ".join(f"{username} ({role.replace('_', ' ')})" for username, _, role in demo.DEMO_OFFICERS)
            self.stdout.write(f"Demo officers {officers} sign in with password '{demo.DEMO_OFFICER_PASSWORD}'.")
