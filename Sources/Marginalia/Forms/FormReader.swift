import Foundation
import PDFCore

/// Walks the field tree (12.7.4): kids with a partial name `/T` are fields, kids without one
/// are the widgets of their parent (under a radio group, every widget is the group's: see
/// ``isGroupWidget(_:under:)``); `/FT`, `/Ff`, `/V`, `/DV`, `/DA`, `/Q` and `/MaxLen`
/// are inherited from ancestors (12.7.4.1, Table 226 note), `/DA` and `/Q` from the form last.
struct FormReader {
    let file: PDFFile
    private var visited = Set<Int>()
    private var form = AcroForm()
    private var pageIndexes = PageIndexes()

    /// Annotation object number -> page, and page object number -> page.
    struct PageIndexes {
        var annotations: [Int: Int] = [:]
        var pages: [Int: Int] = [:]
    }
    /// Deeper trees than this are treated as broken (a guard against crafted files).
    static let maximumDepth = 64

    init(file: PDFFile) {
        self.file = file
    }

    /// The inheritable keys, as they stand at one node.
    struct Inherited {
        var values = PDFDictionary()
        static let keys = ["FT", "Ff", "V", "DV", "DA", "Q", "MaxLen", "Opt"]
    }

    mutating func read(pageIndexes: PageIndexes) throws -> AcroForm {
        self.pageIndexes = pageIndexes
        let catalog = try file.catalog()
        guard let dictionary = try file.dictionary(catalog["AcroForm"]) else { return form }
        form.needAppearances = try file.resolve(dictionary["NeedAppearances"] ?? .null).boolValue ?? false
        form.defaultAppearance = try file.resolve(dictionary["DA"] ?? .null).stringBytes.map(PDFTextString.decode)
        if let resources = try file.dictionary(dictionary["DR"]), let fonts = try file.dictionary(resources["Font"]) {
            form.fontResources = fonts
        }
        var inherited = Inherited()
        if let da = dictionary["DA"] { inherited.values["DA"] = try file.resolve(da) }
        if let q = dictionary["Q"] { inherited.values["Q"] = try file.resolve(q) }
        let roots = try file.resolve(dictionary["Fields"] ?? .null).arrayValue ?? []
        for (position, item) in roots.enumerated() {
            try visit(item, parentName: "", parent: nil, inherited: inherited, depth: 0, where: "/Fields entry \(position + 1)")
        }
        return form
    }

    private mutating func visit(_ item: PDFObject, parentName: String, parent: PDFReference?, inherited: Inherited,
                                depth: Int, where place: String) throws {
        let reference = item.referenceValue
        guard let dictionary = try? file.dictionary(item) else {
            problem(parentName, "\(place) is not a dictionary (skipped)")
            return
        }
        if let reference {
            guard visited.insert(reference.number).inserted else {
                problem(parentName, "\(place) (object \(reference.number)) appears more than once in the field tree (a /Kids cycle or a field listed twice; read once)")
                return
            }
        }
        guard depth < Self.maximumDepth else {
            problem(parentName, "the field tree is deeper than \(Self.maximumDepth) levels (skipped)")
            return
        }
        let partial = (try file.resolve(dictionary["T"] ?? .null)).stringBytes.map(PDFTextString.decode)
        let name = partial.map { parentName.isEmpty ? $0 : parentName + "." + $0 } ?? parentName
        if let stated = dictionary["Parent"]?.referenceValue, stated.number != parent?.number {
            let lister = parent.map { "the field that lists it (object \($0.number)); read as a kid of the latter" }
                ?? "in the field tree: it is listed in /Fields; read as a top-level field"
            problem(name, "its /Parent (object \(stated.number)) is not \(lister)")
        }
        var mine = inherited
        for key in Inherited.keys where dictionary[key] != nil {
            mine.values[key] = try file.resolve(dictionary[key] ?? .null)
        }
        let kids = try file.resolve(dictionary["Kids"] ?? .null).arrayValue ?? []
        var fieldKids: [PDFObject] = []
        var widgetKids: [(PDFObject, PDFDictionary)] = []
        for kid in kids {
            guard let kidDictionary = try? file.dictionary(kid) else {
                problem(name, "a /Kids entry is not a dictionary (skipped)")
                continue
            }
            if (kidDictionary["T"] != nil || kidDictionary["Kids"] != nil) && !Self.isGroupWidget(kidDictionary, under: mine) {
                fieldKids.append(kid)
            } else {
                widgetKids.append((kid, kidDictionary))
            }
        }
        for (position, kid) in fieldKids.enumerated() {
            try visit(kid, parentName: name, parent: reference, inherited: mine, depth: depth + 1,
                      where: "kid \(position + 1) of '\(name)'")
        }
        guard fieldKids.isEmpty || !widgetKids.isEmpty else { return }
        // A terminal field: itself a widget (merged dictionaries), or the parent of widgets.
        var widgets: [(PDFReference?, PDFDictionary)] = []
        // A field without kids is its own widget (merged dictionaries), unless it is not an
        // annotation at all (a signature field with no widget, say).
        if kids.isEmpty && (dictionary["Subtype"]?.nameValue == AnnotationSubtype.widget.pdfName || dictionary["Rect"] != nil) {
            widgets.append((reference, dictionary))
        }
        for (kid, kidDictionary) in widgetKids {
            if let kidReference = kid.referenceValue, !visited.insert(kidReference.number).inserted {
                problem(name, "widget object \(kidReference.number) appears more than once in the field tree (read once)")
                continue
            }
            widgets.append((kid.referenceValue, kidDictionary))
        }
        guard !name.isEmpty else {
            problem("(unnamed)", "\(place) is a field without a name (/T) (skipped)")
            return
        }
        guard let typeName = mine.values["FT"]?.nameValue else {
            form.broken[name] = "it has no field type (/FT)"
            problem(name, "it has no field type (/FT) (skipped)")
            return
        }
        form.fields.append(makeField(name: name, typeName: typeName, reference: reference, inherited: mine, widgets: widgets))
    }

    /// Whether `kid` of a field whose inherited keys are `parent` is one of a radio group's
    /// buttons although it carries a partial name: a widget merged with a field of its own
    /// (`/T` and `/Rect` or `/Subtype /Widget`, no `/Kids`), as some tools write the buttons.
    /// A radio button has no value of its own: the group's `/V` names its state, so such a
    /// widget is read as the group's, and the group stays one group with one button on.
    static func isGroupWidget(_ kid: PDFDictionary, under parent: Inherited) -> Bool {
        guard parent.values["FT"]?.nameValue == "Btn", kid["Kids"] == nil,
              kid["Subtype"]?.nameValue == AnnotationSubtype.widget.pdfName || kid["Rect"] != nil else { return false }
        return FormFieldFlags(rawValue: parent.values["Ff"]?.integerValue ?? 0).contains(.radio)
    }

    private mutating func problem(_ name: String, _ message: String) {
        form.problems.append("field '\(name.isEmpty ? "(root)" : name)': \(message)")
    }

    // MARK: - Building the field

    private func makeField(name: String, typeName: String, reference: PDFReference?, inherited: Inherited,
                           widgets: [(PDFReference?, PDFDictionary)]) -> FormField {
        let values = inherited.values
        let flags = FormFieldFlags(rawValue: values["Ff"]?.integerValue ?? 0)
        let type: FormField.FieldType
        switch typeName {
        case "Tx": type = .text
        case "Ch": type = flags.contains(.combo) ? .combo : .list
        case "Sig": type = .signature
        default:
            type = flags.contains(.pushButton) ? .button : flags.contains(.radio) ? .radio : .checkbox
        }
        let formWidgets = widgets.map { makeWidget($0.0, $0.1) }
        var states: [String] = []
        for state in formWidgets.compactMap(\.onState) where !states.contains(state) { states.append(state) }
        let options = (values["Opt"]?.arrayValue ?? []).compactMap { option(from: $0) }
        let alignment = FormField.Alignment(rawValue: values["Q"]?.integerValue ?? 0) ?? .left
        var field = FormField(name: name, type: type, value: nil, defaultValue: nil, flags: flags,
                              options: type == .text || type == .signature ? [] : options,
                              states: type == .checkbox || type == .radio ? states : [],
                              maxLength: values["MaxLen"]?.integerValue, alignment: alignment,
                              defaultAppearance: values["DA"]?.stringBytes.map(PDFTextString.decode),
                              widgets: formWidgets, reference: reference)
        // A checkbox without /V is off (12.7.5.2.3: the default is Off).
        field.value = value(values["V"], type: type, flags: flags, widgets: formWidgets) ?? (type == .checkbox ? .bool(false) : nil)
        field.defaultValue = value(values["DV"], type: type, flags: flags, widgets: formWidgets)
        return field
    }

    private func makeWidget(_ reference: PDFReference?, _ dictionary: PDFDictionary) -> FormWidget {
        let rect = PDFPage.rectangle(try? file.resolve(dictionary["Rect"] ?? .null)) ?? .zero
        var onState: String? = nil
        if let ap = try? file.dictionary(dictionary["AP"]) {
            for key in ["N", "D"] {
                guard let states = try? file.resolve(ap[key] ?? .null), states.streamValue == nil,
                      let dictionary = states.dictionaryValue else { continue }
                if let on = dictionary.orderedKeys.first(where: { $0 != "Off" }) {
                    onState = on
                    break
                }
            }
        }
        var page = reference.flatMap { pageIndexes.annotations[$0.number] }
        if page == nil, let p = dictionary["P"]?.referenceValue { page = pageIndexes.pages[p.number] }
        return FormWidget(reference: reference, pageIndex: page, rect: rect,
                          flags: PDFAnnotationFlags(rawValue: (try? file.resolve(dictionary["F"] ?? .null))?.integerValue ?? 0),
                          onState: onState,
                          appearanceState: dictionary["AS"]?.nameValue)
    }

    private func option(from item: PDFObject) -> FormField.Option? {
        let resolved = (try? file.resolve(item)) ?? .null
        if let bytes = resolved.stringBytes {
            let text = PDFTextString.decode(bytes)
            return FormField.Option(exportValue: text, displayText: text)
        }
        if let pair = resolved.arrayValue, pair.count == 2,
           let export = (try? file.resolve(pair[0]))?.stringBytes, let display = (try? file.resolve(pair[1]))?.stringBytes {
            return FormField.Option(exportValue: PDFTextString.decode(export), displayText: PDFTextString.decode(display))
        }
        return nil
    }

    private func value(_ object: PDFObject?, type: FormField.FieldType, flags: FormFieldFlags, widgets: [FormWidget]) -> FormValue? {
        guard let object, !object.isNull else { return nil }
        func text(_ o: PDFObject) -> String? {
            if let bytes = o.stringBytes { return PDFTextString.decode(bytes) }
            return o.nameValue
        }
        switch type {
        case .checkbox:
            guard let state = object.nameValue ?? text(object) else { return nil }
            return .bool(state != "Off")
        case .radio:
            guard let state = object.nameValue ?? text(object), state != "Off" else { return nil }
            return .text(state)
        case .list where flags.contains(.multiSelect):
            if let items = object.arrayValue { return .choices(items.compactMap(text)) }
            return text(object).map { .choices([$0]) }
        case .signature:
            return .bool(true)
        default:
            if let items = object.arrayValue { return .choices(items.compactMap(text)) }
            return text(object).map { .text($0) }
        }
    }
}
