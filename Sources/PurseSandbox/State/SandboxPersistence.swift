internal import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the sandbox could not load or save its state file.
///
/// Thrown by ``PurseSandbox/init(configuration:)`` when the file at
/// ``SandboxConfiguration/statePath`` exists but cannot be used, and by ``PurseSandbox/saveState()``.
public struct SandboxStateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Stable code: `STATE_FILE_UNREADABLE`, `STATE_FILE_CORRUPT`, `STATE_FILE_VERSION` or
    /// `STATE_FILE_NOT_WRITTEN`.
    public let code: String
    /// The file concerned.
    public let path: String
    /// What went wrong, for a person.
    public let message: String

    /// `code: message (path)`.
    public var description: String { "\(code): \(message) (\(path))" }

    static func unreadable(_ path: String, _ message: String) -> SandboxStateError {
        SandboxStateError(code: "STATE_FILE_UNREADABLE", path: path, message: message)
    }
    static func corrupt(_ path: String, _ message: String) -> SandboxStateError {
        SandboxStateError(code: "STATE_FILE_CORRUPT", path: path, message: message)
    }
    static func version(_ path: String, _ found: Int) -> SandboxStateError {
        SandboxStateError(
            code: "STATE_FILE_VERSION", path: path,
            message: "state file format \(found) is not \(SandboxState.formatVersion)")
    }
    static func notWritten(_ path: String, _ message: String) -> SandboxStateError {
        SandboxStateError(code: "STATE_FILE_NOT_WRITTEN", path: path, message: message)
    }
}

/// Reads and writes the state file: JSON, written to a temporary file in the same directory and renamed
/// over the old one, so a crash mid-write leaves either the old state or the new one, never half of each.
enum SandboxPersistence {
    /// The state in `path`, or `nil` when there is no file yet.
    static func load(from path: String) throws(SandboxStateError) -> SandboxState? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path, "cannot read the file")
        }
        let state: SandboxState
        do {
            state = try JSONDecoder().decode(SandboxState.self, from: data)
        } catch {
            throw .corrupt(path, "not a sandbox state document: \(Self.describe(error))")
        }
        guard state.version == SandboxState.formatVersion else { throw .version(path, state.version) }
        return state
    }

    /// Writes `state` to `path` atomically.
    static func save(_ state: SandboxState, to path: String) throws(SandboxStateError) {
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            data = try encoder.encode(state)
        } catch {
            throw .notWritten(path, "cannot encode the state")
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw .notWritten(path, "cannot create \(temporary)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw .notWritten(path, "rename failed: \(reason)")
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "missing \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context): "wrong type at \(Self.path(context.codingPath))"
        case DecodingError.valueNotFound(_, let context): "missing value at \(Self.path(context.codingPath))"
        default: "undecodable"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map(\.stringValue).joined(separator: ".")
    }
}
