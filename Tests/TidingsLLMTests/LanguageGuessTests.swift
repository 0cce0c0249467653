import Foundation
import Testing

@testable import TidingsLLM

/// Telling the eight languages of the templates apart, so that an answer in the wrong one is
/// refused, and the templates' own text is never taken for another language.
@Suite struct LanguageGuessTests {
    @Test(
        "A clear sentence is recognised in each language",
        arguments: [
            ("The meeting is now on Thursday at 10, not on Wednesday.", "en"),
            ("Die Besprechung ist jetzt am Donnerstag um 10 Uhr, nicht mehr am Mittwoch.", "de"),
            ("La réunion est maintenant jeudi à 10 h, pas mercredi. Prépare tes notes pour la réunion.", "fr"),
            ("La reunión es ahora el jueves a las 10, no el miércoles. Prepara tus notas para la reunión.", "es"),
            ("La riunione è ora giovedì alle 10, non più mercoledì. Prepara le note per la riunione.", "it"),
            ("A reunião agora é na quinta às 10, não na quarta. Prepare as notas para a reunião.", "pt"),
            ("De vergadering is nu op donderdag om 10 uur, niet op woensdag. Neem je notities mee voor de vergadering.", "nl"),
            ("Spotkanie jest teraz w czwartek o 10, nie w środę. Przygotuj notatki na spotkanie.", "pl"),
        ])
    func recognised(text: String, language: String) {
        #expect(LanguageGuess.guess(text) == language)
    }

    @Test("Too little to go on says nothing", arguments: ["", "Client review", "09:00 · Zoom", "OK", "Tidings"])
    func silent(text: String) {
        #expect(LanguageGuess.guess(text) == nil)
    }

    /// Every title and body the templates write (the golden files of TidingsGenerateTests).
    static func goldenTexts() throws -> [(language: String, text: String)] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("TidingsGenerateTests/Golden")
        var texts: [(String, String)] = []
        for language in LanguageGuess.known.sorted() {
            let file = try String(contentsOf: folder.appendingPathComponent("\(language).txt"), encoding: .utf8)
            var title: String?
            for line in file.split(separator: "\n") where !line.hasPrefix("#") {
                guard let colon = line.range(of: ": ") else { continue }
                let label = line[..<colon.lowerBound]
                let value = String(line[colon.upperBound...])
                if label.hasSuffix(" title") {
                    title = value
                } else if label.hasSuffix(" body") {
                    texts.append((language, (title ?? "") + " " + value))
                    title = nil
                } else {
                    texts.append((language, value))
                }
            }
        }
        return texts
    }

    @Test("No text the templates write in one language is taken for another")
    func templatesKeepTheirLanguage() throws {
        let texts = try Self.goldenTexts()
        #expect(texts.count > 400)
        for (language, text) in texts {
            let guess = LanguageGuess.guess(text)
            #expect(guess == nil || guess == language, "\(language): \(text) was taken for \(guess ?? "")")
        }
        // Most of them say which language they are in.
        let recognised = texts.filter { LanguageGuess.guess($0.text) == $0.language }.count
        #expect(recognised * 3 >= texts.count, "\(recognised) of \(texts.count)")
    }
}
