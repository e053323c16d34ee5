import Foundation
@testable import Marginalia

/// A one-page form written object by object, with one field of every kind and the broken
/// parts the bad-input rules name: a field without /FT, a /Kids cycle, a wrong /Parent.
enum FormTestDocuments {
    static func form(needAppearances: Bool = false, signed: Bool = false) throws -> PDFDocument {
        var objects: [Int: String] = [:]
        func widget(_ rect: String, _ extra: String = "") -> String {
            "/Type/Annot/Subtype/Widget/Rect[\(rect)]/P 4 0 R/F 4/MK<</BC[0 0 0]/BG[1 1 0.9]>>\(extra)"
        }
        func stream(_ content: String) -> String {
            "<</Type/XObject/Subtype/Form/BBox[0 0 20 20]/Resources<<>>/Length \(content.utf8.count)>>\nstream\n\(content)\nendstream"
        }
        let fieldNumbers = [10, 13, 14, 15, 16, 19, 20, 21, 22, 23, 24, 25, 26, 27]
        let widgetNumbers = [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 22, 23, 24, 25, 27]
        objects[1] = "<</Type/Catalog/Pages 2 0 R/AcroForm 3 0 R>>"
        objects[2] = "<</Type/Pages/Kids[4 0 R]/Count 1/MediaBox[0 0 612 792]>>"
        objects[3] = "<</Fields[\(fieldNumbers.map { "\($0) 0 R" }.joined(separator: " "))]/DA(/Helv 0 Tf 0 g)"
            + "/DR<</Font<</Helv<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>>>>>"
            + (needAppearances ? "/NeedAppearances true" : "") + ">>"
        objects[4] = "<</Type/Page/Parent 2 0 R/Annots[\(widgetNumbers.map { "\($0) 0 R" }.joined(separator: " "))]>>"
        objects[10] = "<</T(person)/FT/Tx/DA(/TiRo 10 Tf 0 0 1 rg)/Kids[11 0 R 12 0 R]>>"
        objects[11] = "<<\(widget("72 700 272 720"))/T(first)/Parent 10 0 R>>"
        objects[12] = "<<\(widget("300 700 500 720"))/T(last)/Parent 10 0 R/Ff 1/V(Fixed)>>"
        objects[13] = "<<\(widget("72 600 272 680"))/T(notes)/FT/Tx/Ff 4096/Q 1>>"
        objects[14] = "<<\(widget("72 560 172 580"))/T(code)/FT/Tx/Ff 16777216/MaxLen 4>>"
        objects[15] = "<<\(widget("72 520 92 540", "/AP<</N<</On 30 0 R/Off 31 0 R>>>>/AS/Off"))/T(agree)/FT/Btn/V/Off>>"
        objects[16] = "<</T(choice)/FT/Btn/Ff 49152/Kids[17 0 R 18 0 R]/V/A>>"
        objects[17] = "<<\(widget("72 480 92 500", "/AP<</N<</A 32 0 R/Off 31 0 R>>>>/AS/A"))/Parent 16 0 R>>"
        objects[18] = "<<\(widget("100 480 120 500", "/AP<</N<</B 33 0 R/Off 31 0 R>>>>/AS/Off"))/Parent 16 0 R>>"
        objects[19] = "<<\(widget("72 440 222 460"))/T(fruit)/FT/Ch/Ff 131072/Opt[(apple)[(b)(banana)]]/V(apple)>>"
        objects[20] = "<<\(widget("72 360 222 430"))/T(pets)/FT/Ch/Ff 2097152/Opt[(cat)(dog)(fish)]>>"
        objects[21] = "<<\(widget("250 440 400 460"))/T(edit)/FT/Ch/Ff 393216/Opt[(x)]>>"
        objects[22] = "<<\(widget("72 300 222 340"))/T(sig)/FT/Sig\(signed ? "/V 28 0 R" : "")>>"
        objects[23] = "<<\(widget("250 300 350 340"))/T(push)/FT/Btn/Ff 65536>>"
        objects[24] = "<</Type/Annot/Subtype/Widget/Rect[72 260 222 280]/P 4 0 R/F 132/T(lockedfield)/FT/Tx>>"
        objects[25] = "<<\(widget("250 260 400 280"))/T(noType)>>"
        objects[26] = "<</T(loop)/FT/Tx/Kids[26 0 R]>>"
        objects[27] = "<<\(widget("72 220 222 240"))/T(orphan)/FT/Tx/Parent 99 0 R>>"
        objects[28] = "<</Type/Sig/Contents<00>>>"
        objects[30] = stream("0 g 4 4 12 12 re f")
        objects[31] = stream("0 G 1 1 18 18 re S")
        objects[32] = stream("0 g 5 5 10 10 re f")
        objects[33] = stream("0 g 6 6 8 8 re f")
        return try TestDocuments.assemble(objects)
    }

    /// Saves incrementally and reopens.
    static func reopened(_ document: PDFDocument) throws -> PDFDocument {
        try PDFDocument(data: try document.dataRepresentation())
    }

    /// The decoded normal appearance of the first widget of `name`.
    static func appearance(_ document: PDFDocument, field name: String) throws -> String {
        let form = try document.acroForm()
        guard let widget = form.field(named: name)?.widgets.first?.reference,
              let dictionary = try document.file.dictionary(.reference(widget)),
              let ap = try document.file.dictionary(dictionary["AP"]),
              case .stream(let stream) = try document.file.resolve(ap["N"] ?? .null) else { return "" }
        return String(decoding: try stream.decodedBytes(), as: UTF8.self)
    }
}
