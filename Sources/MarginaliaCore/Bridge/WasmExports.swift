// The WebAssembly module's exports (the Embedded Swift build only; natively this file is
// empty). The browser (Web/js/engine.js) writes a call's JSON into memory it took from
// `mg_alloc` (and keeps for the next call, giving it back with `mg_free` when a call outgrows
// it), calls `mg_call` with its address and length, and reads the answer's bytes at
// `mg_result` (`mg_call` returned their count). The answer stays valid until the next call.
// A pointer event may come as Float64 numbers instead (`mg_pointer`, docs/engine.md "Pointer
// events as numbers"): it answers a JSON answer's byte count (read at `mg_result`) or minus the
// count of the numbers of a pen stroke's preview (read at `mg_pointer_result`, its path text at
// `mg_pointer_text`).

#if hasFeature(Embedded)
nonisolated(unsafe) private var bridge = EngineBridge()
nonisolated(unsafe) private var answer: [UInt8] = []

@_expose(wasm, "mg_alloc")
@_cdecl("mg_alloc")
public func wasmAllocate(_ size: Int32) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer.allocate(byteCount: max(1, Int(size)), alignment: 8)
}

@_expose(wasm, "mg_free")
@_cdecl("mg_free")
public func wasmFree(_ pointer: UnsafeMutableRawPointer) {
    pointer.deallocate()
}

@_expose(wasm, "mg_call")
@_cdecl("mg_call")
public func wasmCall(_ request: UnsafeMutableRawPointer, _ length: Int32) -> Int32 {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: request, count: Int(length)))
    answer = bridge.call(bytes)
    return Int32(answer.count)
}

@_expose(wasm, "mg_pointer")
@_cdecl("mg_pointer")
public func wasmPointer(_ numbers: UnsafeMutableRawPointer, _ count: Int32) -> Int32 {
    guard count >= 0 else {
        answer = EngineBridge.errorAnswer(.malformed("pointer numbers: expected a count of numbers, found \(count)"))
        return Int32(answer.count)
    }
    let buffer = UnsafeBufferPointer(start: numbers.assumingMemoryBound(to: Double.self), count: Int(count))
    switch bridge.pointer(numbers: buffer) {
    case .json(let bytes):
        answer = bytes
        return Int32(answer.count)
    case .numbers:
        return -Int32(bridge.binaryAnswer.count)
    }
}

@_expose(wasm, "mg_pointer_result")
@_cdecl("mg_pointer_result")
public func wasmPointerResult() -> UnsafeMutableRawPointer? {
    // The numbers' own storage, untouched until the next pointer event.
    bridge.binaryAnswer.withUnsafeMutableBytes { $0.baseAddress }
}

@_expose(wasm, "mg_pointer_text")
@_cdecl("mg_pointer_text")
public func wasmPointerText() -> UnsafeMutableRawPointer? {
    bridge.binaryText.withUnsafeMutableBytes { $0.baseAddress }
}

@_expose(wasm, "mg_result")
@_cdecl("mg_result")
public func wasmResult() -> UnsafeMutableRawPointer? {
    // The answer's own storage: it is not touched again until the next call replaces it.
    answer.withUnsafeMutableBytes { $0.baseAddress }
}
#endif
