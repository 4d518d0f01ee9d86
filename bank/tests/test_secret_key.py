"""`make run` signs tokens with a key of its own: random, made on first start, kept private."""

import os
import stat
import subprocess
import sys
from pathlib import Path

from bank.settings.secret_key import KEY_FILE_NAME, local_secret_key

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
        [sys.executable, "-c", "from bank.settings import local; print(local.SECRET_KEY)"],
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
