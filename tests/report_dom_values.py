#!/usr/bin/python3
"""report_dom_values.py - the validation report's calculator, rendered by
headless Chromium, against `mcsim estimate --format json` (tests/report_test.sh
runs it; standard library only).

  report_dom_values.py run CHROMIUM MCSIM REPORT CONFIG
      For several input sets (a series of the sweep, a path count, prices):
      load REPORT?query in Chromium, read every out-* element's data-value
      from the dumped DOM (the page reads mcsim's predictions on its grid of
      path counts; it has no model of its own), run the same job at the
      grid's path count through `mcsim estimate ... --format json` and
      compare (relative 1e-9; break-even 1e-6); the sections numbered without
      gaps. One line per difference; exit 1 on any.
  report_dom_values.py cpu-only CHROMIUM REPORT
      A report validated with a CPU-only profile: the calculator still works
      (status ok), the CPU-only notice is shown, and there are no summary
      cards, no "0 of 0" and no speedup section left empty, and the shown
      sections are numbered 1, 2, ... without gaps. Exit 1 if not.
  report_dom_values.py dom CHROMIUM REPORT [QUERY]
      Print the out-* data-values of one rendering (for debugging).
"""
import html.parser
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

TOL = 1e-9
TOL_BREAK_EVEN = 1e-6
PHASES = ["config", "context", "device_query", "setup", "alloc", "rng_init", "h2d",
          "simulate", "d2h", "reduce", "teardown", "write", "total"]


class OutValues(html.parser.HTMLParser):
    """Collects data-value of every element whose id starts with out-."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.values = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        ident = a.get("id") or ""
        if ident.startswith("out-") and "data-value" in a:
            self.values[ident] = a["data-value"]


class Dom(html.parser.HTMLParser):
    """Every element's id, class and hidden flag, and the page's text
    (outside script and style)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements = []
        self.text = []
        self.code = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.elements.append((tag, a.get("id") or "", a.get("class") or "", "hidden" in a))
        self.code += tag in ("script", "style")

    def handle_endtag(self, tag):
        self.code -= tag in ("script", "style") and self.code > 0

    def handle_data(self, data):
        if not self.code:
            self.text.append(data)


def dump_dom(chromium, report, query=None):
    """The DOM of REPORT?query after Chromium ran its script, as text."""
    url = "file://" + urllib.parse.quote(os.path.abspath(report))
    if query:
        url += "?" + urllib.parse.urlencode(query)
    profile_dir = tempfile.mkdtemp(prefix="mcsim_report_chromium.")
    try:
        cmd = [chromium, "--headless=new", "--no-sandbox", "--disable-gpu",
               "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check",
               "--user-data-dir=" + profile_dir, "--virtual-time-budget=5000",
               "--dump-dom", url]
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=180)
        except subprocess.TimeoutExpired:
            raise RuntimeError("chromium did not finish within 180 s: " + url)
    finally:
        shutil.rmtree(profile_dir, ignore_errors=True)
    dom = p.stdout.decode("utf-8", "replace")
    if p.returncode != 0 or "<html" not in dom:
        err = p.stderr.decode("utf-8", "replace").strip().splitlines()[-5:]
        raise RuntimeError("chromium failed (exit %d) on %s: %s" % (p.returncode, url, " | ".join(err)))
    return dom, url


def render(chromium, report, query):
    """The out-* data-values of REPORT?query after Chromium ran its script."""
    dom, url = dump_dom(chromium, report, query)
    parser = OutValues()
    parser.feed(dom)
    return parser.values, url


def embedded_data(report):
    """MCS_DATA as the C side embedded it (const MCS_DATA = {...};)."""
    with open(report, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^[ \t]*const MCS_DATA[ \t]*=[ \t]*", text, re.M)
    if not m:
        raise RuntimeError("%s holds no line 'const MCS_DATA = ...' (is it the bare template?)"
                           % report)
    data, _ = json.JSONDecoder().raw_decode(text, m.end())
    return data


def page_value(vals, ident):
    """A data-value as Python: None for null, float for numbers, else the text."""
    if ident not in vals:
        return ("missing",)
    v = vals[ident]
    if v == "null":
        return None
    try:
        return float(v)
    except ValueError:
        return v


def same(a, b, tol):
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, tuple) or isinstance(b, tuple):
        return False
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    a, b = float(a), float(b)
    if a == b:
        return True
    return abs(a - b) <= tol * max(abs(a), abs(b))


def show(v):
    if isinstance(v, tuple):
        return "(no such element)"
    if v is None:
        return "null"
    if isinstance(v, float):
        return repr(v)
    return json.dumps(v)


def expected_values(est):
    """(element id, value from mcsim estimate's JSON, tolerance) to compare."""
    out = []
    for mode in ("cold", "warm"):
        s = est[mode]
        for side in ("cpu", "gpu"):
            p = s[side]
            phases = p.get("phases") if p.get("available") else None
            out.append(("out-%s-%s-total" % (mode, side), phases["total"] if phases else None, TOL))
            for ph in PHASES:
                out.append(("out-%s-%s-phase-%s" % (mode, side, ph),
                            phases[ph] if phases else None, TOL))
        out.append(("out-%s-gpu-launches" % mode,
                    s["gpu"].get("launches") if s["gpu"].get("available") else None, TOL))
        out.append(("out-%s-speedup" % mode, s.get("speedup"), TOL))
        out.append(("out-%s-faster" % mode, s.get("faster"), 0))
        out.append(("out-%s-break-even" % mode, s.get("break_even_paths"), TOL_BREAK_EVEN))
        out.append(("out-%s-cpu-cost" % mode, s.get("cpu_cost"), TOL))
        out.append(("out-%s-gpu-cost" % mode, s.get("gpu_cost"), TOL))
    out.append(("out-threads", est.get("threads"), 0))
    out.append(("out-cpu-rng", est["cold"]["cpu"].get("rng"), 0))
    out.append(("out-gpu-rng", est["cold"]["gpu"].get("rng"), 0))
    out.append(("out-cpu-price", est.get("cpu_price_per_hour"), TOL))
    out.append(("out-gpu-price", est.get("gpu_price_per_hour"), TOL))
    for side in ("cpu", "gpu"):  # the kernel's own measured costs, or the fallback
        p = est["cold"][side] or {}
        out.append(("out-%s-kernel-costs" % side,
                    p.get("kernel_costs") if p.get("available") else None, 0))
    return out


def estimate_command(mcsim, config, data, q):
    """`mcsim estimate` of the calculator's inputs: the series' settings and
    the grid's path count nearest the one asked for (the page's out-paths)."""
    gs = data["grid"]["series"][int(q["series"])]
    cmd = [mcsim, "estimate", config, "--paths", q["grid_paths"],
           "--set", "simulation.steps=%d" % gs["steps"],
           "--set", "simulation.precision=" + gs["precision"],
           "--set", "simulation.rng=" + gs["rng"],
           "--set", "simulation.block_size=%d" % gs["block_size"],
           "--threads", "%d" % gs["threads"], "--cpu", data["cpu_profile"]]
    if data.get("gpu_profile"):
        cmd += ["--gpu", data["gpu_profile"]]
    if "cpu_price" in q:
        cmd += ["--cpu-price", q["cpu_price"]]
    if "gpu_price" in q:
        cmd += ["--gpu-price", q["gpu_price"]]
    return cmd + ["--format", "json"]


def nearest(paths, n):
    """The grid path count nearest n on a log scale (the page's rule)."""
    return min(paths, key=lambda x: abs(math.log(x / n)))


def cases(data):
    """Input sets: every series of the sweep whose generators one rng setting
    gives, at sizes 1e3..1e10 (on the grid and between its points), prices
    given or the profiles' defaults."""
    paths = data["grid"]["paths"]
    out = []
    for k, gs in enumerate(data["grid"]["series"]):
        if not gs.get("rng"):
            continue
        for asked, prices in (("1e3", {"cpu_price": "0.5", "gpu_price": "2.5"}),
                              ("1e6", {}),
                              ("1e8", {"cpu_price": "0.45", "gpu_price": "3.99"}),
                              ("1e10", {"cpu_price": "0", "gpu_price": "10"}),
                              ("12345678", {"cpu_price": "1.25", "gpu_price": "1.25"}),
                              ("500000", {"cpu_price": "0.5"}),
                              ("3e7", {"gpu_price": "0.75"})):
            q = dict(prices, paths=asked, series=str(k))
            q["grid_paths"] = "%d" % nearest(paths, float(asked))
            out.append(q)
    return out


def run(chromium, mcsim, report, config):
    try:
        data = embedded_data(report)
    except (OSError, ValueError, RuntimeError) as e:
        print("report_test: cannot read the report's data: %s" % e)
        return 1
    # where mcsim looks for profiles/NAME.ini: the report's folder, or $REPORT_TEST_CWD
    workdir = os.environ.get("REPORT_TEST_CWD") or os.path.dirname(os.path.abspath(report))
    compared = 0
    bad = 0
    try:
        for p in section_number_problems(dump_dom(chromium, report)[0]):
            print("report_test: " + p)
            bad += 1
    except RuntimeError as e:
        print("report_test: %s" % e)
        bad += 1
    for k, q in enumerate(cases(data), 1):
        label = "case %d (%s)" % (k, urllib.parse.urlencode(q))
        try:
            vals, url = render(chromium, report,
                               {key: v for key, v in q.items() if key != "grid_paths"})
        except RuntimeError as e:
            print("report_test: %s: %s" % (label, e))
            bad += 1
            continue
        status = vals.get("out-status")
        if status != "ok":
            print("report_test: %s: the page's status is %r, not 'ok'" % (label, status))
            bad += 1
            continue
        if page_value(vals, "out-paths") != float(q["grid_paths"]):
            print("report_test: %s: out-paths = %s, not the grid's %s" % (
                label, show(page_value(vals, "out-paths")), q["grid_paths"]))
            bad += 1
        cmd = estimate_command(mcsim, config, data, q)
        p = subprocess.run(cmd, cwd=workdir, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=300)
        if p.returncode != 0:
            print("report_test: %s: `%s` exited %d: %s" % (
                label, " ".join(cmd), p.returncode, p.stderr.decode("utf-8", "replace").strip()))
            bad += 1
            continue
        try:
            est = json.loads(p.stdout.decode("utf-8"))
            expected = expected_values(est)
        except (ValueError, KeyError, TypeError) as e:
            print("report_test: %s: cannot read mcsim estimate's JSON (%s): %s" % (
                label, e, p.stdout.decode("utf-8", "replace")[:400]))
            bad += 1
            continue
        for ident, want, tol in expected:
            got = page_value(vals, ident)
            compared += 1
            if not same(got, want, tol):
                bad += 1
                print("report_test: %s: %s: page %s, mcsim estimate %s" % (
                    label, ident, show(got), show(want)))
    if compared == 0:
        print("report_test: no values compared (no series of the sweep that one rng gives)")
        return 1
    if bad:
        print("report_test: %d values compared, %d differ" % (compared, bad))
        return 1
    print("report_test: %d values compared, all equal" % compared)
    return 0


def section_number_problems(dom):
    """The shown sections' headings must be numbered 1, 2, ... without gaps, and
    hidden ones not at all: a list of what is wrong."""
    problems, want = [], 1
    for attrs, num in re.findall(r'<(?:section|footer)([^>]*)>\s*<h2><span class="num">([^<]*)</span>',
                                 dom):
        hidden = re.search(r'\bhidden\b', attrs) is not None
        if hidden and num:
            problems.append("hidden section numbered %r" % num)
        elif not hidden:
            if num != "%d. " % want:
                problems.append("section numbered %r where %d. was due" % (num, want))
            want += 1
    if want == 1:
        problems.append("no numbered section headings")
    return problems


def cpu_only(chromium, report):
    """The checks of a CPU-only report (see the module's help)."""
    try:
        dom, _ = dump_dom(chromium, report)
    except RuntimeError as e:
        print("report_test: %s" % e)
        return 1
    d = Dom()
    d.feed(dom)
    ids = {e[1]: e for e in d.elements if e[1]}
    text = " ".join(d.text)
    problems = []
    cards = [e for e in d.elements if "target" in e[2].split()]
    if cards:
        problems.append("%d summary cards (class target) in a CPU-only report" % len(cards))
    if "cpu-only-notice" not in ids:
        problems.append("no element cpu-only-notice")
    if "0 of 0" in text:
        problems.append("the page says '0 of 0'")
    for ident in ("speedup", "gpu-summary"):
        if ident in ids and not ids[ident][3]:
            problems.append("#%s is shown" % ident)
    status = re.search(r'id="out-status"[^>]*data-value="([^"]*)"', dom)
    if not status or status.group(1) != "ok":
        problems.append("calculator status %r, not 'ok'" % (status.group(1) if status else None))
    if "failed to draw" in text:
        problems.append("a part failed to draw: " + text[text.index("failed to draw"):][:200])
    problems += section_number_problems(dom)
    for p in problems:
        print("report_test: cpu-only: " + p)
    if not problems:
        print("report_test: cpu-only report: notice shown, no cards, no speedup section, "
              "sections numbered without gaps, status ok")
    return 1 if problems else 0


def main(argv):
    if len(argv) >= 5 and argv[0] == "run":
        return run(argv[1], argv[2], argv[3], argv[4])
    if len(argv) == 3 and argv[0] == "cpu-only":
        return cpu_only(argv[1], argv[2])
    if len(argv) >= 3 and argv[0] == "dom":
        q = dict(urllib.parse.parse_qsl(argv[3])) if len(argv) > 3 else {}
        vals, url = render(argv[1], argv[2], q)
        print(url)
        for k in sorted(vals):
            print("%s = %s" % (k, vals[k]))
        return 0
    sys.stderr.write(__doc__)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
