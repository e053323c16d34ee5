import Foundation
import PDFCore

// Copied widgets become fields of the target's form (12.7.4): a widget that is its own field
// is renamed and made a top-level field; widgets of a field with kids get one new field per
// source field, holding the copies as its kids. Names are made unique in the target.

extension PageCopier {
    /// The keys a field inherits (12.7.4.1): copied into the new field from its ancestors.
    static let inheritedFieldKeys = ["FT", "Ff", "V", "DV", "DA", "Q", "MaxLen", "Opt"]

    /// Makes a form field of every copied widget and adds them to the target's `/AcroForm`.
    func makeFields(_ copier: ObjectCopier) throws {
        guard !widgets.isEmpty else { return }
        var taken = try existingFieldNames()
        // Widgets grouped by their terminal field, in the order met.
        var order: [PDFReference] = []
        var groups: [Int: (merged: Bool, copies: [PDFReference])] = [:]
        for (original, copy) in widgets {
            let dictionary = try source.file.dictionary(.reference(original)) ?? PDFDictionary()
            let parent = dictionary["Parent"]?.referenceValue
            let merged = dictionary["T"] != nil || parent == nil
            let terminal = merged ? original : parent!
            if groups[terminal.number] == nil {
                order.append(terminal)
                groups[terminal.number] = (merged, [])
            }
            groups[terminal.number]?.copies.append(copy)
        }
        let sourceForm = try source.file.dictionary(try source.file.catalog()["AcroForm"])
        let formDA = try sourceForm?["DA"].map { try source.file.resolve($0) }
        var made: [PDFReference] = []
        for terminal in order {
            guard let group = groups[terminal.number] else { continue }
            let (chain, fullName) = try fieldChain(terminal)
            var field: PDFDictionary
            if group.merged {
                field = try target.file.dictionary(.reference(group.copies[0])) ?? PDFDictionary()
            } else {
                field = PDFDictionary()
                for (key, value) in chain.first ?? PDFDictionary() where !["Kids", "Parent", "T"].contains(key) {
                    field[key] = try copyValue(value, copier)
                }
            }
            // What the field inherited becomes its own; values are never shared with the source.
            for ancestor in chain {
                for key in Self.inheritedFieldKeys where field[key] == nil {
                    if let value = ancestor[key] { field[key] = try copyValue(value, copier) }
                }
            }
            for key in ["V", "DV"] { if let value = field[key] { field[key] = try target.file.resolve(value) } }
            if field["FT"]?.nameValue == "Sig" { field["V"] = nil }
            if field["DA"] == nil, !same, let formDA { field["DA"] = formDA }
            field["T"] = .text(Self.uniqueName(fullName, taken: &taken))
            field["Parent"] = nil
            if group.merged {
                target.file.update(group.copies[0], with: .dictionary(field))
                made.append(group.copies[0])
            } else {
                field["Kids"] = .array(group.copies.map { .reference($0) })
                let reference = target.file.add(.dictionary(field))
                for copy in group.copies {
                    guard var widget = try target.file.dictionary(.reference(copy)) else { continue }
                    widget["Parent"] = .reference(reference)
                    target.file.update(copy, with: .dictionary(widget))
                }
                made.append(reference)
            }
        }
        try addToForm(made, sourceForm: sourceForm, copier: copier)
    }

    /// A value of the source as the target holds it: resolved, then copied (from another
    /// document) or as it is (within one document).
    private func copyValue(_ value: PDFObject, _ copier: ObjectCopier) throws -> PDFObject {
        let resolved = try source.file.resolve(value)
        return same ? resolved : try copier.copy(resolved)
    }

    /// The terminal field and its ancestors (nearest first) and its full name.
    private func fieldChain(_ terminal: PDFReference) throws -> (chain: [PDFDictionary], name: String) {
        var chain: [PDFDictionary] = []
        var names: [String] = []
        var current: PDFReference? = terminal
        var visited = Set<Int>()
        while let reference = current, visited.insert(reference.number).inserted, chain.count < FormReader.maximumDepth {
            guard let dictionary = try source.file.dictionary(.reference(reference)) else { break }
            chain.append(dictionary)
            if let partial = try source.file.resolve(dictionary["T"] ?? .null).stringBytes.map(PDFTextString.decode) {
                names.insert(partial, at: 0)
            }
            current = dictionary["Parent"]?.referenceValue
        }
        return (chain, names.joined(separator: "."))
    }

    /// Every field name of the target and each of their parents' names.
    private func existingFieldNames() throws -> Set<String> {
        var names = Set<String>()
        for field in try target.acroForm().fields {
            let parts = field.name.split(separator: ".", omittingEmptySubsequences: false)
            for end in 1...max(1, parts.count) { names.insert(parts.prefix(end).joined(separator: ".")) }
        }
        return names
    }

    /// `name` as a top-level partial name (no period), with `_2`, `_3`… when taken.
    static func uniqueName(_ name: String, taken: inout Set<String>) -> String {
        var base = name.replacingOccurrences(of: ".", with: "_")
        if base.isEmpty { base = "field" }
        var candidate = base
        var number = 2
        while taken.contains(candidate) {
            candidate = "\(base)_\(number)"
            number += 1
        }
        taken.insert(candidate)
        return candidate
    }

    /// Appends the new fields to the target's `/AcroForm /Fields` (making the form when there
    /// is none) and, from another document, brings the form's `/DA` and `/DR` fonts along
    /// where the target has none of that name.
    private func addToForm(_ fields: [PDFReference], sourceForm: PDFDictionary?, copier: ObjectCopier) throws {
        guard !fields.isEmpty, let catalogReference = target.file.trailer["Root"]?.referenceValue else { return }
        var catalog = try target.file.catalog()
        let formReference = catalog["AcroForm"]?.referenceValue
        var form = try target.file.dictionary(catalog["AcroForm"]) ?? PDFDictionary()
        let added = fields.map { PDFObject.reference($0) }
        if let listReference = form["Fields"]?.referenceValue, case .array(let items) = try target.file.object(for: listReference) {
            target.file.update(listReference, with: .array(items + added))
        } else {
            form["Fields"] = .array((try target.file.resolve(form["Fields"] ?? .null).arrayValue ?? []) + added)
        }
        if !same, let sourceForm {
            if form["DA"] == nil, let da = sourceForm["DA"] { form["DA"] = try source.file.resolve(da) }
            if let fonts = try source.file.dictionary(try source.file.dictionary(sourceForm["DR"])?["Font"]), !fonts.isEmpty {
                try change(&form, "DR") { resources in
                    try change(&resources, "Font") { known in
                        for (name, font) in fonts where known[name] == nil { known[name] = try copier.copy(font) }
                    }
                }
            }
        }
        if let formReference {
            target.file.update(formReference, with: .dictionary(form))
        } else {
            catalog["AcroForm"] = .dictionary(form)
            target.file.update(catalogReference, with: .dictionary(catalog))
        }
    }

    /// Changes the dictionary at `holder[key]` in the target: in its own object when it is an
    /// indirect one, else in place (made when missing).
    private func change(_ holder: inout PDFDictionary, _ key: String,
                        _ body: (inout PDFDictionary) throws -> Void) throws {
        if let reference = holder[key]?.referenceValue, var dictionary = try target.file.dictionary(.reference(reference)) {
            try body(&dictionary)
            target.file.update(reference, with: .dictionary(dictionary))
        } else {
            var dictionary = holder[key]?.dictionaryValue ?? PDFDictionary()
            try body(&dictionary)
            holder[key] = .dictionary(dictionary)
        }
    }
}
