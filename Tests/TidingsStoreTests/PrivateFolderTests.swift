import Foundation
import Testing
import TidingsStore
import TidingsTestSupport

/// The one way Tidings creates a folder.
@Suite struct PrivateFolderTests {
    @Test("PrivateFolder creates every missing folder 0700 and leaves one that is there as it is")
    func privateFolder() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("open"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        try PrivateFolder.create(dir.file("open/a/b/c"))
        try PrivateFolder.create(dir.file("open/a/b/c"))
        func mode(_ name: String) -> mode_t {
            var info = stat()
            return stat(dir.file(name), &info) == 0 ? info.st_mode & 0o777 : 0
        }
        #expect(mode("open") == 0o755)
        #expect([mode("open/a"), mode("open/a/b"), mode("open/a/b/c")] == [0o700, 0o700, 0o700])
        #expect(throws: FolderError.self) { try PrivateFolder.create("/proc/tidings-test/x") }
    }
}
