"""Loading the scripts under packaging/ (they are scripts, not an importable package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest


@pytest.fixture(scope="session")
def packaging_script(repo_root: Path):
    """Import `packaging/<name>.py` as a module, once per name."""

    def load(name: str) -> ModuleType:
        if name not in sys.modules:
            spec = importlib.util.spec_from_file_location(name, repo_root / "packaging" / f"{name}.py")
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
        return sys.modules[name]

    return load
