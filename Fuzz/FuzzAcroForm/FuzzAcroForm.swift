import Foundation
import Marginalia

// libFuzzer target: any bytes as a document with an interactive form: reading the field
// tree (inheritance, kids cycles, broken parents), filling every field with a value of its
// type (appearance streams from /DA and /MK), flattening the form, and writing the result.
// Besides crashes it fails when an invariant breaks (issue 30): a text value that was taken
// keeps the field's /MaxLen (a limit is never exceeded), and a text or checkbox value that was
// taken is what the form reads back, before and after saving (what is written is read back).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAcroForm(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let document = try? PDFDocument(data: Data(bytes: data, count: count)),
          let form = try? document.acroForm() else { return 0 }
    var filled: [(String, FormValue)] = []
    for field in form.fields.prefix(50) {
        let value: FormValue
        switch field.type {
        case .text: value = .text(field.maxLength == 0 ? "" : "Fuzz ü 1")
        case .checkbox: value = .bool(true)
        case .radio, .combo: value = .text(field.states.first ?? field.options.first?.exportValue ?? "x")
        case .list: value = .choices(field.options.prefix(2).map(\.exportValue))
        case .button, .signature: continue
        }
        guard (try? document.setValue(value, forField: field.name)) != nil else { continue }
        if case .text(let text) = value, let limit = field.maxLength, limit > 0 {
            precondition(text.count <= limit, "a \(text.count)-character value taken by a field of /MaxLen \(limit)")
        }
        if field.type == .text || field.type == .checkbox, form.fields.filter({ $0.name == field.name }).count == 1 {
            filled.append((field.name, value))
        }
    }
    let refilled = filled.isEmpty ? nil : try? document.acroForm()
    for (name, value) in filled {
        let read = refilled?.fields.first { $0.name == name }?.value
        precondition(read == value, "field \(name) was set to \(value) and reads \(String(describing: read))")
    }
    _ = try? document.highlightedFields()
    let saved = try? document.dataRepresentation()
    // Reading a large form back once more takes longer than the fuzzer's 2 s under a sanitizer.
    if !filled.isEmpty, count <= 64 << 10, let saved {
        let reread = try? PDFDocument(data: saved).acroForm()
        for (name, value) in filled {
            let read = reread?.fields.first { $0.name == name }?.value
            precondition(read == value, "field \(name) set to \(value) reads \(String(describing: read)) once saved")
        }
    }
    _ = try? document.flattenForm(annotations: true)
    _ = try? document.dataRepresentation()
    return 0
}
