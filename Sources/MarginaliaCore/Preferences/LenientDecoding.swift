// Preferences are read from JSON only natively (MarginaliaEditor's PreferencesStore); the
// Embedded build has no Codable.
#if !hasFeature(Embedded)
import Foundation
import Synchronization

// MARK: - Decoding notes

/// Collects what decoding a preferences file had to repair, so the store can tell the user
/// once instead of failing. Passed through `Decoder.userInfo`; absent when a caller decodes
/// preferences with a plain `JSONDecoder`, in which case repairs happen silently.
public final class PreferenceDecodingNotes: Sendable {
    private let storage = Mutex<[String]>([])

    /// The `Decoder.userInfo` key the notes travel under.
    public static let userInfoKey = CodingUserInfoKey(rawValue: "marginalia.preferenceDecodingNotes")!

    public init() {}

    func add(_ note: String) {
        storage.withLock { $0.append(note) }
    }

    /// The repairs noted so far, in order.
    public var notes: [String] {
        storage.withLock { $0 }
    }
}

extension Decoder {
    /// Records a repair made while decoding, if anyone is listening.
    func notePreferenceRepair(_ note: String) {
        (userInfo[PreferenceDecodingNotes.userInfoKey] as? PreferenceDecodingNotes)?.add(note)
    }
}

// MARK: - Tolerant values

extension KeyedDecodingContainer {
    /// The value at `key`, or `fallback` when the key is missing or holds something that does
    /// not decode as `T` (an unknown enum case, a string where a number belongs).
    ///
    /// Preferences files outlive the app version that wrote them, so one bad value must cost
    /// that value only, never the whole file.
    func tolerant<T: Decodable>(_ key: Key, or fallback: T, decoder: any Decoder) -> T {
        guard contains(key) else { return fallback }
        do {
            return try decodeIfPresent(T.self, forKey: key) ?? fallback
        } catch {
            let path = (codingPath + [key]).map(\.stringValue).joined(separator: ".")
            decoder.notePreferenceRepair("\(path) is not valid; using the default")
            return fallback
        }
    }
}
#endif
