// The repairs of a preferences file read through Codable (MarginaliaEditor's PreferencesStore):
// PreferenceReader notes them, the Codable conformances hand them on here. The Embedded build
// has no Codable.
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
#endif
