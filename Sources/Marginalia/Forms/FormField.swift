import Foundation
import PDFCore

/// One terminal field of an interactive form (ISO 32000-2, 12.7.4): what a user fills in,
/// with the values it inherits from its ancestors already applied, and the widgets that
/// show it on the pages.
///
/// Read fields with ``PDFDocument/acroForm()``; fill them by name with
/// ``PDFDocument/fillForm(_:)``. A value type: it is a snapshot of the form when read.
public struct FormField: Hashable, Sendable {
    /// The field types of 12.7.5, as the CLI and JSON name them.
    public enum FieldType: String, Hashable, Sendable, CaseIterable {
        case text, checkbox, radio, combo, list, button, signature
    }

    /// Text alignment, `/Q` (12.7.4.3): 0 left, 1 centred, 2 right.
    public enum Alignment: Int, Hashable, Sendable {
        case left = 0, center = 1, right = 2
    }

    /// One entry of a choice field's `/Opt` (12.7.5.4): the value stored in `/V` and the
    /// text shown (the same when the entry is a plain string).
    public struct Option: Hashable, Sendable {
        public var exportValue: String
        public var displayText: String
        public init(exportValue: String, displayText: String) {
            self.exportValue = exportValue
            self.displayText = displayText
        }
    }

    /// The fully qualified name: the partial names (`/T`) of the field and its ancestors,
    /// joined by periods (12.7.4.2).
    public var name: String
    public var type: FieldType
    /// The current value (`/V`, inherited): text for text fields, combos and radios (the
    /// selected state), `.bool` for checkboxes, `.choices` for multi-select lists. nil when unset.
    public var value: FormValue?
    /// `/DV`, inherited.
    public var defaultValue: FormValue?
    /// `/Ff`, inherited.
    public var flags: FormFieldFlags
    /// Choice fields: the options offered, in order; checkboxes and radios: the export
    /// values of their widgets (`/Opt`, 12.7.5.2.4), when they have them.
    public var options: [Option]
    /// Checkboxes and radios: the on-state names of the widgets, in widget order, without
    /// repeats (a checkbox usually has one; a radio group one per button).
    public var states: [String]
    /// Text fields: `/MaxLen`, inherited.
    public var maxLength: Int?
    /// `/Q`, inherited from the field, its ancestors or the form.
    public var alignment: Alignment
    /// `/DA`, inherited from the field, its ancestors or the form.
    public var defaultAppearance: String?
    /// The widgets that show the field (usually one; radio groups have one per button).
    public var widgets: [FormWidget]
    /// The field's own object (where `/V` is written), when it is an indirect object.
    public internal(set) var reference: PDFReference?

    /// A checkbox's on-state (`/Yes` by convention, but any name).
    public var onState: String? { type == .checkbox ? states.first : nil }

    /// `/Ff` bit 1.
    public var isReadOnly: Bool { flags.contains(.readOnly) }
    /// `/Ff` bit 2.
    public var isRequired: Bool { flags.contains(.required) }
    /// `/Ff` bit 3.
    public var isNoExport: Bool { flags.contains(.noExport) }
    /// Whether a widget carries the Locked annotation flag (`/F` bit 8): its properties,
    /// the value included, may not be changed.
    public var isLocked: Bool { widgets.contains { $0.flags.contains(.locked) } }
    /// Whether a user may change the value: neither read-only nor locked, and a type that
    /// takes a value (push buttons do not; signatures are never touched here).
    public var isEditable: Bool {
        !isReadOnly && !isLocked && type != .button && type != .signature
    }

    /// The page of the first widget, when known.
    public var pageIndex: Int? { widgets.first { $0.pageIndex != nil }?.pageIndex }
}

/// A widget annotation (12.5.6.19) of a field: where one appearance of it is drawn.
public struct FormWidget: Hashable, Sendable {
    /// The widget's object, when it is an indirect object.
    public var reference: PDFReference?
    /// The 0-based page whose `/Annots` holds the widget, when found.
    public var pageIndex: Int?
    /// `/Rect`, normalised, page space.
    public var rect: CGRect
    /// `/F`.
    public var flags: PDFAnnotationFlags
    /// Checkboxes and radios: the widget's on-state, the name in `/AP /N` other than `Off`.
    public var onState: String?
    /// `/AS`, the state shown.
    public var appearanceState: String?
}

/// Field flags, `/Ff` (12.7.4.1 Table 227, and 12.7.5 for each type).
public struct FormFieldFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let readOnly = FormFieldFlags(rawValue: 1 << 0)
    public static let required = FormFieldFlags(rawValue: 1 << 1)
    public static let noExport = FormFieldFlags(rawValue: 1 << 2)
    // Text fields (Table 228).
    public static let multiline = FormFieldFlags(rawValue: 1 << 12)
    public static let password = FormFieldFlags(rawValue: 1 << 13)
    public static let fileSelect = FormFieldFlags(rawValue: 1 << 20)
    public static let doNotSpellCheck = FormFieldFlags(rawValue: 1 << 22)
    public static let doNotScroll = FormFieldFlags(rawValue: 1 << 23)
    public static let comb = FormFieldFlags(rawValue: 1 << 24)
    public static let richText = FormFieldFlags(rawValue: 1 << 25)
    // Buttons (Table 226).
    public static let noToggleToOff = FormFieldFlags(rawValue: 1 << 14)
    public static let radio = FormFieldFlags(rawValue: 1 << 15)
    public static let pushButton = FormFieldFlags(rawValue: 1 << 16)
    public static let radiosInUnison = FormFieldFlags(rawValue: 1 << 25)
    // Choice fields (Table 230).
    public static let combo = FormFieldFlags(rawValue: 1 << 17)
    public static let edit = FormFieldFlags(rawValue: 1 << 18)
    public static let sort = FormFieldFlags(rawValue: 1 << 19)
    public static let multiSelect = FormFieldFlags(rawValue: 1 << 21)
    public static let commitOnSelChange = FormFieldFlags(rawValue: 1 << 26)
}

/// Which fields a user interface highlights as fillable (issue 7: the policy hook).
public protocol FormFieldPolicy: Sendable {
    func shouldHighlight(_ field: FormField) -> Bool
}

/// The default policy: highlight every field that is neither read-only nor locked and
/// takes a value.
public struct DefaultFormFieldPolicy: FormFieldPolicy {
    public init() {}
    public func shouldHighlight(_ field: FormField) -> Bool { field.isEditable }
}
