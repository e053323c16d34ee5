import Foundation
import Marginalia

/// The body of `POST /api/v1/documents/{id}/sign` (docs/api.md, "Signing with my
/// certificate"): where the signature goes (`page` with `rect`, or `field`, or neither for an
/// invisible one), `reason`, `location`, `certify` and `image` (a handwritten signature's
/// picture for the appearance, base64). Every member is checked here, before any key is opened.
struct SignRequestBody {
    /// The longest `reason`, `location` and `field` taken, in characters (`maxText`).
    static let maxText = 500
    /// The keys the body may have.
    static let keys: Set = ["page", "rect", "field", "reason", "location", "certify", "image"]
    /// The largest `image` taken, in bytes (`maxImageBytes`, as a saved signature's).
    static let maxImageBytes = SavedSignatureLimits().maxImageBytes

    var placement: SignatureRequest.Placement
    var reason: String?
    var location: String?
    var certification: SignatureRequest.Certification?
    /// The picture drawn at the left of the appearance (PNG or JPEG bytes), if any.
    var image: Data?

    init(_ body: Data) throws {
        guard !body.isEmpty else {
            throw APIError.badRequest(#"the body must be a JSON object such as {"page": 1, "rect": [72, 72, 252, 144], "reason": "Approved"}"#)
        }
        guard let root = try? JSONParser.parse([UInt8](body)), case .object(let object) = root else {
            throw APIError.badRequest("the body is not a JSON object")
        }
        if let unknown = object.members.first(where: { !Self.keys.contains($0.key) }) {
            throw APIError.badRequest("'\(unknown.key.prefix(64))' is not a key of a signing request (\(Self.keys.sorted().joined(separator: ", ")))")
        }
        reason = try Self.text(object["reason"], "reason")
        location = try Self.text(object["location"], "location")
        let field = try Self.text(object["field"], "field")
        switch object["certify"] {
        case nil, .null?: certification = nil
        case .string("none")?: certification = .noChanges
        case .string("fill")?: certification = .formFilling
        case .string("annotate")?: certification = .annotations
        case let other?: throw APIError.badRequest("certify: expected none, fill or annotate, not \(other.kindDescription)")
        }
        let page = try object["page"].map { value -> Int in
            guard let number = value.numberValue, number == number.rounded(), number >= 1, number <= 1_000_000 else {
                throw APIError.badRequest("page: expected a page number from 1, not \(value.kindDescription)")
            }
            return Int(number)
        }
        let rect = try object["rect"].map(Self.rect)
        switch object["image"] {
        case nil, .null?: image = nil
        case .string(let text)?:
            guard let data = Data(base64Encoded: text) else {
                throw APIError.badRequest("image: expected a PNG or JPEG file in base64")
            }
            guard data.count <= Self.maxImageBytes else {
                throw SavedSignatureError.overLimit(found: "image has \(data.count) bytes", limit: Self.maxImageBytes, name: "maxImageBytes")
            }
            image = data
        case let other?: throw APIError.badRequest("image: expected a PNG or JPEG file in base64, not \(other.kindDescription)")
        }
        switch (field, page, rect) {
        case (let field?, nil, nil): placement = .field(field)
        case (nil, let page?, let rect?): placement = .page(pageIndex: page - 1, rect: rect, name: nil)
        case (nil, nil, nil): placement = .invisible(name: nil)
        default: throw APIError.badRequest("give field, or page with rect, or neither (an invisible signature)")
        }
        if image != nil, case .invisible = placement {
            throw APIError.badRequest("image: an invisible signature shows no picture; give page with rect, or field")
        }
    }

    /// The request for the engine, with the user's key and password for this call only.
    func signatureRequest(_ credential: SigningCredential) -> SignatureRequest {
        SignatureRequest(pkcs12: credential.pkcs12, password: credential.password, placement: placement, reason: reason,
                         location: location, certification: certification, image: image)
    }

    private static func text(_ value: JSONValue?, _ key: String) throws -> String? {
        guard let value, value != .null else { return nil }
        guard let text = value.stringValue else { throw APIError.badRequest("\(key): expected a string, not \(value.kindDescription)") }
        guard text.count <= maxText else {
            throw APIError.badRequest("\(key): \(text.count) characters, more than the limit of \(maxText) (maxText)")
        }
        return text.isEmpty ? nil : text
    }

    /// `[x1, y1, x2, y2]` in page space: finite, within ±14400, x1 < x2 and y1 < y2.
    private static func rect(_ value: JSONValue) throws -> CGRect {
        let numbers = value.arrayValue?.compactMap(\.numberValue) ?? []
        guard value.arrayValue?.count == 4, numbers.count == 4, numbers.allSatisfy({ $0.isFinite && abs($0) <= 14_400 }),
              numbers[0] < numbers[2], numbers[1] < numbers[3] else {
            throw APIError.badRequest("rect: expected [x1, y1, x2, y2], four numbers within ±14400 with x1 < x2 and y1 < y2")
        }
        return CGRect(x: numbers[0], y: numbers[1], width: numbers[2] - numbers[0], height: numbers[3] - numbers[1])
    }
}
