/// One lexical token of PDF syntax (ISO 32000-2, 7.2 and 7.3).
enum Token: Equatable {
    case integer(Int)
    case real(Double)
    case string([UInt8])
    case name(String)
    case arrayStart, arrayEnd
    case dictionaryStart, dictionaryEnd
    /// A bare word: `obj`, `endobj`, `stream`, `R`, `true`, `null`, `xref`, operators...
    case keyword(String)
    case endOfData
}
