#!/usr/bin/env python3
"""Documentation coverage for the package's public API, read from Swift symbol graphs.

Usage: doc-coverage.py SYMBOL_GRAPH_DIR MODULE [MODULE ...]

SYMBOL_GRAPH_DIR holds one sub-folder per module (as scripts/docs lays them out), each with
`MODULE.symbols.json` and the `MODULE@Other.symbols.json` files of its extensions to other modules.

Every symbol whose access level is public or open must carry its own `///` comment. Left out, because
no comment can be written for them:
  - symbols without a source location (implicit members: an enum's `init(rawValue:)`, synthesized
    `Comparable`/`Equatable` operators, ...);
  - synthesized members (precise identifier with `::SYNTHESIZED::`, default implementations that a
    type inherits from a protocol extension).
A comment inherited from a protocol requirement (the symbol graph copies the requirement's comment
onto an implementation that has none) does not count: the implementation's own lines must hold it.

Exits 1, listing every undocumented symbol with its file and line, when one is missing; 2 when the
input is unusable (a module's graph missing, or no public symbol at all, so the check cannot pass by
reading nothing).
"""

import json
import os
import sys
from urllib.parse import unquote, urlparse

PUBLIC = {"public", "open"}
_source_cache = {}


def source_lines(uri):
    path = unquote(urlparse(uri).path)
    if path not in _source_cache:
        try:
            with open(path, encoding="utf-8") as handle:
                _source_cache[path] = handle.read().split("\n")
        except OSError:
            _source_cache[path] = None
    return _source_cache[path]


def has_own_comment(symbol):
    """True when the symbol's doc comment is written right above its own declaration."""
    doc = symbol.get("docComment")
    location = symbol.get("location")
    if not doc or not location:
        return False
    text = "".join(line.get("text", "") for line in doc.get("lines", [])).strip()
    if not text:
        return False
    if doc.get("uri") != location.get("uri"):
        return False  # inherited from a requirement declared elsewhere
    lines = doc.get("lines", [])
    doc_end = lines[-1]["range"]["end"]["line"]
    declaration = location["position"]["line"]
    if doc_end >= declaration:
        return False
    source = source_lines(location["uri"])
    if source is None:
        return False
    # Only attributes, modifiers on their own line, or blank lines may sit between the comment and
    # the declaration; anything else means the comment belongs to another declaration (a protocol
    # requirement declared earlier in the same file).
    for between in source[doc_end + 1 : declaration]:
        stripped = between.strip()
        if stripped and not stripped.startswith("@"):
            return False
    return True


def checked(symbol):
    if symbol.get("accessLevel") not in PUBLIC:
        return False
    if symbol["kind"]["identifier"] in ("swift.extension", "module"):
        return False
    if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
        return False
    return "location" in symbol


def display_path(uri, root):
    path = unquote(urlparse(uri).path)
    return os.path.relpath(path, root) if path.startswith(root) else path


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    graph_dir, modules = argv[1], argv[2:]
    root = os.getcwd() + os.sep
    failures = []
    total_checked = total_documented = 0
    for module in modules:
        folder = os.path.join(graph_dir, module)
        main_graph = os.path.join(folder, f"{module}.symbols.json")
        if not os.path.isfile(main_graph):
            print(f"doc-coverage: no symbol graph for {module} at {main_graph}", file=sys.stderr)
            return 2
        seen = set()
        checked_count = documented = 0
        for name in sorted(os.listdir(folder)):
            if not (name == f"{module}.symbols.json" or name.startswith(f"{module}@")):
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                graph = json.load(handle)
            for symbol in graph.get("symbols", []):
                precise = symbol["identifier"]["precise"]
                if precise in seen or not checked(symbol):
                    continue
                seen.add(precise)
                checked_count += 1
                if has_own_comment(symbol):
                    documented += 1
                else:
                    location = symbol["location"]
                    failures.append(
                        (
                            display_path(location["uri"], root),
                            location["position"]["line"] + 1,
                            module,
                            symbol["kind"]["identifier"],
                            ".".join(symbol["pathComponents"]),
                        )
                    )
        if checked_count == 0:
            print(f"doc-coverage: {module} has no public symbol: nothing was checked", file=sys.stderr)
            return 2
        print(f"doc-coverage: {module}: {documented}/{checked_count} public symbols documented")
        total_checked += checked_count
        total_documented += documented
    print(f"doc-coverage: total: {total_documented}/{total_checked} public symbols documented")
    if failures:
        print(f"doc-coverage: {len(failures)} public symbols have no doc comment of their own:")
        for path, line, module, kind, name in sorted(failures):
            print(f"  {path}:{line}: {module}.{name} ({kind})")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
