"""`durakc serve [--port P] [--host H]`: the playground in the browser (durakc.web)."""

from __future__ import annotations

import signal
import sys
from dataclasses import replace

from durakc.commands._common import usage_error

NAME = "serve"
HELP = ("start the playground, a local web app: edit a spec with live diagnostics, explain "
        "it, play it against bots, compare it, share it by link")


def add_arguments(parser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only); "
                             "an address other machines can reach needs --public")
    parser.add_argument("--public", action="store_true",
                        help="allow a --host other machines can reach: anyone who reaches it "
                             "can use the playground, and its processors")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="also answer requests naming the server NAME in their Host "
                             "header (besides localhost and the --host address); repeatable")
    parser.add_argument("--port", type=int, default=8321,
                        help="port to listen on (default 8321; 0 picks a free one)")
    parser.add_argument("--workers", type=int, default=1,
                        help="worker processes per lane of work (editor, games, comparisons; "
                             "default 1 each)")
    parser.add_argument("--verbose", action="store_true", help="log every request on stderr")


def run(args) -> int:
    from durakc.web.hosts import is_loopback
    from durakc.web.limits import Limits
    from durakc.web.server import Playground

    if not 0 <= args.port <= 65535:
        return usage_error(f"--port must be 0-65535, not {args.port}")
    if not 1 <= args.workers <= 32:
        return usage_error(f"--workers must be 1-32, not {args.workers}")
    if not is_loopback(args.host):
        if not args.public:
            return usage_error(f"--host {args.host} is not a loopback address: other machines "
                               "could use the playground; add --public if that is meant")
        print(f"durakc playground: WARNING: listening on {args.host} (--public): anyone who "
              "can reach this address can use the playground, with no password",
              file=sys.stderr, flush=True)
    app = Playground(args.host, args.port, replace(Limits(), workers=args.workers),
                     verbose=args.verbose, allow_hosts=args.allow_host)
    try:
        url = app.start()
    except OSError as exc:
        app.close()
        return usage_error(f"can not listen on {args.host}:{args.port}: "
                           f"{exc.strerror or exc} (choose another --port)")
    print(f"durakc playground: open {url} in a browser (Ctrl-C stops it)", flush=True)
    # Ctrl-C and SIGTERM only ask the loop to stop: a KeyboardInterrupt raised wherever the
    # main thread happens to be (inside a lock, starting a handler thread) could be turned
    # into another exception and swallowed by the server's error handler.
    previous = {sig: signal.signal(sig, app.request_stop)
                for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        app.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        app.close()
    print("durakc playground: stopped", file=sys.stderr)
    return 0
