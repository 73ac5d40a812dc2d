import Foundation

/// Whether headless Chromium and chromedriver are installed (the browser tests skip without them).
enum BrowserEnvironment {
    static let chromium = locate(["chromium", "chromium-browser", "google-chrome"])
    static let chromedriver = locate(["chromedriver"])

    /// Both executables were found on `PATH` (or in `/usr/bin`).
    static var isAvailable: Bool { chromium != nil && chromedriver != nil }

    private static func locate(_ names: [String]) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin"]
        for name in names {
            for directory in directories {
                let candidate = directory + "/" + name
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }
}
