"""The Django admin site of the bank: Django's own, whose sign-in is the bank's (accounts/admin_site.py).

Named in INSTALLED_APPS instead of "django.contrib.admin". Kept apart from accounts/apps.py (Django
would find two app configs there) and light: the site is imported once the models are ready.
"""

from django.contrib.admin.apps import AdminConfig


class BankAdminConfig(AdminConfig):
    default_site = "accounts.admin_site.BankAdminSite"
