import Foundation
import Marginalia
import MarginaliaEditor

// libFuzzer target: any sequence of pointer events, tool changes, gestures, undo and redo
// driven through the editor engine (events out of order, NaN, huge coordinates included).
// Each 8-byte record: opcode, pointer id, x (2 bytes), y (2 bytes), pressure, flags.
nonisolated(unsafe) private var blank: Data?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEditorEvents(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    if blank == nil { blank = try? PDFRenderer().data { try $0.beginPage(); try $0.beginPage() } }
    guard let blank, let document = try? PDFDocument(data: blank),
          let editor = try? Editor(session: EditorSession(document: document), viewSize: CGSize(width: 800, height: 1000),
                                   clock: ManualClock()) else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: count)
    var time: TimeInterval = 0
    for offset in stride(from: 0, to: count - 7, by: 8) {
        let opcode = bytes[offset], id = Int(bytes[offset + 1] % 4)
        let raw = (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]), Int(bytes[offset + 4]) << 8 | Int(bytes[offset + 5]))
        var x = CGFloat(raw.0) / 60 - 50, y = CGFloat(raw.1) / 60 - 50
        if bytes[offset + 7] & 0x80 != 0 { x = .nan }
        if bytes[offset + 7] & 0x40 != 0 { y = 1e30 }
        time += 0.004 * Double(bytes[offset + 6] % 200)
        let sample = PointerSample(location: CGPoint(x: x, y: y), pressure: Double(bytes[offset + 6]) / 255, timestamp: time)
        let kinds: [PointerEvent.Kind] = [.pen, .touch, .mouse]
        let phases: [PointerEvent.Phase] = [.began, .moved, .moved, .moved, .ended, .cancelled]
        switch opcode % 16 {
        case 0..<11:
            let event = PointerEvent(pointerID: id, kind: kinds[Int(opcode / 16) % 3], phase: phases[Int(opcode) % phases.count],
                                     sample: sample, coalesced: [sample, sample], predicted: [sample],
                                     isEraserEnd: bytes[offset + 7] & 1 != 0, barrelButton: bytes[offset + 7] & 2 != 0)
            _ = try? editor.handle(event)
        case 11: editor.select(EditorTool.allCases[Int(bytes[offset + 1]) % EditorTool.allCases.count])
        case 12: _ = try? editor.undo()
        case 13: _ = try? editor.redo()
        case 14: _ = try? editor.commitText(String(repeating: "x", count: Int(bytes[offset + 2] % 40)))
        default:
            editor.updatePreferences { $0.inputMode = InputMode.allCases[Int(bytes[offset + 1]) % InputMode.allCases.count] }
            _ = try? editor.stylusGesture(StylusGesture.allCases[Int(bytes[offset + 2]) % StylusGesture.allCases.count])
        }
    }
    return 0
}
