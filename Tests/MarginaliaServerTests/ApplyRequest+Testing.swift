import Foundation
import Marginalia
import MarginaliaEditor
@testable import MarginaliaServer

extension ApplyRequest.Change {
    /// Test shorthand: the change a client of protocol 0 asked for by sending `operation`
    /// (the command it means; tests only pass operations clients may send).
    static func operation(_ operation: EditorOperation) -> ApplyRequest.Change {
        ApplyRequest.Change(try! LegacyRequest.command(from: operation))
    }

}
