import Foundation
import Marginalia

// The Form tool: a tap on a checkbox toggles it and on a radio button chooses it (one undo
// step each); a tap on a text or choice field asks the UI for its value. Read-only and
// locked fields, push buttons and signatures are never changed.

extension Editor {
    /// The fields of page `index` the UI should highlight, per ``formPolicy``.
    public func fieldsToHighlight(onPage index: Int) throws -> [FormField] {
        try session.document.highlightedFields(policy: formPolicy)
            .filter { field in field.widgets.contains { $0.pageIndex == index } }
    }

    /// Ends the field being filled in with `value` (one undo step); nil when nothing changed.
    ///
    /// - Throws: ``FormError`` when the value does not fit the field (an option not offered,
    ///   too long); the document is then unchanged.
    @discardableResult
    public func commitField(_ value: FormValue) throws -> EditorOperation? {
        guard let pending = pendingField else { return nil }
        pendingField = nil
        let before = pending.field.value ?? Self.emptyValue(of: pending.field)
        guard value != before else { return nil }
        return try perform(.fillField(name: pending.field.name, before: before, after: value))
    }

    /// Abandons the field being filled in; nothing changes.
    public func cancelField() {
        pendingField = nil
    }

    /// The engine found the Form tool's tap on a widget of field `name` (at `rect`).
    func activateField(name: String, pageIndex: Int, rect: CGRect) throws -> [EditorOperation] {
        formRefusal = nil
        let form = try session.document.acroForm()
        guard let field = form.field(named: name),
              let widget = field.widgets.last(where: { $0.pageIndex == pageIndex && $0.rect.standardized == rect })
                ?? field.widgets.first(where: { $0.pageIndex == pageIndex }) else { return [] }
        guard field.isEditable else {
            formRefusal = field.isReadOnly ? .readOnly(field.name)
                : field.isLocked ? .locked(field.name) : .notFillable(field.name, type: field.type)
            return []
        }
        let before = field.value ?? Self.emptyValue(of: field)
        switch field.type {
        case .checkbox:
            let after = FormValue.bool(!Self.isChecked(field))
            return [try perform(.fillField(name: field.name, before: before, after: after))]
        case .radio:
            guard let state = widget.onState, before != .text(state) else { return [] }
            return [try perform(.fillField(name: field.name, before: before, after: .text(state)))]
        case .text, .combo, .list:
            pendingField = PendingField(field: field, widget: widget)
            return []
        case .button, .signature:
            return []
        }
    }

    /// Whether a checkbox is on (the form reader gives checkboxes `true` or `false`).
    static func isChecked(_ field: FormField) -> Bool {
        field.value == .bool(true)
    }

    /// The value a field without /V has, so the inverse of a first fill clears it.
    static func emptyValue(of field: FormField) -> FormValue {
        switch field.type {
        case .checkbox, .radio: return .bool(false)
        case .list where field.flags.contains(.multiSelect): return .choices([])
        default: return .text("")
        }
    }
}
