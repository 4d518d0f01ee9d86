from rest_framework.throttling import SimpleRateThrottle


class _AddressRateThrottle(SimpleRateThrottle):
    """Counts requests per client address (REST_FRAMEWORK NUM_PROXIES says which address)."""

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class LoginRateThrottle(_AddressRateThrottle):
    """Sign-in attempts per client address (setting BANK_LOGIN_RATE, default 30/min)."""

    scope = "login"


class RegisterRateThrottle(_AddressRateThrottle):
    """Registrations per client address (setting BANK_REGISTER_RATE, default 30/min), counted
    apart from sign-in attempts so that registering never uses up the sign-in budget."""

    scope = "register"
