import json

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt, ensure_csrf_cookie

from bank.errors import error_body


def page_config() -> dict:
    session_ms = settings.BANK_SESSION_SECONDS * 1000
    countdown = min(settings.BANK_SESSION_WARNING_SECONDS, settings.BANK_SESSION_SECONDS)
    return {
        "product": settings.BANK_PRODUCT_NAME,
        "sessionMs": session_ms,
        "warningMs": session_ms - countdown * 1000,
        "countdownSeconds": countdown,
    }


@ensure_csrf_cookie
def spa(request, *args, **kwargs):
    """Every path that is not the API, the socket, static files or the admin site: the app's page."""
    # "<" escaped so that no value can close the script element it sits in
    config = json.dumps(page_config()).replace("<", "\\u003c")
    return render(request, "index.html", {"bank_config": config, "product": settings.BANK_PRODUCT_NAME})


@csrf_exempt  # a JSON 404 for any method: CSRF would answer an unwritten PUT with its HTML 403
def api_not_found(request, *args, **kwargs):
    return JsonResponse(error_body("No such API endpoint.", "not_found"), status=404)
