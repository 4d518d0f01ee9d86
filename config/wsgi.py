"""The WSGI application: every HTTP request of `make serve`, in gunicorn's pre-forked sync workers
behind the front proxy (deploy/nginx.conf). WebSockets go to daphne (config.asgi); `make run` serves
both from one daphne process and does not use this module."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")

application = get_wsgi_application()

from bank.startup import freeze_startup_objects  # noqa: E402
from operations.metrics import start_pool_sampler  # noqa: E402

# this worker's database pool in /metrics (its figures can only be read in the process that holds it)
start_pool_sampler()
# loaded: what start-up made lives for good, out of the collector's walks (bank/startup.py)
freeze_startup_objects()
