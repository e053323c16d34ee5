import Foundation
import Marginalia
import MarginaliaEditor

/// Turns an ACTION (a stroke or an erase, as JSON) into editor operations. The engine's
/// `EditorAction` does the work once it exists; until then actions are refused.
enum ActionTranslator {
    static func operations(for json: Data, in document: PDFDocument) throws -> [EditorOperation] {
        throw ServiceError.unsupported("actions (stroke, erase) are not available in this build; send operations")
    }
}
