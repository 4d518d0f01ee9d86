"""One lockout for every door (docs/rules.md, "Signing in and sessions"): the Django admin site signs
in through the same service and the same per-address throttle as POST /api/login, so its failed
passwords count toward the same player block and the same officer cool-down (per officer and client
address, the address read as the throttle reads it), and its attempts share the same 30-a-minute
budget per client address.

A treasurer with a second factor gives its code on the same form (accounts/factors.py): the password
alone is refused, a wrong code counts toward the same lockout, and the session remembers the factor
(django-otp's `user.is_verified()`, which every page checks). While the bank requires a factor, a
treasurer without one is refused until they set one up on the bank's Security screen."""

from django import forms
from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm

from bank import roles
from bank.errors import BankError, throttled_detail

from . import factors, services
from .throttles import LoginRateThrottle, client_address

# A sign-in refused for one of these reasons says so; any other failure (no such name, a wrong
# password) reads as Django's one "enter the correct username and password" message.
TREASURERS_ONLY = "The Django admin site is for treasurers; other officers use the bank's admin panel."
SHOWN_REFUSALS = {"account_locked": 403, "account_blocked": 403}
CODE_NEEDED = (
    "This account signs in with a second factor: enter the 6-digit code from your authenticator app "
    "(or one of your recovery codes)."
)
CODE_WRONG = "That code is not right. Enter the code your authenticator app shows now, or a recovery code."
ENROL_FIRST = (
    "The bank requires a second factor for officers: sign in to the bank's admin panel and set one up on the "
    "Security screen first."
)


class BankAdminLoginForm(AdminAuthenticationForm):
    otp_token = forms.CharField(
        label="Code",
        required=False,
        max_length=64,
        strip=True,
        help_text="From your authenticator app, or a recovery code; leave empty if you have no second factor.",
        widget=forms.TextInput(attrs={"autocomplete": "one-time-code"}),
    )

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
        self._second_factor(user)
        return self.cleaned_data

    def _second_factor(self, user) -> None:
        """The password was right: an account with a factor needs its code too (counted as the app's
        sign-in counts it); one without, while the bank requires a factor, is sent to enrol first."""
        if not factors.has_factor(user):
            if factors.factor_required(user):
                raise forms.ValidationError(ENROL_FIRST, code="factor_enrolment_required")
            return
        code = self.cleaned_data.get("otp_token") or ""
        if not code:
            raise forms.ValidationError(CODE_NEEDED, code="factor_required")
        try:
            _user, device = services.auth_factor_check(
                user=user, code=code, address=client_address(self.request), door=services.DOOR_ADMIN_SITE
            )
        except BankError as error:
            if error.code in SHOWN_REFUSALS:
                setattr(self.request, "bank_sign_in_refusal", (SHOWN_REFUSALS[error.code], {}))  # noqa: B010
                raise forms.ValidationError(error.detail, code=error.code) from None
            raise forms.ValidationError(CODE_WRONG, code="wrong_code") from None
        # django-otp keeps the device in the session at Django's login (user.is_verified() from then on)
        user.otp_device = device


class BankAdminSite(admin.AdminSite):
    login_form = BankAdminLoginForm
    login_template = "admin/bank_login.html"

    def has_permission(self, request):
        """A treasurer's tool, checked on every page: a demoted or deactivated officer's open
        session loses it at once. An account with a second factor needs a session that gave it
        (django-otp's OTPMiddleware: `is_verified`); while the bank requires one, an account without
        a factor has no access."""
        if not (super().has_permission(request) and roles.may(request.user, roles.TREASURER)):
            return False
        if factors.has_factor(request.user):
            return bool(getattr(request.user, "is_verified", lambda: False)())
        return not factors.factor_required(request.user)

    def login(self, request, extra_context=None):
        response = super().login(request, extra_context)
        refusal = getattr(request, "bank_sign_in_refusal", None)
        if refusal is not None and response.status_code == 200:
            # the page shows why; the status says it too (a script's brute force sees 429 / 403)
            response.status_code, headers = refusal
            for name, value in headers.items():
                response[name] = value
        return response
