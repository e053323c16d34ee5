// The WebAssembly module's exports (the Embedded Swift build only; natively this file is
// empty). The browser (Web/js/engine.js) writes a call's JSON into memory from `mg_alloc`,
// calls `mg_call` with its address and length, reads the answer's bytes at `mg_result`
// (`mg_call` returned their count) and frees the call with `mg_free`. The answer stays
// valid until the next call.

#if hasFeature(Embedded)
nonisolated(unsafe) private var bridge = EngineBridge()
nonisolated(unsafe) private var answer: UnsafeMutableRawPointer?

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
    let reply = bridge.call(bytes)
    answer?.deallocate()
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(1, reply.count), alignment: 8)
    reply.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: reply.count) }
    answer = buffer
    return Int32(reply.count)
}

@_expose(wasm, "mg_result")
@_cdecl("mg_result")
public func wasmResult() -> UnsafeMutableRawPointer? {
    answer
}
#endif
