#if !hasFeature(Embedded)
import Foundation
#endif

/// An annotation's properties as typed values, each under the annotation JSON key that names
/// it, in ``AnnotationJSONKey``'s order: what ``AnnotationLock`` compares. Filled by the one
/// writing (``AnnotationJSONFields/write(to:)``), so a property is here exactly when the
/// annotation JSON would carry it; absent ones are nil.
struct AnnotationProperties: AnnotationJSONSink {
    /// One property's value.
    enum Value: Equatable {
        case string(String), strings([String]), integer(Int), number(Double), bool(Bool)
        case numbers([Double]), numberLists([[Double]]), pointLists([[[Double]]])
    }

    private(set) var values: [(key: AnnotationJSONKey, value: Value)] = []

    init(_ annotation: Annotation) {
        AnnotationJSONFields(annotation, foreignAppearance: false).write(to: &self)
    }

    subscript(key: AnnotationJSONKey) -> Value? {
        values.first { $0.key == key }?.value
    }

    /// The first key (in this annotation's order, then `other`'s) whose value differs between
    /// the two, leaving out `ignored` keys; a property one of them has and the other lacks
    /// differs.
    func firstDifference(from other: AnnotationProperties, ignoring ignored: Set<AnnotationJSONKey>) -> AnnotationJSONKey? {
        for key in values.map({ $0.key }) + other.values.map({ $0.key }) where !ignored.contains(key) && self[key] != other[key] {
            return key
        }
        return nil
    }

    mutating func write(_ key: AnnotationJSONKey, string: String) { values.append((key: key, value: .string(string))) }
    mutating func write(_ key: AnnotationJSONKey, strings: [String]) { values.append((key: key, value: .strings(strings))) }
    mutating func write(_ key: AnnotationJSONKey, integer: Int) { values.append((key: key, value: .integer(integer))) }
    mutating func write(_ key: AnnotationJSONKey, number: Double) { values.append((key: key, value: .number(number))) }
    mutating func write(_ key: AnnotationJSONKey, bool: Bool) { values.append((key: key, value: .bool(bool))) }
    mutating func write(_ key: AnnotationJSONKey, numbers: [Double]) { values.append((key: key, value: .numbers(numbers))) }
    mutating func write(_ key: AnnotationJSONKey, numberLists: [[Double]]) { values.append((key: key, value: .numberLists(numberLists))) }
    mutating func write(_ key: AnnotationJSONKey, pointLists: [[[Double]]]) { values.append((key: key, value: .pointLists(pointLists))) }
}
