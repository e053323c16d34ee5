import Testing
@testable import Marginalia

/// `TextOperator`: each operator the text interpreter obeys is told by its name's bytes, and
/// no other name is taken for one.
@Suite("Text extraction: the interpreter's operators")
struct TextOperatorTests {
    static let named: [(String, TextOperator)] = [
        ("q", .save), ("Q", .restore), ("cm", .concatenate), ("BT", .beginText), ("Tc", .characterSpacing),
        ("Tw", .wordSpacing), ("Tz", .horizontalScaling), ("TL", .leading), ("Ts", .rise), ("Tf", .font),
        ("Td", .moveLine), ("TD", .moveLineSettingLeading), ("Tm", .textMatrix), ("T*", .nextLine), ("Tj", .show),
        ("'", .nextLineShow), ("\"", .nextLineSpacedShow), ("TJ", .showArray), ("gs", .graphicsState),
        ("BMC", .beginMarked), ("BDC", .beginMarkedProperties), ("EMC", .endMarked), ("Do", .drawObject),
    ]

    @Test(arguments: named.indices)
    func eachOperatorIsToldByItsName(_ index: Int) {
        let (name, expected) = Self.named[index]
        #expect(TextOperator(name) == expected)
    }

    @Test(arguments: ["ET", "", "re", "BDCx", "xBMC", "Tjj", "tj", "T", "\u{E9}", "EI", "BI"])
    func otherNamesAreNoTextOperator(_ name: String) {
        #expect(TextOperator(name) == nil)
    }
}
