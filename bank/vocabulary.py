"""Each app's words, registered with the plumbing as the app starts (its AppConfig.ready): the kinds of
its audit entries, the reasons of its ledger entries, the kinds of its live notices, and the least role
of each of its routes with the actions its screens offer. The plumbing lists none of an app's words:
it checks every entry, notice and call against what the apps registered, so a word an app did not
register is refused (ValueError, or 403 for a route), and a word two apps register with two meanings
stops the start (ImproperlyConfigured).
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from . import audit, ledger, live, roles


@dataclass(frozen=True)
class Vocabulary:
    audit_kinds: Mapping[str, str] = field(default_factory=dict)  # kind -> what the Audit tab calls it
    audit_objects: Mapping[str, str] = field(default_factory=dict)  # model name -> the trail's name of its records
    audit_fields: Mapping[str, str] = field(default_factory=dict)  # field -> how the trail shows its values
    ledger_reasons: Mapping[str, str] = field(default_factory=dict)  # reason -> what it means
    live_kinds: Iterable[str] = ()
    routes: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # URL name -> method -> least role
    route_fields: Mapping[tuple[str, str], Mapping[str, str]] = field(default_factory=dict)
    actions: Mapping[str, tuple[roles.Call, ...]] = field(default_factory=dict)  # what /api/me's `may` names


def register(vocabulary: Vocabulary) -> None:
    """Add an app's words (registering the same words again changes nothing)."""
    audit.register(kinds=vocabulary.audit_kinds, objects=vocabulary.audit_objects, fields=vocabulary.audit_fields)
    ledger.register_reasons(vocabulary.ledger_reasons)
    live.register_kinds(vocabulary.live_kinds)
    roles.register(routes=vocabulary.routes, fields=vocabulary.route_fields, actions=vocabulary.actions)
