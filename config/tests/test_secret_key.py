"""`make run` signs tokens with a key of its own: random, made on first start, kept private."""

import math
import os
import secrets
import stat
import string
import subprocess
import sys
from pathlib import Path

import pytest

from config.settings.secret_key import (
    KEY_FILE_NAME,
    KEY_MIN_BITS,
    estimated_bits,
    local_secret_key,
    production_backup_key_problem,
    production_secret_key_problem,
)
from testkit.servers import production_settings_start

ROOT = Path(__file__).resolve().parents[2]


def test_a_fresh_install_gets_a_new_random_key_only_its_owner_can_read(tmp_path):
    first, second = tmp_path / "one", tmp_path / "two"
    first.mkdir()
    second.mkdir()
    key = local_secret_key(first)
    assert len(key) >= 50
    assert key != local_secret_key(second)
    key_file = first / KEY_FILE_NAME
    assert key_file.read_text().strip() == key
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600


def test_a_second_start_reads_the_same_key(tmp_path):
    assert local_secret_key(tmp_path) == local_secret_key(tmp_path)


def test_the_key_file_is_git_ignored():
    assert f"/{KEY_FILE_NAME}" in (ROOT / ".gitignore").read_text().splitlines()


def _local_settings_key(env_changes: dict[str, str]) -> str:
    env = {k: v for k, v in os.environ.items() if k not in {"DJANGO_SECRET_KEY", "PYTEST_CURRENT_TEST"}}
    env.update(env_changes)
    result = subprocess.run(
        [sys.executable, "-c", "from config.settings import local; print(local.SECRET_KEY)"],
        check=True,
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return result.stdout.strip()


def test_local_settings_sign_with_the_installs_own_key(tmp_path):
    key = _local_settings_key({"BANK_SECRET_KEY_DIR": str(tmp_path)})
    assert key == (tmp_path / KEY_FILE_NAME).read_text().strip()
    assert key == _local_settings_key({"BANK_SECRET_KEY_DIR": str(tmp_path)})


def test_a_key_from_the_environment_wins(tmp_path):
    chosen = "an-operator-chosen-key-" + "x" * 40
    key = _local_settings_key({"BANK_SECRET_KEY_DIR": str(tmp_path), "DJANGO_SECRET_KEY": chosen})
    assert key == chosen
    assert not (tmp_path / KEY_FILE_NAME).exists()


def _production_start(secret_key: str | None, *, backup_key: str = "") -> subprocess.CompletedProcess:
    """Load the production settings as a server process does, with this DJANGO_SECRET_KEY."""
    return production_settings_start({"DJANGO_SECRET_KEY": secret_key, "BANK_BACKUP_KEY": backup_key})


@pytest.mark.parametrize(
    "secret_key,reason",
    [
        (None, "is not set"),
        ("k7#Qp2" * 8, "is 48 characters long"),  # varied, but short
        ("abcd" * 20, "uses only 4 different characters"),  # long, but four characters repeated
        ("x" * 64, "uses only 1 different characters"),
    ],
    ids=["missing", "short", "four-characters", "one-character"],
)
def test_production_refuses_to_start_with_a_weak_secret_key_naming_the_variable(secret_key, reason):
    result = _production_start(secret_key)
    assert result.returncode != 0
    assert "started" not in result.stdout
    assert "ImproperlyConfigured" in result.stderr
    assert f"DJANGO_SECRET_KEY {reason}" in result.stderr
    if secret_key:
        assert secret_key not in result.stderr  # the refusal never shows the key


def test_production_starts_with_a_random_secret_key():
    result = _production_start(secrets.token_urlsafe(64))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "started"


def test_five_different_characters_over_fifty_are_not_enough_when_they_repeat():
    assert production_secret_key_problem("abcd" * 13).startswith("DJANGO_SECRET_KEY uses only 4 different characters")
    assert production_secret_key_problem(("abcde" * 10)[:-1]).startswith("DJANGO_SECRET_KEY is 49 characters long")
    assert production_secret_key_problem("abcde" * 10).startswith("DJANGO_SECRET_KEY repeats itself")


@pytest.mark.parametrize(
    "key",
    ["abcde" * 10, "password" * 7, "k7#Qp2" * 9, "an-operator-chosen-key-" + "x" * 40, string.printable[:64]],
    ids=["abcde", "password", "varied-but-repeated", "padded", "a-run-of-the-alphabet"],
)
def test_a_long_key_that_repeats_itself_or_runs_in_sequence_is_refused(key):
    problem = production_secret_key_problem(key)
    assert problem is not None and problem.startswith("DJANGO_SECRET_KEY repeats itself or runs in sequence")
    assert f"at least {KEY_MIN_BITS} needed" in problem and "token_urlsafe(64)" in problem
    assert key not in problem


def test_the_estimate_counts_repeats_and_runs_once_and_weighs_each_piece_by_the_characters_entropy():
    assert estimated_bits("") == 0
    assert estimated_bits("x" * 64) == 0  # one character: no randomness at all
    assert estimated_bits("abcde" * 10) == pytest.approx(2 * math.log2(5))  # "abcde", then one repeat
    # "q", "z", then the run "abcdef", then "abcdef" repeated twice: 4 pieces of the 8 characters' entropy
    per_character = -sum(p * math.log2(p) for p in [1 / 20] * 2 + [3 / 20] * 6)
    assert estimated_bits("qz" + "abcdef" * 3) == pytest.approx(4 * per_character)


def test_random_keys_pass_far_above_the_floor():
    for _ in range(200):
        assert production_secret_key_problem(secrets.token_urlsafe(50)) is None
        assert estimated_bits(secrets.token_urlsafe(50)) > 4 * KEY_MIN_BITS
        assert production_backup_key_problem(secrets.token_urlsafe(24)) is None  # its 32 characters
        assert production_backup_key_problem(secrets.token_hex(16)) is None


@pytest.mark.parametrize(
    "backup_key,reason",
    [
        ("abcdefgh" * 5, "repeats itself or runs in sequence"),
        ("k7#Qp2Zx" * 3, "is 24 characters long"),
    ],
)
def test_production_refuses_to_start_with_a_weak_backup_key_naming_it(backup_key, reason):
    result = _production_start(secrets.token_urlsafe(64), backup_key=backup_key)
    assert result.returncode != 0 and "started" not in result.stdout
    assert f"BANK_BACKUP_KEY {reason}" in result.stderr
    assert backup_key not in result.stderr


def test_production_starts_with_a_random_backup_key_or_none():
    assert _production_start(secrets.token_urlsafe(64), backup_key=secrets.token_urlsafe(32)).returncode == 0
    assert production_backup_key_problem("") is None  # no backups until it is set: operations/backup.py says so
