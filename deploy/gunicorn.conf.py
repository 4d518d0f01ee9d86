"""gunicorn for Guild Bank's HTTP (`make serve`, deploy/supervisord.conf): pre-forked sync workers, each
serving one request at a time with Django's PostgreSQL pool, behind nginx (deploy/nginx.conf).

Every value comes from the environment that deploy/serve prepares."""

import os

from bank.logs import level_name, logging_config

bind = f"unix:{os.environ['BANK_RUN_DIR']}/http.sock"
workers = int(os.environ.get("HTTP_WORKERS", "2"))
worker_class = "sync"
# nginx buffers the request and the answer, so a sync worker never waits on a slow client; a request
# that runs longer than this is a fault (a restore is a command, not a request)
timeout = 60
graceful_timeout = 30
# the limits on the request line and the headers are nginx's (16 KB each, answered 414 and 431 in the
# API's shape): gunicorn's own, lower, would answer a page of HTML first
limit_request_line = 0
limit_request_field_size = 0
limit_request_fields = 1000
# the access log is nginx's; gunicorn's would only repeat it
accesslog = None
errorlog = "-"
loglevel = "info"
# gunicorn's own lines (a worker booted, a worker timed out) as the bank's: one JSON object a line, every
# line through the redaction of secrets (bank/logs.py); a worker's Django writes its lines the same way
logconfig_dict = logging_config(os.environ.get("BANK_LOG_FORMAT", "json"), level_name("INFO"))
logconfig_dict["loggers"]["gunicorn.error"] = {"handlers": ["console"], "propagate": False}
# the address of the client comes from nginx only (X-Forwarded-For, BANK_NUM_PROXIES=1)
forwarded_allow_ips = "*"
proc_name = "guild-bank-http"
# gunicorn's control interface lives with the layout's other sockets, not in the user's home where
# every gunicorn of that user would share it
control_socket = f"{os.environ['BANK_RUN_DIR']}/gunicorn.ctl"


def child_exit(server, worker):
    """A worker ended (restarted after `timeout`, killed, or stopped with the rest): in /metrics
    (prometheus_client's multiprocess mode, operations/metrics.py) its live gauges, the database pool's
    figures, leave the sums; its counters stay in them, as counters must."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)
