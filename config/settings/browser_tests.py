"""The browser tests' servers (e2e/conftest.py): `make run`'s settings, with one change.

Passwords are hashed with a fast hasher, as the Python suite's settings do (config/settings/test.py):
PBKDF2's 1,500,000 rounds cost half a second of CPU for each sign-in, registration and password
reset, and the browser tests sign in several hundred times on 2 CPUs (a fifth of their time). What
they test is the screens; the real hasher is Django's, and production keeps it. Never serve the bank
with these settings.
"""

from .local import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
