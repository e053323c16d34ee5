import Foundation
import Marginalia

/// Reads and writes ``ToolPreferences`` as a JSON file at a location the caller chooses.
///
/// Loading never fails: the editor must start even when the file is missing, damaged or
/// unreadable, so those cases give the defaults plus a warning for the user. Saving is
/// atomic, so a crash while saving leaves the previous file intact.
public struct PreferencesStore: Sendable {
    /// Where the preferences live.
    public let url: URL

    /// A store for the file at `url` (which need not exist yet).
    public init(url: URL) {
        self.url = url
    }

    /// The saved preferences, or the defaults.
    ///
    /// - Returns: The preferences, and a warning when the user should know something went
    ///   wrong: the file could not be read or parsed (defaults are used), or some values had
    ///   to be repaired (the rest of the file is used). A missing file is the first run, not
    ///   a problem: defaults without a warning.
    public func load() -> (ToolPreferences, warning: String?) {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return (ToolPreferences(), nil)
        }
        if isDirectory.boolValue {
            return (ToolPreferences(), "Preferences file \(path) is a folder, not a file; using the default settings.")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return (ToolPreferences(), "Preferences file \(path) could not be read (\(error.localizedDescription)); using the default settings.")
        }
        let notes = PreferenceDecodingNotes()
        let decoder = JSONDecoder()
        decoder.userInfo[PreferenceDecodingNotes.userInfoKey] = notes
        do {
            let preferences = try decoder.decode(ToolPreferences.self, from: data)
            guard !notes.notes.isEmpty else { return (preferences, nil) }
            return (preferences, "Preferences file \(path) had problems that were repaired: "
                + notes.notes.joined(separator: "; ") + ".")
        } catch {
            return (ToolPreferences(), "Preferences file \(path) is damaged (\(Self.describe(error))); using the default settings.")
        }
    }

    /// Writes `preferences` atomically (a temporary file, then a rename), creating the
    /// folder if needed.
    ///
    /// - Throws: The encoder's or the file system's error; the previous file is then intact.
    public func save(_ preferences: ToolPreferences) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(preferences)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try AtomicFileWriter.write([UInt8](data), to: url.path)
    }

    /// A short explanation of a decoding failure for the warning.
    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return context.underlyingError.map { "not valid JSON: \($0.localizedDescription)" }
                ?? context.debugDescription
        case DecodingError.typeMismatch(_, let context):
            return "unexpected content: \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}
