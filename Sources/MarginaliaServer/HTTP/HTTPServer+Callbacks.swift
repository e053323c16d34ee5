#if canImport(Glibc)
import Glibc
#endif
import CMicroHTTPD
import Foundation
import Marginalia
import Synchronization

// The C callbacks libmicrohttpd calls on its polling threads. They are top-level nonisolated
// functions in a file other than main.swift: under Swift 6 a closure defined in main.swift
// would be main-actor isolated and trap when called from a foreign thread.

/// What one connection's current request accumulates across access-handler calls. Only
/// libmicrohttpd's thread serving the connection touches it; the handler's task reaches
/// only ``answer``.
final class RequestContext {
    let head: RequestHead
    var body = Data()
    var tooLarge = false
    /// Where an upload's body is written (``UploadSpooling``), nil for a body kept in memory.
    var spool: SpoolFile?
    /// Why the upload could not be written to its file (answered 507).
    var spoolFailure: String?
    /// The memory budget had no room for the body (answered 503).
    var overBudget = false
    /// What the body holds of the memory budget (``BodyReservation``).
    var reservation: BodyReservation?
    var handling = false
    var countedInFlight = false
    /// The handler's answer, handed over from the task that ran it.
    let answer = HandlerAnswer()

    init(head: RequestHead) {
        self.head = head
    }
}

/// Where a handler's task leaves its response for libmicrohttpd's thread to take.
final class HandlerAnswer: Sendable {
    private let response = Mutex<HTTPResponse?>(nil)

    func put(_ answer: HTTPResponse) {
        response.withLock { $0 = answer }
    }

    func take() -> HTTPResponse? {
        response.withLock { $0.take() }
    }
}

/// A libmicrohttpd daemon or connection handed to another thread, which only stops the daemon
/// or suspends and resumes the connection.
// @unchecked: a C handle; libmicrohttpd lets any thread stop a daemon or resume a connection.
struct MHDHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

func marginaliaAccessHandler(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
    _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?,
    _ uploadDataSize: UnsafeMutablePointer<Int>?, _ contextSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let contextSlot else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()

    // First call: only the header has arrived.
    guard let existing = contextSlot.pointee else {
        let contentLength = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length").map { String(cString: $0) }
        let methodName = method.map { String(cString: $0) }
        let reading = RequestHead.read(method: methodName, target: url.map { String(cString: $0) } ?? "",
                                       contentLength: contentLength, maxBodySize: server.configuration.maxBodySize,
                                       uploads: server.configuration.uploads)
        switch reading {
        case .dropped(let head):
            // Over the limit: the body is read and dropped (below), then answered 413.
            let context = RequestContext(head: head)
            context.tooLarge = true
            contextSlot.pointee = Unmanaged.passRetained(context).toOpaque()
            server.deadlines.headersReceived(connection)
            return .YES
        case .answered(let response):
            // Answered now: libmicrohttpd reads no body and closes the connection after the answer.
            let answered = RequestContext(head: RequestHead(method: methodName ?? "GET", path: ""))
            answered.handling = true
            contextSlot.pointee = Unmanaged.passRetained(answered).toOpaque()
            server.deadlines.headersReceived(connection)
            return queue(response, on: connection, server: server)
        case .accepted(let head):
            let context = RequestContext(head: head)
            contextSlot.pointee = Unmanaged.passRetained(context).toOpaque()
            server.deadlines.headersReceived(connection)
            if head.spooled, let uploads = server.configuration.uploads {
                // An upload goes to a file as it arrives, outside the memory budget.
                do {
                    context.spool = try SpoolFile(in: uploads.directory)
                } catch {
                    context.spoolFailure = "\(error)"
                }
                return .YES
            }
            if let length = contentLength.flatMap({ Int($0) }), length > 0 {
                if let budget = server.memoryBudget, length >= HTTPServer.bodyReservationThreshold {
                    // No room: the body is read and dropped, then answered 503 (a client still
                    // sending would not see an answer sent now).
                    guard budget.reserveNow(length) else {
                        context.overBudget = true
                        return .YES
                    }
                    context.reservation = BodyReservation(budget: budget, bytes: length)
                }
                context.body.reserveCapacity(length)
            }
            return .YES
        }
    }
    let context = Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue()

    // Body data: keep it while under the limit, drop it after.
    if let uploadDataSize, uploadDataSize.pointee > 0 {
        let count = uploadDataSize.pointee
        server.deadlines.bodyReceived(connection, bytes: count)
        if let spool = context.spool, !context.tooLarge, context.spoolFailure == nil {
            if spool.size + count > server.configuration.uploads?.maxSize ?? 0 {
                context.tooLarge = true
                spool.remove()
            } else if let uploadData {
                do {
                    try spool.append(uploadData, count: count)
                } catch {
                    context.spoolFailure = "\(error)"
                    spool.remove()
                }
            }
        } else if !context.tooLarge && !context.overBudget && context.spool == nil && context.spoolFailure == nil {
            if context.body.count + count > server.configuration.maxBodySize {
                context.tooLarge = true
                context.body = Data()
            } else if !reserveBody(context, upTo: context.body.count + count, server: server) {
                context.overBudget = true
                context.body = Data()
            } else if let uploadData {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: count) { context.body.append($0, count: count) }
            }
        }
        uploadDataSize.pointee = 0
        return .YES
    }

    // The handler finished and resumed the connection: send its answer. The request stays in
    // flight until libmicrohttpd reports it completed (the answer written), so that `stop()`
    // does not close the connection under an answer still being sent.
    if let response = context.answer.take() {
        return queue(response, on: connection, server: server)
    }
    if context.handling { return .YES }
    if context.tooLarge { return queue(tooLargeResponse(context, server), on: connection, server: server) }
    var bodyFile: URL?
    if context.spoolFailure == nil, let spool = context.spool {
        do {
            context.body = try spool.finish()
            bodyFile = spool.url
        } catch {
            context.spoolFailure = "\(error)"
        }
    }
    if let failure = context.spoolFailure {
        let unstored = HTTPResponse.jsonError(status: 507, code: "insufficientStorage",
                                              message: "the upload could not be stored: \(failure)")
        return queue(unstored, on: connection, server: server)
    }
    if context.overBudget, let budget = server.memoryBudget {
        return queue(busyResponse(budget), on: connection, server: server)
    }

    let request = context.head.request(queryItems: collect(connection, kind: .GET_ARGUMENT_KIND),
                                       headerFields: collect(connection, kind: .HEADER_KIND), body: context.body,
                                       bodyFile: bodyFile, remoteAddress: SocketAddress.describe(marginalia_mhd_client_address(connection)))
    context.body = Data()
    guard let executor = server.beginHandling() else {
        let unavailable = HTTPResponse.jsonError(status: 503, code: "unavailable", message: "the server is shutting down",
                                                 reason: Reason(.serverStopping))
        return queue(unavailable, on: connection, server: server)
    }
    context.handling = true
    context.countedInFlight = true
    server.deadlines.requestComplete(connection)
    MHD_suspend_connection(connection)
    let handle = MHDHandle(pointer: connection)
    let handler = server.handler
    let answer = context.answer
    Task(executorPreference: executor) {
        let response = await handler(request)
        answer.put(response)
        MHD_resume_connection(handle.pointer)
    }
    return .YES
}

func marginaliaRequestCompleted(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ contextSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ reason: MHD_RequestTerminationCode
) {
    guard let cls else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    if let connection { server.deadlines.responseSent(connection) }
    guard let contextSlot, let existing = contextSlot.pointee else { return }
    let context = Unmanaged<RequestContext>.fromOpaque(existing).takeRetainedValue()
    if context.countedInFlight {
        context.countedInFlight = false
        server.endHandling()
    }
    contextSlot.pointee = nil
}

/// Connections opening and closing: the request deadlines follow them.
func marginaliaConnectionNotified(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ event: MHD_ConnectionNotificationCode
) {
    guard let cls, let connection else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    if event == .CONNECTION_NOTIFY_STARTED {
        server.deadlines.opened(connection, socket: marginalia_mhd_connection_fd(connection))
    } else {
        server.deadlines.closed(connection)
    }
}

/// Grows the reservation of a body sent without a `Content-Length` (chunked) to hold
/// `size` bytes once it passes the threshold; false when the budget has no room.
private func reserveBody(_ context: RequestContext, upTo size: Int, server: HTTPServer) -> Bool {
    guard let budget = server.memoryBudget, size >= HTTPServer.bodyReservationThreshold else { return true }
    let held = context.reservation?.bytes ?? 0
    guard size > held else { return true }
    let more = max(size - held, HTTPServer.bodyReservationThreshold)
    guard budget.reserveNow(more) else { return false }
    if let reservation = context.reservation {
        reservation.grow(by: more)
    } else {
        context.reservation = BodyReservation(budget: budget, bytes: more)
    }
    return true
}

/// 503 for a body the memory budget has no room for now.
private func busyResponse(_ budget: MemoryBudget) -> HTTPResponse {
    let message = "the server's memory budget of \(budget.settings.total) bytes (\(MemoryBudget.Settings.options.total)) has no room for the request body now; try again shortly"
    let seconds = max(1, Int(budget.settings.admissionWait.rounded(.up)))
    return HTTPResponse.jsonError(status: 503, code: "unavailable", message: message,
                                  reason: Reason(.memoryBusy, [("retryAfter", .number(Double(seconds)))]))
        .adding(header: "Retry-After", value: String(seconds))
}

private func tooLargeResponse(_ context: RequestContext, _ server: HTTPServer) -> HTTPResponse {
    if context.head.spooled, let uploads = server.configuration.uploads { return RequestHead.tooLarge(upload: uploads.maxSize) }
    return RequestHead.tooLarge(maxBodySize: server.configuration.maxBodySize)
}

// MARK: - Reading the request

private final class ValueCollector {
    var items: [(name: String, value: String)] = []
}

private func collect(_ connection: OpaquePointer, kind: MHD_ValueKind) -> [(name: String, value: String)] {
    let collector = ValueCollector()
    let pointer = Unmanaged.passUnretained(collector).toOpaque()
    _ = MHD_get_connection_values(connection, kind, { cls, _, key, value in
        guard let cls, let key else { return .YES }
        let collector = Unmanaged<ValueCollector>.fromOpaque(cls).takeUnretainedValue()
        collector.items.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
        return .YES
    }, pointer)
    return withExtendedLifetime(collector) { collector.items }
}

// MARK: - Sending the response

private func queue(_ response: HTTPResponse, on connection: OpaquePointer, server: HTTPServer) -> MHD_Result {
    server.deadlines.requestComplete(connection)
    guard let made = makeResponse(response, connection: connection, server: server) else {
        let failure = HTTPResponse.jsonError(status: 500, code: "internal", message: "the response could not be created")
        guard let fallback = makeResponse(failure, connection: connection, server: server) else { return .NO }
        defer { MHD_destroy_response(fallback.pointer) }
        return MHD_queue_response(connection, 500, fallback.pointer)
    }
    defer { MHD_destroy_response(made.pointer) }
    return MHD_queue_response(connection, UInt32(made.status), made.pointer)
}

private func makeResponse(_ response: HTTPResponse, connection: OpaquePointer,
                          server: HTTPServer) -> (pointer: OpaquePointer, status: Int)? {
    var status = response.status
    var headers = response.headers
    let pointer: OpaquePointer?
    switch response.body {
    case .data(let data) where data.count >= ResponseBytes.lendingThreshold:
        pointer = ResponseBytes(data).lend()
    case .data(let data):
        pointer = data.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                                            .RESPMEM_MUST_COPY)
        }
    case .file(let path):
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        var info = stat()
        if descriptor >= 0, fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
            // MHD closes the descriptor when the response is destroyed.
            pointer = MHD_create_response_from_fd64(UInt64(info.st_size), descriptor)
        } else {
            if descriptor >= 0 { close(descriptor) }
            let missing = HTTPResponse.jsonError(status: 404, code: "notFound", message: "file not found")
            return makeResponse(missing, connection: connection, server: server)
        }
    case .eventStream(let stream):
        server.register(stream)
        stream.attach(to: connection, onDetach: { [weak server] in server?.unregister(stream) })
        let retained = Unmanaged.passRetained(stream).toOpaque()
        pointer = MHD_create_response_from_callback(UInt64.max, 4096, { cls, _, buffer, max in
            guard let cls, let buffer else { return Int(MHD_CONTENT_READER_END_WITH_ERROR) }
            return Unmanaged<EventStream>.fromOpaque(cls).takeUnretainedValue().read(into: buffer, max: max)
        }, retained, { cls in
            guard let cls else { return }
            let stream = Unmanaged<EventStream>.fromOpaque(cls).takeRetainedValue()
            stream.detach()
        })
        if pointer == nil { Unmanaged<EventStream>.fromOpaque(retained).release() }
    }
    guard let pointer else { return nil }
    if status < 100 || status > 999 { status = 500 }
    if !headers.contains(where: { $0.name.lowercased() == "x-content-type-options" }) {
        headers.append(("X-Content-Type-Options", "nosniff"))
    }
    for (name, value) in headers {
        _ = MHD_add_response_header(pointer, name, value)
    }
    return (pointer, status)
}

/// A large response body lent to libmicrohttpd instead of copied: a file of hundreds of
/// megabytes (mapped from the store's file, or built once for its state) is sent from where it
/// lies, however many clients download it at once.
private final class ResponseBytes {
    /// Bodies from this size on are lent; smaller ones are copied (cheaper than the bookkeeping).
    static let lendingThreshold = 1 << 20

    /// Never changed, so its bytes stay where they are while this object lives: a `Data` this
    /// large keeps them in storage of its own (never inline in the value), which only a
    /// mutation would copy.
    private let data: Data

    init(_ data: Data) {
        self.data = data
    }

    /// The response, holding this object until libmicrohttpd frees it; nil on error.
    func lend() -> OpaquePointer? {
        let address = data.withUnsafeBytes { UnsafeMutableRawPointer(mutating: $0.baseAddress) }
        let retained = Unmanaged.passRetained(self).toOpaque()
        let response = MHD_create_response_from_buffer_with_free_callback_cls(data.count, address, { owner in
            guard let owner else { return }
            Unmanaged<ResponseBytes>.fromOpaque(owner).release()
        }, retained)
        if response == nil { Unmanaged<ResponseBytes>.fromOpaque(retained).release() }
        return response
    }
}
