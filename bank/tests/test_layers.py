"""The import-linter contract in pyproject.toml lists bank's site layer module by module (a layer
cannot hold its own lower layer, bank.core); a new module of bank must join that list, or the
contract would not see what it imports."""

import tomllib
from pathlib import Path

BANK = Path(__file__).resolve().parents[1]
NOT_SITE = {"core", "settings", "__init__.py", "__pycache__"}  # the lower layer, and configuration


def test_every_module_of_bank_but_core_is_in_the_site_layer_of_the_contract():
    config = tomllib.loads((BANK.parent / "pyproject.toml").read_text())["tool"]["importlinter"]
    layers = next(c for c in config["contracts"] if c["type"] == "layers")["layers"]
    site = {name.strip() for name in layers[0].split(":")}
    on_disk = {
        f"bank.{path.stem}"
        for path in BANK.iterdir()
        if path.name not in NOT_SITE and (path.suffix == ".py" or (path / "__init__.py").exists())
    }
    assert on_disk, "bank's modules were not found"
    assert site == on_disk, f"missing from the site layer: {sorted(on_disk - site)}; gone: {sorted(site - on_disk)}"
    assert layers[-1] == "bank.core"
