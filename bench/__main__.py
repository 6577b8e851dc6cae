"""The benchmark harness: python -m bench [--quick] [--json FILE] [--only SECTION ...]

Prints one table and writes the same figures to a JSON file. Benchmarks are not
tests: timings never gate CI; --quick (which CI runs) checks that every figure is
produced, with small counts.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
import traceback

from bench import sections


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def fmt_row(r) -> str:
    target = r.get("target", "")
    met = {True: "yes", False: "NO", None: ""}[r.get("met")]
    return f"| {r['section']} | {r['name']} | {r['value']} | {target} | {met} |"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="small counts: check every figure is produced")
    p.add_argument("--json", default=os.path.join(os.path.dirname(__file__), "results.json"),
                   help="where to write the figures (default bench/results.json)")
    p.add_argument("--only", nargs="*", choices=[s.__name__ for s in sections.ALL],
                   help="run only these sections")
    args = p.parse_args(argv)
    rows, failures = [], []
    started = time.time()
    with tempfile.TemporaryDirectory() as save_dir:
        for section in sections.ALL:
            if args.only and section.__name__ not in args.only:
                continue
            t0 = time.time()
            try:
                rows.extend(section(quick=args.quick, save_dir=save_dir))
            except Exception as exc:
                traceback.print_exc()
                failures.append(f"{section.__name__}: {exc}")
            print(f"  ({section.__name__}: {time.time() - t0:.1f} s)", file=sys.stderr, flush=True)
    print(f"\nG'NERTS benchmarks, {time.strftime('%Y-%m-%d')}, {machine()}"
          f"{' (quick)' if args.quick else ''}\n")
    print("| section | figure | value | target | met |")
    print("|---|---|---|---|---|")
    for r in rows:
        print(fmt_row(r))
    doc = {"date": time.strftime("%Y-%m-%d %H:%M"), "machine": machine(), "quick": args.quick,
           "seconds": round(time.time() - started, 1), "rows": rows, "failures": failures}
    with open(args.json, "w") as f:
        json.dump(doc, f, indent=1)
    print(f"\n{len(rows)} figures in {doc['seconds']} s; written to {args.json}")
    if failures:
        print("FAILED sections: " + "; ".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
