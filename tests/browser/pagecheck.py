#!/usr/bin/env python3
"""pagecheck.py CHROMIUM PAGE.html -- movegen's analysis page in a real
browser (headless chromium, driven over the DevTools protocol on a pipe:
no network, no port).  Checks, and prints one line each:
  - no console error, no uncaught exception;
  - no request beyond the file itself;
  - the arrow keys step the board (Right: the next turn shown, Left: back);
  - a click on a move in the list shows its turn;
  - at 390 CSS pixels (a phone, the page's viewport meta applied) the body
    does not overflow horizontally and the chart text stays readable;
  - at 1280 the board and the move list stand side by side.
Exit 0 when all hold, 1 with the failures listed, 2 when the browser could
not be driven."""
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

DEADLINE = 60.0


class Browser:
    def __init__(self, exe, profile):
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()

        def fds():
            os.dup2(to_child_r, 3)
            os.dup2(from_child_w, 4)

        self.proc = subprocess.Popen(
            [exe, "--headless", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--disable-background-networking",
             "--disable-component-update", "--disable-sync",
             "--user-data-dir=" + profile, "--remote-debugging-pipe",
             "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, preexec_fn=fds, pass_fds=(3, 4))
        os.close(to_child_r)
        os.close(from_child_w)
        self.buf = b""
        self.next_id = 0
        self.events = []
        self.start = time.time()

    def read_message(self):
        while b"\0" not in self.buf:
            left = DEADLINE - (time.time() - self.start)
            if left <= 0:
                raise RuntimeError("the browser did not answer in time")
            ready, _, _ = select.select([self.from_child], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.from_child, 1 << 16)
            if not chunk:
                raise RuntimeError("the browser closed its pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def send(self, method, params=None, session=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.to_child, json.dumps(msg).encode() + b"\0")
        while True:
            m = self.read_message()
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError("%s: %s" % (method, m["error"]))
                return m.get("result", {})
            self.events.append(m)

    def wait_event(self, method):
        for i, m in enumerate(self.events):
            if m.get("method") == method:
                del self.events[i]
                return m
        while True:
            m = self.read_message()
            if m.get("method") == method:
                return m
            self.events.append(m)

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def main():
    exe, page = sys.argv[1], os.path.abspath(sys.argv[2])
    url = "file://" + page
    profile = tempfile.mkdtemp(prefix="pagecheck.")
    failures = []
    b = None
    try:
        b = Browser(exe, profile)
        targets = b.send("Target.getTargets")["targetInfos"]
        tid = [t for t in targets if t["type"] == "page"][0]["targetId"]
        s = b.send("Target.attachToTarget",
                   {"targetId": tid, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            b.send(domain + ".enable", session=s)

        def load(width, mobile):
            b.send("Emulation.setDeviceMetricsOverride",
                   {"width": width, "height": 900, "deviceScaleFactor": 1,
                    "mobile": mobile}, session=s)
            b.send("Page.navigate", {"url": url}, session=s)
            b.wait_event("Page.loadEventFired")

        def js(expr):
            r = b.send("Runtime.evaluate",
                       {"expression": expr, "returnByValue": True},
                       session=s)
            if "exceptionDetails" in r:
                raise RuntimeError("%s: %s" % (expr, r["exceptionDetails"]))
            return r["result"].get("value")

        def key(name, code):
            for kind in ("keyDown", "keyUp"):
                b.send("Input.dispatchKeyEvent",
                       {"type": kind, "key": name, "code": name,
                        "windowsVirtualKeyCode": code}, session=s)

        def check(ok, what):
            print(("ok    " if ok else "FAIL  ") + what)
            if not ok:
                failures.append(what)

        load(1280, False)
        shown = "document.querySelector('.turn.cur').id"
        n = js("document.querySelectorAll('.turn').length")
        check(n >= 2 and js(shown) == "t1",
              "one board shown at a time, turn 1 first (%s turns)" % n)
        check(js("[].filter.call(document.querySelectorAll('.turn'),"
                 "function(t){return t.offsetParent!==null}).length") == 1,
              "the other boards hidden")
        key("ArrowRight", 39)
        check(js(shown) == "t2", "ArrowRight shows turn 2")
        key("ArrowRight", 39)
        key("ArrowLeft", 37)
        check(js(shown) == "t2", "ArrowLeft steps back")
        js("document.querySelectorAll('#list tr[data-i]')[%d].click()" %
           (n - 1))
        check(js(shown) == "t%d" % n, "a click on the last move shows it")
        check(js("var a=document.getElementById('boardcol')."
                 "getBoundingClientRect(),l=document.getElementById("
                 "'listcol').getBoundingClientRect();l.left>=a.right-1"),
              "at 1280 the move list stands beside the board")
        check(js("document.documentElement.scrollWidth<=window.innerWidth"),
              "at 1280 no horizontal overflow")

        load(390, True)
        widths = js("[document.body.scrollWidth,document.documentElement."
                    "scrollWidth,window.innerWidth]")
        check(widths[0] <= widths[2] and widths[1] <= widths[2],
              "at 390 the body does not overflow (scroll widths %s, %s; "
              "viewport %s)" % tuple(widths))
        px = js("var s=document.querySelector('.chart svg');"
                "13*s.getBoundingClientRect().width/s.viewBox.baseVal.width")
        check(px >= 9, "at 390 the chart's smallest text is %.1f px" % px)
        key("ArrowRight", 39)
        check(js(shown) == "t2", "at 390 ArrowRight steps too")

        errors = [m for m in b.events
                  if m.get("method") == "Runtime.exceptionThrown" or
                  (m.get("method") == "Runtime.consoleAPICalled" and
                   m["params"]["type"] in ("error", "assert")) or
                  (m.get("method") == "Log.entryAdded" and
                   m["params"]["entry"]["level"] == "error")]
        for m in errors:
            print("  " + json.dumps(m["params"])[:300])
        check(not errors, "no console error (%d)" % len(errors))
        requests = sorted(set(
            m["params"]["request"]["url"] for m in b.events
            if m.get("method") == "Network.requestWillBeSent"))
        outside = [u for u in requests if u != url]
        for u in outside:
            print("  request: " + u[:200])
        check(not outside, "no request beyond the file itself")
    except Exception as e:
        print("pagecheck: %s" % e, file=sys.stderr)
        return 2
    finally:
        if b is not None:
            b.close()
        shutil.rmtree(profile, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
