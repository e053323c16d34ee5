#if !hasFeature(Embedded)
import Foundation
#endif

/// The time source of the editor engine, injectable so tests decide when things happen
/// (double squeezes, shape recognition holds, autosave idle periods).
///
/// Class-bound so the Embedded Swift build (which has no existentials of other protocols)
/// can hold one. Not `Sendable`: an engine and its clock stay on one thread. The browser build answers with the page's clock; natively MarginaliaEditor
/// has `SystemClock` and `ManualClock`.
public protocol EditorClock: AnyObject {
    /// Seconds since an arbitrary fixed point; only differences matter.
    var now: Double { get }
}
