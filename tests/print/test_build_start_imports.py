"""A build drawn on one process imports neither multiprocessing (for --jobs workers) nor uuid (for XMP ids)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_a_one_process_build_imports_no_worker_or_xmp_modules(tmp_path):
    root = Path(__file__).resolve().parents[2]
    script = (f"import sys; sys.path.insert(0, {str(root / 'benchmarks')!r}); import print_bench; "
              "from pathlib import Path; from playproof.output.build import BuildOptions, build; "
              f"deck = print_bench.make_deck(Path({str(tmp_path)!r}), 9, 'csv', 'icons'); "
              f"build(deck, Path({str(tmp_path)!r}) / 'out', BuildOptions(jobs=2)); "  # 6 pages: one process
              "print(sorted(m for m in ('multiprocessing', 'uuid') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(root)})
    assert out.stdout.strip() == "[]"
