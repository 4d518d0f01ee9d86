import logging

from rest_framework.throttling import SimpleRateThrottle

try:  # the cache is Redis when REDIS_URL is set (redis-py comes with channels-redis)
    from redis.exceptions import RedisError
except ImportError:  # pragma: no cover - without redis-py there is no Redis cache to fail
    RedisError = OSError  # type: ignore[misc,assignment]  # stands in for redis-py's errors

logger = logging.getLogger(__name__)

# What a cache that cannot be reached raises: redis-py's errors, and sockets' own.
CACHE_DOWN_ERRORS = (RedisError, OSError)


class _AddressRateThrottle(SimpleRateThrottle):
    """Counts requests per client address (REST_FRAMEWORK NUM_PROXIES says which address).

    Fails open: when the cache that keeps the counts cannot be reached, the request goes through
    and a warning is logged. Signing in must not stop because Redis did; the per-player lockout
    after five wrong passwords lives in the database and still applies.
    """

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}

    def allow_request(self, request, view):
        try:
            return super().allow_request(request, view)
        except CACHE_DOWN_ERRORS as error:
            logger.warning("The %s throttle is not counting: its cache is unreachable (%s)", self.scope, error)
            return True


class LoginRateThrottle(_AddressRateThrottle):
    """Sign-in attempts per client address (setting BANK_LOGIN_RATE, default 30/min)."""

    scope = "login"


class RegisterRateThrottle(_AddressRateThrottle):
    """Registrations per client address (setting BANK_REGISTER_RATE, default 30/min), counted
    apart from sign-in attempts so that registering never uses up the sign-in budget."""

    scope = "register"


def client_address(request) -> str:
    """The client's address exactly as the sign-in throttle counts it: the connection's address, or
    with BANK_NUM_PROXIES trusted proxies in front the one they name in X-Forwarded-For (DRF's
    NUM_PROXIES). An officer's lockout is kept per this address (docs/rules.md, "Signing in and
    sessions"), at both doors."""
    return LoginRateThrottle().get_ident(request) or "unknown"
