"""Several daphne processes on one listening socket share its connections fairly.

Under `make serve` supervisor opens one socket and hands it to every daphne process (deploy/
supervisord.conf). Each process's Twisted reactor, woken by a new connection, accepted every pending
connection at once (up to 100, and more the next time): a burst of connections (a browser's, a load
balancer's pool, wrk's 32) all went to whichever process woke first, and the other stayed idle. Here
a process accepts one connection, then looks away for a millisecond while the others take theirs:
the processes take turns, and a busy process, which wakes later, takes fewer.

Twisted's class is patched once, when the ASGI application loads in a daphne process that was handed
its socket (`--fd`); bank/tests/test_shared_socket.py fails loudly if Twisted changes what this
relies on (Port.doRead reading `numberAccepts` as the most connections to accept at once).
"""

import sys

# after taking a connection a process looks away this long, so that the other processes, woken by
# the same burst, take the next ones: at most 1,000 new connections a second per process
TURN_SECONDS = 0.001


def accept_one_at_a_time() -> None:
    from twisted.internet import reactor, tcp

    if getattr(tcp.Port.doRead, "bank_one_at_a_time", False):
        return
    accept_all = tcp.Port.doRead

    def look_again(port) -> None:
        if port.connected:  # not closed meanwhile (a shutdown)
            port.startReading()

    def do_read(self):
        self.numberAccepts = 1  # Twisted raises it after a full round; each round here takes one
        result = accept_all(self)
        if self.connected:
            self.stopReading()
            reactor.callLater(TURN_SECONDS, look_again, self)
        return result

    do_read.bank_one_at_a_time = True
    tcp.Port.doRead = do_read


def install() -> None:
    """In a daphne process that shares its socket with others (started with --fd), take turns."""
    if "--fd" in sys.argv:
        accept_one_at_a_time()
