import Foundation
import Testing

/// Package.swift lists, for each target, exactly the modules its Swift files import: no
/// dependency a target does not use, and none it reaches only through another.
@Suite struct PackageImportsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
    /// Modules of the toolchain and GRDB's SQLite module, which GRDB's product brings.
    static let given: Set<String> = ["Foundation", "Dispatch", "Synchronization", "Glibc", "Musl", "Darwin", "Testing", "XCTest", "GRDBSQLite"]

    /// A target as Package.swift declares it.
    struct Target {
        var name: String
        var folder: String
        var dependencies: Set<String>
    }

    /// The targets of Package.swift: name, folder and the modules named in `dependencies:`.
    static func targets() throws -> [Target] {
        let text = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
            .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            .replacing(/\.product\(name: "([^"]+)", package: "[^"]+"\)/) { "\"\($0.1)\"" }
            .replacing(/\bargumentParser\b/) { _ in "\"ArgumentParser\"" }
        var found: [Target] = []
        for match in text.matches(of: /\.(target|testTarget|executableTarget)\(\s*name: "([^"]+)"/) {
            // The call runs to its matching parenthesis.
            var depth = 0
            var end = match.range.lowerBound
            for index in text[match.range.lowerBound...].indices {
                if text[index] == "(" { depth += 1 }
                if text[index] == ")" {
                    depth -= 1
                    if depth == 0 {
                        end = index
                        break
                    }
                }
            }
            let call = text[match.range.lowerBound..<end]
            let list = call.firstMatch(of: /dependencies: \[([^\]]*)\]/).map { String($0.1) } ?? ""
            let names = Set(list.matches(of: /"([^"]+)"/).map { String($0.1) })
            let folder = call.firstMatch(of: /path: "([^"]+)"/).map { String($0.1) } ?? ((match.1 == "testTarget" ? "Tests/" : "Sources/") + match.2)
            found.append(Target(name: String(match.2), folder: folder, dependencies: names))
        }
        return found
    }

    /// The modules the Swift files under `folder` import (upper-case names: Python text in
    /// a Swift string imports lower-case ones).
    static func imports(under folder: String) -> Set<String> {
        var modules: Set<String> = []
        let files = FileManager.default.enumerator(atPath: root + "/" + folder)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = (try? String(contentsOfFile: root + "/" + folder + "/" + file, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") {
                // Swift's Regex is slow in a debug build: only lines that can be an import.
                let start = line.drop { $0 == " " }
                guard start.hasPrefix("import ") || start.hasPrefix("@"),
                    let match = line.firstMatch(of: /^\s*(?:@[\w()]+\s+)*import\s+(?:(?:struct|class|enum|func|protocol|typealias)\s+)?([A-Z]\w*)/)
                else { continue }
                modules.insert(String(match.1))
            }
        }
        return modules.subtracting(given)
    }

    @Test("each target's dependencies are the modules it imports")
    func exact() throws {
        let targets = try Self.targets()
        #expect(targets.count > 30, "Package.swift read wrong: \(targets.map(\.name))")
        let executables = Set(targets.filter { $0.folder.hasPrefix("Sources/Main/") }.map(\.name))
        for target in targets {
            let imported = Self.imports(under: target.folder)
            // The end-to-end tests need the programs built, which they run, not import; the
            // programs link CICUData for the ICU data it defines, which no Swift code names.
            let declared = target.dependencies.subtracting(executables).subtracting(["CICUData"])
            #expect(
                declared == imported,
                "\(target.name): declared but not imported \(declared.subtracting(imported).sorted()), imported but not declared \(imported.subtracting(declared).sorted())"
            )
        }
    }
}
