"""Fake migration sources in SQL, for the tests: fixed counts the database reads as a table."""

from credit import migration


def fixed_counts_sql(counts: dict[int, dict[str, int]]):
    """A source's `grouped` form answering fixed counts: one SELECT of literal values per player."""

    def grouped(players):
        selects, params = [], []
        for player_id, player_counts in counts.items():
            values = [player_id, *(player_counts.get(name, 0) for name in migration.COUNT_NAMES)]
            columns = ", ".join(f"%s AS {name}" for name in ("player_id", *migration.COUNT_NAMES))
            selects.append(f"SELECT {columns}")
            params += values
        if not selects:  # no row, the same columns
            selects.append(
                f"SELECT {', '.join(f'0 AS {name}' for name in ('player_id', *migration.COUNT_NAMES))} WHERE 1 = 0"
            )
        sql = f"SELECT * FROM ({' UNION ALL '.join(selects)}) fixed"
        if players is not None:
            sql += f" WHERE player_id IN ({players[0]})"
            params += list(players[1])
        return sql, params, migration.COUNT_NAMES

    return grouped
