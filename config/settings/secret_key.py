"""The local signing key: random, made on an install's first start, kept in a private file.

A key written in the repository would let anyone forge an admin token for any local instance.
Production never comes here: it requires DJANGO_SECRET_KEY (config/settings/production.py), which
`production_secret_key_problem` checks before the server starts.
"""

import math
import os
import secrets
from pathlib import Path

KEY_FILE_NAME = ".secret-key"  # git-ignored

# What a production key must at least be (Django's own `check --deploy` warns below the same bounds,
# security.W009; production refuses to start instead of warning).
SECRET_KEY_MIN_LENGTH = 50
SECRET_KEY_MIN_DISTINCT_CHARACTERS = 5
SECRET_KEY_VARIABLE = "DJANGO_SECRET_KEY"
BACKUP_KEY_MIN_LENGTH = 32  # operations/backup.py refuses to sign with less
BACKUP_KEY_VARIABLE = "BANK_BACKUP_KEY"
METRICS_TOKEN_MIN_LENGTH = 32
METRICS_TOKEN_VARIABLE = "BANK_METRICS_TOKEN"
# The least estimated randomness of a production key (`estimated_bits`), in bits: a floor that
# patterned keys stay well under ("abcde" * 10: 5, "k7#Qp2" * 9: 18, "password" * 7: 25,
# "an-operator-chosen-key-" + "x" * 40: 56) and random ones above (in 5,000 draws each, the least:
# secrets.token_urlsafe(50) 315, token_urlsafe(24)'s 32 characters 125, token_hex(16) 80, whose
# estimate a 16-letter alphabet caps at 128). It is not the key's strength, only a test for patterns.
KEY_MIN_BITS = 64
# A piece that repeats an earlier one, or a run like "abcd" or "9876", is this long at least.
_PATTERN_MIN_LENGTH = 3
KEY_ADVICE = 'python -c "import secrets; print(secrets.token_urlsafe(64))"'


def _pattern_length(key: str, start: int) -> int:
    """How many characters from `start` a guesser gets for the price of one: the longest repeat of
    text that begins earlier (it may overlap, as in "aaaa"), or a run of characters one code point
    apart in one direction ("abcdef", "54321"). 1 when neither is as long as _PATTERN_MIN_LENGTH."""
    rest = len(key) - start
    repeat = 0
    for earlier in range(start):
        length = 0
        while length < rest and key[earlier + length] == key[start + length]:
            length += 1
        repeat = max(repeat, length)
    run = 1
    if rest > 1 and abs(ord(key[start + 1]) - ord(key[start])) == 1:
        step = ord(key[start + 1]) - ord(key[start])
        while run < rest and ord(key[start + run]) - ord(key[start + run - 1]) == step:
            run += 1
    longest = max(repeat, run)
    return longest if longest >= _PATTERN_MIN_LENGTH else 1


def estimated_bits(key: str) -> float:
    """An estimate of the key's randomness in bits, not its length: the key is cut into pieces, a new
    character or a whole repeat of earlier text or a run ("abc", "321") being one piece, and each piece
    is worth the Shannon entropy of the key's characters (bits per character, from how often each
    occurs). "abcde" * 10 is 5 characters and one repeat, 2 pieces of 2.3 bits: 5 bits, where a count
    of characters would say 50. It under-reads a random key a little (its characters' spread is a
    sample of its alphabet's), and reads a sentence as random as its letters look: it finds
    repetition, not words."""
    if not key:
        return 0.0
    counts = {character: key.count(character) for character in set(key)}
    per_character = -sum(count / len(key) * math.log2(count / len(key)) for count in counts.values())
    pieces, start = 0, 0
    while start < len(key):
        start += _pattern_length(key, start)
        pieces += 1
    return per_character * pieces


def production_key_problem(key: str, *, variable: str, min_length: int) -> str | None:
    """Why `key` cannot be a production key kept in `variable`, naming it; None when it can.

    Anyone who guesses the key can forge what it signs: a short key, a long one made of a few characters
    ("x" * 50), or one that repeats itself ("abcde" * 10, "password" * 7) is refused. The message never
    shows the key."""
    advice = f"Set {variable} to a random string of at least {min_length} characters"
    example = f" (for example: {KEY_ADVICE})"
    if not key:
        return f"{variable} is not set. {advice}{example}."
    if len(key) < min_length:
        return f"{variable} is {len(key)} characters long. {advice}{example}."
    if len(set(key)) < SECRET_KEY_MIN_DISTINCT_CHARACTERS:
        return (
            f"{variable} uses only {len(set(key))} different characters, so it is easy to guess. "
            f"{advice}, with at least {SECRET_KEY_MIN_DISTINCT_CHARACTERS} different characters{example}."
        )
    bits = estimated_bits(key)
    if bits < KEY_MIN_BITS:
        return (
            f"{variable} repeats itself or runs in sequence (about {bits:.0f} bits of randomness, at least "
            f"{KEY_MIN_BITS} needed), so it is easy to guess. {advice}, made by a random generator{example}."
        )
    return None


def production_secret_key_problem(key: str) -> str | None:
    """Why `key` cannot sign production tokens (DJANGO_SECRET_KEY); None when it can."""
    return production_key_problem(key, variable=SECRET_KEY_VARIABLE, min_length=SECRET_KEY_MIN_LENGTH)


def production_backup_key_problem(key: str) -> str | None:
    """Why `key` cannot sign production backups (BANK_BACKUP_KEY); None when it can, or when it is not
    set (production then makes no backups, and says why when one is asked: operations/backup.py)."""
    if not key:
        return None
    return production_key_problem(key, variable=BACKUP_KEY_VARIABLE, min_length=BACKUP_KEY_MIN_LENGTH)


def production_metrics_token_problem(token: str) -> str | None:
    """Why `token` cannot open /metrics in production (BANK_METRICS_TOKEN); None when it can, or when it
    is not set (then only the addresses of BANK_METRICS_ALLOWED read it)."""
    if not token:
        return None
    return production_key_problem(token, variable=METRICS_TOKEN_VARIABLE, min_length=METRICS_TOKEN_MIN_LENGTH)


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
