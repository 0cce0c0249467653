import Testing
import TidingsCore

@testable import TidingsGenerate

/// The phrase tables: complete in every language, counted phrases in every plural form the
/// language's rule gives, placeholders only those the English phrase has.
@Suite struct PhrasesTests {
    /// Every phrase of `phrases` by its name; a counted phrase by `name.category`.
    static func texts(_ phrases: Phrases) -> [(name: String, text: String)] {
        var texts: [(String, String)] = []
        for child in Mirror(reflecting: phrases).children {
            let name = child.label ?? "?"
            switch child.value {
            case let text as String: texts.append((name, text))
            case let list as [String]: texts += list.enumerated().map { ("\(name)[\($0.offset)]", $0.element) }
            case let draft as TextDraft: texts += [("\(name).title", draft.title), ("\(name).body", draft.body)]
            case let plural as PluralPhrase: texts += plural.forms.map { ("\(name).\($0.key)", $0.value) }
            case let optional as String?: texts += optional.map { [(name, $0)] } ?? []
            default: Issue.record("\(name): a phrase of an unknown shape")
            }
        }
        return texts
    }

    /// The `{name}`s in `text`.
    static func placeholders(_ text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// A phrase's name without its index or plural category.
    static func field(_ name: String) -> String { String(name.prefix { $0 != "." && $0 != "[" }) }

    @Test("Every language has every phrase: 7 weekdays, 12 months, 5 emergency lines, nothing empty", arguments: TextLocale.Language.allCases)
    func complete(language: TextLocale.Language) {
        let phrases = language.phrases
        #expect(phrases.weekdays.count == 7 && phrases.months.count == 12 && phrases.emergencyLines.count == 5)
        for (name, text) in Self.texts(phrases) {
            #expect(!text.trimmingPrefix(" ").isEmpty && text.first != " " && text.last != " ", "\(language) \(name)")
        }
    }

    @Test("Placeholders are the English phrase's, and the other languages are not left in English", arguments: TextLocale.Language.allCases)
    func placeholders(language: TextLocale.Language) {
        var english: [String: Set<String>] = [:]
        for (name, text) in Self.texts(Phrases.en) { english[Self.field(name), default: []].formUnion(Self.placeholders(text)) }
        let englishTexts = Set(Self.texts(Phrases.en).map(\.text))
        for (name, text) in Self.texts(language.phrases) {
            #expect(Self.placeholders(text).isSubset(of: english[Self.field(name)] ?? []), "\(language) \(name): \(text)")
            // Units, date patterns and a count with one noun (`{n} notifications` in French)
            // may be the same words; sentences may not.
            if language != .en, text.split(separator: " ").count > 2, !name.hasPrefix("date") {
                let english = englishTexts.contains(text)
                #expect(!english, "\(language) \(name) is English: \(text)")
            }
        }
    }

    @Test("Each counted phrase has exactly the plural forms the language's rule gives whole numbers", arguments: TextLocale.Language.allCases)
    func pluralForms(language: TextLocale.Language) {
        let given = Set((0...1000).map(language.plural))
        #expect(given == language.pluralCategories)
        for child in Mirror(reflecting: language.phrases).children {
            guard let plural = child.value as? PluralPhrase else { continue }
            #expect(Set(plural.forms.keys) == language.pluralCategories, "\(language) \(child.label ?? "?")")
        }
    }

    @Test(
        "Plural categories follow CLDR's cardinal rules, not English's",
        arguments: [
            (TextLocale.Language.en, [(0, PluralCategory.other), (1, .one), (2, .other), (21, .other)]),
            (.de, [(0, .other), (1, .one), (2, .other)]),
            (.nl, [(0, .other), (1, .one), (5, .other)]),
            (.es, [(0, .other), (1, .one), (2, .other), (1_000_000, .other)]),
            (.it, [(0, .other), (1, .one), (11, .other)]),
            (.fr, [(0, .one), (1, .one), (2, .other), (100, .other)]),
            (.pt, [(0, .one), (1, .one), (2, .other), (11, .other)]),
            (
                .pl,
                [
                    (0, .many), (1, .one), (2, .few), (3, .few), (4, .few), (5, .many), (11, .many), (12, .many), (14, .many), (21, .many),
                    (22, .few), (24, .few), (25, .many), (101, .many), (102, .few), (112, .many), (1002, .few),
                ]
            ),
        ])
    func pluralRules(language: TextLocale.Language, cases: [(Int, PluralCategory)]) {
        for (count, category) in cases { #expect(language.plural(count) == category, "\(language) \(count)") }
    }

    @Test("Polish counts meetings in three forms")
    func polishMeetings() {
        let words = Phrasebook(language: .pl, format: LocaleFormat(name: LocaleName("pl_PL")))
        let counts = [1, 2, 4, 5, 12, 22, 25].map { words.counted(words.phrases.meetings, $0) }
        #expect(counts == ["1 spotkanie", "2 spotkania", "4 spotkania", "5 spotkań", "12 spotkań", "22 spotkania", "25 spotkań"])
    }

    @Test("A digest's title counts its items in the language's forms")
    func digestTitle() {
        #expect(Templates.digestTitle(count: 1, language: .en) == "1 new item")
        #expect(Templates.digestTitle(count: 5, language: .en) == "5 new items")
        #expect(Templates.digestTitle(count: 5, language: .de) == "5 neue Einträge")
        #expect(Templates.digestTitle(count: 0, language: .fr) == "0 nouvel élément")
        #expect(
            [1, 3, 5, 22].map { Templates.digestTitle(count: $0, language: .pl) } == [
                "1 nowy wpis", "3 nowe wpisy", "5 nowych wpisów", "22 nowe wpisy",
            ])
    }

    @Test("Filling in replaces each name once; a value's braces and unknown names stay as written")
    func fill() {
        #expect(Phrases.fill("{a} and {b}", ["a": "{b}", "b": "2"]) == "{b} and 2")
        #expect(Phrases.fill("{x} {", ["a": "1"]) == "{x} {")
        #expect(Phrases.fill("", [:]) == "")
    }

    @Test("Filling in finds the braces as the characters do, around any text and in every table")
    func fillAsCharacters() {
        let values = ["a": "1", "b": "{a}", "a{b": "odd", "": "empty", "n": "3", "é": "e"]
        let templates = [
            "{a}", "{a}{b}", "{{a}}", "{a{b}", "{a", "a}", "}{a}{", "{}", "{x}{a}", "{é} {n}", "ünï {a} cödé 👩‍👩‍👧 {b}",
            "{{{{", "}}}}", "{n} {x} {", "plain text",
        ]
        for template in templates {
            #expect(Phrases.fill(template, values) == MeetingWordingTests.referenceFill(template, values), "\(template)")
        }
        // Every template of every table, with every name it holds known and then unknown.
        for language in TextLocale.Language.allCases {
            let table = language.phrases
            var texts = table.weekdays + table.months + [table.date, table.weekTitle, table.startsToday, table.startsOn, table.join]
            texts += [table.busiestDay, table.longestMeeting, table.comingWeekBusiest, table.hoursMore.body]
            for phrase in [table.staleDays, table.meetings, table.minutesLeft, table.digestTitle] { texts += phrase.forms.values }
            let names = ["weekday", "day", "month", "time", "wait", "end", "date", "service", "meetings", "hours", "n", "title", "now"]
            let known = Dictionary(uniqueKeysWithValues: names.map { ($0, "<\($0)>") })
            for text in texts {
                #expect(Phrases.fill(text, known) == MeetingWordingTests.referenceFill(text, known), "\(language): \(text)")
                #expect(Phrases.fill(text, [:]) == text)
            }
        }
    }
}
