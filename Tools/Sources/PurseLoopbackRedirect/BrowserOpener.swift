public import Foundation

/// How ``LoopbackRedirectPresenter`` shows a page to the shopper: the system browser, a printed URL, or
/// whatever a test injects (a WebDriver session, a recorder).
///
/// ```swift
/// let presenter = LoopbackRedirectPresenter(policy: policy, opener: .printing())   // a headless server
/// let recorder = BrowserOpener { url in opened.append(url) }                          // a test
/// ```
public struct BrowserOpener: Sendable {
    /// Opens (or shows) `url`; throwing makes the presentation fail with `REDIRECT_PRESENTATION_FAILED`.
    public let open: @Sendable (URL) async throws -> Void

    /// An opener running `open`.
    public init(_ open: @escaping @Sendable (URL) async throws -> Void) {
        self.open = open
    }

    /// The system browser: `open` on macOS, `xdg-open` on Linux. When neither can start a browser (a server
    /// with no desktop), the URL is printed to standard error instead, in English, so the shopper can copy it; use
    /// ``system(fallback:)`` to say it in the shopper's language.
    public static let system = system { url in
        writeToStandardError(
            "No browser could be opened: open this address in a browser to continue the payment:\n"
                + "\(url.absoluteString)\n")
    }

    /// The system browser, and `fallback` when none can be started (a server with no desktop): it tells the
    /// shopper, in their language, that no browser opened and which address to open.
    public static func system(fallback: @escaping @Sendable (URL) -> Void) -> BrowserOpener {
        BrowserOpener { url in
            do {
                try await launch(url)
            } catch {
                fallback(url)
            }
        }
    }

    /// Prints the URL with `write` (standard output by default) and opens nothing.
    public static func printing(
        _ write: @escaping @Sendable (String) -> Void = { print($0) }
    ) -> BrowserOpener {
        BrowserOpener { url in
            write("Open this address in a browser to continue the payment: \(url.absoluteString)")
        }
    }

    /// Runs the platform's URL launcher with the URL as one argument (no shell) and waits for it to exit.
    static func launch(_ url: URL) async throws {
        #if os(macOS)
            let command = ["/usr/bin/open", url.absoluteString]
        #else
            let command = ["/usr/bin/env", "xdg-open", url.absoluteString]
        #endif
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        guard status == 0 else { throw BrowserLaunchError(status: status) }
    }

    private static func writeToStandardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// The URL launcher exited with a failure status.
struct BrowserLaunchError: Error {
    let status: Int32
}
