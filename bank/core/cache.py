"""Django's Redis cache, counting in this process while Redis cannot be reached (plumbing).

The cache keeps the sign-in throttle's counts. With Redis down the throttle used to stop counting
(it fails open), and with Redis hanging every sign-in waited on it. Here every call has short socket
timeouts (settings: 0.5 s), and a call that fails switches this process to a local in-memory cache
for FALLBACK_SECONDS: sign-ins are still counted, per process, and no request waits on Redis again
until then. Counts made meanwhile stay local; Redis's own counts resume when it answers again.
"""

import logging
import threading
import time

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache

try:
    from redis.exceptions import RedisError
except ImportError:  # pragma: no cover - redis-py comes with channels-redis
    RedisError = OSError

logger = logging.getLogger("bank.core.cache")

FALLBACK_SECONDS = 10.0
CACHE_DOWN_ERRORS = (RedisError, OSError)
# the cache calls that reach Redis; each one falls back to the local cache while Redis is away
_CALLS = (
    "add",
    "get",
    "set",
    "touch",
    "delete",
    "get_many",
    "has_key",
    "incr",
    "decr",
    "set_many",
    "delete_many",
    "clear",
)


# Django makes a cache object per thread, and under ASGI every request has a thread of its own: the
# fallback's counts and the moment Redis is tried again belong to the process, not to an object.
_lock = threading.Lock()
_down_until: dict[str, float] = {}


class ResilientRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._location = str(server)
        # LocMemCache keeps its entries per name, for the whole process
        self._local = LocMemCache(f"bank-fallback-{self._location}", {"OPTIONS": {"MAX_ENTRIES": 10_000}})

    def _redis_away(self) -> bool:
        return time.monotonic() < _down_until.get(self._location, 0.0)

    def _fall_back(self, error: BaseException) -> None:
        with _lock:
            first = not self._redis_away()
            _down_until[self._location] = time.monotonic() + FALLBACK_SECONDS
        if first:
            logger.warning(
                "Redis did not answer (%s: %s): counting in this process for %.0f s",
                type(error).__name__,
                error,
                FALLBACK_SECONDS,
            )


def _resilient(name: str):
    redis_call = getattr(RedisCache, name)
    local_call = getattr(LocMemCache, name)

    def call(self, *args, **kwargs):
        if not self._redis_away():
            try:
                return redis_call(self, *args, **kwargs)
            except CACHE_DOWN_ERRORS as error:
                self._fall_back(error)
        return local_call(self._local, *args, **kwargs)

    call.__name__ = name
    call.__doc__ = f"RedisCache.{name}, or the local cache's while Redis cannot be reached."
    return call


for _name in _CALLS:
    setattr(ResilientRedisCache, _name, _resilient(_name))
