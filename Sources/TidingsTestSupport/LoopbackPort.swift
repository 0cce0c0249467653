import Glibc

/// Sockets on 127.0.0.1 at a port the kernel picks: for the test servers, and for servers
/// that cannot say which port they took (PostgreSQL, Xandikos).
enum LoopbackPort {
    /// A port on 127.0.0.1 that nothing listens on now.
    static func free() throws -> Int {
        let (fd, port) = try socket(listening: nil)
        close(fd)
        return port
    }

    /// A TCP socket bound to 127.0.0.1 at a port of the kernel's choosing, listening with
    /// `backlog` (nil: bound only), and that port.
    static func socket(listening backlog: Int32?) throws -> (fd: Int32, port: Int) {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HTTPTestServerError(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && (backlog.map { listen(fd, $0) == 0 } ?? true) && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw HTTPTestServerError(description: "listen on 127.0.0.1: \(reason)")
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}
