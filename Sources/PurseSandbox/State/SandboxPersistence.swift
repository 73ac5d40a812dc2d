internal import Foundation

/// Why the sandbox could not load or save its state file.
///
/// Thrown by ``PurseSandbox/init(configuration:)`` when the file at
/// ``SandboxConfiguration/statePath`` cannot be written or exists but cannot be used, and by
/// ``PurseSandbox/saveState()``.
public struct SandboxStateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Stable code: `STATE_FILE_NOT_WRITABLE` (found at start), `STATE_FILE_UNREADABLE`, `STATE_FILE_CORRUPT`,
    /// `STATE_FILE_VERSION` or `STATE_FILE_NOT_WRITTEN`.
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
    static func notWritable(_ path: String, _ message: String) -> SandboxStateError {
        SandboxStateError(code: "STATE_FILE_NOT_WRITABLE", path: path, message: message)
    }
}

/// Reads and writes the state file: JSON, written to a temporary file in the same directory and renamed
/// over the old one, so a crash mid-write leaves either the old state or the new one, never half of each.
/// The file is created with mode 0600 (every write creates it anew, so it stays 0600).
enum SandboxPersistence {
    /// Checks at start that the state can be written to `path`: its directory exists and takes a new file (the
    /// temporary file of an atomic write, created and removed here), and an existing `path` is a regular file
    /// that can be opened for writing. Nothing else is changed.
    static func checkWritable(_ path: String) throws(SandboxStateError) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw .notWritable(path, "the directory \(directory) does not exist")
        }
        guard isDirectory.boolValue else { throw .notWritable(path, "\(directory) is not a directory") }
        let probe = temporaryPath(for: path)
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .notWritable(path, "cannot create a file in \(directory): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        unlink(probe)
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard !isDirectory.boolValue else { throw .notWritable(path, "the path is a directory") }
            let existing = open(path, O_WRONLY | O_CLOEXEC)
            guard existing >= 0 else {
                throw .notWritable(path, "cannot write the file: \(String(cString: strerror(errno)))")
            }
            close(existing)
        }
    }

    /// The state in `path`, or `nil` when there is no file yet.
    static func load(from path: String) throws(SandboxStateError) -> SandboxState? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path, "cannot read the file")
        }
        // The version first: a file of another format is a version error, not an undecodable document.
        struct Header: Decodable { var version: Int }
        let version: Int
        do {
            version = try JSONDecoder().decode(Header.self, from: data).version
        } catch {
            throw .corrupt(path, "not a sandbox state document: \(Self.describe(error))")
        }
        guard version == SandboxState.formatVersion else { throw .version(path, version) }
        do {
            return try JSONDecoder().decode(SandboxState.self, from: data)
        } catch {
            throw .corrupt(path, "not a sandbox state document: \(Self.describe(error))")
        }
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
        let temporary = temporaryPath(for: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .notWritten(path, "cannot create \(temporary): \(String(cString: strerror(errno)))")
        }
        let written = data.withUnsafeBytes { writeAll(descriptor, $0) }
        let failure = errno
        close(descriptor)
        guard written else {
            unlink(temporary)
            throw .notWritten(path, "cannot write \(temporary): \(String(cString: strerror(failure)))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw .notWritten(path, "rename failed: \(reason)")
        }
    }

    /// A fresh name next to `path` for the temporary file of an atomic write.
    private static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
    }

    /// Writes every byte of `bytes` to `descriptor` (retrying short writes and interruptions).
    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
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
