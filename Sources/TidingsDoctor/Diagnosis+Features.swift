import Foundation
import TidingsCore
import TidingsGenerate
import TidingsLinks
import TidingsStore

#if canImport(Glibc)
    import Glibc
#endif

extension Diagnosis {
    /// A line only when the locale asks for a language the templates do not speak: the text
    /// is then English (a model, with `features.llm`, is asked for English too). Not a failure.
    func languageFinding() -> Finding? {
        guard let language = TextLocale.unspokenLanguage(environment: environment) else { return nil }
        return Finding(check: "language", ok: true, detail: "no templates in \(language): notifications are written in English")
    }

    /// The language model, when `features.llm` is on: whether its API key can be read here,
    /// and how the texts due in the day around now were written.
    func llmFinding() -> Finding? {
        guard config.features.llm, let llm = config.llm else { return nil }
        if let source = llm.apiKey, case .failure(let problem) = SecretReader.value(of: source, environment: environment) {
            let fix =
                problem.isVariable
                ? "set it where plan runs too (the crontab line or the systemd unit), or name a file with llm.api_key_file"
                : "write the key alone into that file, readable by the user plan runs as"
            return Finding(check: "llm", ok: false, detail: "\(llm.baseURL): " + problem.text(role: "API key"), fix: fix)
        }
        let counts = (try? database?.generatorCounts(from: now - 86_400_000, until: now + 86_400_000)) ?? [:]
        let written = counts[.llm, default: 0]
        let fellBack = counts[.llmFallback, default: 0]
        guard written + fellBack > 0 else {
            return Finding(check: "llm", ok: true, detail: "\(llm.baseURL): no text due in the day around now was planned with it yet")
        }
        let detail = "\(llm.baseURL): \(written) of \(written + fellBack) texts due in the day around now written by the model"
        guard fellBack > 0 else { return Finding(check: "llm", ok: true, detail: detail) }
        let reasons = (try? database?.fallbackReasons(from: now - 86_400_000, until: now + 86_400_000)) ?? [:]
        let reason = reasons.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key ?? ""
        let because = reason.isEmpty ? Generator.llmFallback.rawValue : reason
        // Some fallbacks are the model's answers refused (too long, wrong language); none
        // written at all means the endpoint or the key is wrong.
        return Finding(
            check: "llm", ok: written > 0, detail: detail + "; the others fell back to the templates, most often because \(because)",
            fix: written > 0 ? nil : "check llm.base_url, llm.model and the key; tidings log --stage plan shows each run")
    }

    /// The image cache, when `features.media_attachments` is on: its files and size against
    /// the quota, and whether prefetch can write there.
    func mediaFinding() -> Finding? {
        guard config.features.mediaAttachments, let folder = mediaFolder else { return nil }
        var info = stat()
        guard stat(folder, &info) == 0 else {
            return Finding(check: "media", ok: true, detail: "\(folder): no image cached yet")
        }
        guard access(folder, W_OK | X_OK) == 0 else {
            return Finding(check: "media", ok: false, detail: "\(folder): not writable", fix: "make \(folder) writable by the user prefetch runs as")
        }
        let files = MediaCache(folder: folder).files()
        let size = files.reduce(0) { $0 + $1.size }
        let count = files.count == 1 ? "1 image" : "\(files.count) images"
        return Finding(
            check: "media", ok: true, detail: "\(folder): \(count), \(SizeText.approximate(size)) of \(SizeText.approximate(config.media.quota))")
    }

    /// One ✗ line per host of the user's own meeting services that is a built-in service's:
    /// its links keep the built-in rules, so the entry does nothing there.
    func meetingServiceFindings() -> [Finding] {
        MeetingServiceTable(own: config.meetings.services).shadowed.map { shadowed in
            Finding(
                check: "meeting service \(shadowed.service)", ok: false,
                detail: "\(shadowed.host) is a built-in service's host: its links keep the built-in rules, not this entry's",
                fix: "remove \(shadowed.host) from meetings.services \"\(shadowed.service)\""
            )
        }
    }
}
