#!/usr/bin/env python3
"""Counts the test cases of meson test logs (GLib tests report each case in
TAP) and prints the closing line "N passed, N failed"."""
import json
import re
import sys

failed_steps = int(sys.argv[1])
passed = failed = skipped = 0
for path in sys.argv[2:]:
    try:
        with open(path) as f:
            lines = f.readlines()
    except OSError:
        failed += 1
        print(f"missing test log {path}")
        continue
    for line in lines:
        entry = json.loads(line)
        name = entry.get("name", "?")
        result = entry.get("result", "FAIL")
        out = entry.get("stdout", entry.get("stdo", "")) or ""
        oks = len(re.findall(r"^ok \d+", out, re.M))
        skips = len(re.findall(r"^ok \d+ .*# SKIP", out, re.M))
        bad = len(re.findall(r"^not ok \d+", out, re.M))
        if result in ("OK", "EXPECTEDFAIL"):
            passed += max(oks - skips, 1 if oks == 0 else 0)
            skipped += skips
        elif result == "SKIP":
            skipped += 1
        else:
            # a crash or timeout counts the cases that passed before it, and one failure
            passed += oks - skips
            failed += max(bad, 1)
            print(f"FAILED: {name} ({path})")
            # what it said last: the failed case and its messages
            err = entry.get("stderr", "") or ""
            for tail in (out.splitlines() + err.splitlines())[-25:]:
                print(f"  | {tail}")
failed += failed_steps
line = f"{passed} passed, {failed} failed"
if skipped:
    line += f", {skipped} skipped"
print(line)
sys.exit(1 if failed else 0)
