import CCurl

/// Calls `curl_global_init` exactly once per process; Swift runs a global's initializer lazily and thread-safely.
private let curlGlobalInitCode: CURLcode = tidings_curl_global_init_default()

/// Owns one libcurl easy handle and its error buffer; both are freed in `deinit`.
final class CurlHandle {
    /// The easy handle; used only by this class and its extensions in this module.
    let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>

    init() throws(HTTPError) {
        try Self.load()
        guard let handle = tidings_curl_easy_init() else {
            throw HTTPError(kind: .network, message: "could not create a libcurl handle")
        }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    /// Loads and initializes libcurl on first use; throws when it cannot be.
    static func load() throws(HTTPError) {
        if let problem = tidings_curl_load() {
            throw HTTPError(kind: .network, message: "cannot load libcurl (apt install libcurl4): \(String(cString: problem))")
        }
        guard curlGlobalInitCode == CURLE_OK else {
            throw HTTPError(kind: .network, curlCode: curlGlobalInitCode.int32, message: "could not initialize libcurl: \(curlGlobalInitCode.text)")
        }
    }

    deinit {
        tidings_curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// Clears every option but keeps the connection and DNS caches, then re-arms the error buffer.
    func reset() throws(HTTPError) {
        tidings_curl_easy_reset(handle)
        errorBuffer[0] = 0
        // curl_easy_reset also forgets CURLOPT_ERRORBUFFER, so it must be set again each time.
        try check(tidings_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), CURLOPT_ERRORBUFFER)
    }

    func set(_ option: CURLoption, _ value: Int) throws(HTTPError) {
        try check(tidings_curl_setopt_long(handle, option, value), option)
    }

    func set(_ option: CURLoption, _ value: String) throws(HTTPError) {
        // libcurl copies string options (since 7.17.0), so the temporary C string may go away.
        try check(tidings_curl_setopt_string(handle, option, value), option)
    }

    /// Sets a string option back to none (NULL): for the CA folder, no folder at all.
    func clear(_ option: CURLoption) throws(HTTPError) {
        try check(tidings_curl_setopt_string(handle, option, nil), option)
    }

    func set(_ option: CURLoption, offset value: Int64) throws(HTTPError) {
        try check(tidings_curl_setopt_off_t(handle, option, curl_off_t(value)), option)
    }

    /// Sets a list option; the list must outlive the transfer, so the caller keeps it alive.
    func set(_ option: CURLoption, _ list: CurlHeaderList) throws(HTTPError) {
        try check(tidings_curl_setopt_slist(handle, option, list.head), option)
    }

    /// Sets the request body; libcurl copies the bytes, which must be sized first.
    func setCopiedBody(_ body: [UInt8]) throws(HTTPError) {
        try set(CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(body.count))
        let code = body.withUnsafeBytes { bytes in
            // An empty array may have no storage; point at a static empty string instead of nil,
            // since a nil COPYPOSTFIELDS makes libcurl read the body from CURLOPT_READFUNCTION.
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return tidings_curl_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, "")
            }
            return tidings_curl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
        }
        try check(code, CURLOPT_COPYPOSTFIELDS)
    }

    /// Routes body and header data to `sink`, which must stay alive until `perform` returns.
    func attach(_ sink: TransferSink) throws(HTTPError) {
        let context = Unmanaged.passUnretained(sink).toOpaque()
        try check(tidings_curl_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION, transferSinkWriteBody), CURLOPT_WRITEFUNCTION)
        try check(tidings_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context), CURLOPT_WRITEDATA)
        try check(tidings_curl_setopt_write_callback(handle, CURLOPT_HEADERFUNCTION, transferSinkWriteHeader), CURLOPT_HEADERFUNCTION)
        try check(tidings_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context), CURLOPT_HEADERDATA)
    }

    /// Runs the configured transfer to completion on the calling thread.
    func perform() -> CURLcode {
        tidings_curl_easy_perform(handle)
    }

    /// libcurl's detailed message for the last failure, or the generic text for `code`.
    func errorText(for code: CURLcode) -> String {
        let detail = String(cString: errorBuffer)
        return lowercasedFirst(detail.isEmpty ? code.text : detail)
    }

    func infoInt(_ info: CURLINFO) -> Int? {
        var value = 0
        return tidings_curl_getinfo_long(handle, info, &value) == CURLE_OK ? value : nil
    }

    func infoOffset(_ info: CURLINFO) -> Int64? {
        var value: curl_off_t = 0
        return tidings_curl_getinfo_off_t(handle, info, &value) == CURLE_OK ? Int64(value) : nil
    }

    func infoString(_ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard tidings_curl_getinfo_string(handle, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    func check(_ code: CURLcode, _ option: CURLoption) throws(HTTPError) {
        guard code != CURLE_OK else { return }
        throw HTTPError(kind: .network, curlCode: code.int32, message: "could not set libcurl option \(option.rawValue): \(code.text)")
    }
}

extension CURLcode {
    /// The code as the signed integer libcurl documents.
    var int32: Int32 { Int32(truncatingIfNeeded: rawValue) }

    /// libcurl's generic, lower-cased description of the code.
    var text: String { lowercasedFirst(String(cString: tidings_curl_easy_strerror(self))) }
}
