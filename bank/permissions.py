from rest_framework.permissions import BasePermission


class IsBankAdmin(BasePermission):
    """Staff users run the bank; the role is read from the authenticated user, never from input."""

    message = "Only bank admins can do this."

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and user.is_staff)
