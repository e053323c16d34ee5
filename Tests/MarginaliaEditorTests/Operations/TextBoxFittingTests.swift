import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

@Suite("Text boxes grow to show their wrapped text")
struct TextBoxFittingTests {
    static let long = "A sentence long enough to wrap several times inside a text box that is only two hundred points wide."

    /// A new text box as the engine makes it for a tap: one line high, 200 points wide.
    static func add(_ text: String, at top: CGFloat = 700, to document: PDFDocument) throws -> PDFAnnotation {
        let draft = AnnotationDraft.textBox(in: CGRect(x: 72, y: top - 22.4, width: 200, height: 22.4), text: text,
                                            style: .default, pageIndex: 0)
        _ = try EditorCommand.add(json: [draft]).apply(to: document)
        return try #require(try document.annotations(onPage: 0).last)
    }

    @Test func aWrappedTextBoxGrowsDownFromItsTopEdge() throws {
        let document = try OperationTests.document()
        let box = try Self.add(Self.long, to: document)
        #expect(box.rect.maxY == 700, "the top edge stays where the user put it")
        #expect(box.rect.width == 200)
        guard case .freeText(let text) = box.kind else { Issue.record("not free text"); return }
        let layout = FreeTextLayout(text, borderWidth: box.border.width)
        let lines = layout.lines(text.text, width: 200).count
        #expect(lines >= 3)
        #expect(abs(Double(box.rect.height) - (Double(lines) * layout.lineHeight + 2 * layout.padding)) < 0.01)
    }

    @Test func oneLineOfTextKeepsItsBox() throws {
        let document = try OperationTests.document()
        let box = try Self.add("Short", to: document)
        #expect(abs(box.rect.minY - (700 - 22.4)) < 0.001 && abs(box.rect.height - 22.4) < 0.001 && box.rect.width == 200)
    }

    @Test func longerTextInAChangeGrowsTheBox() throws {
        let document = try OperationTests.document()
        let box = try Self.add("Short", to: document)
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(box)) as? [String: Any])
        object["text"] = Self.long
        object["contents"] = Self.long
        let json = try JSONParser.parse(String(decoding: JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        _ = try EditorCommand.change(json: json).apply(to: document)
        let changed = try #require(try document.annotations(onPage: 0).last)
        #expect(changed.rect.maxY == 700 && changed.rect.height > 50)
    }

    @Test func aBoxNearTheBottomIsMovedUpOntoThePage() throws {
        let document = try OperationTests.document()
        let box = try Self.add(Self.long, at: 40, to: document)
        #expect(box.rect.minY >= 0, "kept on the page")
        #expect(box.rect.height > 50)
    }

    @Test func onARotatedPageTheBoxGrowsTowardsTheReadersBottom() {
        let annotation = PDFAnnotation(kind: .freeText(.init(text: Self.long, fontSize: 14)),
                                       rect: CGRect(x: 100, y: 100, width: 22.4, height: 200))
        // /Rotate 90: the reader's down is the page's +x, and the box's upright width its height.
        let grown = annotation.rectFittingText(pageRotation: 90, page: nil)
        #expect(grown?.minX == 100 && (grown?.width ?? 0) > 50 && grown?.height == 200)
        let turned = annotation.rectFittingText(pageRotation: 270, page: nil)
        #expect(turned?.maxX == 122.4 && (turned?.width ?? 0) > 50)
    }

    /// Two and a half thousand lines: at 400 points (the Text tool's largest), more than a
    /// million points of them.
    static let tallText = Array(repeating: "Line", count: 2500).joined(separator: "\n")

    @Test func aBoxGrowsNoFurtherThanTheCoordinateLimit() throws {
        let annotation = PDFAnnotation(kind: .freeText(.init(text: Self.tallText, fontSize: 1000)),
                                       rect: CGRect(x: 100, y: 600, width: 1000, height: 1160))
        for rotation in [0, 90, 180, 270] {
            let grown = try #require(annotation.rectFittingText(pageRotation: rotation, page: nil))
            #expect(CoordinateLimit.contains(grown), "grown within the limit on a page turned \(rotation)")
            #expect(max(grown.width, grown.height) > 990_000, "still grown as far as the limit allows")
        }
        let down = annotation.rectFittingText(pageRotation: 0, page: nil)
        #expect(down?.maxY == 1760 && down?.height == CGFloat(CoordinateLimit.magnitude), "the top edge kept, a million points tall")
        // A box with its top at the bottom of the limit grows no further than a million points.
        let low = PDFAnnotation(kind: .freeText(.init(text: Self.tallText, fontSize: 1000)),
                                rect: CGRect(x: 100, y: -900_000, width: 1000, height: 1160))
        #expect(low.rectFittingText(pageRotation: 0, page: nil)?.minY == -CGFloat(CoordinateLimit.magnitude))
    }

    @Test func aTallBoxAddedThroughACommandStaysInsideTheLimitAndKeepsItsText() throws {
        let document = try OperationTests.document()
        let style = TextToolSettings(fontSize: 400, bold: false, textColor: TextToolSettings.default.textColor, backgroundColor: nil)
        let draft = AnnotationDraft.textBox(in: CGRect(x: 0, y: 0, width: 1000, height: 470), text: Self.tallText,
                                            style: style, pageIndex: 0)
        _ = try EditorCommand.add(json: [draft]).apply(to: document)
        let box = try #require(try document.annotations(onPage: 0).last)
        #expect(CoordinateLimit.contains(box.rect))
        #expect(box.rect.height > 900_000)
        // A later move within the limit is taken, and the file reads back with the whole text.
        _ = try EditorCommand.move(ids: [box.id], dx: 10, dy: 10).apply(to: document)
        let saved = try PDFDocument(data: try document.dataRepresentation())
        let reread = try #require(try saved.annotations(onPage: 0).last)
        guard case .freeText(let text) = reread.kind else { Issue.record("not free text"); return }
        #expect(text.text == Self.tallText && CoordinateLimit.contains(reread.rect))
    }

    /// A text box's family, slant and alignment (the Style popover's Font, Italic and
    /// Alignment): the family keeps the weight and slant, the slant keeps the family and
    /// weight, and the file gets the font and `/Q` every viewer reads.
    @Test func aRestyleSetsTheFamilyTheSlantAndTheAlignment() throws {
        let document = try OperationTests.document()
        var style = TextToolSettings.default
        style.bold = true
        let draft = AnnotationDraft.textBox(in: CGRect(x: 72, y: 600, width: 200, height: 22.4), text: "Styled", style: style, pageIndex: 0)
        _ = try EditorCommand.add(json: [draft]).apply(to: document)
        let box = try #require(try document.annotations(onPage: 0).last)
        let id = box.id
        _ = try EditorCommand.restyle(ids: [id], style: .init(family: .times)).apply(to: document)
        _ = try EditorCommand.restyle(ids: [id], style: .init(italic: true, alignment: .center)).apply(to: document)
        let after = try #require(try document.annotations(onPage: 0).last)
        let text = try #require({ if case .freeText(let text) = after.kind { return text } else { return nil } }())
        #expect(text.font == "Times-BoldItalic" && text.alignment == .center)
        _ = try EditorCommand.restyle(ids: [id], style: .init(bold: false, family: .courier, alignment: .right)).apply(to: document)
        let last = try #require(try document.annotations(onPage: 0).last)
        let mono = try #require({ if case .freeText(let text) = last.kind { return text } else { return nil } }())
        #expect(mono.font == "Courier-Oblique" && mono.alignment == .right)
        // What others read: the font named in /DA and /Q 2.
        let saved = try PDFDocument(data: try document.dataRepresentation())
        let dictionary = try #require(try saved.annotations(onPage: 0).last?.dictionary)
        #expect(dictionary["Q"]?.integerValue == 2)
    }
}
