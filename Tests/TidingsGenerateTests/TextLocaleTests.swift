import Testing
import TidingsCore

@testable import TidingsGenerate

@Suite struct TextLocaleTests {
    @Test(
        "The language comes from LC_ALL, else LC_MESSAGES, else LANG; C, POSIX and unset are English",
        arguments: [
            ([:], TextLocale.Language.en),
            (["LANG": "de_DE.UTF-8"], .de),
            (["LANG": "de_AT"], .de),
            (["LANG": "C"], .en),
            (["LANG": "C.UTF-8"], .en),
            (["LANG": "POSIX"], .en),
            (["LANG": ""], .en),
            (["LANG": "fr_FR.UTF-8"], .fr),
            (["LANG": "es_MX.UTF-8"], .es),
            (["LANG": "it_CH.UTF-8"], .it),
            (["LANG": "pt_BR.UTF-8"], .pt),
            (["LANG": "nl_BE.UTF-8"], .nl),
            (["LANG": "pl_PL.UTF-8"], .pl),
            (["LANG": "ja_JP.UTF-8"], .en),
            (["LANG": "pl_PL.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"], .en),
            (["LANG": "en_US.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"], .de),
            (["LANG": "de_DE.UTF-8", "LC_MESSAGES": "C"], .en),
            (["LANG": "de_DE.UTF-8", "LC_MESSAGES": ""], .de),
            (["LANG": "en_US.UTF-8", "LC_MESSAGES": "en_GB.UTF-8", "LC_ALL": "de_CH.UTF-8"], .de),
            (["LANG": "de_DE.UTF-8", "LC_ALL": "C"], .en),
            (["LANG": "de_DE.UTF-8", "LC_TIME": "en_US.UTF-8"], .de),
            (["LANG": "de_DE.UTF-8@euro"], .de),
            (["LANG": "german"], .en),
        ])
    func language(environment: [String: String], expected: TextLocale.Language) {
        #expect(TextLocale.resolve(environment: environment).language == expected)
    }

    @Test(
        "A language the templates do not speak is named, so doctor can say the text is English",
        arguments: [
            (["LANG": "ja_JP.UTF-8"], "ja"),
            (["LANG": "pl_PL.UTF-8", "LC_MESSAGES": "sv_SE.UTF-8"], "sv"),
            (["LANG": "fr_FR.UTF-8"], nil),
            (["LANG": "C.UTF-8"], nil),
            ([:], nil),
        ] as [([String: String], String?)])
    func unspoken(environment: [String: String], expected: String?) {
        #expect(TextLocale.unspokenLanguage(environment: environment) == expected)
    }

    @Test(
        "Formats come from LC_ALL, else LC_TIME, else LANG",
        arguments: [
            ([:], false, Character(".")),
            (["LANG": "en_US.UTF-8"], true, "."),
            (["LANG": "en_GB.UTF-8"], false, "."),
            (["LANG": "de_DE.UTF-8"], false, ","),
            (["LANG": "de_CH.UTF-8"], false, "."),
            (["LANG": "fr_FR.UTF-8"], false, ","),
            (["LANG": "es_ES.UTF-8"], false, ","),
            (["LANG": "it_IT.UTF-8"], false, ","),
            (["LANG": "pt_BR.UTF-8"], false, ","),
            (["LANG": "nl_NL.UTF-8"], false, ","),
            (["LANG": "pl_PL.UTF-8"], false, ","),
            (["LANG": "de_DE.UTF-8", "LC_TIME": "en_US.UTF-8"], true, "."),
            (["LANG": "en_US.UTF-8", "LC_TIME": "de_DE.UTF-8"], false, ","),
            (["LC_TIME": "en_US.UTF-8", "LC_ALL": "C.UTF-8"], false, "."),
            (["LANG": "en_US.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"], true, "."),
        ])
    func formats(environment: [String: String], twelveHour: Bool, separator: Character) {
        let format = TextLocale.resolve(environment: environment).format
        #expect(format.twelveHourClock == twelveHour)
        #expect(format.decimalSeparator == separator)
    }

    @Test("Locale names are split into language and territory; C and malformed names are none")
    func names() {
        #expect(LocaleName("de_DE.UTF-8@euro") == LocaleName("de_DE"))
        #expect(LocaleName("de_DE")?.language == "de" && LocaleName("de_DE")?.territory == "DE")
        #expect(LocaleName("pt")?.territory == nil)
        for none in ["", "C", "C.UTF-8", "POSIX", "x", "toolong_XX", "1a_B", "_DE"] { #expect(LocaleName(none) == nil, "\(none)") }
    }

    @Test("Times on the 24-hour and the 12-hour clock; tenths with the locale's separator")
    func clockAndNumbers() throws {
        let us = LocaleFormat(name: LocaleName("en_US"))
        let de = LocaleFormat(name: LocaleName("de_DE"))
        let times = [(0, 5, "12:05 AM", "00:05"), (9, 0, "9:00 AM", "09:00"), (12, 30, "12:30 PM", "12:30"), (23, 59, "11:59 PM", "23:59")]
        for (hour, minute, twelve, twentyFour) in times {
            let time = try #require(WallTime(hour: hour, minute: minute))
            #expect(us.time(time) == twelve)
            #expect(de.time(time) == twentyFour)
        }
        #expect(de.tenths(65) == "6,5" && us.tenths(65) == "6.5" && de.tenths(70) == "7" && de.tenths(-15) == "-1,5")
    }
}
