"""`scripts/apple-sdk-check --size`: the bytes each product adds to an iOS app, measured against a real SDK.

For the newest iPhoneOS SDK whose interfaces are Swift 6 or later, at the declared minimum (arm64-apple-ios17.0):
  1. the product's modules compiled as a release build compiles them: whole module, `-Osize`, object code;
  2. three minimal apps (a `main.swift` each) linked with llvm.org's `ld64.lld` (Debian's lld-19; the Swift
     toolchain's own refuses Apple platforms) against the SDK's `.tbd` files,
     with `-dead_strip` as Xcode's release builds do: one that uses nothing of the SDK (the baseline), one that opens a
     checkout and pays through a payment element (the README's "Use it" path, core only), and the same with
     `PurseCheckoutPayPal.register()` added;
  3. each binary stripped (`llvm-strip --strip-all`), its bytes compared with the baseline's;
  4. the resources a product's bundle carries (PurseHeadlessCheckout's `Resources/` and privacy manifest), counted
     as the files' bytes (Xcode compiles `.strings` to binary property lists, which are usually smaller).
The object code of each module before linking (`__TEXT` + `__DATA`, `llvm-size`-style from the Mach-O load commands)
is reported too, as the upper bound a build without dead stripping would add.
"""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BASELINE_APP = """print("hello")
"""

CORE_APP = """import PurseHeadlessCheckout

@MainActor
func pay(widgetData: String) async throws -> PaymentOutcome {
    let checkout = try await PurseHeadlessCheckout(widgetData: widgetData, configuration: PurseCheckoutConfiguration())
    guard let card = checkout.paymentMethods.first(where: { $0.method == .creditcard }) else {
        throw PurseCheckoutError(.paymentMethodNotFound, message: "no card")
    }
    try checkout.setPrimary(card)
    let element = checkout.paymentElement(for: .primaryMethod(card), redirect: NoRedirect())
    await element.prepare()
    return await element.submitAndWait()
}

final class NoRedirect: RedirectPresenter {
    func present(_ action: RedirectAction) async -> RedirectPresentationResult { .canceled }
}

PAYPAL_REGISTRATION
let data = CommandLine.arguments.dropFirst().first ?? ""
Task { @MainActor in print(try await pay(widgetData: data)) }
"""


def mach_segments(path: Path) -> dict[str, int]:
    """Bytes of the sections of each segment of a 64-bit Mach-O file (object or linked image), by segment name."""
    data = path.read_bytes()
    magic, _, _, filetype, ncmds, _, _, _ = struct.unpack_from("<IiiIIIII", data, 0)
    assert magic == 0xFEEDFACF, f"{path} is not a 64-bit Mach-O file"
    offset = 32
    sizes: dict[str, int] = {}
    for _ in range(ncmds):
        cmd, cmdsize = struct.unpack_from("<II", data, offset)
        if cmd == 0x19:  # LC_SEGMENT_64
            nsects = struct.unpack_from("<I", data, offset + 64)[0]
            for index in range(nsects):
                base = offset + 72 + index * 80
                segment = data[base + 16 : base + 32].rstrip(b"\0").decode()
                size = struct.unpack_from("<Q", data, base + 40)[0]
                sizes[segment] = sizes.get(segment, 0) + size
        offset += cmdsize
    return sizes


# The public SDK copy's PassKit.tbd lists no symbol of PassKit's SwiftUI overlay (`_PassKit_SwiftUI`:
# PayWithApplePayButton and its label and style), which the core's Apple Pay button references; the linker leaves
# them to the dynamic loader, as it would resolve them against a complete SDK. They are a few bind entries, not code.
LOOKUP = ["-undefined", "dynamic_lookup"]


def upstream_linker() -> Path | None:
    """An llvm.org `ld64.lld`: $PURSE_LD64, else the newest /usr/lib/llvm-*/bin/ld64.lld. The one the Swift toolchain
    ships refuses every input built for an Apple platform ("This version of lld does not support linking for platform
    iOS", a downstream change of Swift's LLVM fork), so it is never used."""
    import os

    chosen = os.environ.get("PURSE_LD64")
    if chosen:
        return Path(chosen)
    found = sorted(Path("/usr/lib").glob("llvm-*/bin/ld64.lld"), key=lambda p: int(p.parts[3].split("-")[1]))
    return found[-1] if found else None


def measure_size(flavour, report, targets, package_name) -> None:  # noqa: ANN001 (apple-sdk-check's types)
    tag = f"[{flavour.name} · {flavour.sdk.name}]"
    if flavour.name != "ios" or flavour.sdk.predates_swift6:
        report.skipped(f"{tag} size", "(measured on an iPhoneOS SDK with Swift 6 interfaces only)")
        return
    linker = upstream_linker()
    if linker is None:
        report.failed(f"{tag} size", "no llvm.org ld64.lld: `apt-get install lld-19 llvm-19` (Debian), or set "
                      "PURSE_LD64; the Swift toolchain's ld64.lld refuses Apple platforms", None, False)
        return
    swiftc = flavour.swiftc
    bin_dir = Path(swiftc).resolve().parent
    work = flavour.work / "size"
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    by_name = {t.name: t for t in targets}
    common = ["-Osize", "-wmo", "-parse-as-library", *flavour.flags(), "-Xfrontend", "-enable-cross-import-overlays"]
    objects: dict[str, Path] = {}
    for name in ("PurseHeadlessCheckout", "PurseCheckoutPayPal"):
        target = by_name[name]
        files = sorted(str(p) for p in target.path.rglob("*.swift"))
        out = work / name
        out.mkdir()
        if target.has_resources:
            files.append(flavour.bundle_accessor(out))
        includes = [arg for dep in target.dependencies for arg in ("-I", str(work / dep))]
        log = out / "compile.log"
        with log.open("w") as handle:
            ok = subprocess.run(
                [swiftc, "-c", *target.settings, *common, *includes, "-package-name", package_name, "-module-name",
                 name, "-emit-module", "-emit-module-path", str(out / f"{name}.swiftmodule"), "-o",
                 str(out / f"{name}.o"), *files],
                stdout=handle, stderr=subprocess.STDOUT,
            ).returncode == 0
        if not ok:
            report.failed(f"{tag} size: compile {name}", "failed", log, False)
            return
        objects[name] = out / f"{name}.o"

    sdk_version = flavour.sdk.version
    minimum = flavour.target.split("ios")[1]
    apps = {
        "baseline": (BASELINE_APP, []),
        "core": (CORE_APP.replace("PAYPAL_REGISTRATION", ""), ["PurseHeadlessCheckout"]),
        "core + PayPal": (
            CORE_APP.replace("PAYPAL_REGISTRATION", "import PurseCheckoutPayPal\nPurseCheckoutPayPal.register()"),
            ["PurseHeadlessCheckout", "PurseCheckoutPayPal"],
        ),
    }
    strip_tool = linker.parent / "llvm-strip"
    if not strip_tool.exists():
        strip_tool = bin_dir / "llvm-objcopy"
    stripped: dict[str, int] = {}
    sections: dict[str, int] = {}
    for label, (source, modules) in apps.items():
        folder = work / label.replace(" + ", "-")
        folder.mkdir()
        (folder / "main.swift").write_text(source)
        includes = [arg for module in modules for arg in ("-I", str(work / module))]
        log = folder / "build.log"
        with log.open("w") as handle:
            ok = subprocess.run(
                [swiftc, "-c", "-Osize", "-wmo", *flavour.flags(), "-swift-version", "6", *includes, "-module-name",
                 "App", "-o", str(folder / "main.o"), str(folder / "main.swift")],
                stdout=handle, stderr=subprocess.STDOUT,
            ).returncode == 0
            ok = ok and subprocess.run(
                [str(linker), "-arch", "arm64", "-platform_version", "ios", minimum, sdk_version,
                 "-syslibroot", str(flavour.sdk.path), "-L", str(flavour.sdk.path / "usr/lib/swift"), "-lSystem",
                 "-dead_strip", *LOOKUP, "-o", str(folder / "App"), str(folder / "main.o"),
                 *(str(objects[m]) for m in modules)],
                stdout=handle, stderr=subprocess.STDOUT,
            ).returncode == 0
            ok = ok and subprocess.run(
                [str(strip_tool), "--strip-all", str(folder / "App"), "-o", str(folder / "App.stripped")],
                stdout=handle, stderr=subprocess.STDOUT,
            ).returncode == 0
        if not ok:
            report.failed(f"{tag} size: app {label}", "did not build or link", log, False)
            return
        stripped[label] = (folder / "App.stripped").stat().st_size
        sections[label] = sum(mach_segments(folder / "App.stripped").values())

    resources = by_name["PurseHeadlessCheckout"].path
    resource_bytes = sum(p.stat().st_size for p in (resources / "Resources").rglob("*") if p.is_file())
    resource_bytes += (resources / "PrivacyInfo.xcprivacy").stat().st_size
    rows = []
    for name, path in objects.items():
        segments = mach_segments(path)
        rows.append({"name": f"{name} object code (-Osize, before linking)", "bytes": sum(segments.values())})
    for label, base, name in (("core", "baseline", "PurseHeadlessCheckout"),
                              ("core + PayPal", "core", "PurseCheckoutPayPal on top of the core")):
        rows.append({"name": f"{name}: code and data linked (dead-stripped; section bytes)",
                     "bytes": sections[label] - sections[base]})
        rows.append({"name": f"{name}: stripped executable (file bytes; 16 KB pages)",
                     "bytes": stripped[label] - stripped[base]})
    rows.append({"name": "PurseHeadlessCheckout's resources (6 languages' strings, privacy manifest)",
                 "bytes": resource_bytes})
    rows.append({"name": "core + PayPal + resources (stripped file bytes + resources)",
                 "bytes": stripped["core + PayPal"] - stripped["baseline"] + resource_bytes})
    for row in rows:
        report.line("SIZE", f"{tag} {row['name']}", f"{row['bytes']:,} bytes ({row['bytes'] / 1_048_576:.2f} MB)")
    (work / "size.json").write_text(json.dumps({"sdk": flavour.sdk.name, "target": flavour.target, "rows": rows},
                                               indent=2))
    report.passed(f"{tag} size", f"baseline app {stripped['baseline']:,} bytes stripped; JSON in {work / 'size.json'}")
