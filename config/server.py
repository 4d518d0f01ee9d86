"""daphne as the bank runs it: `python -m config.server [daphne's options] config.asgi:application`.

daphne's own command line, with one change: its access log writes every address through
`bank.redaction.redact_uri`, so that a token or a ticket someone put in a URL never reaches a log
file (the API refuses such a call, but daphne logs the address it refused). `make run`, `make serve`
(deploy/supervisord.conf) and the tests' servers start the bank this way.
"""

from daphne.cli import CommandLineInterface
from daphne.server import Server

from bank.redaction import redact_uri


class RedactingActionLogger:
    """Wraps daphne's action logger (the access log): the address of every entry is redacted."""

    def __init__(self, logger):
        self.logger = logger

    def __call__(self, protocol, action, details):
        if isinstance(details, dict) and isinstance(details.get("path"), str):
            details = {**details, "path": redact_uri(details["path"])}
        self.logger(protocol, action, details)


class BankServer(Server):
    def __init__(self, *args, action_logger=None, **kwargs):
        if action_logger is not None:
            action_logger = RedactingActionLogger(action_logger)
        super().__init__(*args, action_logger=action_logger, **kwargs)


class BankCommandLineInterface(CommandLineInterface):
    server_class = BankServer


if __name__ == "__main__":
    BankCommandLineInterface.entrypoint()
