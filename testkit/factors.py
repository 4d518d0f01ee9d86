"""A person's phone in the tests that sign in over HTTP (a real server): an authenticator app for a user,
and the codes it shows, so that an officer signs in with a second factor as the bank asks before its most
sensitive calls (step-up, bank/step_up.py)."""

from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice

from bank import clock
from testkit.servers import call


def authenticator_for(user) -> TOTPDevice:
    """A confirmed authenticator app of the user's, as the Security screen leaves it."""
    return TOTPDevice.objects.create(user=user, name="Phone", confirmed=True, step=30, digits=6, tolerance=1)


def authenticator_code(device: TOTPDevice, *, steps_from_now: int = 0) -> str:
    """The code the app shows now (or `steps_from_now` 30 s steps away), on the test's clock."""
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits)
    totp.time = clock.now().timestamp() + steps_from_now * device.step
    return f"{totp.token():06d}"


def sign_in_with_code(base_url: str, device: TOTPDevice, *, username: str, password: str) -> str:
    """The password, then the app's code (POST /api/login, then /api/login/factor): the session's token,
    its factor given now."""
    status, challenge = call(base_url, "POST", "/api/login", {"username": username, "password": password})
    assert status == 202, (status, challenge)
    body = {"challenge": challenge["challenge"], "otp": authenticator_code(device)}
    status, login = call(base_url, "POST", "/api/login/factor", body)
    assert status == 200, (status, login)
    return login["access_token"]
