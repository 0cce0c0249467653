import Glibc
import TidingsCore

/// Reads a secret (a token, a signing secret, an API key) from where the config says: an
/// environment variable or a file. A problem names the variable or file, never a value.
public enum SecretReader {
    /// Why a secret cannot be read.
    public enum Problem: Error, Sendable, Equatable {
        /// The variable is not set.
        case unset(variable: String)
        /// The variable is set but empty.
        case emptyVariable(variable: String)
        /// The file cannot be read; the system's reason, lower-case.
        case unreadable(path: String, reason: String)
        /// The file holds only white space.
        case emptyFile(path: String)

        /// What went wrong with the `role` secret (`API key`, `token`), naming the variable or
        /// file: "the API key variable TIDINGS_LLM_KEY is not set".
        public func text(role: String) -> String {
            switch self {
            case .unset(let variable): "the \(role) variable \(variable) is not set"
            case .emptyVariable(let variable): "the \(role) variable \(variable) is empty"
            case .unreadable(let path, let reason): "cannot read the \(role) file \(path): \(reason)"
            case .emptyFile(let path): "the \(role) file \(path) is empty"
            }
        }

        /// Whether the secret was to come from a variable (else from a file).
        public var isVariable: Bool {
            switch self {
            case .unset, .emptyVariable: true
            case .unreadable, .emptyFile: false
            }
        }
    }

    /// The largest secret file read; anything bigger is not a token.
    public static let maxFileBytes = 64 * 1024

    /// The secret `source` names: the variable's value, or the file's text with trailing white
    /// space trimmed.
    public static func value(of source: SecretSource, environment: [String: String]) -> Result<String, Problem> {
        switch source {
        case .environment(let variable):
            guard let value = environment[variable] else { return .failure(.unset(variable: variable)) }
            guard !value.isEmpty else { return .failure(.emptyVariable(variable: variable)) }
            return .success(value)
        case .file(let path):
            let text: String
            switch readFile(path) {
            case .success(let read): text = read
            case .failure(let reason): return .failure(.unreadable(path: path, reason: reason.text))
            }
            var trimmed = Substring(text)
            while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
            guard !trimmed.isEmpty else { return .failure(.emptyFile(path: path)) }
            return .success(String(trimmed))
        }
    }

    private struct Reason: Error {
        var text: String
    }

    /// The file's text, or the system's reason it cannot be read (never its content).
    private static func readFile(_ path: String) -> Result<String, Reason> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Reason(text: systemError())) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Reason(text: systemError()))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            guard bytes.count <= maxFileBytes else { return .failure(Reason(text: "larger than 64 KiB")) }
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    private static func systemError() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
