"""A scratch folder for module-level caches (a build made once, read by many tests), removed
when the test process ends: a test run leaves nothing in the system's temp folder."""

from __future__ import annotations

import atexit
import shutil
from pathlib import Path
from tempfile import mkdtemp


def scratch_folder(prefix: str) -> Path:
    folder = Path(mkdtemp(prefix=prefix))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder
