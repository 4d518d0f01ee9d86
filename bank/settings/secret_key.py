"""The local signing key: random, made on an install's first start, kept in a private file.

A key written in the repository would let anyone forge an admin token for any local instance.
Production never comes here: it requires DJANGO_SECRET_KEY (bank/settings/production.py).
"""

import os
import secrets
from pathlib import Path

KEY_FILE_NAME = ".secret-key"  # git-ignored


def local_secret_key(directory: Path, *, file_name: str = KEY_FILE_NAME) -> str:
    """The key kept in `directory`/`file_name` (.secret-key), made (mode 0600) if there is none yet.

    Two processes starting at once (make test starts several servers) agree on one key: each
    writes its own candidate to a private temporary file and links it into place; the link
    fails for all but the first, and they read the winner's.
    """
    path = directory / file_name
    if not path.exists():
        candidate = directory / f"{file_name}.{os.getpid()}.{secrets.token_hex(4)}"
        descriptor = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(descriptor, "w") as file:
                file.write(secrets.token_urlsafe(64) + "\n")
            os.link(candidate, path)
        except FileExistsError:
            pass  # another process made it first
        finally:
            candidate.unlink(missing_ok=True)
    return path.read_text().strip()
