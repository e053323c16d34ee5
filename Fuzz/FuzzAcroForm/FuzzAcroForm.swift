import Foundation
import Marginalia

// libFuzzer target: any bytes as a document with an interactive form: reading the field
// tree (inheritance, kids cycles, broken parents), filling every field with a value of its
// type (appearance streams from /DA and /MK), flattening the form, and writing the result.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAcroForm(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let document = try? PDFDocument(data: Data(bytes: data, count: count)),
          let form = try? document.acroForm() else { return 0 }
    for field in form.fields.prefix(50) {
        let value: FormValue
        switch field.type {
        case .text: value = .text(field.maxLength == 0 ? "" : "Fuzz ü 1")
        case .checkbox: value = .bool(true)
        case .radio, .combo: value = .text(field.states.first ?? field.options.first?.exportValue ?? "x")
        case .list: value = .choices(field.options.prefix(2).map(\.exportValue))
        case .button, .signature: continue
        }
        _ = try? document.setValue(value, forField: field.name)
    }
    _ = try? document.highlightedFields()
    _ = try? document.dataRepresentation()
    _ = try? document.flattenForm(annotations: true)
    _ = try? document.dataRepresentation()
    return 0
}
