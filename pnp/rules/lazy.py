"""A rules package whose exports are imported on first use, each with the submodule that
defines it: a build that needs one module of a game's rules (its tiles, its board) does not
import the rest (scoring, disputes, moves), which costs it a tenth of its time.

A game's `__init__.py` names its exports by submodule and hands its `__getattr__` to
`Exports.load`: `from pnp.rules.asterion import score` then works as with eager imports.
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Mapping
from typing import Any


class _Package(types.ModuleType):
    """A package the import system names each submodule on as it loads it. An export
    named like its own submodule (the function `check` of `check.py`) keeps the name,
    as it does when the package imports it eagerly."""

    def __setattr__(self, name: str, value: Any) -> None:
        exports: Exports = self.__dict__["_exports"]
        if exports.shadows(name, value):
            return
        super().__setattr__(name, value)


class Exports:
    """The exports of package `package`: submodule (or a module's full name, for one
    another package defines) -> the names it exports."""

    def __init__(self, package: str, by_module: Mapping[str, tuple[str, ...]]) -> None:
        self.package = package
        self.module_of = {name: module for module, names in by_module.items()
                          for name in names}
        self.names = sorted(self.module_of)
        namespace = sys.modules[package]
        namespace.__dict__["_exports"] = self
        namespace.__class__ = _Package

    def shadows(self, name: str, value: Any) -> bool:
        """Whether `value` is the submodule `name` and `name` an export defined in it."""
        return (isinstance(value, types.ModuleType) and self.module_of.get(name) == name
                and value.__name__ == f"{self.package}.{name}")

    def load(self, name: str) -> Any:
        """The export `name`, imported from its submodule and kept on the package."""
        module = self.module_of.get(name)
        if module is None:
            raise AttributeError(f"module {self.package!r} has no attribute {name!r}")
        path = module if "." in module else f"{self.package}.{module}"
        value = getattr(importlib.import_module(path), name)
        sys.modules[self.package].__dict__[name] = value
        return value
