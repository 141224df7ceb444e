from __future__ import annotations

import pytest

from pnp.printing.asterion import PRINTING
from tests.printing.builds import Builds


@pytest.fixture(scope="session")
def builds(tmp_path_factory) -> Builds:
    return Builds(tmp_path_factory.mktemp("builds"), "asterion", PRINTING)
