import Foundation
import Marginalia
import MarginaliaEditor

/// The editing request bodies of protocol 0, from before the command protocol: an
/// `"operation"` (a step of the operation log) or an `"action"` (a stroke or an erase). Each
/// is read as the command it means; an operation with no such command (restoring a page
/// object, a group of steps) is refused, so a client can never ask for an internal step.
enum LegacyRequest {
    /// `{"stroke": {...}}` or `{"erase": {...}}` as a command.
    static func command(fromAction field: JSONField) throws(CommandError) -> EditorCommand {
        guard case .object(let object) = field.value, object.members.count == 1, let member = object.members.first,
              member.key == "stroke" || member.key == "erase", case .object(var inner) = member.value else {
            throw CommandError.malformed("action: an action is exactly one of \"stroke\" or \"erase\"")
        }
        inner["type"] = .string(member.key)
        return try EditorCommand(json: JSONField(.object(inner), path: "action.\(member.key)"))
    }

    /// The body's `"operation"` as a command.
    static func command(fromOperation body: Data) throws -> EditorCommand {
        struct Body: Decodable { var operation: EditorOperation }
        let operation: EditorOperation
        do {
            // A client's annotations are new values: read checked, not as the log's are.
            let decoder = JSONDecoder()
            decoder.userInfo[.annotationJSONReading] = AnnotationJSONReading.checked
            operation = try decoder.decode(Body.self, from: body).operation
        } catch {
            throw CommandError.malformed("operation: \(Self.describe(error))")
        }
        return try command(from: operation)
    }

    /// The command an operation means, when clients may ask for it.
    static func command(from operation: EditorOperation) throws -> EditorCommand {
        switch operation {
        case .addAnnotation(let annotation, _): return .add([annotation.annotation])
        case .removeAnnotation(let annotation, _): return .remove(ids: [annotation.id])
        case .changeAnnotation(_, let after): return .change(after.annotation)
        case .insertPage(let index, let width, let height): return .insertPage(index: index, width: width, height: height)
        case .removePage(let index, _): return .removePage(index: index)
        case .rotatePage(let index, let degrees): return .rotatePage(index: index, degrees: degrees)
        case .movePage(let from, let to): return .movePage(from: from, to: to)
        case .fillField(let name, _, let after):
            return .fill(name: name, value: after)
        case .group(_, let steps) where !steps.isEmpty && steps.allSatisfy({ if case .addAnnotation = $0 { true } else { false } }):
            // Annotations added together (a paste) are one command.
            return .add(steps.compactMap { step in
                guard case .addAnnotation(let annotation, _) = step else { return nil }
                return annotation.annotation
            })
        case .restorePage, .copyPages, .group, .arrangeAnnotation:
            throw CommandError.notAllowed(
                "operation: \(operation.name) is an internal step of the operation log; clients send commands (docs/api.md)")
        }
    }

    /// A decoding error as one line with its coding path.
    static func describe(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let joined = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return joined.isEmpty ? "" : "at \(joined): "
        }
        switch error {
        case DecodingError.dataCorrupted(let context): return path(context) + context.debugDescription
        case DecodingError.keyNotFound(let key, let context): return path(context) + "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context): return path(context) + context.debugDescription
        case DecodingError.valueNotFound(_, let context): return path(context) + context.debugDescription
        default: return String(describing: error)
        }
    }
}
