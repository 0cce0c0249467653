extension SpokenTime {
    /// Reads `text` as a phrase: a day part (`tomorrow`, `fri`, `next monday`, `2027-03-28`)
    /// before or after a time (`9:00`, `8am`, `3 pm`, `14h30`, `noon`), a time alone, or `in`
    /// and a span (`in 1h30m`, `in 2 hours`). Commas and words such as `at`, `um` or `à` between
    /// them are skipped; case and accents do not matter.
    public static func phrase(_ text: String) throws(Refusal) -> Phrase {
        let folded = Words.fold(text).replacing("a.m.", with: "am").replacing("p.m.", with: "pm")
        var words = folded.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
        if words.first == "in" { return .after(try span(Array(words.dropFirst()), text: text)) }
        words = words.enumerated().filter { index, word in
            if Words.filler.contains(word) { return false }
            // German "am Freitag"; "8 am" is a time.
            return !(word == "am" && index + 1 < words.count && Words.weekday[words[index + 1]] != nil)
        }.map(\.element)
        for word in words where word.contains("/") || word.wholeMatch(of: /\d{1,2}\.\d{1,2}\.?(\d{2,4})?/) != nil {
            throw Refusal("\"\(word)\" in \"\(text)\": day or month first? Write the date as YYYY-MM-DD, such as 2027-02-01 9:00")
        }
        var day: Day?
        if let (found, count) = dayPart(words) {
            day = found
            words.removeFirst(count)
        } else {
            // The time first: "9:00 tomorrow", "3pm fri", "8am next monday".
            for count in [2, 1] where words.count > count {
                if let (found, used) = dayPart(Array(words.suffix(count))), used == count {
                    day = found
                    words.removeLast(count)
                    break
                }
            }
        }
        let time = words.joined()
        if time.isEmpty {
            guard day != nil else { throw unknown(text) }
            throw Refusal("\"\(text)\": say at what time too, such as \(text) 9:00")
        }
        switch try clock(time, text: text) {
        case nil:
            throw unknown(text)
        case .some(nil):
            if case .weekday(let weekday, _) = day {
                let (name, after) = (Words.dayNames[weekday - 1].lowercased(), Words.dayNames[weekday % 7].lowercased())
                throw Refusal("\"\(text)\": at the start or the end of the day? Say \(name) 00:00 for its start, \(after) 00:00 for its end")
            }
            guard day == nil else {
                throw Refusal("\"\(text)\": at the start or the end of the day? Say 00:00 with the day that begins then, such as tomorrow 00:00")
            }
            return .midnight
        case .some(.some(let wall)):
            return day.map { .on($0, wall) } ?? .clock(wall)
        }
    }

    /// The refusal of a phrase not understood, listing the forms accepted.
    public static func unknown(_ text: String) -> Refusal {
        Refusal("expected HH:MM, a date and time such as 2026-11-23T09:15, or a phrase such as \(examples); found \"\(text)\"")
    }

    /// The day part at the start of `words` and how many words it takes.
    private static func dayPart(_ words: [String]) -> (Day, Int)? {
        guard let first = words.first else { return nil }
        if Words.today.contains(first) { return (.today, 1) }
        if Words.tomorrow.contains(first) { return (.tomorrow, 1) }
        if first.count == 10, let date = LocalDate(first) { return (.date(date), 1) }
        let second = words.count > 1 ? words[1] : ""
        if Words.next.contains(first), let weekday = Words.weekday[second] { return (.weekday(weekday, next: true), 2) }
        if Words.this.contains(first), let weekday = Words.weekday[second] { return (.weekday(weekday, next: false), 2) }
        guard let weekday = Words.weekday[first] else { return nil }
        return Words.next.contains(second) ? (.weekday(weekday, next: true), 2) : (.weekday(weekday, next: false), 1)
    }

    /// The time of day `word` names: a wall time, `.some(nil)` for midnight, nil when it is none.
    /// An hour alone (`9`) is refused: 9:00, 9am or 9pm?
    private static func clock(_ word: String, text: String) throws(Refusal) -> WallTime?? {
        if Words.noon.contains(word) { return WallTime(hour: 12, minute: 0) }
        if Words.midnight.contains(word) { return .some(nil) }
        if let wall = WallTime(word) { return wall }
        for (suffix, shift) in [("am", 0), ("pm", 12)] where word.hasSuffix(suffix) {
            let body = word.dropLast(2)
            let parts = body.split(separator: ":", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let hour = Int(digits: parts[0]), (1...12).contains(hour) else {
                throw Refusal("\"\(word)\" in \"\(text)\": a 12-hour time runs from 12am (00:00) to 11:59pm, such as 8am or 3:30pm")
            }
            let minute = parts.count == 2 && parts[1].count == 2 ? Int(digits: parts[1]) : (parts.count == 1 ? 0 : nil)
            guard let minute, let wall = WallTime(hour: hour % 12 + shift, minute: minute) else { return nil }
            return wall
        }
        // 14h30, 9h (French, Spanish, Portuguese), 9uhr, 9uur.
        for suffix in ["uhr", "uur"] where word.hasSuffix(suffix) {
            let body = String(word.dropLast(suffix.count))
            if let wall = WallTime(body) { return wall }
            if let hour = Int(digits: body), let wall = WallTime(hour: hour, minute: 0) { return wall }
        }
        let hourMinute = word.split(separator: "h", omittingEmptySubsequences: false)
        if hourMinute.count == 2, let hour = Int(digits: hourMinute[0]), hourMinute[0].count <= 2,
            hourMinute[1].isEmpty || hourMinute[1].count == 2, let minute = hourMinute[1].isEmpty ? 0 : Int(digits: hourMinute[1])
        {
            return WallTime(hour: hour, minute: minute)
        }
        if let hour = Int(digits: word), word.count <= 2 {
            throw Refusal("\"\(text)\": \(hour) o'clock in the morning or the evening? Say \(hour):00, \(hour)am or \(hour)pm")
        }
        return nil
    }

    /// The span after `in`: `1h30m`, `90m`, `2 hours`, `1 hour 30 minutes`, at least a minute.
    private static func span(_ words: [String], text: String) throws(Refusal) -> Int64 {
        let units: [String: String] = [
            "minute": "m", "minutes": "m", "min": "m", "mins": "m", "hour": "h", "hours": "h", "hr": "h", "hrs": "h",
            "day": "d", "days": "d", "week": "w", "weeks": "w",
        ]
        let joined = words.map { units[$0] ?? $0 }.filter { $0 != "and" }.joined()
        guard let millis = DurationText.parse(joined), millis >= 60_000 else {
            throw Refusal("\"\(text)\": expected in and a span of a minute or more, such as in 10m, in 1h30m or in 2 hours")
        }
        return millis
    }
}
