// Placeholder until the geometry branch lands (replaced by helper-geometry's Color).
public struct Color: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public init?(pdfComponents c: [Double]) {
        switch c.count {
        case 1: self.init(red: c[0], green: c[0], blue: c[0])
        case 3: self.init(red: c[0], green: c[1], blue: c[2])
        case 4: self.init(red: (1 - c[0]) * (1 - c[3]), green: (1 - c[1]) * (1 - c[3]), blue: (1 - c[2]) * (1 - c[3]))
        default: return nil
        }
    }
    public var pdfComponents: [Double] { [red, green, blue] }
    public init?(hex: String) {
        var s = Substring(hex)
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard s.count == 6, let v = Int(s, radix: 16) else { return nil }
        self.init(red: Double(v >> 16 & 255) / 255, green: Double(v >> 8 & 255) / 255, blue: Double(v & 255) / 255)
    }
    public var hex: String {
        func h(_ x: Double) -> String { let v = Int((max(0, min(1, x)) * 255).rounded()); return (v < 16 ? "0" : "") + String(v, radix: 16, uppercase: true) }
        return "#" + h(red) + h(green) + h(blue)
    }
    public static let black = Color(red: 0, green: 0, blue: 0)
}
