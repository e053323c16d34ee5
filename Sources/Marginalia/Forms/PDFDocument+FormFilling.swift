import Foundation
import PDFCore

extension PDFDocument {
    /// Sets the value of one field by its fully qualified name and redraws its widgets.
    ///
    /// - Throws: ``FormError`` naming the field when it does not exist, is broken,
    ///   read-only, locked, a push button or a signature, or when the value does not fit it;
    ///   the document is then unchanged.
    public func setValue(_ value: FormValue, forField name: String) throws {
        try fillForm([(name, value)])
    }

    /// Fills fields by name, in the order given, and redraws their widgets from `/DA` and
    /// `/MK`, so every viewer shows the values without `/NeedAppearances`.
    ///
    /// Every value is checked before any is written: when one is wrong, nothing changes.
    /// Only the objects of the filled fields (and `/AcroForm`, when it asked viewers to redraw
    /// the fields) are rewritten, so an incremental save leaves existing signatures valid.
    ///
    /// Values by type: text fields take text (at most `/MaxLen` characters); checkboxes
    /// `true`, `false`, their on-state or `Off`; radio groups one of their states (or an
    /// export value of their `/Opt`), or `false` to clear unless "no toggle to off" is set;
    /// combos and lists one of their options (export value or shown text), any text for an
    /// editable combo, and several options for a multi-select list.
    ///
    /// - Throws: ``FormError``.
    public func fillForm(_ values: [(name: String, value: FormValue)]) throws {
        let form = try acroForm()
        guard !form.fields.isEmpty || !form.broken.isEmpty else { throw FormError.noForm }
        var planned: [(FormField, FormFiller.Setting)] = []
        let fields = form.fieldsByName()
        for (name, value) in values {
            guard let field = fields[name] else {
                if let reason = form.broken[name] { throw FormError.brokenField(name, reason: reason) }
                throw FormError.noSuchField(name)
            }
            planned.append((field, try FormFiller.setting(value, for: field)))
        }
        var filler = FormFiller(file: file, form: form, claim: pdfaClaim)
        // A drawing the document's PDF/A claim refuses is found while writing: put back
        // what was written before it.
        let before = file.markChanges()
        do {
            var done = Set<String>()
            for (field, setting) in planned {
                try filler.apply(setting, to: field)
                done.insert(field.name)
            }
            if form.needAppearances {
                // The file asked viewers to draw every field: draw the others now, then stop asking.
                for field in form.fields where !done.contains(field.name) {
                    try filler.redraw(field)
                }
                try filler.clearNeedAppearances()
            }
            file.keepChanges(before)
        } catch {
            restoreChanges(before)
            throw error
        }
    }

    /// Fills fields from a name -> value dictionary, in name order, exactly as the ordered
    /// `fillForm` does.
    public func fillForm(_ values: [String: FormValue]) throws {
        try fillForm(values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }
}

/// Checks values against fields and writes them with their appearances.
struct FormFiller {
    let file: PDFFile
    let form: AcroForm
    /// The document's PDF/A claim: widgets are then drawn in embedded fonts only
    /// (``FieldAppearance/embedsFonts``), and a drawing that is not is refused.
    let claim: PDFAClaim?

    /// A value checked against its field and put in the field's own terms.
    enum Setting {
        case text(String)
        case state(String)
        case choices([String])
    }

    // MARK: - Checking

    static func setting(_ value: FormValue, for field: FormField) throws -> Setting {
        let name = field.name
        switch field.type {
        case .button, .signature: throw FormError.notFillable(name, type: field.type)
        default: break
        }
        if field.isReadOnly { throw FormError.readOnly(name) }
        if field.isLocked { throw FormError.locked(name) }
        guard field.reference != nil, field.widgets.allSatisfy({ $0.reference != nil }) else {
            throw FormError.brokenField(name, reason: "it is stored inside another object and cannot be updated")
        }
        switch field.type {
        case .text:
            guard case .text(let text) = value else { throw FormError.wrongType(name, expected: "text") }
            if let max = field.maxLength, max >= 0, text.count > max {
                throw FormError.tooLong(name, length: text.count, maxLength: max)
            }
            return .text(text)
        case .checkbox:
            let on = field.states.first ?? "Yes"
            switch value {
            case .bool(let checked): return .state(checked ? on : "Off")
            case .text("Off"): return .state("Off")
            case .text(let state) where field.states.contains(state) || (field.states.isEmpty && state == "Yes"):
                return .state(state)
            case .text(let state): throw FormError.noSuchState(name, value: state, states: field.states.isEmpty ? ["Yes"] : field.states)
            case .choices: throw FormError.wrongType(name, expected: "true, false or its on-state name")
            }
        case .radio:
            var state: String
            switch value {
            case .bool(false), .text("Off"): state = "Off"
            case .text(let text):
                if field.states.contains(text) {
                    state = text
                } else if let index = field.options.firstIndex(where: { $0.exportValue == text }),
                          index < field.widgets.count, let on = field.widgets[index].onState {
                    state = on
                } else {
                    throw FormError.noSuchState(name, value: text, states: field.states)
                }
            default: throw FormError.wrongType(name, expected: "one of its states (\(field.states.joined(separator: ", "))) or false")
            }
            if state == "Off" && field.flags.contains(.noToggleToOff) && field.value != nil {
                throw FormError.cannotClear(name)
            }
            return .state(state)
        case .combo, .list:
            let requested: [String]
            switch value {
            case .text(let text): requested = [text]
            case .choices(let items):
                guard field.type == .list && field.flags.contains(.multiSelect) || items.count <= 1 else {
                    throw FormError.wrongType(name, expected: "one option (it is not a multi-select list)")
                }
                requested = items
            case .bool: throw FormError.wrongType(name, expected: "one of its options")
            }
            let editable = field.type == .combo && field.flags.contains(.edit)
            var exported: [String] = []
            for item in requested {
                if let option = field.options.first(where: { $0.exportValue == item })
                    ?? field.options.first(where: { $0.displayText == item }) {
                    exported.append(option.exportValue)
                } else if editable {
                    exported.append(item)
                } else {
                    throw FormError.optionNotOffered(name, value: item, options: field.options.map(\.exportValue))
                }
            }
            return case1(value) ? .choices(exported) : .text(exported.first ?? "")
        case .button, .signature:
            throw FormError.notFillable(name, type: field.type)
        }
    }

    private static func case1(_ value: FormValue) -> Bool {
        if case .choices = value { return true }
        return false
    }

    // MARK: - Writing

    mutating func apply(_ setting: Setting, to field: FormField) throws {
        guard let reference = field.reference, var dictionary = try file.dictionary(.reference(reference)) else { return }
        switch setting {
        case .text(let text):
            dictionary["V"] = .text(text)
            if field.type == .list { dictionary["I"] = indexes(of: [text], in: field) }
        case .state(let state):
            dictionary["V"] = .name(state)
        case .choices(let items):
            dictionary["V"] = items.count == 1 && field.type != .list ? .text(items[0]) : .array(items.map { .text($0) })
            if field.type == .list { dictionary["I"] = indexes(of: items, in: field) }
        }
        file.update(reference, with: .dictionary(dictionary))
        var updated = field
        switch setting {
        case .text(let text): updated.value = .text(text)
        case .state(let state): updated.value = state == "Off" ? nil : .text(state)
        case .choices(let items): updated.value = .choices(items)
        }
        try redraw(updated)
    }

    private func indexes(of items: [String], in field: FormField) -> PDFObject {
        let found = field.options.indices.filter { items.contains(field.options[$0].exportValue) }
        return found.isEmpty ? .null : .array(found.map { .integer($0) })
    }

    /// Draws every widget of `field` for its value as `field` holds it.
    mutating func redraw(_ field: FormField) throws {
        var drawer = FieldAppearance(file: file, form: form, addObject: { [file] in file.add($0) })
        drawer.embedsFonts = claim != nil
        // Stores a drawing of the widget, once the claim, if any, is checked.
        func store(_ stream: PDFStream) throws -> PDFObject {
            try claim?.checkFontsEmbedded(in: stream, file: file, refusing: "field \(field.name) was not filled")
            return .reference(file.add(.stream(stream)))
        }
        for widget in field.widgets {
            guard let reference = widget.reference, var dictionary = try file.dictionary(.reference(reference)) else { continue }
            switch field.type {
            case .text, .combo:
                let stream = try drawer.text(Self.shownText(of: field), field: field, widget: dictionary)
                dictionary["AP"] = .dictionary(PDFDictionary(["N": try store(stream)]))
            case .list:
                let selected: [String]
                switch field.value {
                case .text(let t)?: selected = [t]
                case .choices(let items)?: selected = items
                default: selected = []
                }
                let stream = try drawer.list(selected: selected, field: field, widget: dictionary)
                dictionary["AP"] = .dictionary(PDFDictionary(["N": try store(stream)]))
            case .checkbox, .radio:
                let state: String
                switch field.value {
                case .bool(true)?: state = field.states.first ?? "Yes"
                case .text(let s)?: state = s
                default: state = "Off"
                }
                let on = widget.onState ?? field.states.first ?? "Yes"
                let shown = state == on ? on : "Off"
                let drawn = try hasAppearance(shown, in: dictionary)
                if widget.onState == nil || !drawn {
                    // No drawing for this state: draw both states.
                    let onStream = drawer.button(on: true, field: field, widget: dictionary)
                    let offStream = drawer.button(on: false, field: field, widget: dictionary)
                    dictionary["AP"] = .dictionary(PDFDictionary(["N": .dictionary(PDFDictionary([
                        (on, try store(onStream)), ("Off", try store(offStream)),
                    ]))]))
                }
                dictionary["AS"] = .name(shown)
                // A button merged with a field of its own (FormReader.isGroupWidget) may carry
                // a /V that readers taking it for a field would read: it says the group's state.
                if field.type == .radio, dictionary["T"] != nil, dictionary["V"] != nil { dictionary["V"] = .name(state) }
            case .button, .signature:
                continue
            }
            file.update(reference, with: .dictionary(dictionary))
        }
    }

    /// The text a text field or combo shows for its value (a combo's option by its shown text).
    static func shownText(of field: FormField) -> String {
        func display(_ value: String) -> String {
            field.options.first { $0.exportValue == value }?.displayText ?? value
        }
        switch field.value {
        case .text(let t)?: return field.type == .combo ? display(t) : t
        case .choices(let items)?: return items.first.map(display) ?? ""
        default: return ""
        }
    }

    /// Whether the widget has a usable drawing for `state` in `/AP /N`.
    ///
    /// A drawing that shows ZapfDingbats through a re-encoded font (`/Encoding`, as PyMuPDF
    /// writes) is not usable: the encoding maps codes to glyph names such as `three` that
    /// ZapfDingbats does not have, so Poppler draws no check mark. Such widgets are redrawn.
    private func hasAppearance(_ state: String, in widget: PDFDictionary) throws -> Bool {
        guard let ap = try file.dictionary(widget["AP"]), let normal = ap["N"] else { return false }
        let resolved = try file.resolve(normal)
        if resolved.streamValue != nil { return false }
        guard let entry = resolved.dictionaryValue?[state], let stream = try file.resolve(entry).streamValue else { return false }
        if let resources = try file.dictionary(stream.dictionary["Resources"]), let fonts = try file.dictionary(resources["Font"]) {
            for (_, font) in fonts {
                guard let font = try file.dictionary(font) else { continue }
                if font["BaseFont"]?.nameValue == "ZapfDingbats" && font["Encoding"] != nil { return false }
            }
        }
        return true
    }

    /// Removes `/NeedAppearances` from the form: every field now has its drawing.
    func clearNeedAppearances() throws {
        guard let rootReference = file.trailer["Root"]?.referenceValue else { return }
        var catalog = try file.catalog()
        if let reference = catalog["AcroForm"]?.referenceValue, var form = try file.dictionary(.reference(reference)) {
            form["NeedAppearances"] = nil
            file.update(reference, with: .dictionary(form))
        } else if var form = catalog["AcroForm"]?.dictionaryValue {
            form["NeedAppearances"] = nil
            catalog["AcroForm"] = .dictionary(form)
            file.update(rootReference, with: .dictionary(catalog))
        }
    }
}
