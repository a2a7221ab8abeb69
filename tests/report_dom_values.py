#!/usr/bin/python3
"""report_dom_values.py - the validation report's calculator, rendered by
headless Chromium, against `mcsim estimate --format json` (tests/report_test.sh
runs it; standard library only).

  report_dom_values.py run CHROMIUM MCSIM REPORT CONFIG
      For several input sets: load REPORT?query in Chromium, read every
      out-* element's data-value from the dumped DOM, run the same job through
      `mcsim estimate ... --format json` and compare (relative 1e-9; break-even
      1e-6); the sections numbered without gaps. One line per difference;
      exit 1 on any.
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


def estimate_command(mcsim, config, q):
    cmd = [mcsim, "estimate", config, "--paths", q["paths"],
           "--set", "simulation.steps=" + q["steps"],
           "--set", "simulation.precision=" + q["precision"],
           "--set", "simulation.rng=" + q["rng"],
           "--set", "simulation.block_size=" + q["block_size"]]
    if int(q["threads"]) > 0:  # the page's 0 (all threads) is mcsim's default
        cmd += ["--threads", q["threads"]]
    cmd += ["--cpu", q["cpu"], "--gpu", q["gpu"]]
    if "cpu_price" in q:
        cmd += ["--cpu-price", q["cpu_price"]]
    if "gpu_price" in q:
        cmd += ["--gpu-price", q["gpu_price"]]
    return cmd + ["--format", "json"]


def cases(data):
    """Input sets: sizes 1e3..1e10, steps, precisions, generators, threads,
    prices given or the profiles' defaults, and other profiles of the report."""
    profiles = data.get("profiles") or {}
    cpu, gpu = data["cpu_profile"], data["gpu_profile"]
    other_cpu = [n for n, p in profiles.items() if p and p.get("cpu") and n != cpu]
    other_gpu = [n for n, p in profiles.items() if p and p.get("gpu") and n != gpu]
    base = {"model": "gbm", "block_size": "65536", "cpu": cpu, "gpu": gpu}
    out = [
        dict(base, paths="1e3", steps="1", precision="single", rng="philox", threads="16",
             cpu_price="0.5", gpu_price="2.5"),
        dict(base, paths="1e6", steps="10", precision="double", rng="auto", threads="0"),
        dict(base, paths="1e8", steps="1", precision="single", rng="auto", threads="4",
             cpu_price="0.45", gpu_price="3.99"),
        dict(base, paths="1e10", steps="3", precision="double", rng="philox", threads="1",
             cpu_price="0", gpu_price="10"),
        dict(base, paths="12345678", steps="7", precision="single", rng="sobol", threads="0",
             block_size="16384", cpu_price="1.25", gpu_price="1.25"),
        dict(base, paths="500000", steps="2", precision="single", rng="pcg64", threads="2",
             cpu_price="0.5"),
        dict(base, paths="3e7", steps="64", precision="double", rng="mrg32k3a", threads="8",
             block_size="4096", gpu_price="0.75"),
    ]
    if other_cpu or other_gpu:
        out.append(dict(base, paths="2e9", steps="1", precision="single", rng="auto",
                        threads="0", cpu=(other_cpu or [cpu])[0], gpu=(other_gpu or [gpu])[0]))
        out.append(dict(base, paths="4e5", steps="250", precision="double", rng="philox",
                        threads="3", cpu=(other_cpu or [cpu])[-1], gpu=(other_gpu or [gpu])[-1],
                        cpu_price="0.1", gpu_price="0.9"))
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
            vals, url = render(chromium, report, q)
        except RuntimeError as e:
            print("report_test: %s: %s" % (label, e))
            bad += 1
            continue
        status = vals.get("out-status")
        if status != "ok":
            print("report_test: %s: the page's status is %r, not 'ok'" % (label, status))
            bad += 1
            continue
        if k == 1:
            # the page's model against the predictions mcsim embedded for every run
            mc = page_value(vals, "out-model-check")
            if isinstance(mc, float):
                compared += 1
                if not mc <= TOL:
                    print("report_test: out-model-check = %r: the page's model differs from the "
                          "predictions in MCS_DATA.runs by more than %g" % (mc, TOL))
                    bad += 1
            elif mc is not None:  # None: no runs with predictions to check
                print("report_test: out-model-check = %s" % show(mc))
                bad += 1
        cmd = estimate_command(mcsim, config, q)
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
