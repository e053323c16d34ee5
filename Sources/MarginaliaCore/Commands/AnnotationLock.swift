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
    /// The properties a change may alter on a locked annotation, by their annotation JSON
    /// keys: its text, and what the server sets itself (who made it stays, the modification
    /// time is the change's).
    public static let changeableWhenLocked: Set<AnnotationJSONKey> = [.contents, .text, .modificationDate, .author]
    /// The properties LockedContents keeps: the annotation's text.
    public static let contentKeys: [AnnotationJSONKey] = [.contents, .text]
    /// The flags' names in the annotation JSON.
    static let lockedName = "locked", lockedContentsName = "lockedContents"

    /// Checks that a `change` of an annotation from `before` to `after` keeps its locks. The
    /// two values are compared property by property as the annotation JSON gives them
    /// (``AnnotationJSONFields``): what a client sees is what it can keep, so what a file
    /// holds beyond it (an interior colour on a kind that has none) is no change.
    ///
    /// - Throws: ``CommandError/locked(id:action:)`` naming the first property (by its key)
    ///   the lock keeps that the change alters.
    public static func check(change after: Annotation, of before: Annotation, id: String) throws(CommandError) {
        try checkFlags(id: id, were: before.flags, become: after.flags)
        let was = AnnotationProperties(before), become = AnnotationProperties(after)
        if before.flags.contains(.locked), let key = was.firstDifference(from: become, ignoring: changeableWhenLocked) {
            throw CommandError.locked(id: id, action: "changed except for its text (the change alters \(key.rawValue))")
        }
        if before.flags.contains(.lockedContents) {
            for key in contentKeys where was[key] != become[key] {
                throw CommandError.locked(id: id, action: "given another \(key.rawValue) (its contents are locked)")
            }
        }
    }

    /// The part of ``check(change:of:id:)`` the flags decide alone (what the browser's engine
    /// checks before it sends; the whole rule compares the annotation as the server holds it,
    /// the creation date and the picture included): a change keeps both lock flags.
    ///
    /// - Throws: ``CommandError/locked(id:action:)`` naming the flag a change would clear.
    public static func checkFlags(id: String, were: Annotation.Flags,
                                  become: Annotation.Flags) throws(CommandError) {
        for (name, flag) in [(lockedName, Annotation.Flags.locked), (lockedContentsName, .lockedContents)]
        where were.contains(flag) && !become.contains(flag) {
            throw CommandError.locked(id: id, action: "unlocked by a change (the unlock command clears \(name))")
        }
    }
}
