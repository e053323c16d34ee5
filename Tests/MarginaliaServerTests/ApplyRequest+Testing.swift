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

    /// Test shorthand: a stroke or an erase as protocol 0's `action` carried it.
    static func action(_ action: EditorAction) -> ApplyRequest.Change {
        switch action {
        case .stroke(let s):
            return .command(.stroke(EditorCommand.Stroke(
                pageIndex: s.pageIndex,
                samples: s.points.map { StrokeSample(point: CGPoint(x: $0[0], y: $0[1]), pressure: $0.count > 2 ? $0[2] : 1,
                                                     time: $0.count > 3 ? $0[3] : 0) },
                ink: s.ink, zoom: s.zoom, recognizeShape: s.recognizeShape, author: s.author)))
        case .erase(let e):
            return .command(.erase(EditorCommand.Erase(pageIndex: e.pageIndex, mode: e.mode, size: e.size,
                                                       points: e.points.map { CGPoint(x: $0[0], y: $0[1]) })))
        }
    }
}
