"""bank/sql.py: queries compiled once answer what the ORM answers, and refuse what they cannot run."""

from unittest import mock

import pytest
from django.db.models import Q

from accounts.models import Player
from accounts.tests.factories import PlayerFactory
from bank.sql import CompiledQuery, model_fields
from lending.models import SavingsWeek
from lending.tests.factories import SavingsFactory

pytestmark = pytest.mark.django_db

WEEK_COLUMNS = ("savings_id", "week", "due_date", "status", "interest", "auto_processed")


def _weeks_of(player_id):
    return SavingsWeek.objects.filter(savings__player_id=player_id).order_by("savings_id", "week")


def test_rows_are_the_orms_rows_with_its_conversions_for_each_parameter_value():
    players = [PlayerFactory() for _ in range(3)]
    for index, player in enumerate(players):
        SavingsFactory(player=player, weeks=index + 1)
    query = CompiledQuery(lambda player_id: _weeks_of(player_id).values_list(*WEEK_COLUMNS), player_id=int)

    for player in players:
        expected = list(_weeks_of(player.pk).values_list(*WEEK_COLUMNS))
        assert query.rows(player_id=player.pk) == expected
    assert len(query.rows(player_id=players[2].pk)) == 3
    row = query.rows(player_id=players[0].pk)[0]
    # the converters ran: a date and a bool on SQLite too, where the database keeps text and 0/1
    assert type(row[2]).__name__ == "date" and row[5] is False
    assert query.rows(player_id=10**9) == []


def test_it_compiles_once_and_runs_one_query_each_time(django_assert_num_queries):
    player = PlayerFactory()
    build = mock.Mock(side_effect=lambda name: Player.objects.filter(name=name).values_list("pk"))
    query = CompiledQuery(build, name=str)
    for _ in range(3):
        with django_assert_num_queries(1):
            assert query.rows(name=player.name) == [(player.pk,)]
    assert build.call_count == 1


def test_instances_are_the_models_own():
    player = PlayerFactory(name="Compiled")
    fields = model_fields(Player)
    query = CompiledQuery(lambda pk: Player.objects.filter(pk=pk).values_list(*fields), pk=int)
    (read,) = query.instances(Player, fields, pk=player.pk)
    assert read == player and read.name == "Compiled" and read.credit_score == player.credit_score
    assert not read._state.adding and read.get_deferred_fields() == set()


def test_a_parameter_the_lookup_changes_is_refused_when_compiled():
    query = CompiledQuery(lambda term: Player.objects.filter(Q(name__icontains=term)).values_list("pk"), term=str)
    with pytest.raises(ValueError, match=r"changed on its way|do not reach"):
        query.rows(term="ar")


def test_a_parameter_that_never_reaches_the_sql_is_refused():
    query = CompiledQuery(lambda pk: Player.objects.values_list("pk"), pk=int)
    with pytest.raises(ValueError, match="do not reach the SQL"):
        query.rows(pk=1)


def test_values_of_the_wrong_name_or_type_are_refused_before_any_query(django_assert_num_queries):
    query = CompiledQuery(lambda pk: Player.objects.filter(pk=pk).values_list("pk"), pk=int)
    query.rows(pk=1)  # compiled
    with django_assert_num_queries(0):
        for values in ({"pk": "1"}, {"pk": True}, {"pk": 1.0}, {"id": 1}, {}):
            with pytest.raises(TypeError):
                query.rows(**values)
    with pytest.raises(TypeError, match="int or str"):
        CompiledQuery(lambda when: Player.objects.values_list("pk"), when=float).rows(when=1.0)


# --- what a Django upgrade could break ------------------------------------------------------
# CompiledQuery reaches into Django's query compiler (as_sql, select, col_count, get_converters) and
# builds instances with Model.from_db. docs/decisions.md, "Speed that reaches into Django", records
# what it gains (bench/bench_compiled.py). The tests below fail loudly when an upgrade changes what it
# relies on: then re-run bench_compiled.py, and fix CompiledQuery or remove it.


def test_the_compiler_internals_compiled_queries_rely_on_are_there():
    import inspect

    from django.db.models.sql.compiler import SQLCompiler

    query = Player.objects.filter(pk=1).values_list("id", "name").query
    compiler = query.get_compiler(using="default")
    sql, params = compiler.as_sql()
    assert isinstance(sql, str) and list(params) == [1]
    assert compiler.col_count == 2 and len(compiler.select) >= 2, "SQLCompiler.select / col_count changed"
    assert list(inspect.signature(SQLCompiler.get_converters).parameters) == ["self", "expressions"]
    from_db = inspect.signature(Player.from_db).parameters
    assert list(from_db)[:3] == ["db", "field_names", "values"], "Model.from_db(db, field_names, values) changed"
    # Django 6.1 added fetch_mode; anything after the three must keep a default
    assert all(parameter.default is not inspect.Parameter.empty for parameter in list(from_db.values())[3:])


def test_every_compiled_query_of_the_bank_answers_what_the_orm_answers(django_assert_num_queries):
    """Each CompiledQuery the apps define (the session of every call, a player's products), run on a
    stocked bank, against the rows the ORM gives for the same QuerySet."""
    import accounts.tokens
    import lending.loans.selectors
    import lending.savings.selectors
    from accounts.models import BankSession
    from accounts.tokens import token_issue
    from lending.loans.models import SoloDividends
    from lending.tests.factories import LoanFactory, LoanPaymentFactory, PendingLoanFactory

    player = PlayerFactory(credit_score=300)
    LoanPaymentFactory(loan=LoanFactory(player=player))
    SavingsFactory(player=player, weeks=2)
    PendingLoanFactory(player=player)
    SoloDividends.objects.update_or_create(pk=1, defaults={"dividends": 12_500})
    token_issue(user=player.user)
    session = BankSession.objects.get(user=player.user)
    values = {"player_id": player.pk, "sid": session.sid, "jti": session.token_jti}

    modules = {accounts.tokens.__name__, lending.loans.selectors.__name__, lending.savings.selectors.__name__}
    queries = [query for query in CompiledQuery.every if query.build.__module__ in modules]
    assert len(queries) == 7, [query.build.__module__ for query in queries]
    for query in queries:
        asked = {name: values[name] for name in query.parameters}
        expected = [tuple(row) for row in query.build(**asked)]
        assert expected, f"stock the bank so that {query.build} finds rows"
        with django_assert_num_queries(1):
            assert query.rows(**asked) == expected
