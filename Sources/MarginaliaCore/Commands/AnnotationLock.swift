#if !hasFeature(Embedded)
import Foundation
#endif

/// What the two lock flags keep (ISO 32000-2, table 167), decided here once for every
/// command that would change an annotation (docs/api.md, "Locks").
///
/// - **Locked** (`/F` bit 8): the annotation is not removed and none of its properties change
///   (place, size, shape, colours, width, opacity, flags...) except its text
///   (``changeableWhenLocked``). `move`, `resize`, `restyle`, `arrange` and `remove` are
///   refused; a `change` is refused when it alters anything else, the flags included.
/// - **LockedContents** (`/F` bit 10): its text (``contentKeys``) does not change; the rest
///   may.
///
/// Only ``EditorCommand/unlock(ids:)`` clears either flag (one logged command); a `change`
/// may set them, never clear them.
public enum AnnotationLock {
    /// The annotation JSON keys a change may alter on a locked annotation: its text, and the
    /// fields the server sets itself (who made it stays, the modification time is the change's,
    /// `foreignAppearance` is read from the file).
    public static let changeableWhenLocked: Set<String> = ["contents", "text", "modificationDate", "author", "foreignAppearance"]
    /// The keys LockedContents keeps: the annotation's text.
    public static let contentKeys = ["contents", "text"]
    /// The flags' names in the annotation JSON.
    static let lockedName = "locked", lockedContentsName = "lockedContents"

    /// Checks that a `change` of an annotation from `before` to `after` (both annotation JSON
    /// objects written by the same encoder, so equal values are equal JSON) keeps its locks.
    ///
    /// - Throws: ``CommandError/locked(id:action:)`` naming the first key the lock keeps that
    ///   the change alters.
    public static func check(change after: JSONValue, of before: JSONValue, id: String) throws(CommandError) {
        let was = flags(of: before)
        try checkFlags(id: id, were: was, become: flags(of: after))
        if was.contains(.locked), let key = firstDifference(before, after, ignoring: changeableWhenLocked) {
            throw CommandError.locked(id: id, action: "changed except for its text (the change alters \(key))")
        }
        if was.contains(.lockedContents) {
            for key in contentKeys where before[key] != after[key] {
                throw CommandError.locked(id: id, action: "given another \(key) (its contents are locked)")
            }
        }
    }

    /// The part of ``check(change:of:id:)`` the flags decide alone (what the browser's engine
    /// checks before it sends; the whole rule compares the JSON the server writes of both,
    /// the creation date included): a change keeps both lock flags.
    ///
    /// - Throws: ``CommandError/locked(id:action:)`` naming the flag a change would clear.
    public static func checkFlags(id: String, were: Annotation.Flags,
                                  become: Annotation.Flags) throws(CommandError) {
        for (name, flag) in [(lockedName, Annotation.Flags.locked), (lockedContentsName, .lockedContents)]
        where were.contains(flag) && !become.contains(flag) {
            throw CommandError.locked(id: id, action: "unlocked by a change (the unlock command clears \(name))")
        }
    }

    /// The flags of an annotation JSON object that the engine knows (``Annotation/Flags``).
    static func flags(of annotation: JSONValue) -> Annotation.Flags {
        let names = (annotation["flags"]?.arrayValue ?? []).compactMap { $0.stringValue }
        return AnnotationFlags(AnnotationFlags.jsonNames.filter { names.contains($0.0) }.map { $0.1 })
    }

    /// The first key (in `a`'s order, then `b`'s) whose value differs between two objects,
    /// leaving out `ignored` keys; a key present in one only differs.
    static func firstDifference(_ a: JSONValue, _ b: JSONValue, ignoring ignored: Set<String>) -> String? {
        let keys = (a.objectValue?.keys ?? []) + (b.objectValue?.keys ?? [])
        return keys.first { !ignored.contains($0) && a[$0] != b[$0] }
    }
}
