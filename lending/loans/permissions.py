"""Who may call the loans' routes, beyond the bank-wide classes of bank.permissions."""

from rest_framework.permissions import BasePermission

from accounts.selectors import own_player
from bank.permissions import IsBankAdmin


class SoloDividendsAccess(BasePermission):
    """The solo dividends: officers read and set them, each with the role the route table names
    (bank.permissions.OfficerRole decides, before this class); a player with solo access reads
    them; no player sets them."""

    def has_permission(self, request, view) -> bool:
        user = request.user
        if user.is_staff:
            return True
        if request.method in ("GET", "HEAD"):
            self.message = "Solo dividends are for admins and solo-access players."
            player = own_player(user)
            return bool(player and player.has_solo_access)
        if request.method == "PUT":
            self.message = IsBankAdmin.message
            return False
        return True  # OPTIONS describes the route; a method the view lacks answers 405
