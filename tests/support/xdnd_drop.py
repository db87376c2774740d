#!/usr/bin/env python3
"""Drops files onto an X window by the XDND protocol (version 5), as a file manager does.

    xdnd_drop.py WINDOW URI...

WINDOW is the target's id (decimal or 0x hex, as `xdotool search` prints it); each URI is offered
in one `text/uri-list` (CR LF after each, as the type asks). The script plays the source's part:
XdndEnter, XdndPosition, waits for XdndStatus, XdndDrop, answers the target's SelectionRequest
with the list, and waits for XdndFinished. Exit 0 when the target accepted the drop, 1 when it
refused it, 2 on a timeout (10 s) or a protocol error. Needs python-xlib (Debian: python3-xlib).
"""

import select
import sys
import time

from Xlib import X, display
from Xlib.protocol import event

TIMEOUT = 10.0


def main():
    if len(sys.argv) < 3:
        print("usage: xdnd_drop.py WINDOW URI...", file=sys.stderr)
        return 2
    d = display.Display()
    atom = d.intern_atom
    target = d.create_resource_object("window", int(sys.argv[1], 0))
    payload = "".join(uri + "\r\n" for uri in sys.argv[2:]).encode()
    root = d.screen().root
    source = root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
    source.set_selection_owner(atom("XdndSelection"), X.CurrentTime)

    def send(kind, data):
        ev = event.ClientMessage(window=target, client_type=atom(kind), data=(32, data))
        target.send_event(ev, event_mask=0)
        d.flush()

    geometry = target.get_geometry()
    where = target.translate_coords(root, geometry.width // 2, geometry.height // 2)
    uri_list = atom("text/uri-list")
    send("XdndEnter", [source.id, 5 << 24, uri_list, 0, 0])
    send(
        "XdndPosition",
        [source.id, 0, (where.x << 16) | where.y, X.CurrentTime, atom("XdndActionCopy")],
    )
    dropped = False
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if not d.pending_events():
            select.select([d.fileno()], [], [], 0.1)
            continue
        ev = d.next_event()
        if ev.type == X.ClientMessage:
            kind = d.get_atom_name(ev.client_type)
            values = ev.data[1]
            if kind == "XdndStatus" and not dropped:
                if not values[1] & 1:
                    print("xdnd_drop: the target does not accept the drop", file=sys.stderr)
                    send("XdndLeave", [source.id, 0, 0, 0, 0])
                    return 1
                dropped = True
                send("XdndDrop", [source.id, 0, X.CurrentTime, 0, 0])
            elif kind == "XdndFinished":
                return 0 if values[1] & 1 else 1
        elif ev.type == X.SelectionRequest:
            prop = ev.property or ev.target
            if ev.target == uri_list:
                ev.requestor.change_property(prop, ev.target, 8, payload)
            else:
                prop = X.NONE
            notify = event.SelectionNotify(
                time=ev.time,
                requestor=ev.requestor,
                selection=ev.selection,
                target=ev.target,
                property=prop,
            )
            ev.requestor.send_event(notify)
            d.flush()
    print("xdnd_drop: no XdndFinished from the target within 10 s", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
