"""One lockout for every door (docs/rules.md, "Signing in and sessions"): the Django admin site signs
in through the same service and the same per-address throttle as POST /api/login, so its failed
passwords count toward the same player block and the same officer cool-down (per officer and client
address, the address read as the throttle reads it), and its attempts share the same 30-a-minute
budget per client address."""

from django import forms
from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm

from bank import roles
from bank.errors import BankError, throttled_detail

from . import services
from .throttles import LoginRateThrottle, client_address

# A sign-in refused for one of these reasons says so; any other failure (no such name, a wrong
# password) reads as Django's one "enter the correct username and password" message.
TREASURERS_ONLY = "The Django admin site is for treasurers; other officers use the bank's admin panel."
SHOWN_REFUSALS = {"account_locked": 403, "account_blocked": 403}


class BankAdminLoginForm(AdminAuthenticationForm):
    def clean(self):
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if username is None or not password:
            return self.cleaned_data  # the fields' own "required" errors say what is missing
        throttle = LoginRateThrottle()
        if not throttle.allow_request(self.request, None):
            wait = int(throttle.wait() or 60)
            self.request.bank_sign_in_refusal = (429, {"Retry-After": str(wait)})
            raise forms.ValidationError(throttled_detail(wait), code="throttled")
        try:
            user = services.auth_login(
                username=username,
                password=password,
                address=client_address(self.request),
                door=services.DOOR_ADMIN_SITE,
            )
        except BankError as error:
            if error.code in SHOWN_REFUSALS:
                self.request.bank_sign_in_refusal = (SHOWN_REFUSALS[error.code], {})
                raise forms.ValidationError(error.detail, code=error.code) from None
            raise self.get_invalid_login_error() from None
        self.user_cache = user
        self.confirm_login_allowed(user)  # a player's right password is still not a staff account
        if not roles.may(user, roles.TREASURER):
            # the site edits every table: it is a treasurer's tool (bank.roles)
            raise forms.ValidationError(TREASURERS_ONLY, code="not_a_treasurer")
        return self.cleaned_data


class BankAdminSite(admin.AdminSite):
    login_form = BankAdminLoginForm

    def has_permission(self, request):
        """A treasurer's tool, checked on every page: a demoted or deactivated officer's open
        session loses it at once."""
        return super().has_permission(request) and roles.may(request.user, roles.TREASURER)

    def login(self, request, extra_context=None):
        response = super().login(request, extra_context)
        refusal = getattr(request, "bank_sign_in_refusal", None)
        if refusal is not None and response.status_code == 200:
            # the page shows why; the status says it too (a script's brute force sees 429 / 403)
            response.status_code, headers = refusal
            for name, value in headers.items():
                response[name] = value
        return response
