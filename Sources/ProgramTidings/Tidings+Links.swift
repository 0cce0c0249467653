import ArgumentParser
import Foundation
import TidingsCLI
import TidingsCore
import TidingsLinks

extension Tidings {
    struct Links: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find the meeting links in a text: one JSON object per link.",
            discussion: """
                Reads the text from the arguments, or from standard input when there are none, \
                and prints one line per meeting link, in order of appearance: \
                {"platform":"zoom","url":"https://zoom.us/j/123","nativeUrl":null,"field":null}. \
                Plain text and HTML are both understood. Links wrapped by Outlook SafeLinks, \
                Proofpoint URLDefense, Google and other redirectors are unwrapped; only https \
                links on the hosts of known meeting services (Zoom, Google Meet, Teams, Webex, \
                Jitsi and about 75 more) with a meeting-shaped path count.

                With --native, nativeUrl gives the app form of the link (zoommtg:, msteams:, \
                jitsi-meet:, slack:) when the desktop has a default application for that scheme \
                (read from its mimeapps.list and .desktop files as xdg-mime reads them; on KDE, \
                xdg-mime is asked).

                Needs no database and no config. Exit status: 0 when a link was found, 1 when \
                there is none (nothing is printed), 64 for a usage error.
                """)

        @Argument(help: ArgumentHelp("The text to search (words are joined with spaces); standard input when absent.", valueName: "text"))
        var text: [String] = []

        @Option(help: ArgumentHelp("Label the links with the event field the text came from.", valueName: "field"))
        var field: MeetingField?

        @Flag(help: "Give the app form of each link when an application is installed for it (what xdg-mime query default would say).")
        var native = false

        /// Standard input beyond this is not read: no event text comes near it.
        static let inputLimit = 16 << 20

        mutating func run() throws {
            let words = text
            let field = field
            let native = native
            try runProgram("tidings links") {
                let input = words.isEmpty ? Self.standardInput() : words.joined(separator: " ")
                let links = MeetingLinks.find(in: input, field: field, hasHandler: native ? SchemeHandlers.installed : { _ in false })
                guard !links.isEmpty else { throw ExitCode(1) }
                try Terminal.output(links.map { Self.line(for: $0) + "\n" }.joined())
            }
        }

        static func line(for link: MeetingLink) -> String {
            var json = JSONLine()
            json.add("platform", link.platform)
            json.add("url", link.url)
            json.add("nativeUrl", link.nativeURL)
            json.add("field", link.field?.rawValue)
            return json.string
        }

        private static func standardInput() -> String {
            var data = Data()
            while data.count < inputLimit, let chunk = try? FileHandle.standardInput.read(upToCount: 65_536), !chunk.isEmpty {
                data.append(chunk)
            }
            return String(decoding: data.prefix(inputLimit), as: UTF8.self)
        }
    }
}

extension MeetingField: ExpressibleByArgument {}
