"""mcsim._keys - the config keys, read from the C library's key table
(mcsim_key_count / mcsim_key_at, generated from the model and payoff type
tables): the package names no model, payoff or key of its own, so one added
in C is usable and documented here with no Python change."""
from __future__ import annotations

import ctypes
import textwrap
from dataclasses import dataclass
from typing import List, Optional

from . import _capi


@dataclass(frozen=True)
class Key:
    """One entry of the key table: `section.key`, its default as text (None
    when required), a one-line meaning, the type it belongs to ("" for every
    job, else e.g. "option.payoff=barrier") and its named values (a list,
    empty for a number)."""
    section: str
    key: str
    default: Optional[str]
    meaning: str
    applies_to: str
    choices: List[str]

    @property
    def name(self) -> str:
        """"section.key", as --set and the assignments take it."""
        return f"{self.section}.{self.key}"


def keys() -> List[Key]:
    """Every entry of the C library's key table, in its order (a key that
    several types share appears once per type)."""
    out = []
    info, err = _capi.KeyInfo(), _capi.ErrorStruct()
    for i in range(_capi.lib.mcsim_key_count()):
        _capi.check(_capi.lib.mcsim_key_at(i, ctypes.byref(info), ctypes.byref(err)), err)
        choices = _capi.text(info.choices) or ""
        out.append(Key(section=_capi.text(info.section), key=_capi.text(info.key),
                       default=_capi.text(info.default_value), meaning=_capi.text(info.meaning),
                       applies_to=_capi.text(info.applies_to) or "",
                       choices=[c.strip() for c in choices.split(",") if c.strip()]))
    return out


def key_help(width: int = 78) -> str:
    """The key table as text for docstrings: by section, then by the type a
    key belongs to."""
    lines = textwrap.wrap("Config keys (from the library's type tables; as keywords bare, "
                          "`strike=105`, when one section has the key, else "
                          "`option__strike=105`):", width)
    table = keys()
    sections = list(dict.fromkeys(k.section for k in table))
    types = list(dict.fromkeys(k.applies_to for k in table if k.applies_to))
    table.sort(key=lambda k: (sections.index(k.section),  # stable: the table's order within
                              types.index(k.applies_to) + 1 if k.applies_to else 0))
    section = applies = None
    for k in table:
        if k.section != section:
            section, applies = k.section, ""
            lines.append(f"  [{k.section}]")
        if k.applies_to != applies:
            applies = k.applies_to
            lines.append(f"   when {applies}:")
        default = "(required)" if k.default is None else "= " + (k.default or '""')
        said = all(c in k.meaning for c in k.choices)
        meaning = k.meaning + (f" ({', '.join(k.choices)})" if k.choices and not said else "")
        head = f"    {k.key:<13} {default:<14} "
        lines.extend(textwrap.wrap(meaning, width, initial_indent=head,
                                   subsequent_indent=" " * len(head)) or [head])
    return "\n".join(lines)
