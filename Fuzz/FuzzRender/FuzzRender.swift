import Foundation
import Marginalia
import MarginaliaRender
import PDFCore

// libFuzzer target: any bytes as the content stream of a 60 x 40 page whose resources hold
// one of everything the renderer draws (an image with a soft mask, an indexed image, a stencil
// mask, a form XObject with a transparency group, a standard and an embedded-looking font, an
// ExtGState with alpha and a blend mode, an indexed colour space), rendered with cairo. The
// server renders uploaded documents (the PNG export), so the interpreter must never crash,
// hang or allocate without bound, whatever the content.
private let template: Data = {
    let document = try! PDFDocument(data: try! PDFRenderer(defaultPageSize: CGSize(width: 60, height: 40)).data { try $0.beginPage() })
    let file = document.file
    let mask = file.add(.stream(PDFStream(dictionary: PDFDictionary([
        ("Type", .name("XObject")), ("Subtype", .name("Image")), ("Width", 2), ("Height", 2),
        ("ColorSpace", .name("DeviceGray")), ("BitsPerComponent", 8)]), rawBytes: [0, 128, 255, 64])))
    let image = file.add(.stream(PDFStream(dictionary: PDFDictionary([
        ("Type", .name("XObject")), ("Subtype", .name("Image")), ("Width", 2), ("Height", 2),
        ("ColorSpace", .name("DeviceRGB")), ("BitsPerComponent", 8), ("SMask", .reference(mask))]),
        rawBytes: [255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9])))
    let indexedSpace: PDFObject = [.name("Indexed"), .name("DeviceRGB"), 1, .string([0, 0, 0, 255, 255, 255])]
    let indexed = file.add(.stream(PDFStream(dictionary: PDFDictionary([
        ("Type", .name("XObject")), ("Subtype", .name("Image")), ("Width", 3), ("Height", 1),
        ("ColorSpace", indexedSpace), ("BitsPerComponent", 1)]), rawBytes: [0b1010_0000])))
    let stencil = file.add(.stream(PDFStream(dictionary: PDFDictionary([
        ("Type", .name("XObject")), ("Subtype", .name("Image")), ("Width", 8), ("Height", 1),
        ("ImageMask", true), ("Decode", [1, 0])]), rawBytes: [0b1100_1010])))
    let form = file.add(.stream(PDFStream(dictionary: PDFDictionary([
        ("Type", .name("XObject")), ("Subtype", .name("Form")), ("BBox", [0, 0, 20, 20]), ("Matrix", [1, 0, 0, 1, 5, 5]),
        ("Group", .dictionary(PDFDictionary([("S", .name("Transparency"))]))),
        ("Resources", .dictionary(PDFDictionary([("XObject", .dictionary(PDFDictionary([("Im0", .reference(image))])))])))]),
        rawBytes: Array("0 0 1 rg 0 0 10 10 re f q 10 0 0 10 0 0 cm /Im0 Do Q".utf8))))
    let resources = PDFDictionary([
        ("XObject", .dictionary(PDFDictionary([("Im0", .reference(image)), ("Im1", .reference(indexed)),
                                               ("Im2", .reference(stencil)), ("Fm0", .reference(form))]))),
        ("Font", .dictionary(PDFDictionary([
            ("F1", .dictionary(PDFDictionary([("Type", .name("Font")), ("Subtype", .name("Type1")), ("BaseFont", .name("Helvetica")),
                                              ("Encoding", .name("WinAnsiEncoding"))]))),
            ("F2", .dictionary(PDFDictionary([("Type", .name("Font")), ("Subtype", .name("TrueType")), ("BaseFont", .name("ABCDEF+Serif-Bold")),
                                              ("FirstChar", 32), ("Widths", [250, 300, 400])]))),
            ("F3", .dictionary(PDFDictionary([("Type", .name("Font")), ("Subtype", .name("Type0")), ("BaseFont", .name("X"))])))]))),
        ("ExtGState", .dictionary(PDFDictionary([("GS0", .dictionary(PDFDictionary([
            ("ca", 0.5), ("CA", 0.25), ("BM", .name("Multiply")), ("LW", 3)])))]))),
        ("ColorSpace", .dictionary(PDFDictionary([("CS0", indexedSpace)]))),
    ])
    let page = try! document.page(at: 0)
    var dictionary = page.dictionary
    dictionary["Resources"] = .dictionary(resources)
    file.update(page.reference, with: .dictionary(dictionary))
    return try! document.dataRepresentation()
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let document = try? PDFDocument(data: template), let page = try? document.page(at: 0) else { return 0 }
    let content = document.file.add(.stream(PDFStream(dictionary: PDFDictionary(), rawBytes: Array(UnsafeBufferPointer(start: data, count: count)))))
    var dictionary = page.dictionary
    dictionary["Contents"] = .reference(content)
    document.file.update(page.reference, with: .dictionary(dictionary))
    _ = try? PageRenderer.render(page: 0, of: document, options: RenderOptions(scale: 1, allowPartial: true))
    return 0
}
