import Foundation
import Glibc
import Testing
import TidingsTestSupport

@testable import TidingsDeliver

/// Finding the desktop session from a cron job's bare environment.
@Suite struct DesktopSessionEnvironmentTests {
    /// Binds a Unix socket at `path`, leaving the socket file behind as a session would.
    static func makeSocket(_ path: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8.prefix(raw.count - 1)) + [0])
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
    }

    @Test("DBUS_SESSION_BUS_ADDRESS wins when set")
    func explicitBus() throws {
        let directory = try TemporaryDirectory()
        try Self.makeSocket(directory.file("bus"))
        let session = SessionEnvironment(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:abstract=x", "XDG_RUNTIME_DIR": directory.path])
        #expect(session.busAddress == "unix:abstract=x")
    }

    @Test("The bus socket in XDG_RUNTIME_DIR is found")
    func runtimeFolderBus() throws {
        let directory = try TemporaryDirectory()
        try Self.makeSocket(directory.file("bus"))
        let session = SessionEnvironment(environment: ["XDG_RUNTIME_DIR": directory.path], userRuntimeRoot: directory.file("none"))
        #expect(session.busAddress == "unix:path=\(directory.path)/bus")
        #expect(session.runtimeDirectory == directory.path)
    }

    @Test("Without XDG_RUNTIME_DIR, /run/user/<uid> and its bus socket are found")
    func userRuntimeFolder() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("1234"), withIntermediateDirectories: true)
        try Self.makeSocket(directory.file("1234/bus"))
        let session = SessionEnvironment(environment: [:], uid: 1234, userRuntimeRoot: directory.path, x11SocketFolder: directory.file("x"))
        #expect(session.busAddress == "unix:path=\(directory.path)/1234/bus")
        #expect(session.runtimeDirectory == directory.file("1234"))
        #expect(session.display == nil)
    }

    @Test("A plain file named bus is not a bus, and no folder means no runtime folder")
    func notASocket() throws {
        let directory = try TemporaryDirectory()
        try directory.write("", to: "bus")
        let session = SessionEnvironment(environment: ["XDG_RUNTIME_DIR": directory.path], userRuntimeRoot: directory.file("none"))
        #expect(session.busAddress == nil)
        let bare = SessionEnvironment(environment: [:], userRuntimeRoot: directory.file("none"))
        #expect(bare.runtimeDirectory == nil)
        #expect(bare.busAddress == nil)
    }

    @Test("DISPLAY falls back to the lowest X socket")
    func display() throws {
        let directory = try TemporaryDirectory()
        for name in ["X12", "X3", "X20"] { try Self.makeSocket(directory.file(name)) }
        try directory.write("", to: "X1")
        try Self.makeSocket(directory.file("Xfoo"))
        let found = SessionEnvironment(environment: [:], userRuntimeRoot: directory.file("none"), x11SocketFolder: directory.path)
        #expect(found.display == ":3")
        let given = SessionEnvironment(environment: ["DISPLAY": ":7"], x11SocketFolder: directory.path)
        #expect(given.display == ":7")
    }

    @Test("The child environment has the session and PATH, HOME, LANG, and nothing else")
    func childEnvironment() throws {
        let directory = try TemporaryDirectory()
        let session = SessionEnvironment(
            environment: [
                "PATH": "/opt/bin:/usr/bin", "HOME": "/home/a", "LANG": "de_DE.UTF-8", "API_TOKEN": "secret",
                "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus", "DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0",
                "XAUTHORITY": "/home/a/.Xauthority", "XDG_RUNTIME_DIR": "/run/user/1000",
            ], userRuntimeRoot: directory.path)
        #expect(
            session.childEnvironment() == [
                "PATH": "/opt/bin:/usr/bin", "HOME": "/home/a", "LANG": "de_DE.UTF-8",
                "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus", "DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0",
                "XAUTHORITY": "/home/a/.Xauthority", "XDG_RUNTIME_DIR": "/run/user/1000",
            ])
        let bare = SessionEnvironment(environment: [:], userRuntimeRoot: directory.path, x11SocketFolder: directory.path)
        #expect(bare.childEnvironment() == ["PATH": SessionEnvironment.defaultPath])
    }

    @Test("Programs are looked up on the session's PATH")
    func find() throws {
        let directory = try TemporaryDirectory()
        let tool = try directory.write("#!/bin/sh\n", to: "tool")
        chmod(tool, 0o755)
        try directory.write("", to: "plain")
        let session = SessionEnvironment(environment: ["PATH": "/nonexistent:\(directory.path)"])
        #expect(session.find("tool") == tool)
        #expect(session.find("plain") == nil)
        #expect(session.find("missing") == nil)
    }
}
