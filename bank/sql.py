"""Queries compiled once: the hot reads every request makes, turned into SQL by the ORM the first
time and then run with new parameter values.

Profiled, half of a typical `GET /api/me/bank-data` was the ORM building and compiling its six
small queries, which answer in microseconds (bench/README.md, "Player reads at framework speed").
A `CompiledQuery` builds its QuerySet once per database, with a placeholder value for each
parameter, keeps the SQL, where each placeholder sits in its parameters, and the converters Django
applies to its columns (booleans, dates and times on SQLite), and then runs that SQL through
Django's cursor: query counts, `CaptureQueriesContext` and transactions see it as any other query.

    SESSION = CompiledQuery(
        lambda sid: BankSession.objects.filter(sid=sid).values_list("user_id", "expires_at"), sid=str
    )
    SESSION.rows(sid="...")                        # [(3, datetime(...)), ...]

Only int and str parameters, passed to lookups that hand them to the database unchanged (equality,
IN with one value...): the placeholder must reach the parameters as it was given. A query whose
placeholder is missing from its parameters, or that appears there without being asked for, is
refused when it is first compiled.
"""

import itertools
import threading
from collections.abc import Callable, Sequence

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model, QuerySet

_placeholder_numbers = itertools.count(1)


def _placeholder(kind: type) -> int | str:
    number = next(_placeholder_numbers)
    if kind is int:
        return -7_310_000_000_000 - number  # no id, amount or count of the bank is ever this
    if kind is str:
        return f"\x00placeholder-{number}\x00"
    raise TypeError(f"CompiledQuery parameters are int or str, not {kind.__name__}")


class _Compiled:
    def __init__(self, sql: str, params: Sequence, slots: dict[str, list[int]], converters: dict):
        self.sql, self.params, self.slots, self.converters = sql, list(params), slots, converters


class CompiledQuery:
    # every compiled query, so that one test can hold each against the ORM (operations/tests/test_sql.py)
    every: list["CompiledQuery"] = []

    def __init__(self, build: Callable[..., QuerySet], **parameters: type):
        """`build(**parameters)` answers a QuerySet ending in `values_list(...)`; `parameters` name
        each parameter's type (int or str)."""
        CompiledQuery.every.append(self)
        self.build = build
        self.parameters = parameters
        self._compiled: dict[tuple[str, str], _Compiled] = {}
        self._lock = threading.Lock()

    def _compile(self, using: str) -> _Compiled:
        placeholders = {name: _placeholder(kind) for name, kind in self.parameters.items()}
        queryset = self.build(**placeholders)
        compiler = queryset.query.get_compiler(using=using)
        sql, params = compiler.as_sql()
        slots = {
            name: [i for i, value in enumerate(params) if value == placeholder]
            for name, placeholder in placeholders.items()
        }
        missing = [name for name, found in slots.items() if not found]
        if missing:
            raise ValueError(f"CompiledQuery: the parameters {missing} do not reach the SQL unchanged: {sql}")
        placed = {i for found in slots.values() for i in found}
        for i, value in enumerate(params):  # e.g. "%" + placeholder + "%" of a `contains` lookup
            if i not in placed and any(str(placeholder) in str(value) for placeholder in placeholders.values()):
                raise ValueError(f"CompiledQuery: a parameter was changed on its way to the SQL: {sql}")
        columns = [selected[0] for selected in compiler.select[: compiler.col_count]]
        converters = compiler.get_converters(columns)  # they depend on the vendor, not on one connection
        return _Compiled(sql, params, slots, converters)

    def compiled(self, using: str = DEFAULT_DB_ALIAS) -> _Compiled:
        key = (using, connections[using].vendor)
        compiled = self._compiled.get(key)
        if compiled is None:
            with self._lock:
                compiled = self._compiled.get(key) or self._compile(using)
                self._compiled[key] = compiled
        return compiled

    def rows(self, using: str = DEFAULT_DB_ALIAS, **values: int | str) -> list[tuple]:
        """The query's rows for these parameter values, each a tuple as `values_list` gives it."""
        if values.keys() != self.parameters.keys():
            raise TypeError(f"CompiledQuery takes {sorted(self.parameters)}, not {sorted(values)}")
        compiled = self.compiled(using)
        params = list(compiled.params)
        for name, positions in compiled.slots.items():
            value = values[name]
            if not isinstance(value, self.parameters[name]) or isinstance(value, bool):
                raise TypeError(f"CompiledQuery parameter {name} must be {self.parameters[name].__name__}")
            for position in positions:
                params[position] = value
        connection = connections[using]
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            rows = cursor.fetchall()
        if not compiled.converters:
            return [tuple(row) for row in rows]
        converted = []
        for row in rows:
            values_out = list(row)
            for position, (functions, expression) in compiled.converters.items():
                value = values_out[position]
                for function in functions:
                    value = function(value, expression, connection)
                values_out[position] = value
            converted.append(tuple(values_out))
        return converted

    def instances(self, model: type[Model], fields: Sequence[str], using: str = DEFAULT_DB_ALIAS, **values):
        """The rows as `model` instances, when the query's columns are `fields` (attribute names):
        `Model.from_db`, as the ORM builds them."""
        return [model.from_db(using, fields, row) for row in self.rows(using, **values)]


def model_fields(model: type[Model]) -> list[str]:
    """Every concrete field's attribute name (`player_id`, not `player`), in the model's order."""
    return [field.attname for field in model._meta.concrete_fields]
