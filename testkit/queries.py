"""What query-count pins build on."""

# Authenticating a call costs one query: the session (current token, not ended, not expired) with its
# user and the user's player (`accounts/authentication.py`). A pin reads AUTH_QUERIES + the call's own.
AUTH_QUERIES = 1
