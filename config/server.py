"""daphne as the bank runs it: `python -m config.server [daphne's options] config.asgi:application`.

daphne's own command line, with one change: its access log is an event of the bank's log like any
other (logger `daphne.access`, bank/logs.py), in the format the settings choose (JSON lines in
production, readable lines in `make run`), every address written through `bank.redaction.redact_uri`,
so that a token or a ticket someone put in a URL never reaches a log (the API refuses such a call, but
daphne logs the address it refused). `--access-log` and the verbosity still say whether there is an
access log; where it goes is the log's (standard error). A live socket's connect, reject and
disconnect are written at INFO; an HTTP answer at DEBUG only, since the request's own line
(`request_finished`, bank/request_log.py) says it with its request id, route and duration.
`make run`, `make serve` (deploy/supervisord.conf) and the tests' servers start the bank this way.
"""

import structlog
from daphne.cli import CommandLineInterface
from daphne.server import Server

from bank.redaction import redact_uri

access_log = structlog.get_logger("daphne.access")


class LoggedActions:
    """daphne's action logger (its access log): each entry an event of the bank's log."""

    def __call__(self, protocol, action, details):
        if not isinstance(details, dict):
            return
        path = redact_uri(details["path"]) if isinstance(details.get("path"), str) else None
        if protocol == "http" and action == "complete":
            taken = details.get("time_taken")
            access_log.debug(
                "http_answered",
                method=details.get("method"),
                path=path,
                status=details.get("status"),
                size=details.get("size"),
                duration_ms=round(taken * 1000, 1) if isinstance(taken, (int, float)) else None,
                client=details.get("client"),
            )
        elif protocol == "websocket":
            access_log.info(f"socket_{action}", path=path, client=details.get("client"))


class BankServer(Server):
    def __init__(self, *args, action_logger=None, **kwargs):
        if action_logger is not None:
            action_logger = LoggedActions()
        super().__init__(*args, action_logger=action_logger, **kwargs)


class BankCommandLineInterface(CommandLineInterface):
    server_class = BankServer


if __name__ == "__main__":
    BankCommandLineInterface.entrypoint()
