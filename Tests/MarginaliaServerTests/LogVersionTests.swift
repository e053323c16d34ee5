import Foundation
import Testing
@testable import MarginaliaEditor
@testable import MarginaliaServer

/// Telling a logged entry of version 1 (the synthesized form, whose one key names the
/// operation) from version 2 (`op` among sorted keys), so that clients are only ever sent
/// version 2 (docs/operations.md).
@Suite("Operation log versions")
struct LogVersionTests {
    @Test func anEntryWhoseFirstKeyNamesAnOperationIsVersion1() {
        for name in LoggedOperationName.allCases {
            #expect(OpenDocuments.isLogVersion1("{\"\(name.rawValue)\":{}}"), "\(name)")
        }
    }

    @Test func whatVersion2WritesIsNotVersion1() throws {
        let operations: [EditorOperation] = [
            .arrangeAnnotation(id: "a", pageIndex: 0, from: 1, to: 0), .insertPage(index: 0, width: 612, height: 792),
            .removePage(index: 0, pageObject: nil), .restorePage(index: 0, pageObject: 4), .rotatePage(index: 0, degrees: 90),
            .movePage(from: 0, to: 1), .copyPages(PageCopy(pages: [0], upload: nil, index: 1, annotationIDs: nil, pageObjects: nil)),
            .fillField(name: "n", before: .text(""), after: .text("x")), .group(name: "g", []),
        ]
        for operation in operations {
            let json = try OpenDocuments.encodeOperation(operation)
            #expect(!OpenDocuments.isLogVersion1(json), "\(json)")
        }
    }
}
