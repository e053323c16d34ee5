/// The content-stream operators that text extraction obeys (ISO 32000-2: 8.4.4 `q` `Q` `cm`
/// `gs`, 9.3 and 9.4 the text operators, 8.10 `Do`, 14.6 marked content), each with its
/// bytes as its raw value (up to three, first byte highest).
///
/// An operator is told by one integer comparison instead of comparing its name with each
/// name in turn (`ET`, the end of every text object, was compared with them all): a page
/// runs thousands of operators.
enum TextOperator: UInt32 {
    case save = 0x71              // q
    case restore = 0x51           // Q
    case concatenate = 0x636D     // cm
    case beginText = 0x4254       // BT
    case characterSpacing = 0x5463  // Tc
    case wordSpacing = 0x5477     // Tw
    case horizontalScaling = 0x547A  // Tz
    case leading = 0x544C         // TL
    case rise = 0x5473            // Ts
    case font = 0x5466            // Tf
    case moveLine = 0x5464        // Td
    case moveLineSettingLeading = 0x5444  // TD
    case textMatrix = 0x546D      // Tm
    case nextLine = 0x542A        // T*
    case show = 0x546A            // Tj
    case nextLineShow = 0x27      // '
    case nextLineSpacedShow = 0x22  // "
    case showArray = 0x544A       // TJ
    case graphicsState = 0x6773   // gs
    case beginMarked = 0x424D43   // BMC
    case beginMarkedProperties = 0x424443  // BDC
    case endMarked = 0x454D43     // EMC
    case drawObject = 0x446F      // Do

    /// The operator named `name`; nil for any other operator.
    init?(_ name: String) {
        var key: UInt32 = 0
        var length = 0
        for byte in name.utf8 {
            length += 1
            guard length <= 3 else { return nil }
            key = key << 8 | UInt32(byte)
        }
        self.init(rawValue: key)
    }
}
