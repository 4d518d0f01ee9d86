"""The local signing key: random, made on an install's first start, kept in a private file.

A key written in the repository would let anyone forge an admin token for any local instance.
Production never comes here: it requires DJANGO_SECRET_KEY (bank/settings/production.py), which
`production_secret_key_problem` checks before the server starts.
"""

import os
import secrets
from pathlib import Path

KEY_FILE_NAME = ".secret-key"  # git-ignored

# What a production key must at least be (Django's own `check --deploy` warns below the same bounds,
# security.W009; production refuses to start instead of warning).
SECRET_KEY_MIN_LENGTH = 50
SECRET_KEY_MIN_DISTINCT_CHARACTERS = 5
SECRET_KEY_VARIABLE = "DJANGO_SECRET_KEY"


def production_secret_key_problem(key: str) -> str | None:
    """Why `key` cannot sign production tokens, naming the variable to set; None when it can.

    Anyone who guesses the key can forge an admin's token: a short key, or a long one made of a few
    characters repeated ("x" * 50), is refused. The message never shows the key.
    """
    advice = f"Set {SECRET_KEY_VARIABLE} to a random string of at least {SECRET_KEY_MIN_LENGTH} characters"
    example = ' (for example: python -c "import secrets; print(secrets.token_urlsafe(64))")'
    if not key:
        return f"{SECRET_KEY_VARIABLE} is not set. {advice}{example}."
    if len(key) < SECRET_KEY_MIN_LENGTH:
        return f"{SECRET_KEY_VARIABLE} is {len(key)} characters long. {advice}{example}."
    if len(set(key)) < SECRET_KEY_MIN_DISTINCT_CHARACTERS:
        return (
            f"{SECRET_KEY_VARIABLE} uses only {len(set(key))} different characters, so it is easy to guess. "
            f"{advice}, with at least {SECRET_KEY_MIN_DISTINCT_CHARACTERS} different characters{example}."
        )
    return None


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
