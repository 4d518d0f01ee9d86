"""What a server process does once its application is loaded (plumbing)."""

import gc


def freeze_startup_objects() -> None:
    """Collect the start-up's garbage, then move what lives (modules, settings, URL patterns) to
    the permanent generation that collections skip: one `gc.freeze()`, Python's own documented use.
    The collector is otherwise left as Python sets it. Called by bank/asgi.py (and bank/wsgi.py)."""
    gc.collect()
    gc.freeze()
