from django import forms
from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminPasswordChangeForm
from django.db import transaction
from django.http import HttpResponseRedirect
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice

from bank.errors import BankError

from . import rules
from .models import Player, User
from .services import (
    player_create,
    player_identity_change,
    player_identity_validate,
    player_unblock,
    player_update,
    user_password_changed,
)


class BankPasswordChangeForm(AdminPasswordChangeForm):
    """A password set on the site follows the bank's password rule, as everywhere else."""

    def clean_password1(self):
        password = self.cleaned_data.get("password1") or ""
        if password and len(password) < rules.PASSWORD_MIN_LENGTH:
            raise forms.ValidationError(rules.MSG_PASSWORD_SHORT)
        most = rules.SIGN_IN_PASSWORD_MAX_LENGTH if self.user.is_staff else rules.PASSWORD_MAX_LENGTH
        if len(password) > most:
            raise forms.ValidationError(f"Password must be at most {most} characters")
        return password


@admin.register(User)
class BankUserAdmin(UserAdmin):
    """Officers and players' users. An officer's role, display name, staff and active flags change only
    on the panel's Officers tab (accounts.officers: the last treasurer stays, a deactivation signs out,
    a display name is never a sign-in name)."""

    list_display = ["username", "display_name", "role", "is_staff", "is_active", "last_login", "date_joined"]
    list_filter = ["role", "is_staff", "is_active"]
    readonly_fields = [
        "role",
        "display_name",
        "is_staff",
        "is_superuser",
        "is_active",
        "groups",
        "user_permissions",
        "last_login",
    ]
    fieldsets = [
        (None, {"fields": ["username", "password"]}),
        ("Officer", {"fields": ["display_name", "role", "is_staff", "is_superuser", "is_active"]}),
        ("Dates", {"fields": ["last_login", "date_joined"]}),
    ]

    change_password_form = BankPasswordChangeForm

    def has_add_permission(self, request) -> bool:
        # a player's user comes from registration or a password reset, an officer from the Officers
        # tab (its role, lockout and namespace rules); a bare user here would belong to neither
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        # an officer is deactivated (the Officers tab) and a player's account goes with the player
        # (bulk delete): deleting a user here would blank who acted in the history (SET_NULL)
        return False

    def user_change_password(self, request, id, form_url=""):
        """A password changed here ends that user's sessions and sockets, unblocks a player and is in
        the audit trail, in the transaction that saves it (accounts.services.user_password_changed)."""
        if request.method != "POST":
            return super().user_change_password(request, id, form_url)
        with transaction.atomic():
            response = super().user_change_password(request, id, form_url)
            # saved: Django redirects to the user's page (a refused form answers 200, a conflicting
            # submission redirects back to this same page, and neither changed anything)
            if response.status_code == 302 and response.url != request.get_full_path():
                user_password_changed(user_id=int(id), admin=request.user)
        return response


class BlockedFilter(admin.SimpleListFilter):
    title = "blocked"
    parameter_name = "blocked"

    def lookups(self, request, model_admin):
        return [("yes", "Blocked"), ("no", "Not blocked")]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(blocked_at__isnull=False)
        if self.value() == "no":
            return queryset.filter(blocked_at__isnull=True)
        return queryset


class PlayerForm(forms.ModelForm):
    """Checks a name and discord as registration does (length, reserved names, one namespace)."""

    class Meta:
        model = Player
        fields = ["name", "discord", "bad_payer", "client_type", "has_solo_access"]

    def clean(self):
        cleaned = super().clean()
        if {"name", "discord"} & set(self.changed_data) or self.instance.pk is None:
            try:
                cleaned["name"], cleaned["discord"] = player_identity_validate(
                    name=cleaned.get("name"), discord=cleaned.get("discord"), player_id=self.instance.pk
                )
            except BankError as error:
                for field, field_messages in error.fields.items():
                    self.add_error(field if field in self.fields else None, field_messages)
                if not error.fields:
                    self.add_error(None, error.detail)
        return cleaned

    def validate_unique(self):
        # the services answer a taken name or discord in the bank's words (clean() above)
        pass


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = [
        "id",
        "name",
        "discord",
        "client_type",
        "bad_payer",
        "has_solo_access",
        "credit_score",
        "blocked_at",
        "created_at",
    ]
    list_filter = ["bad_payer", "client_type", BlockedFilter, "has_solo_access"]
    search_fields = ["name", "discord"]
    list_select_related = ["added_by"]
    raw_id_fields = ["user", "added_by"]
    form = PlayerForm
    # The score moves only through credit events, and blocking only through the unblock service
    # (which also resets the failed attempts), so the site shows them and does not edit them.
    # A player gets a user by registering (or an admin's password reset), never by a form.
    readonly_fields = ["user", "added_by", "credit_score", "created_at", "blocked_at", "failed_attempts"]
    actions = ["unblock"]

    def has_delete_permission(self, request, obj=None) -> bool:
        # a player leaves through bulk delete (operations.administration), which moves their savings out of
        # the books and records the removal; a delete here would cascade past the ledger and the trail
        return False

    def save_model(self, request, obj, form, change):
        """Through the services, as the API: only what the form changed, each under its lock
        (writing the whole row would put back a score or a block that changed meanwhile)."""
        data, changed = form.cleaned_data, set(form.changed_data)
        if change:
            if changed & {"name", "discord"}:
                player_identity_change(player_id=obj.pk, name=data["name"], discord=data["discord"], admin=request.user)
            flags = {name: data[name] for name in ("bad_payer", "has_solo_access", "client_type") if name in changed}
        else:
            created = player_create(
                name=data["name"], discord=data["discord"], admin=request.user, bad_payer=data["bad_payer"]
            )
            obj.pk, obj.added_by, obj.created_at = created.pk, created.added_by, created.created_at
            flags = {name: data[name] for name in ("has_solo_access", "client_type") if name in changed}
        if flags:
            player_update(player_id=obj.pk, admin=request.user, **flags)
        obj.refresh_from_db()

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except BankError as error:
            # the rules changed between the form's check and the save (another admin, a
            # registration): nothing was saved; say why on the same form
            self.message_user(request, error.detail, messages.ERROR)
            return HttpResponseRedirect(request.get_full_path())

    @admin.action(description="Unblock the selected players")
    def unblock(self, request, queryset):
        blocked = list(queryset.filter(blocked_at__isnull=False).values_list("pk", flat=True))
        for player_id in blocked:
            player_unblock(player_id=player_id, admin=request.user)
        self.message_user(request, f"{len(blocked)} player(s) unblocked.", messages.SUCCESS)


# Second factors are not edited on the site (it would show an authenticator's secret): an officer manages
# their own on the Security screen, another treasurer resets them (accounts/factors.py).
for _device in (TOTPDevice, StaticDevice):
    if admin.site.is_registered(_device):
        admin.site.unregister(_device)
