"""A backup carries no second factor (issue 34): django-otp's tables are not bank data; a restore
leaves the officers' factors alone and a replace takes a player's with the player's account."""

import json
from io import StringIO

import pytest
import time_machine
from django.core.management import call_command
from django_otp.plugins.otp_totp.models import TOTPDevice

from accounts import factors
from accounts.models import Passkey
from accounts.tests.test_passkeys import add_passkey
from accounts.tests.test_second_factor import T0, enrol
from conftest import bearer_for
from operations import backup

pytestmark = pytest.mark.django_db


@pytest.fixture
def clock():
    with time_machine.travel(T0, tick=False) as traveller:
        yield traveller


def test_a_backup_carries_no_factor_and_a_replace_leaves_the_officers_alone(clock, admin_user, player, tmp_path):
    enrol(admin_user)
    enrol(player.user)
    add_passkey(bearer_for(admin_user), "Laptop")
    add_passkey(bearer_for(player.user), "Phone")
    data = backup.backup_data()
    assert not [name for name in data["tables"] if name.startswith("otp_") or "passkey" in name]
    text = json.dumps(data)
    for device in TOTPDevice.objects.all():
        assert device.key not in text
    for passkey in Passkey.objects.all():
        assert passkey.credential_id not in text
    target = tmp_path / "bank.json"
    target.write_text(backup.backup_json(data))
    call_command("restore", str(target), "--replace", "--accept-older", stdout=StringIO())
    # staff accounts are never in a backup nor changed by a restore: the officer's factor stays; a
    # player's account is replaced from the file, without its factor (they set it up again)
    assert factors.has_factor(admin_user)
    assert TOTPDevice.objects.filter(user__is_staff=False).count() == 0
    assert list(Passkey.objects.values_list("name", flat=True)) == ["Laptop"]
