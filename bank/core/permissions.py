from rest_framework.permissions import BasePermission


class IsBankAdmin(BasePermission):
    """Staff users run the bank; the role is read from the authenticated user, never from input."""

    message = "Only bank admins can do this."

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and user.is_staff)


class IsPlayer(BasePermission):
    """A player's own calls (asking for a loan, a withdrawal, an exchange): admins act through their
    own calls instead (Add Product, approvals), so an admin token answers 403 here."""

    message = "Only players can do this; admins use the admin panel's own actions."

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and not user.is_staff)
