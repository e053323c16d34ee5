import Foundation
import Marginalia

// The operation log's JSON, version 2, written by hand: `{"op": "addAnnotation",
// "annotation": {...}}`, `{"op": "group", "name": "erase", "operations": [...]}` (the keys of
// docs/operations.md). Version 1, the compiler's synthesized form (`{"addAnnotation":
// {"_0": {...}}}`, `{"group": {"name": ..., "_1": [...]}}`), is still read, so logs written
// before version 2 replay as they are; everything written is version 2.

extension EditorOperation {
    /// The format version written (docs/operations.md).
    public static let logFormatVersion = 2

    private enum Key: String, CodingKey {
        case op, annotation, before, after, index, width, height, pageObject, degrees, from, to, name, operations, id, pageIndex
        case pages, upload, annotationIDs, pageObjects, annotationObject
    }

    /// The operation's name in the log (its `op`).
    public var logName: LoggedOperationName {
        switch self {
        case .addAnnotation: return .addAnnotation
        case .removeAnnotation: return .removeAnnotation
        case .changeAnnotation: return .changeAnnotation
        case .arrangeAnnotation: return .arrangeAnnotation
        case .insertPage: return .insertPage
        case .removePage: return .removePage
        case .restorePage: return .restorePage
        case .rotatePage: return .rotatePage
        case .movePage: return .movePage
        case .copyPages: return .copyPages
        case .fillField: return .fillField
        case .group: return .group
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(logName.rawValue, forKey: .op)
        switch self {
        case .addAnnotation(let a, let object), .removeAnnotation(let a, let object):
            try c.encode(a, forKey: .annotation)
            try c.encodeIfPresent(object, forKey: .annotationObject)
        case .changeAnnotation(let before, let after):
            try c.encode(before, forKey: .before)
            try c.encode(after, forKey: .after)
        case .arrangeAnnotation(let id, let page, let from, let to):
            try c.encode(id, forKey: .id)
            try c.encode(page, forKey: .pageIndex)
            try c.encode(from, forKey: .from)
            try c.encode(to, forKey: .to)
        case .insertPage(let index, let width, let height):
            try c.encode(index, forKey: .index)
            try c.encode(width, forKey: .width)
            try c.encode(height, forKey: .height)
        case .removePage(let index, let object):
            try c.encode(index, forKey: .index)
            try c.encodeIfPresent(object, forKey: .pageObject)
        case .restorePage(let index, let object):
            try c.encode(index, forKey: .index)
            try c.encode(object, forKey: .pageObject)
        case .rotatePage(let index, let degrees):
            try c.encode(index, forKey: .index)
            try c.encode(degrees, forKey: .degrees)
        case .movePage(let from, let to):
            try c.encode(from, forKey: .from)
            try c.encode(to, forKey: .to)
        case .copyPages(let copy):
            try c.encode(copy.pages, forKey: .pages)
            try c.encodeIfPresent(copy.upload, forKey: .upload)
            try c.encode(copy.index, forKey: .index)
            try c.encodeIfPresent(copy.annotationIDs, forKey: .annotationIDs)
            try c.encodeIfPresent(copy.pageObjects, forKey: .pageObjects)
        case .fillField(let name, let before, let after):
            try c.encode(name, forKey: .name)
            try c.encode(before, forKey: .before)
            try c.encode(after, forKey: .after)
        case .group(let name, let operations):
            try c.encode(name, forKey: .name)
            try c.encode(operations, forKey: .operations)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        guard c.contains(.op) else {
            self = try Self.decodeVersion1(decoder)
            return
        }
        let op = try c.decode(String.self, forKey: .op)
        guard let name = LoggedOperationName(rawValue: op) else {
            throw DecodingError.dataCorruptedError(forKey: .op, in: c, debugDescription: "unknown operation \"\(op)\"")
        }
        switch name {
        case .addAnnotation:
            self = .addAnnotation(try c.decode(PDFAnnotation.self, forKey: .annotation),
                                  annotationObject: try c.decodeIfPresent(Int.self, forKey: .annotationObject))
        case .removeAnnotation:
            self = .removeAnnotation(try c.decode(PDFAnnotation.self, forKey: .annotation),
                                     annotationObject: try c.decodeIfPresent(Int.self, forKey: .annotationObject))
        case .changeAnnotation:
            self = .changeAnnotation(before: try c.decode(PDFAnnotation.self, forKey: .before),
                                     after: try c.decode(PDFAnnotation.self, forKey: .after))
        case .arrangeAnnotation:
            self = .arrangeAnnotation(id: try c.decode(String.self, forKey: .id), pageIndex: try c.decode(Int.self, forKey: .pageIndex),
                                      from: try c.decode(Int.self, forKey: .from), to: try c.decode(Int.self, forKey: .to))
        case .insertPage:
            self = .insertPage(index: try c.decode(Int.self, forKey: .index), width: try c.decode(Double.self, forKey: .width),
                               height: try c.decode(Double.self, forKey: .height))
        case .removePage:
            self = .removePage(index: try c.decode(Int.self, forKey: .index), pageObject: try c.decodeIfPresent(Int.self, forKey: .pageObject))
        case .restorePage:
            self = .restorePage(index: try c.decode(Int.self, forKey: .index), pageObject: try c.decode(Int.self, forKey: .pageObject))
        case .rotatePage:
            self = .rotatePage(index: try c.decode(Int.self, forKey: .index), degrees: try c.decode(Int.self, forKey: .degrees))
        case .movePage:
            self = .movePage(from: try c.decode(Int.self, forKey: .from), to: try c.decode(Int.self, forKey: .to))
        case .copyPages:
            self = .copyPages(PageCopy(pages: try c.decode([Int].self, forKey: .pages), upload: try c.decodeIfPresent(Int.self, forKey: .upload),
                                       index: try c.decode(Int.self, forKey: .index),
                                       annotationIDs: try c.decodeIfPresent([String].self, forKey: .annotationIDs),
                                       pageObjects: try c.decodeIfPresent([Int].self, forKey: .pageObjects)))
        case .fillField:
            self = .fillField(name: try c.decode(String.self, forKey: .name), before: try c.decode(FormValue.self, forKey: .before),
                              after: try c.decode(FormValue.self, forKey: .after))
        case .group:
            self = .group(name: try c.decode(String.self, forKey: .name), try c.decode([EditorOperation].self, forKey: .operations))
        }
    }

    // MARK: - Version 1

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The synthesized form of version 1: one key naming the case, holding the associated
    /// values under their labels or `_0`, `_1`.
    private static func decodeVersion1(_ decoder: any Decoder) throws -> EditorOperation {
        let outer = try decoder.container(keyedBy: AnyKey.self)
        guard outer.allKeys.count == 1, let key = outer.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "expected an operation (an object with \"op\")"))
        }
        let c = try outer.nestedContainer(keyedBy: AnyKey.self, forKey: key)
        func value<T: Decodable>(_ type: T.Type, _ name: String) throws -> T { try c.decode(type, forKey: AnyKey(name)) }
        guard let name = LoggedOperationName(rawValue: key.stringValue) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown operation \"\(key.stringValue)\""))
        }
        switch name {
        case .addAnnotation: return .addAnnotation(try value(PDFAnnotation.self, "_0"))
        case .removeAnnotation: return .removeAnnotation(try value(PDFAnnotation.self, "_0"))
        case .changeAnnotation:
            return .changeAnnotation(before: try value(PDFAnnotation.self, "before"), after: try value(PDFAnnotation.self, "after"))
        case .insertPage:
            return .insertPage(index: try value(Int.self, "index"), width: try value(Double.self, "width"),
                               height: try value(Double.self, "height"))
        case .removePage:
            return .removePage(index: try value(Int.self, "index"), pageObject: try c.decodeIfPresent(Int.self, forKey: AnyKey("pageObject")))
        case .restorePage:
            return .restorePage(index: try value(Int.self, "index"), pageObject: try value(Int.self, "pageObject"))
        case .fillField:
            return .fillField(name: try value(String.self, "name"), before: try value(FormValue.self, "before"),
                              after: try value(FormValue.self, "after"))
        case .group:
            return .group(name: try value(String.self, "name"), try value([EditorOperation].self, "_1"))
        case .arrangeAnnotation, .rotatePage, .movePage, .copyPages:
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "a version 1 log entry names \"\(name.rawValue)\", which only version 2 logs have"))
        }
    }
}
