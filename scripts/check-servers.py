"""Fails (exit 1) unless the PostgreSQL in DATABASE_URL and the Redis in REDIS_URL both answer."""

import os
import sys

import psycopg
import redis


def main() -> int:
    problems = []
    database_url, redis_url = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if not database_url or not redis_url:
        problems.append("DATABASE_URL and REDIS_URL must both be set")
    else:
        try:
            psycopg.connect(database_url, connect_timeout=5).close()
        except Exception as error:  # noqa: BLE001 - any failure to connect is the answer we report
            problems.append(f"PostgreSQL at {database_url} does not answer: {error}")
        try:
            redis.Redis.from_url(redis_url, socket_connect_timeout=5).ping()
        except Exception as error:  # noqa: BLE001 - likewise
            problems.append(f"Redis at {redis_url} does not answer: {error}")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
