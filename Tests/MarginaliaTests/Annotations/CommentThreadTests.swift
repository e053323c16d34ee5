import Foundation
import PDFCore
import Testing
@testable import Marginalia

/// Replies and review states as the standard stores them (ISO 32000-2, 12.5.6.2-3): Text
/// annotations with `/IRT` to their parent, `/RT /R`, and `/State` with `/StateModel`.
@Suite("Comment threads")
struct CommentThreadTests {
    static func square() -> PDFAnnotation {
        var square = PDFAnnotation(kind: .square, rect: CGRect(x: 100, y: 500, width: 120, height: 60), pageIndex: 0)
        square.id = "parent"
        square.author = "Ada"
        return square
    }

    static func reply(_ id: String, to parent: String, by author: String, text: String) -> PDFAnnotation {
        var reply = PDFAnnotation(kind: .note(PDFAnnotation.Note(icon: "Comment")), rect: CGRect(x: 220, y: 540, width: 20, height: 20),
                                  pageIndex: 0)
        reply.id = id
        reply.inReplyTo = parent
        reply.author = author
        reply.contents = text
        return reply
    }

    static func state(_ id: String, on parent: String, by author: String, _ value: ReviewState) -> PDFAnnotation {
        var state = reply(id, to: parent, by: author, text: "\(value.rawValue) set by \(author)")
        state.state = AnnotationState(review: value)
        state.flags = [.hidden, .print, .noZoom, .noRotate]
        return state
    }

    @Test func aReplyIsWrittenWithAReferenceToItsParentAndReadBackByID() throws {
        let document = try TestDocuments.pages(1)
        let parent = try document.addAnnotation(Self.square(), toPage: 0)
        try document.addAnnotation(Self.reply("r1", to: "parent", by: "Grace", text: "Why here?"), toPage: 0)
        try document.addAnnotation(Self.state("s1", on: "parent", by: "Grace", .accepted), toPage: 0)

        let reopened = try TestDocuments.reopen(document)
        let read = try reopened.annotations(onPage: 0)
        let reply = try #require(read.first { $0.id == "r1" })
        #expect(reply.inReplyTo == "parent")
        #expect(reply.replyType == .reply)
        #expect(reply.state == nil)
        #expect(reply.isComment)
        let state = try #require(read.first { $0.id == "s1" })
        #expect(state.state == AnnotationState(model: "Review", state: "Accepted"))
        #expect(state.author == "Grace")

        // In the file: /IRT is the parent's object, /RT /R, /State and /StateModel text strings.
        let dictionary = try #require(reply.reference.flatMap { try reopened.file.dictionary(.reference($0)) })
        #expect(dictionary["IRT"]?.referenceValue?.number == parent.reference?.number)
        #expect(dictionary["RT"]?.nameValue == "R")
        let stateDictionary = try #require(state.reference.flatMap { try reopened.file.dictionary(.reference($0)) })
        #expect(stateDictionary["State"]?.stringBytes.map(PDFTextString.decode) == "Accepted")
        #expect(stateDictionary["StateModel"]?.stringBytes.map(PDFTextString.decode) == "Review")
    }

    @Test func aReplyToAnAnnotationThatIsNotOnItsPageIsRefused() throws {
        let document = try TestDocuments.pages(2)
        try document.addAnnotation(Self.square(), toPage: 0)
        var stray = Self.reply("r1", to: "parent", by: "Grace", text: "lost")
        stray.pageIndex = 1
        #expect(throws: PDFError.self) { try document.addAnnotation(stray, toPage: 1) }
        #expect(throws: PDFError.self) { try document.addAnnotation(Self.reply("r2", to: "r2", by: "G", text: "me"), toPage: 0) }
        #expect(try document.annotations(onPage: 1).isEmpty)
    }

    @Test func aParentWithoutAnNMIsNamedAsTheReaderNamesIt() throws {
        let document = try TestDocuments.assemble([
            1: "<</Type/Catalog/Pages 2 0 R>>",
            2: "<</Type/Pages/Kids[3 0 R]/Count 1>>",
            3: "<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Annots[4 0 R 5 0 R 6 0 R]>>",
            4: "<</Type/Annot/Subtype/Square/Rect[10 10 50 50]>>",
            5: "<</Type/Annot/Subtype/Text/Rect[50 50 70 70]/IRT 4 0 R/Contents(old reply)/T(Kim)/State/Rejected>>",
            6: "<</Type/Annot/Subtype/Text/Rect[50 50 70 70]/IRT 9 0 R/RT/Group>>",
        ])
        let read = try document.readAnnotations(onPage: 0)
        #expect(read.annotations[1].inReplyTo == "ann-4-0")
        // A state given as a name, with no model: the model is the one the state belongs to.
        #expect(read.annotations[1].state == AnnotationState(model: "Review", state: "Rejected"))
        #expect(read.annotations[2].inReplyTo == nil)
        #expect(read.annotations[2].replyType == .group)
        #expect(read.problems.contains { $0.contains("/IRT") })

        // Written again, the reply refers to the same object.
        var reply = read.annotations[1]
        reply.contents = "edited"
        let stored = try document.updateAnnotation(reply)
        #expect(stored.dictionary["IRT"]?.referenceValue?.number == 4)
    }

    @Test func annotationJSONCarriesTheThreadAndChecksIt() throws {
        let annotations = [Self.square(), Self.reply("r1", to: "parent", by: "Grace", text: "ok"),
                           Self.state("s1", on: "parent", by: "Grace", .completed)]
        let json = try AnnotationJSON.encode(annotations)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("\"inReplyTo\" : \"parent\""))
        #expect(text.contains("\"state\" : \"Completed\""))
        #expect(text.contains("\"stateModel\" : \"Review\""))
        let back = try AnnotationJSON.decode(json)
        #expect(back.map(\.inReplyTo) == [nil, "parent", "parent"])
        #expect(back[2].state == AnnotationState(review: .completed))

        func decodeError(_ fields: String) -> String? {
            let text = #"{"annotations": [{"type": "note", "pageIndex": 0, "rect": [0, 0, 20, 20], "id": "n"\#(fields)}]}"#
            do {
                _ = try AnnotationJSON.decode(Data(text.utf8))
                return nil
            } catch let error as AnnotationJSONError {
                return error.description
            } catch {
                return "\(error)"
            }
        }
        #expect(decodeError(#", "inReplyTo": "p", "state": "Accepted""#) == nil)
        #expect(decodeError(#", "state": "Accepted""#)?.hasPrefix("annotations[0].state:") == true)
        #expect(decodeError(#", "inReplyTo": "p", "state": "Maybe""#)?.hasPrefix("annotations[0].stateModel:") == true)
        #expect(decodeError(#", "inReplyTo": "p", "state": "Marked", "stateModel": "Review""#)?.contains("Accepted") == true)
        #expect(decodeError(#", "inReplyTo": "n""#)?.hasPrefix("annotations[0].inReplyTo:") == true)
        #expect(decodeError(#", "replyType": "group""#)?.hasPrefix("annotations[0].replyType:") == true)
        #expect(decodeError(#", "inReplyTo": "p", "replyType": "thread""#)?.hasPrefix("annotations[0].replyType:") == true)
    }

    @Test func xfdfCarriesInReplyToAndStateBothWays() throws {
        var group = Self.reply("g1", to: "parent", by: "Ada", text: "")
        group.replyType = .group
        let annotations = [Self.square(), Self.reply("r1", to: "parent", by: "Grace", text: "why?"),
                           Self.state("s1", on: "parent", by: "Grace", .rejected), group]
        let xml = XFDFDocument.export(annotations, sourceFileName: nil)
        #expect(xml.contains(#"inreplyto="parent""#))
        #expect(xml.contains(#"state="Rejected" statemodel="Review""#))
        #expect(xml.contains(#"replyType="group""#))
        let back = try XFDFDocument.importAnnotations(from: Data(xml.utf8))
        #expect(back.map(\.inReplyTo) == [nil, "parent", "parent", "parent"])
        #expect(back[2].state == AnnotationState(review: .rejected))
        #expect(back[3].replyType == .group)
        #expect(back[1].author == "Grace" && back[1].contents == "why?")

        let bad = #"<xfdf xmlns="http://ns.adobe.com/xfdf/"><annots><text page="0" rect="0,0,20,20" state="Accepted"/></annots></xfdf>"#
        #expect(throws: XFDFError.self) { try XFDFDocument.importAnnotations(from: Data(bad.utf8)) }
    }

    @Test func parentsComeFirstWhenAddingAListInAnyOrder() throws {
        let reply = Self.reply("r1", to: "parent", by: "Grace", text: "first?")
        let answer = Self.reply("r2", to: "r1", by: "Ada", text: "second")
        let ordered = PDFAnnotation.parentsFirst([answer, reply, Self.square()])
        #expect(ordered.map(\.id) == ["parent", "r1", "r2"])
        let document = try TestDocuments.pages(1)
        for annotation in ordered { try document.addAnnotation(annotation, toPage: 0) }
        #expect(try document.annotations(onPage: 0).map(\.inReplyTo) == [nil, "parent", "r1"])
        // Loops keep their order rather than losing anyone.
        var a = Self.reply("a", to: "b", by: "x", text: ""), b = Self.reply("b", to: "a", by: "y", text: "")
        a.pageIndex = 0
        b.pageIndex = 0
        #expect(PDFAnnotation.parentsFirst([a, b]).map(\.id) == ["a", "b"])
    }
}
