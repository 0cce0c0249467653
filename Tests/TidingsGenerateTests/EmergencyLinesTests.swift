import Testing
import TidingsCore

@testable import TidingsGenerate

/// The built-in emergency lines: the specification's Appendix A in English, word for word,
/// and a faithful translation in each other language, with the same emoji in the same place.
@Suite struct EmergencyLinesTests {
    /// Appendix A of the specification.
    static let appendixA = [
        "🌅 Good morning! Ready to make today amazing?",
        "💪 Every small step forward counts. You've got this!",
        "🎯 Focus on what you can control today.",
        "✨ Your potential is limitless. Keep growing!",
        "🌟 Progress over perfection, always.",
    ]

    /// The lines each language shows, as reviewed.
    static let translations: [TextLocale.Language: [String]] = [
        .en: appendixA,
        .de: [
            "🌅 Guten Morgen! Bereit, aus dem heutigen Tag etwas Großartiges zu machen?",
            "💪 Jeder kleine Schritt nach vorn zählt. Du schaffst das!",
            "🎯 Konzentriere dich heute auf das, was du beeinflussen kannst.",
            "✨ Dein Potenzial ist grenzenlos. Wachse weiter!",
            "🌟 Fortschritt vor Perfektion, immer.",
        ],
        .es: [
            "🌅 ¡Buenos días! ¿Todo listo para hacer de hoy un día increíble?",
            "💪 Cada pequeño paso adelante cuenta. ¡Tú puedes!",
            "🎯 Céntrate hoy en lo que puedes controlar.",
            "✨ Tu potencial es ilimitado. ¡Sigue creciendo!",
            "🌟 El progreso antes que la perfección, siempre.",
        ],
        .fr: [
            "🌅 Bonjour ! Envie de faire d’aujourd’hui une journée formidable ?",
            "💪 Chaque petit pas en avant compte. Tu vas y arriver !",
            "🎯 Concentre-toi aujourd’hui sur ce que tu peux maîtriser.",
            "✨ Ton potentiel est sans limites. Continue de grandir !",
            "🌟 Le progrès plutôt que la perfection, toujours.",
        ],
        .it: [
            "🌅 Buongiorno! Tutto pronto per rendere oggi una giornata fantastica?",
            "💪 Ogni piccolo passo avanti conta. Ce la puoi fare!",
            "🎯 Oggi concentrati su ciò che puoi controllare.",
            "✨ Il tuo potenziale è illimitato. Continua a crescere!",
            "🌟 Il progresso prima della perfezione, sempre.",
        ],
        .nl: [
            "🌅 Goedemorgen! Klaar om er vandaag een geweldige dag van te maken?",
            "💪 Elke kleine stap vooruit telt. Jij kunt dit!",
            "🎯 Richt je vandaag op wat je zelf in de hand hebt.",
            "✨ Je potentieel is grenzeloos. Blijf groeien!",
            "🌟 Vooruitgang boven perfectie, altijd.",
        ],
        .pl: [
            "🌅 Dzień dobry! Zrobimy z dzisiejszego dnia coś niesamowitego?",
            "💪 Liczy się każdy mały krok naprzód. Dasz radę!",
            "🎯 Skup się dziś na tym, na co masz wpływ.",
            "✨ Twój potencjał nie ma granic. Rozwijaj się dalej!",
            "🌟 Postęp ponad perfekcję, zawsze.",
        ],
        .pt: [
            "🌅 Bom dia! Vamos fazer de hoje um dia incrível?",
            "💪 Cada pequeno passo à frente conta. Você consegue!",
            "🎯 Concentre-se hoje no que você pode controlar.",
            "✨ Seu potencial é ilimitado. Continue crescendo!",
            "🌟 Progresso acima da perfeição, sempre.",
        ],
    ]

    @Test("English: Appendix A word for word, and the lines any config without fallback.messages rotates")
    func english() {
        #expect(EmergencyMessages.builtIn == Self.appendixA)
        #expect(Templates.emergencyLines(.en) == Self.appendixA)
    }

    @Test("Each language's lines, each with the English line's emoji and a space first", arguments: TextLocale.Language.allCases)
    func lines(language: TextLocale.Language) throws {
        let expected = try #require(Self.translations[language], "a language without reviewed lines: \(language)")
        let lines = Templates.emergencyLines(language)
        #expect(lines == expected)
        for (line, english) in zip(lines, Self.appendixA) {
            #expect(line.first == english.first && line.dropFirst().first == " ", "\(language): \(line)")
        }
    }

    @Test("Each language shows its line of the day, the same one of the five as in English", arguments: TextLocale.Language.allCases)
    func sameRotation(language: TextLocale.Language) throws {
        let expected = try #require(Self.translations[language])
        for day in 0..<5 {
            let date = LocalDate(year: 2026, month: 11, day: 22 + day)!
            let english = Templates.draft(.daily(.emergency(configuredLine: nil, date: date)), locale: .english).body
            let index = try #require(Self.appendixA.firstIndex(of: english))
            let locale = TextLocale(language: language, format: LocaleFormat(name: nil))
            #expect(Templates.draft(.daily(.emergency(configuredLine: nil, date: date)), locale: locale).body == expected[index])
        }
    }

    @Test("A line of fallback.messages replaces the built-in ones in every language", arguments: TextLocale.Language.allCases)
    func configuredReplaces(language: TextLocale.Language) {
        let date = LocalDate(year: 2026, month: 11, day: 22)!
        let draft = Templates.draft(
            .daily(.emergency(configuredLine: "Stay calm.", date: date)), locale: TextLocale(language: language, format: LocaleFormat(name: nil)))
        #expect(draft.body == "Stay calm.")
        #expect(!Self.translations.values.joined().contains(draft.body))
    }
}
