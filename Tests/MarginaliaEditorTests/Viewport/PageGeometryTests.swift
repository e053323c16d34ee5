import Foundation
import Marginalia
import Testing
@testable import MarginaliaEditor

extension ViewportTests {
    @Suite("Page geometry")
    struct PageGeometryTests {
        /// A two-page document: an inherited /Rotate 90, a CropBox on the first page.
        static func document() throws -> PDFDocument {
            let objects = [
                "<</Type/Catalog/Pages 2 0 R>>",
                "<</Type/Pages/Kids[3 0 R 4 0 R]/Count 2/Rotate 90/MediaBox[0 0 600 800]>>",
                "<</Type/Page/Parent 2 0 R/CropBox[310 420 10 20]>>",
                "<</Type/Page/Parent 2 0 R/Rotate -90>>",
            ]
            var pdf = "%PDF-1.7\n"
            var offsets: [Int] = []
            for (number, body) in zip(1..., objects) {
                offsets.append(pdf.utf8.count)
                pdf += "\(number) 0 obj\n\(body)\nendobj\n"
            }
            let xref = pdf.utf8.count
            pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f\r\n"
            pdf += offsets.map { String(format: "%010d 00000 n\r\n", $0) }.joined()
            pdf += "trailer\n<</Size \(objects.count + 1)/Root 1 0 R>>\nstartxref\n\(xref)\n%%EOF\n"
            return try PDFDocument(data: Data(pdf.utf8))
        }

        @Test func fromPDFPage() throws {
            let document = try Self.document()
            let first = PageGeometry(page: try document.page(at: 0))
            #expect(first == PageGeometry(size: CGSize(width: 300, height: 400), origin: CGPoint(x: 10, y: 20), rotation: 90))
            let second = PageGeometry(page: try document.page(at: 1))
            #expect(second == PageGeometry(size: CGSize(width: 600, height: 800), rotation: 270))
        }

        @Test(arguments: [(0, 0), (90, 90), (360, 0), (-90, 270), (450, 90), (100, 90), (-1, 270)])
        func rotationIsNormalised(raw: Int, expected: Int) {
            #expect(PageGeometry(size: CGSize(width: 1, height: 1), rotation: raw).rotation == expected)
        }
    }
}
