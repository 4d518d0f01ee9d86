from rest_framework.permissions import BasePermission

from bank import roles


def _route_allows(request, user) -> bool:
    """Whether the officer's role may call this route with this method (bank.roles.ROUTES)."""
    match = getattr(request, "resolver_match", None)
    url_name = match.url_name if match else None
    method = request.method.upper()
    if method == "HEAD":
        method = roles.GET
    if method == "OPTIONS":  # what the route accepts: for an officer who may call any of it
        return any(roles.may(user, least) for least in roles.ROUTES.get(url_name or "", {}).values())
    return roles.may(user, roles.least_role(url_name, method))


def _refusal(request, user) -> str:
    match = getattr(request, "resolver_match", None)
    return roles.refusal(roles.role_of(user), roles.least_role(match.url_name if match else None, request.method))


class IsBankAdmin(BasePermission):
    """Officers run the bank, each route needing the least role the table names (bank.roles);
    the role is read from the authenticated user, never from input."""

    message = "Only bank admins can do this."

    def has_permission(self, request, view) -> bool:
        user = request.user
        if not (user and user.is_authenticated and user.is_staff):
            return False
        if not _route_allows(request, user):
            self.message = _refusal(request, user)
            return False
        return True


class OfficerRole(BasePermission):
    """On routes that players call too (a default permission): an officer passes only with the role
    the table names for the route, so a route left out of the table is closed to officers."""

    message = "Your role cannot do this."

    def has_permission(self, request, view) -> bool:
        user = request.user
        if not (user and user.is_authenticated and user.is_staff):
            return True  # players: the view's own checks decide
        if not _route_allows(request, user):
            self.message = _refusal(request, user)
            return False
        return True


class IsPlayer(BasePermission):
    """A player's own calls (asking for a loan, a withdrawal, an exchange): admins act through their
    own calls instead (Add Product, approvals), so an admin token answers 403 here."""

    message = "Only players can do this; admins use the admin panel's own actions."

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and not user.is_staff)


def require_role(user, least: str, *, what: str) -> None:
    """A check inside a view for a part of a call that needs more than the route (roles.FIELDS)."""
    from rest_framework.exceptions import PermissionDenied

    if not roles.may(user, least):
        have = roles.LABELS.get(roles.role_of(user) or "", "no role")
        raise PermissionDenied(f"Your role ({have}) cannot {what}: it needs a {roles.LABELS[least]}.")
