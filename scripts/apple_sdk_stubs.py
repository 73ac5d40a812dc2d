"""`scripts/apple-sdk-check --compare-stubs`: the stand-ins of AppleTypeCheck/Stubs held against a real SDK.

Both sides become symbol graphs (`swift-symbolgraph-extract`): the stand-in modules of the flavour, built for this
machine as scripts/apple-typecheck builds them, and the SDK's modules of the same names (and the modules they
re-export, such as SwiftUICore), built for the flavour's target. Every public stand-in symbol is looked up by its
path (`PKPaymentRequest.merchantIdentifier`, `present(completion:)` …) among the real ones, and compared on:
  - existence and kind (a stand-in type or member the SDK does not declare);
  - declaration (the symbol graph's declaration fragments, whitespace-normalized, attributes the graph carries
    included), against every real overload of the same path;
  - conformances of a type to `Sendable` (but for a `@MainActor` type, Sendable by its isolation) and to every
    protocol the stand-in declares;
  - deprecation and introduction (a stand-in without the `@available` the SDK puts on a symbol, for the flavour's
    platform).
Each disagreement is one line `<module> <path>: <aspect>: stand-in …, SDK …`. A line whose path and aspect are listed in
AppleTypeCheck/stub-differences.txt (`<module> <path> | <aspect> | <why the stand-in differs>`) is explained; any
other fails the run, and so does an explanation that no longer matches a disagreement.
"""

from __future__ import annotations

import json
import re
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STUBS = ROOT / "AppleTypeCheck" / "Stubs"
EXPLAINED = ROOT / "AppleTypeCheck" / "stub-differences.txt"
HARNESS = ROOT / "scripts" / "apple-typecheck"
# Modules a real framework re-exports, whose symbols a stand-in of the framework declares as its own.
REEXPORTS = {"SwiftUI": ["SwiftUICore"], "UIKit": ["UIKitCore"], "Combine": [], "PassKit": []}
PLATFORM_DOMAINS = {"ios": "iOS", "macos": "macOS", "maccatalyst": "macCatalyst", "visionos": "visionOS"}


def harness_flavour(name: str) -> tuple[list[str], list[str]]:
    """The stand-in harness's defines and stand-in modules for a flavour (its FLAVOURS table, the one source)."""
    text = HARNESS.read_text()
    for match in re.finditer(r'^\s*"(\w+)\|([^|]*)\|([^"]*)"', text, re.M):
        if match.group(1) == name:
            return match.group(2).split(), match.group(3).split()
    raise SystemExit(f"apple-sdk-check: scripts/apple-typecheck has no flavour {name}")


def run(args: list[str], log: Path) -> bool:
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("w") as handle:
        return subprocess.run(args, stdout=handle, stderr=subprocess.STDOUT).returncode == 0


def host_triple(swiftc: str) -> str:
    info = json.loads(subprocess.run([swiftc, "-print-target-info"], capture_output=True, text=True).stdout)
    return info["target"]["triple"]


def load_graphs(folder: Path) -> tuple[dict[str, dict], list[dict]]:
    symbols: dict[str, dict] = {}
    relationships: list[dict] = []
    for path in sorted(folder.glob("*.symbols.json")):
        data = json.loads(path.read_text())
        module = data["module"]["name"]
        for symbol in data["symbols"]:
            symbol["_module"] = module
            symbol["_id"] = symbol["identifier"]["precise"]
            symbols[symbol["_id"] + "#" + ".".join(symbol["pathComponents"])] = symbol
        relationships += data["relationships"]
    return symbols, relationships


def declaration(symbol: dict) -> str:
    text = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
    return re.sub(r"\s+", " ", text).strip()


# Attributes that change nothing for code type-checked against the declaration (ABI and inlining only), and
# `@preconcurrency`, which the stand-ins put on every type imported from Objective-C (the importer makes them so; the
# SDK's graph does not print it): removed from both sides before declarations are compared.
NEUTRAL_ATTRIBUTES = re.compile(r"@(?:preconcurrency|frozen|inlinable|usableFromInline|_alwaysEmitIntoClient|"
                                r"export\(implementation\)) ")


def normalized(symbol: dict, parent: dict | None, objc: bool) -> str:
    """A declaration without what the two sides spell differently for the same meaning:
    - the neutral attributes above;
    - `@MainActor` on a member of a `@MainActor` type (the stand-ins repeat the type's isolation on members, which
      inherit it in the SDK);
    - `nonisolated` on a type declaration (what a 6.3 compiler prints for every type of a module built without
      default isolation; the SDK's interfaces predate it);
    - `@discardableResult` on an Objective-C method (the importer makes every one discardable)."""
    text = NEUTRAL_ATTRIBUTES.sub("", declaration(symbol))
    text = text.replace("@NSCopying ", "")
    # A `static let` of a non-Sendable type, accepted in the Swift 5-mode interfaces of the SDK, which a Swift 6
    # stand-in can only spell `nonisolated(unsafe)`.
    text = text.replace("nonisolated(unsafe) ", "")
    # Objective-C `optional` requirements: a Swift stand-in cannot declare them, so it declares a requirement and a
    # default implementation (scripts/apple-typecheck --strict-witnesses drops the defaults).
    text = re.sub(r"^((?:@\w+ )*)optional ", r"\1", text)
    # `required` and `override` on initializers: the graph prints neither for imported initializers.
    text = re.sub(r"^((?:@\w+ )*)(?:required |override )+init", r"\1init", text)
    # A stored property and a computed one with the same accessors are the same to a client.
    if symbol["kind"]["identifier"] in ("swift.property", "swift.type.property"):
        text = re.sub(r"^(.*?)\blet (\w+: .*)$", r"\1var \2 { get }", text)
        if not text.endswith("}"):
            text += " { get set }"
    if parent is not None and "@MainActor" in declaration(parent):
        text = text.replace("@MainActor ", "", 1)
    if symbol["kind"]["identifier"] in TYPE_KINDS:
        text = re.sub(r"^((?:@\w+ )*)nonisolated ", r"\1", text)
    if objc:
        text = text.replace("@discardableResult ", "")
    return text


TYPE_KINDS = ("swift.class", "swift.struct", "swift.enum", "swift.protocol")


def conformances(symbols: dict[str, dict], relationships: list[dict]) -> dict[str, set[str]]:
    result: dict[str, set[str]] = {}
    by_id = {symbol["_id"]: symbol for symbol in symbols.values()}
    for relation in relationships:
        if relation["kind"] != "conformsTo" or relation["source"] not in by_id:
            continue
        target = by_id.get(relation["target"])
        name = target["names"]["title"] if target else relation.get("targetFallback", relation["target"])
        result.setdefault(relation["source"], set()).add(name.split(".")[-1])
    return result


def availability(symbol: dict, domain: str) -> tuple[str, str]:
    """(introduced, deprecated) for the domain, as "major.minor" or "" (deprecated "always" when unconditional)."""
    introduced = deprecated = ""
    for entry in symbol.get("availability", []):
        if entry.get("domain") == "*" and entry.get("isUnconditionallyDeprecated"):
            deprecated = "always"
        if entry.get("domain") != domain:
            continue

        def version(key: str) -> str:
            value = entry.get(key)
            return f"{value['major']}.{value.get('minor', 0)}" if value else ""

        introduced = version("introduced")
        deprecated = version("deprecated") or ("always" if entry.get("isUnconditionallyDeprecated") else deprecated)
    return introduced, deprecated


def parents(symbols: dict[str, dict], symbol: dict) -> dict | None:
    """The type the symbol is a member of, found by path in the same graph (None at the top level)."""
    path = symbol["pathComponents"][:-1]
    if not path:
        return None
    index = PARENT_INDEX.get(id(symbols))
    if index is None:
        index = {}
        for other in symbols.values():
            if other["kind"]["identifier"] in TYPE_KINDS:
                index.setdefault(tuple(other["pathComponents"]), other)
        PARENT_INDEX[id(symbols)] = index
    return index.get(tuple(path))


PARENT_INDEX: dict[int, dict] = {}


def path_key(symbol: dict) -> str:
    return ".".join(symbol["pathComponents"])


def compare_stubs(flavour, report) -> None:  # noqa: ANN001 (apple-sdk-check's Flavour and Report)
    swiftc = flavour.swiftc
    defines, stubs = harness_flavour(flavour.name)
    work = flavour.work / "compare-stubs"
    stand_in_modules = work / "stand-in-modules"
    stand_in_graphs = work / "stand-in-graphs"
    real_graphs = work / "real-graphs"
    for folder in (stand_in_modules, stand_in_graphs, real_graphs):
        folder.mkdir(parents=True, exist_ok=True)
    for old in stand_in_graphs.glob("*.json"):
        old.unlink()
    # The SDK's graphs are kept between runs while the SDK, the compiler and the module list are the same.
    stamp = real_graphs / "stamp"
    wanted = f"{flavour.sdk.path} {flavour.target} {subprocess.run([swiftc, '--version'], capture_output=True, text=True).stdout.strip()} {' '.join(stubs)}"
    reuse = stamp.exists() and stamp.read_text() == wanted
    if not reuse:
        for old in real_graphs.glob("*.json"):
            old.unlink()
    tag = f"[{flavour.name} · {flavour.sdk.name}]"
    domain = PLATFORM_DOMAINS[flavour.name]
    minimum = re.search(r"(\d+\.\d+)", flavour.target).group(1)
    host = host_triple(swiftc)
    implicit = ["-Xfrontend", "-import-module", "-Xfrontend", "ObjectiveC", "-Xfrontend", "-import-module", "-Xfrontend",
                "FoundationNetworking"]

    # The stand-ins, built as the harness builds them, and their symbol graphs.
    for name in stubs:
        files = sorted(str(p) for p in (STUBS / name).rglob("*.swift"))
        flags = ["-emit-module", "-swift-version", "6", "-parse-as-library", "-wmo", "-I", str(stand_in_modules)]
        flags += [arg for define in defines for arg in ("-D", define)]
        flags += [] if name == "ObjectiveC" else implicit
        log = work / "logs" / f"stand-in-{name}.log"
        if not run([swiftc, *flags, "-module-name", name, "-emit-module-path",
                    str(stand_in_modules / f"{name}.swiftmodule"), *files], log):
            report.failed(f"{tag} stand-in {name}", "does not build", log, False)
            return
        log = work / "logs" / f"stand-in-graph-{name}.log"
        if not run([symbolgraph_extract(swiftc), "-module-name", name, "-target", host, "-I", str(stand_in_modules),
                    "-output-dir", str(stand_in_graphs), "-minimum-access-level", "public", "-skip-synthesized-members"], log):
            report.failed(f"{tag} stand-in graph {name}", "swift-symbolgraph-extract failed", log, False)
            return

    # The SDK's modules of the same names, and what they re-export.
    real_names = []
    for name in stubs:
        real_names += [name, *REEXPORTS.get(name, [])]
    for name in [] if reuse else real_names:
        if name == "ObjectiveC":
            continue
        log = work / "logs" / f"real-graph-{name}.log"
        started = time.monotonic()
        if not run([symbolgraph_extract(swiftc), "-module-name", name, *flavour.flags(), "-output-dir",
                    str(real_graphs), "-minimum-access-level", "public", "-skip-synthesized-members"], log):
            if name in REEXPORTS.get(next((s for s in stubs if name in REEXPORTS.get(s, [])), ""), []):
                continue  # a re-exported module this SDK version does not have (SwiftUICore before SDK 18)
            report.failed(f"{tag} SDK graph {name}", "swift-symbolgraph-extract failed", log, flavour.sdk.predates_swift6)
            return
        print(f"          {tag} SDK symbol graph {name} ({time.monotonic() - started:.0f} s)", flush=True)

    stamp.write_text(wanted)
    stand_in, stand_in_relations = load_graphs(stand_in_graphs)
    real, real_relations = load_graphs(real_graphs)
    stand_in_conformances = conformances(stand_in, stand_in_relations)
    real_conformances = conformances(real, real_relations)
    real_by_path: dict[str, list[dict]] = {}
    for symbol in real.values():
        real_by_path.setdefault(path_key(symbol), []).append(symbol)

    found: list[tuple[str, str, str]] = []  # (module path, aspect, detail)
    for symbol in sorted(stand_in.values(), key=lambda item: (item["_module"], path_key(item))):
        identifier = symbol["_id"]
        if symbol["_module"] == "ObjectiveC":
            continue
        key = path_key(symbol)
        where = f"{symbol['_module']} {key}"
        candidates = real_by_path.get(key, [])
        if not candidates:
            found.append((where, "missing", "the SDK declares nothing at this path"))
            continue
        kind = symbol["kind"]["identifier"]
        same_kind = [c for c in candidates if c["kind"]["identifier"] == kind]
        if not same_kind:
            found.append((where, "kind", f"stand-in {kind}, SDK {candidates[0]['kind']['identifier']}"))
            continue
        own_parent = parents(stand_in, symbol)
        theirs = [normalized(c, parents(real, c), c["_id"].startswith("c:")) for c in same_kind]
        ours = normalized(symbol, own_parent, any(c["_id"].startswith("c:") for c in same_kind))
        if ours not in theirs:
            found.append((where, "declaration", f"stand-in `{ours}`, SDK `{' | '.join(sorted(set(theirs)))}`"))
        match = same_kind[theirs.index(ours)] if ours in theirs else same_kind[0]
        if kind in TYPE_KINDS:
            mine = stand_in_conformances.get(identifier, set())
            sdk_side = set().union(*(real_conformances.get(c["_id"], set()) for c in same_kind))
            for protocol in sorted((mine | {"Sendable", "RawRepresentable"}) - {"SendableMetatype", "BitwiseCopyable",
                                                                                 "Copyable", "Escapable"}):
                isolated = "@MainActor" in declaration(symbol) or any("@MainActor" in declaration(c) for c in same_kind)
                if protocol == "Sendable" and isolated:
                    # A global-actor-isolated type is Sendable by its isolation; whether a graph lists that implicit
                    # conformance varies from one extraction to the next (it is derived on demand), so it is not
                    # compared.
                    continue
                if (protocol in mine) != (protocol in sdk_side):
                    said = "conforms" if protocol in mine else "does not conform"
                    found.append((where, f"conformance {protocol}", f"stand-in {said}, the SDK the other way"))
        introduced, deprecated = availability(match, domain)
        own_introduced, own_deprecated = availability(symbol, domain)
        if deprecated and not own_deprecated:
            found.append((where, "deprecation", f"the SDK deprecates it ({domain} {deprecated}), the stand-in does not"))
        if introduced and float_version(introduced) > float_version(minimum) and not own_introduced:
            found.append((where, "availability", f"the SDK introduces it in {domain} {introduced}, above {minimum}"))

    # A stand-in protocol must carry every requirement of the SDK's (an associated type it lacks changes what a
    # conformance must say; a method it lacks goes unchecked in every conformance).
    stand_in_paths = {path_key(symbol) for symbol in stand_in.values()}
    stand_in_protocols = {path_key(s) for s in stand_in.values() if s["kind"]["identifier"] == "swift.protocol"}
    requirement_ids = {r["source"] for r in real_relations if r["kind"] == "requirementOf"}
    for symbol in sorted(real.values(), key=path_key):
        parent = ".".join(symbol["pathComponents"][:-1])
        if parent not in stand_in_protocols or symbol["_id"] not in requirement_ids:
            continue
        if path_key(symbol) in stand_in_paths or "::SYNTHESIZED::" in symbol["_id"]:
            continue
        if declaration(symbol).startswith(("optional ", "@MainActor optional ")) or "optional func" in declaration(symbol):
            continue  # an Objective-C optional requirement: a conformance need not implement it
        _, deprecated = availability(symbol, domain)
        if deprecated:
            continue
        owner = next(s["_module"] for s in stand_in.values() if path_key(s) == parent)
        found.append((f"{owner} {path_key(symbol)}", "requirement missing",
                      f"the SDK's protocol requires `{declaration(symbol)}`, the stand-in does not"))

    explained = read_explanations()
    used = set()
    unexplained = 0
    for where, aspect, detail in found:
        reason = explained.get((where, aspect))
        if reason is not None:
            used.add((where, aspect))
            report.line("EXPLAINED", f"{tag} {where}: {aspect}", f"{detail} — {reason}")
        else:
            unexplained += 1
            report.line("DIFFERS", f"{tag} {where}: {aspect}", detail)
    stale = [key for key in explained if key not in used]
    for where, aspect in stale:
        report.line("STALE", f"{tag} {where}: {aspect}", "explained in stub-differences.txt, but no longer differs")
    label = f"{tag} stand-ins against the SDK"
    summary = (f"{len(stand_in)} stand-in symbols, {len(found)} disagreement(s), {len(found) - unexplained} explained, "
               f"{unexplained} unexplained, {len(stale)} stale explanation(s)")
    if unexplained or stale:
        report.failed(label, summary, None, flavour.sdk.predates_swift6)
    else:
        report.passed(label, summary)


def float_version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def read_explanations() -> dict[tuple[str, str], str]:
    explained: dict[tuple[str, str], str] = {}
    if not EXPLAINED.exists():
        return explained
    for number, text in enumerate(EXPLAINED.read_text().splitlines(), 1):
        if not text.strip() or text.startswith("#"):
            continue
        parts = [part.strip() for part in text.split("|")]
        if len(parts) != 3 or not all(parts):
            raise SystemExit(f"{EXPLAINED}:{number}: expected `<module> <path> | <aspect> | <why>`")
        explained[(parts[0], parts[1])] = parts[2]
    return explained


def symbolgraph_extract(swiftc: str) -> str:
    return str(Path(swiftc).resolve().parent / "swift-symbolgraph-extract")
