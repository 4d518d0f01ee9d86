"""The project's configuration: settings, URLs, the ASGI and WSGI applications and the daphne runner.

The top layer: it names every app and imports the site's views; nothing imports it."""
