import Foundation
import Marginalia

// A saved signature's JSON (docs/api.md, "Saved signatures"), written by hand with a version:
// {"version": 1, "id", "kind": "signature"|"initials", "label", "drawing", "created", "modified"},
// the drawing one of
//   {"type": "ink", "padSize": [W, H], "strokes": [[[x, y, pressure, seconds], …], …]}
//   {"type": "image", "format": "png"|"jpeg", "data": BASE64, "width": W, "height": H}
//   {"type": "typed", "text": NAME, "font": "Z003"}.
// A request sends kind, label and drawing (an image without its size: the image gives it);
// every member is checked, and a refusal names its path.

extension SavedSignature {
    /// The version of the JSON format.
    public static let formatVersion = 1
    /// A pad side and a sample's coordinates stay within this many CSS pixels.
    static let coordinateLimit = 1_000_000.0

    /// The JSON the API answers with.
    public var json: [String: Any] {
        let format = ISO8601DateFormatter()
        return ["version": Self.formatVersion, "id": id, "kind": kind.rawValue, "label": label, "drawing": drawing.json,
                "created": format.string(from: created), "modified": format.string(from: modified)]
    }

    /// Reads a request body into a saved signature of `owner` with `id`, made at `now`.
    ///
    /// - Throws: ``SavedSignatureError`` naming the member that is wrong or over a limit.
    public static func fromRequest(_ body: [String: Any], id: String, owner: String, now: Date,
                                   limits: SavedSignatureLimits) throws -> SavedSignature {
        if let version = body["version"], (version as? Int) != formatVersion {
            throw SavedSignatureError.malformed(path: "version", reason: "this server reads version \(formatVersion)")
        }
        guard let kindText = body["kind"] as? String, let kind = Kind(rawValue: kindText) else {
            throw SavedSignatureError.malformed(path: "kind", reason: "expected \"signature\" or \"initials\"")
        }
        guard let object = body["drawing"] as? [String: Any] else {
            throw SavedSignatureError.malformed(path: "drawing", reason: "expected an object with a \"type\": \"ink\", \"image\" or \"typed\"")
        }
        let drawing = try Drawing(request: object, limits: limits)
        let label = try text(body["label"] ?? "", path: "label", limits: limits, empty: true)
        return SavedSignature(id: id, owner: owner, kind: kind, label: label, drawing: drawing, created: now, modified: now)
    }

    /// A string of at most `limits.maxTextLength` code points, without control characters.
    static func text(_ value: Any, path: String, limits: SavedSignatureLimits, empty: Bool) throws -> String {
        guard let text = value as? String else { throw SavedSignatureError.malformed(path: path, reason: "expected a string") }
        if !empty && text.trimmingCharacters(in: .whitespaces).isEmpty {
            throw SavedSignatureError.malformed(path: path, reason: "it is empty")
        }
        if text.unicodeScalars.count > limits.maxTextLength {
            throw SavedSignatureError.overLimit(found: "\(path) has \(text.unicodeScalars.count) characters", limit: limits.maxTextLength,
                                                name: "maxTextLength")
        }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw SavedSignatureError.malformed(path: path, reason: "it holds a control character")
        }
        return text
    }
}

extension SavedSignature.Drawing {
    /// The drawing's JSON, as answered and as stored.
    public var json: [String: Any] {
        switch self {
        case .ink(let width, let height, let strokes):
            return ["type": "ink", "padSize": [width, height], "strokes": strokes]
        case .image(let format, let data, let width, let height):
            return ["type": "image", "format": format.rawValue, "data": data.base64EncodedString(), "width": width, "height": height]
        case .typed(let text, let font):
            return ["type": "typed", "text": text, "font": font]
        }
    }

    /// Reads and checks a drawing sent by a client (an image's size read from the image).
    init(request object: [String: Any], limits: SavedSignatureLimits) throws {
        switch object["type"] as? String {
        case "ink":
            let pad = try Self.numbers(object["padSize"], path: "drawing.padSize", count: 2...2)
            guard pad.allSatisfy({ $0 > 0 }) else {
                throw SavedSignatureError.malformed(path: "drawing.padSize", reason: "the pad's width and height must be positive")
            }
            guard let strokes = object["strokes"] as? [Any], !strokes.isEmpty else {
                throw SavedSignatureError.malformed(path: "drawing.strokes", reason: "expected a non-empty array of strokes")
            }
            if strokes.count > limits.maxStrokes {
                throw SavedSignatureError.overLimit(found: "the drawing has \(strokes.count) strokes", limit: limits.maxStrokes, name: "maxStrokes")
            }
            var read: [[[Double]]] = []
            var points = 0
            for (s, stroke) in strokes.enumerated() {
                guard let samples = stroke as? [Any], !samples.isEmpty else {
                    throw SavedSignatureError.malformed(path: "drawing.strokes[\(s)]", reason: "expected a non-empty array of samples")
                }
                points += samples.count
                if points > limits.maxPoints {
                    throw SavedSignatureError.overLimit(found: "the drawing has more than \(limits.maxPoints) samples", limit: limits.maxPoints,
                                                        name: "maxPoints")
                }
                read.append(try samples.enumerated().map { try Self.numbers($1, path: "drawing.strokes[\(s)][\($0)]", count: 3...4) })
            }
            self = .ink(padWidth: pad[0], padHeight: pad[1], strokes: read)
        case "image":
            guard let text = object["data"] as? String, let data = Data(base64Encoded: text) else {
                throw SavedSignatureError.malformed(path: "drawing.data", reason: "expected the image file in base64")
            }
            if data.count > limits.maxImageBytes {
                throw SavedSignatureError.overLimit(found: "the image has \(data.count) bytes", limit: limits.maxImageBytes, name: "maxImageBytes")
            }
            let format: SavedSignature.ImageKind
            switch ImageFormat(sniffing: data) {
            case .png: format = .png
            case .jpeg: format = .jpeg
            default: throw SavedSignatureError.unreadableImage("its bytes are neither a PNG's nor a JPEG's")
            }
            let image: RasterImage
            do {
                image = try ImageDecoder(maximumPixelCount: limits.maxImagePixels).decode(data)
            } catch ImageError.tooLarge(let width, let height, _) {
                throw SavedSignatureError.overLimit(found: "the image has \(width) × \(height) pixels", limit: limits.maxImagePixels,
                                                    name: "maxImagePixels")
            } catch {
                throw SavedSignatureError.unreadableImage("\(error)")
            }
            self = .image(format: format, data: data, width: image.width, height: image.height)
        case "typed":
            let text = try SavedSignature.text(object["text"] ?? 0, path: "drawing.text", limits: limits, empty: false)
            guard let font = object["font"] as? String, SavedSignature.typedFaces.contains(font) else {
                throw SavedSignatureError.malformed(path: "drawing.font", reason: "expected one of \(SavedSignature.typedFaces.sorted())")
            }
            self = .typed(text: text, font: font)
        default:
            throw SavedSignatureError.malformed(path: "drawing.type", reason: "expected \"ink\", \"image\" or \"typed\"")
        }
    }

    /// Reads a drawing as a store keeps it (its own JSON, checked when it was sent).
    init(stored text: String) throws {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            throw StoreError.damaged("a saved signature's drawing is not a JSON object")
        }
        if object["type"] as? String == "image" {
            guard let format = (object["format"] as? String).flatMap(SavedSignature.ImageKind.init(rawValue:)),
                  let data = (object["data"] as? String).flatMap({ Data(base64Encoded: $0) }),
                  let width = object["width"] as? Int, let height = object["height"] as? Int
            else { throw StoreError.damaged("a saved signature's image has missing or mistyped members") }
            self = .image(format: format, data: data, width: width, height: height)
            return
        }
        do {
            self = try Self(request: object, limits: SavedSignatureLimits.reading)
        } catch {
            throw StoreError.damaged("a saved signature's drawing does not read: \(error)")
        }
    }

    /// The drawing as a store keeps it: its JSON as text.
    var storedText: String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: json, options: [.withoutEscapingSlashes])) ?? Data("{}".utf8),
               as: UTF8.self)
    }

    /// `count` finite numbers within ±``SavedSignature/coordinateLimit``.
    private static func numbers(_ value: Any?, path: String, count: ClosedRange<Int>) throws -> [Double] {
        guard let array = value as? [Any], count.contains(array.count) else {
            throw SavedSignatureError.malformed(path: path, reason: "expected an array of \(count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound) or \(count.upperBound)") numbers")
        }
        return try array.enumerated().map { index, item in
            guard let number = item as? Double, number.isFinite, abs(number) <= SavedSignature.coordinateLimit else {
                throw SavedSignatureError.malformed(path: "\(path)[\(index)]", reason: "expected a number within ±\(Int(SavedSignature.coordinateLimit))")
            }
            return number
        }
    }
}

extension SavedSignatureLimits {
    /// What a store reads back: checked already, so no limit but the sizes a request had.
    static let reading: SavedSignatureLimits = {
        var limits = SavedSignatureLimits()
        limits.maxStrokes = .max
        limits.maxPoints = .max
        limits.maxTextLength = .max
        return limits
    }()
}
