import Foundation
import Testing
import TidingsCore

/// `uname(2)`'s names, as the kernel also shows them under /proc/sys/kernel.
@Suite struct MachineNamesTests {
    static func kernelFile(_ name: String) throws -> String {
        try String(contentsOfFile: "/proc/sys/kernel/" + name, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("The host name and kernel release are the kernel's own")
    func names() throws {
        let names = try #require(MachineNames.current())
        #expect(names.nodename == (try Self.kernelFile("hostname")))
        #expect(names.release == (try Self.kernelFile("osrelease")))
        #expect(!names.release.isEmpty)
    }
}
