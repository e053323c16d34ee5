import Foundation
@testable import Marginalia
import Testing

extension GenerationTests {
    /// Bad input is refused with a typed error and never reaches the file.
    @Suite("Errors")
    struct ErrorTests {
        static func isNonFinite(_ error: any Error) -> Bool {
            if case .nonFiniteValue? = error as? GenerationError { return true }
            return false
        }

        static func isInvalid(_ error: any Error) -> Bool {
            if case .invalidArgument? = error as? GenerationError { return true }
            return false
        }

        /// Every call that takes geometry, each given a NaN or an infinity somewhere.
        static let nonFiniteCalls: [(String, @Sendable (PDFRendererContext) throws -> Void)] = [
            ("move", { try $0.move(to: CGPoint(x: CGFloat.nan, y: 0)) }),
            ("line", { try $0.addLine(to: CGPoint(x: 0, y: CGFloat.infinity)) }),
            ("curve", { try $0.addCurve(to: .zero, control1: CGPoint(x: CGFloat.nan, y: 1), control2: .zero) }),
            ("quad", { try $0.addQuadCurve(to: .zero, control: CGPoint(x: 1, y: -CGFloat.infinity)) }),
            ("rect", { try $0.addRect(CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1)) }),
            ("ellipse", { try $0.addEllipse(in: CGRect(x: CGFloat.infinity, y: 0, width: 1, height: 1)) }),
            ("path", { try $0.addPath(BezierPath(polyline: [.zero, CGPoint(x: CGFloat.nan, y: 2)], closed: false)) }),
            ("fill rect", { try $0.fill(CGRect(x: 0, y: CGFloat.nan, width: 10, height: 10)) }),
            ("stroke rect", { try $0.stroke(CGRect(x: 0, y: 0, width: 10, height: CGFloat.infinity)) }),
            ("transform", { try $0.concatenate(AffineTransform(m11: .nan, m12: 0, m21: 0, m22: 1, tX: 0, tY: 0)) }),
            ("translate", { try $0.translate(x: .infinity, y: 0) }),
            ("rotate", { try $0.rotate(by: .nan) }),
            ("line width", { try $0.setLineWidth(.nan) }),
            ("dash", { try $0.setLineDash([3, .nan]) }),
            ("alpha", { try $0.setAlpha(.nan) }),
            ("text point", { try $0.draw("x", at: CGPoint(x: CGFloat.nan, y: 0), font: StandardFontFace(.helvetica), size: 12) }),
            ("text size", { try $0.draw("x", at: .zero, font: StandardFontFace(.helvetica), size: .infinity) }),
            ("text box", { try $0.draw("x", in: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 9), font: StandardFontFace(.helvetica), size: 9) }),
            ("image", { try $0.draw(RasterImage(width: 1, height: 1, colorSpace: .gray, storage: .samples([0])),
                                    in: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)) }),
            ("link", { try $0.addLink(toPage: 0, rect: CGRect(x: 0, y: 0, width: -CGFloat.infinity, height: 1)) }),
            ("flow frame", { try $0.flow([], in: CGRect(x: 0, y: 0, width: 100, height: CGFloat.nan)) }),
            ("paragraph", { try $0.flow([Paragraph("x", font: StandardFontFace(.helvetica), size: 10, spacingAfter: .nan)],
                                        in: CGRect(x: 0, y: 0, width: 100, height: 100)) }),
            ("run size", { try $0.flow([Paragraph("x", font: StandardFontFace(.helvetica), size: .nan)],
                                       in: CGRect(x: 0, y: 0, width: 100, height: 100)) }),
            ("page size", { try $0.beginPage(size: CGSize(width: CGFloat.nan, height: 100)) }),
        ]

        @Test(arguments: nonFiniteCalls.map(\.0))
        func nonFiniteGeometryIsRefusedAndNotWritten(name: String) throws {
            let call = try #require(Self.nonFiniteCalls.first { $0.0 == name }?.1)
            var contentBefore: [UInt8] = []
            let pdf = try PDFRenderer().data { context in
                try context.beginPage()
                contentBefore = try Self.content(ofPageIn: context)
                #expect(performing: { try call(context) }, throws: { Self.isNonFinite($0) })
                try context.fill()  // paints what the failed call may have left in the path
            }
            let document = try PDFDocument(data: pdf)
            #expect(try document.pageCount == 1)
            let written = String(decoding: try Self.content(ofPage: 0, in: document), as: UTF8.self)
            #expect(written == String(decoding: contentBefore, as: UTF8.self) + "Q\n", "nothing of \(name) was written")
        }

        @Test func aTransformWhoseProductOverflowsIsRefused() throws {
            _ = try PDFRenderer().data { context in
                try context.beginPage()
                try context.scale(x: 1e308, y: 1)
                let before = try Self.content(ofPageIn: context)
                #expect(performing: { try context.scale(x: 1e308, y: 1) }, throws: { Self.isNonFinite($0) })
                #expect(try Self.content(ofPageIn: context) == before)
                #expect(context.currentTransform.m11 == 1e308)
            }
        }

        @Test func unusableValuesAreRefused() throws {
            _ = try PDFRenderer().data { context in
                try context.beginPage()
                let helvetica = StandardFontFace(.helvetica)
                #expect(performing: { try context.beginPage(size: CGSize(width: 0, height: 100)) }, throws: Self.isInvalid)
                #expect(performing: { try context.draw("x", at: .zero, font: helvetica, size: -3) }, throws: Self.isInvalid)
                #expect(performing: { try context.setLineWidth(-1) }, throws: Self.isInvalid)
                #expect(performing: { try context.setLineDash([0, 0]) }, throws: Self.isInvalid)
                #expect(performing: { try context.setMiterLimit(0.5) }, throws: Self.isInvalid)
                #expect(performing: { try context.addLink(toPage: -1, rect: .zero) }, throws: Self.isInvalid)
                #expect(performing: { try context.flow([], in: CGRect(x: 0, y: 0, width: 0, height: 10)) }, throws: Self.isInvalid)
                let tight = Paragraph("x", font: helvetica, size: 10, lineHeight: .exactly(0))
                #expect(performing: { try context.flow([tight], in: CGRect(x: 0, y: 0, width: 10, height: 10)) },
                        throws: Self.isInvalid)
            }
        }

        @Test func drawingNeedsAPageAndBalancedStates() throws {
            _ = try PDFRenderer().data { context in
                #expect(throws: GenerationError.noCurrentPage(operation: "setFillColor(_:)")) {
                    try context.setFillColor(.red)
                }
                #expect(throws: GenerationError.noCurrentPage(operation: "stroke()")) { try context.stroke() }
                #expect(context.currentPageIndex == nil && context.pageCount == 0)
                try context.beginPage()
                #expect(context.currentPageIndex == 0 && context.pageCount == 1)
                try context.saveState()
                try context.restoreState()
                #expect(throws: GenerationError.unbalancedRestore) { try context.restoreState() }
                try context.saveState()  // left open: closed when the page ends
            }
        }

        @Test func aLinkToAPageNeverBegunFailsTheDocument() throws {
            #expect(throws: GenerationError.linkTargetMissing(page: 4, pageCount: 2)) {
                _ = try PDFRenderer().data { context in
                    try context.beginPage()
                    try context.addLink(toPage: 4, rect: CGRect(x: 0, y: 0, width: 10, height: 10))
                    try context.beginPage()
                }
            }
        }

        @Test func messagesSayWhatWasWrong() {
            #expect(GenerationError.linkTargetMissing(page: 4, pageCount: 2).description
                == "a link points to page 5, but the document has 2 pages")
            #expect(GenerationError.nonFiniteValue("the point given to move(to:) (nan, 0.0)").description
                == "not a finite number: the point given to move(to:) (nan, 0.0)")
        }

        // MARK: - Helpers

        /// The content written so far on the current page (internal state, hence `@testable`).
        static func content(ofPageIn context: PDFRendererContext) throws -> [UInt8] {
            try #require(context.page?.content.bytes)
        }

        static func content(ofPage index: Int, in document: PDFDocument) throws -> [UInt8] {
            let page = try document.page(at: index)
            let stream = try #require(try document.file.resolve(page.dictionary["Contents"] ?? .null).streamValue)
            return try stream.decodedBytes()
        }
    }
}
