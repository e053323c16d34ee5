import Foundation

/// Why drawing into a ``PDFRendererContext`` or generating a document failed.
///
/// Nothing invalid is ever written: a call that would put NaN, an infinity or a meaningless
/// value into the content stream throws instead and leaves the page as it was.
/// `description` is a one-line message for the person who wrote the drawing code.
public enum GenerationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A coordinate, size, angle or other number was NaN or infinite. The string names the
    /// value and the call it was passed to.
    case nonFiniteValue(String)
    /// A value was finite but unusable: a page of zero width, a negative font size, an empty
    /// frame. The string says which value and why.
    case invalidArgument(String)
    /// Something was drawn before the first ``PDFRendererContext/beginPage(size:)``.
    case noCurrentPage(operation: String)
    /// ``PDFRendererContext/restoreState()`` was called more often than
    /// ``PDFRendererContext/saveState()`` on the current page.
    case unbalancedRestore
    /// A link points to a page (0-based) that was never begun; `pageCount` pages exist.
    case linkTargetMissing(page: Int, pageCount: Int)

    public var description: String {
        switch self {
        case .nonFiniteValue(let what):
            return "not a finite number: \(what)"
        case .invalidArgument(let message):
            return message
        case .noCurrentPage(let operation):
            return "\(operation) was called before beginPage(): there is no page to draw on"
        case .unbalancedRestore:
            return "restoreState() without a matching saveState() on this page"
        case .linkTargetMissing(let page, let pageCount):
            return "a link points to page \(page + 1), but the document has \(pageCount) pages"
        }
    }
}

/// Checks that geometry is finite before it reaches a content stream.
enum FiniteCheck {
    static func number(_ value: Double, _ what: @autoclosure () -> String) throws {
        guard value.isFinite else { throw GenerationError.nonFiniteValue(what()) }
    }

    static func point(_ point: CGPoint, _ what: @autoclosure () -> String) throws {
        guard point.x.isFinite, point.y.isFinite else {
            throw GenerationError.nonFiniteValue("\(what()) (\(point.x), \(point.y))")
        }
    }

    static func rect(_ rect: CGRect, _ what: @autoclosure () -> String) throws {
        guard !rect.isNull, [rect.origin.x, rect.origin.y, rect.width, rect.height].allSatisfy(\.isFinite) else {
            throw GenerationError.nonFiniteValue("\(what()) \(rect)")
        }
    }

    static func transform(_ t: AffineTransform, _ what: @autoclosure () -> String) throws {
        guard [t.m11, t.m12, t.m21, t.m22, t.tX, t.tY].allSatisfy(\.isFinite) else {
            throw GenerationError.nonFiniteValue("\(what()) [\(t.m11) \(t.m12) \(t.m21) \(t.m22) \(t.tX) \(t.tY)]")
        }
    }

    /// A font size must be finite and positive.
    static func fontSize(_ size: Double, _ what: @autoclosure () -> String) throws {
        try number(size, "the font size of \(what())")
        guard size > 0 else { throw GenerationError.invalidArgument("the font size of \(what()) must be positive, not \(size)") }
    }
}
