"""One rule for the plumbing's tables that the apps fill (bank.vocabulary): a name registered
again with the same meaning changes nothing; with another meaning it stops the start."""

from collections.abc import Mapping, MutableMapping

from django.core.exceptions import ImproperlyConfigured


def merge[K, V](table: MutableMapping[K, V], new: Mapping[K, V], *, what: str) -> None:
    for name, meaning in new.items():
        if name in table and table[name] != meaning:
            raise ImproperlyConfigured(f"{what} {name!r} is registered twice: {table[name]!r} and {meaning!r}")
        table[name] = meaning
