import Foundation

/// How long documents stay in memory once opened (`marginalia serve --unload-idle`,
/// `--max-open-documents`; docs/server-robustness.md, "Memory").
///
/// A document in memory (its parsed file with every edit applied, its undo history and its
/// recent log) is unloaded when nothing uses it: no event stream subscribed to it, no request
/// at work on it, nothing applied but not yet committed. Everything it holds is in the store,
/// so the next request opens it again exactly as it was (revision, annotations, each user's
/// undo and redo). Two rules unload it: it has not been used for ``idleSeconds``, or more
/// than ``maxOpen`` documents are held, in which case the least recently used unused ones go
/// first. A document in use stays, even past the bound.
public struct DocumentResidency: Sendable {
    /// Seconds a document unused stays in memory; 0: no idle unloading (the bound still holds).
    public var idleSeconds: Int
    /// How many documents may stay in memory at most (those in use are never unloaded).
    public var maxOpen: Int
    /// Now, in seconds, on a clock that only moves forward (tests pass their own).
    public var clock: @Sendable () -> Double

    /// The default idle time: unloaded after 5 minutes unused.
    public static let defaultIdleSeconds = 300
    /// The default bound: at most 64 documents held.
    public static let defaultMaxOpen = 64
    /// The most `--unload-idle` accepts (a day).
    public static let maximumIdleSeconds = 86_400
    /// The most `--max-open-documents` accepts.
    public static let maximumMaxOpen = 1_000_000

    /// The `serve` options that set ``idleSeconds`` and ``maxOpen``.
    public static let options = (idle: "--unload-idle", maxOpen: "--max-open-documents")

    /// Settings with `idleSeconds` clamped to 0 through ``maximumIdleSeconds`` and `maxOpen`
    /// to 1 through ``maximumMaxOpen`` (the `serve` options are checked before, with an error
    /// naming them: ``idleSeconds(_:)``, ``maxOpen(_:)``).
    public init(idleSeconds: Int = defaultIdleSeconds, maxOpen: Int = defaultMaxOpen,
                clock: @escaping @Sendable () -> Double = DocumentResidency.uptime) {
        self.idleSeconds = min(max(0, idleSeconds), Self.maximumIdleSeconds)
        self.maxOpen = min(max(1, maxOpen), Self.maximumMaxOpen)
        self.clock = clock
    }

    /// Seconds since boot (monotonic).
    public static let uptime: @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Reads `--unload-idle S` (whole seconds from 0 to a day) from its text.
    ///
    /// - Throws: ``DocumentResidency/OptionError`` naming the option and what it accepts.
    public static func idleSeconds(_ text: String) throws -> Int {
        guard let seconds = Int(text), (0...maximumIdleSeconds).contains(seconds) else {
            throw OptionError(message: "\(options.idle): '\(text)' is not a whole number of seconds from 0 (never) to \(maximumIdleSeconds)")
        }
        return seconds
    }

    /// Reads `--max-open-documents N` (a whole number from 1 to a million) from its text.
    ///
    /// - Throws: ``DocumentResidency/OptionError`` naming the option and what it accepts.
    public static func maxOpen(_ text: String) throws -> Int {
        guard let count = Int(text), (1...maximumMaxOpen).contains(count) else {
            throw OptionError(message: "\(options.maxOpen): '\(text)' is not a whole number from 1 to \(maximumMaxOpen)")
        }
        return count
    }

    /// An option's text that is out of range or not a number.
    public struct OptionError: Error, CustomStringConvertible, Sendable {
        /// What is wrong, naming the option and the range it accepts.
        public let message: String
        public var description: String { message }
    }
}
