"""The person's language: the message catalogs (`assets/locale/<code>/LC_MESSAGES/cardtable.mo`, compiled from
the `.po` files translators write against `assets/locale/cardtable.pot`) installed as the translation every
sentence the games say goes through (`core.words.tr`).  English needs no catalog."""

from __future__ import annotations

import logging
from collections.abc import Mapping

from cardtable.core import words
from cardtable.resources import asset_path

DOMAIN = "cardtable"
ENGLISH = "en"
log = logging.getLogger("cardtable")


def catalogs() -> list[str]:
    """The languages with a compiled catalog, English first."""
    folder = asset_path("locale")
    found = sorted(p.parent.parent.name for p in folder.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")) if folder.is_dir() else []
    return [ENGLISH, *(code for code in found if code != ENGLISH)]


def wanted(environ: Mapping[str, str]) -> str:
    """The language asked for: `CARDTABLE_LANGUAGE`, else the system's (`LANGUAGE`, `LC_ALL`, `LANG`), as a code
    ("vi", "zh_CN"); English when none is set."""
    for name in ("CARDTABLE_LANGUAGE", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "").split(":")[0].split(".")[0]
        if value and value not in ("C", "POSIX"):
            return value
    return ENGLISH


def use(code: str) -> str:
    """Speak `code` where a catalog has it (its language without the region, "zh" for "zh_TW", failing that),
    English otherwise; returns the language in use."""
    have = catalogs() if code.split("_")[0] != ENGLISH else []
    for candidate in (code, code.split("_")[0]):
        if candidate == ENGLISH or candidate not in have:
            continue
        import gettext  # only for a catalog: English, the usual start, needs none

        try:
            with open(asset_path("locale", candidate, "LC_MESSAGES", f"{DOMAIN}.mo"), "rb") as file:
                catalog = gettext.GNUTranslations(file)
        except (OSError, ValueError) as exc:  # a damaged catalog: English rather than no words at all
            log.warning("the %s catalog cannot be read (%s): English is used", candidate, exc)
            break
        words.install(catalog.gettext)
        return candidate
    words.install(None)
    return ENGLISH


def use_wanted(environ: Mapping[str, str]) -> str:
    """Speak the language the environment asks for (see `wanted`)."""
    return use(wanted(environ))
