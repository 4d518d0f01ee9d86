"""One ASGI application: the page, the API and static files over HTTP, live notices over WebSocket."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402

from bank.startup import freeze_startup_objects  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402
from operations.metrics import start_pool_sampler  # noqa: E402
from operations.tasks import start_worker_thread  # noqa: E402

if settings.BANK_BACKGROUND_IN_SERVER:
    # the background tasks (Discord notifications, the daily jobs) run in a worker thread of the server
    # (`make run`); `make serve` runs `manage.py db_worker` in a process of its own instead
    start_worker_thread()

# this process's database pool in /metrics (its figures can only be read in the process that holds it)
start_pool_sampler()

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(URLRouter(websocket_urlpatterns)),
    }
)
# loaded: what start-up made lives for good, out of the collector's walks (bank/startup.py)
freeze_startup_objects()
