import CICal
import TidingsCore

/// When one VALARM of an event goes off (RFC 5545 §3.6.6, §3.8.6.3): only alarms that show
/// or sound something (ACTION:DISPLAY or AUDIO) count; EMAIL and PROCEDURE alarms are not
/// reminders on this machine.
enum ICSAlarm {
    /// `TRIGGER:-PT15M` (or `;RELATED=START`): seconds from the start, negative before it.
    case fromStart(Int64)
    /// `TRIGGER;RELATED=END:…`: seconds from the end.
    case fromEnd(Int64)
    /// `TRIGGER;VALUE=DATE-TIME:…Z`: a moment, whatever the event's start.
    case at(ICSTime)

    /// The most alarms read of one event: a hostile calendar may repeat VALARM at will.
    static let maxPerEvent = 16

    /// The alarm `component` (a VALARM) sets, or nil when it is not a reminder or has no
    /// usable trigger.
    init?(_ component: OpaquePointer, zones: ICSZoneResolver) {
        guard let action = icalcomponent_get_first_property(component, ICAL_ACTION_PROPERTY),
            [ICAL_ACTION_DISPLAY, ICAL_ACTION_AUDIO].contains(icalproperty_get_action(action)),
            let property = icalcomponent_get_first_property(component, ICAL_TRIGGER_PROPERTY)
        else { return nil }
        let trigger = icalproperty_get_trigger(property)
        if icaltime_is_null_time(trigger.time) == 0 {
            guard let time = ICSEvent.time(trigger.time, property, zones) else { return nil }
            self = .at(time)
            return
        }
        guard icaldurationtype_is_bad_duration(trigger.duration) == 0 else { return nil }
        let seconds = Int64(icaldurationtype_as_int(trigger.duration))
        if let related = icalproperty_get_first_parameter(property, ICAL_RELATED_PARAMETER),
            icalparameter_get_related(related) == ICAL_RELATED_END
        {
            self = .fromEnd(seconds)
        } else {
            self = .fromStart(seconds)
        }
    }

    /// The alarms of `event` (a VEVENT), in file order, at most `maxPerEvent` of them.
    static func alarms(of event: OpaquePointer, zones: ICSZoneResolver) -> [ICSAlarm] {
        var alarms: [ICSAlarm] = []
        var next = icalcomponent_get_first_component(event, ICAL_VALARM_COMPONENT)
        while let component = next, alarms.count < maxPerEvent {
            if let alarm = ICSAlarm(component, zones: zones) { alarms.append(alarm) }
            next = icalcomponent_get_next_component(event, ICAL_VALARM_COMPONENT)
        }
        return alarms
    }
}

extension ICSExpander {
    /// How long before its start each alarm of `event` goes off, in milliseconds (negative:
    /// after the start), ascending, each once. An alarm related to the end counts from the
    /// end of the event as written; an absolute one from its DTSTART, and that lead holds
    /// for every instance (as Thunderbird shows it).
    func alarmLeads(of event: ICSEvent) -> [Int64] {
        guard !event.alarms.isEmpty, let start = event.start else { return [] }
        let startEpoch = clock.epoch(start)
        let span = span(of: event, start: start) ?? defaultSpan(start)
        let length = end(ofWall: start.wall, epoch: startEpoch, span: span, frame: start.frame) - startEpoch
        var leads: Set<Int64> = []
        for alarm in event.alarms {
            switch alarm {
            case .fromStart(let seconds): leads.insert(-seconds * 1000)
            case .fromEnd(let seconds): leads.insert(-length - seconds * 1000)
            case .at(let time): leads.insert(startEpoch - clock.epoch(time))
            }
        }
        return leads.sorted()
    }
}
