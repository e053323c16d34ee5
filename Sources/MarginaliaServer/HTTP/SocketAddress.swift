#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A socket address to bind, built from a numeric host and a port.
struct SocketAddress {
    /// Storage big enough for IPv4 and IPv6.
    var storage = sockaddr_storage()
    var isIPv6 = false

    /// Parses `host` as an IPv4 or IPv6 literal (`localhost` means 127.0.0.1).
    init(host: String, port: UInt16) throws {
        let literal = host == "localhost" ? "127.0.0.1" : host
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, literal, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            withUnsafeBytes(of: v4) { bytes in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
            }
            return
        }
        var v6 = sockaddr_in6()
        let bare = literal.hasPrefix("[") && literal.hasSuffix("]") ? String(literal.dropFirst().dropLast()) : literal
        guard inet_pton(AF_INET6, bare, &v6.sin6_addr) == 1 else { throw HTTPServerError.badHost(host) }
        v6.sin6_family = sa_family_t(AF_INET6)
        v6.sin6_port = port.bigEndian
        withUnsafeBytes(of: v6) { bytes in
            withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
        }
        isIPv6 = true
    }

    /// The numeric text of a client address (`127.0.0.1`, `::1`), or "" when unknown.
    static func describe(_ address: UnsafePointer<sockaddr>?) -> String {
        guard let address else { return "" }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            var v4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee }
            guard inet_ntop(AF_INET, &v4.sin_addr, &text, socklen_t(text.count)) != nil else { return "" }
        case AF_INET6:
            var v6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee }
            guard inet_ntop(AF_INET6, &v6.sin6_addr, &text, socklen_t(text.count)) != nil else { return "" }
        default:
            return ""
        }
        let length = text.firstIndex(of: 0) ?? text.count
        return String(decoding: text[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
