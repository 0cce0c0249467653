/// The meeting services Tidings recognises, as data: one entry per service, each with the
/// hosts of its links and the shape of a meeting path.
///
/// A shape is a meeting, never a product page: `zoom.us/j/123` is a meeting, `zoom.us/blog/x`
/// is not. Sources are noted where they are not the service's own invitations; several
/// services are retired but their links live on in recurring events (noted too).
public enum MeetingServices {
    /// Every service, most used first.
    public static let all: [MeetingService] = [
        // Zoom: /j/ join, /s/ start (host), /w/ webinar, /wc/ web client, /my/ personal link.
        // zoom.com.cn: Zoom in China; zoom.de and zoom-x.de: Zoom X, Deutsche Telekom's Zoom;
        // zoomgov.com: ZoomGov (the hosts MeetingBar's Zoom and ZoomGov patterns name).
        MeetingService(
            platform: "zoom", name: "Zoom", hosts: ["zoom.us", "zoom.com", "zoom.com.cn", "zoom.de", "zoom-x.de", "zoomgov.com"],
            pathPattern:
                #"/(?:j|s|w)/\d{1,13}|/wc/join/\d{1,13}|/wc/\d{1,13}/(?:join|start)|/join\?(?:[^#]*&)?confno=\d{1,13}|/my/[A-Za-z0-9][A-Za-z0-9._-]{0,39}"#,
            nativeScheme: "zoommtg", passcodeParameters: ["pwd"]),
        MeetingService(
            platform: "google-meet", name: "Google Meet", hosts: ["meet.google.com"],
            pathPattern: #"/(?:_meet/)?[a-z]{3}-[a-z]{4}-[a-z]{3}"#),
        // A Meet livestream, to watch: chosen only when the event has no meeting link.
        MeetingService(
            platform: "google-meet-stream", name: "Google Meet livestream", hosts: ["stream.meet.google.com"],
            pathPattern: #"/stream/[a-z0-9][a-z0-9-]{7,63}"#, isBroadcast: true),
        // teams.cloud.microsoft: Microsoft's unified Microsoft 365 domain (learn.microsoft.com,
        // "Unified cloud.microsoft domain"); gov/dod: GCC High and DoD tenants.
        MeetingService(
            platform: "teams", name: "Microsoft Teams",
            hosts: [
                "teams.microsoft.com", "teams.live.com", "teams.cloud.microsoft", "teams.microsoft.us", "gov.teams.microsoft.us",
                "dod.teams.microsoft.us",
            ],
            // /_#/l/meetup-join/…: the same meeting as the web client's route. A /meet/ link counts
            // only with its passcode (p=), as in MeetingBar: without it Teams asks for one.
            pathPattern: #"/(?:_#/)?l/meetup-join/[^?#]+|/meet/\d{6,20}(?=/?\?(?:[^#]*&)?p=[A-Za-z0-9_-])"#,
            nativeScheme: "msteams", passcodeParameters: ["p"]),
        MeetingService(
            platform: "webex", name: "Webex", hosts: ["webex.com"],
            pathPattern:
                #"/(?:meet|join)/[^/?#]+|/[A-Za-z0-9_-]+/(?:k2/)?j\.php\?(?:[^#]*&)?MTID=[A-Za-z0-9]+|/(?:wbxmjs/joinservice|webappng)/sites/[^/?#]+/meeting/download/[0-9a-f]{32}"#
        ),
        MeetingService(
            platform: "jitsi", name: "Jitsi Meet", hosts: ["meet.jit.si"],
            pathPattern: #"/(?:moderated/)?"# + jitsiRoom, nativeScheme: "jitsi-meet"),
        // 8x8 Video Meetings and Jitsi as a Service: /<room> or /<tenant>/<room>.
        MeetingService(
            platform: "8x8", name: "8x8 Meet", hosts: ["8x8.vc"],
            pathPattern: "/" + jitsiRoom + "(?:/" + jitsiRoom + ")?"),
        MeetingService(
            platform: "slack", name: "Slack huddle", hosts: ["app.slack.com"],
            pathPattern: #"/huddle/T[A-Z0-9]{6,}/[CDG][A-Z0-9]{6,}"#, nativeScheme: "slack"),
        MeetingService(
            platform: "discord", name: "Discord", hosts: ["discord.gg", "discord.com", "discordapp.com"],
            pathPattern: #"/invite/[A-Za-z0-9-]{2,32}|/channels/(?:\d{15,21}|@me)/\d{15,21}|/events/\d{15,21}/\d{15,21}"#,
            hostPathPatterns: ["discord.gg": #"/[A-Za-z0-9-]{2,32}"#]),
        MeetingService(
            platform: "whereby", name: "Whereby", hosts: ["whereby.com"],
            pathPattern:
                #"/(?!(?:information|blog|user|users|org|pricing|login|logout|signup|sign-up|sitemap|embed|api|developers|careers|about|terms|privacy|support|help|legal|partners|integrations|features|download|solutions|resources|contact|product|products|enterprise|business|news|press|security|accessibility|cookies|dashboard|room|rooms|welcome|home|static|assets)(?:[/?#]|$))[a-z0-9][a-z0-9-]{1,38}"#
        ),
        MeetingService(
            platform: "gotomeeting", name: "GoTo Meeting", hosts: ["gotomeeting.com", "gotomeet.me", "meet.goto.com", "app.goto.com"],
            pathPattern: #"/join/\d{9}"#,
            hostPathPatterns: [
                "gotomeet.me": #"/[A-Za-z0-9][A-Za-z0-9._-]+"#,
                "meet.goto.com": #"/\d{9}"#,
                "app.goto.com": #"/meeting/\d{9}"#,
            ]),
        MeetingService(
            platform: "gotowebinar", name: "GoTo Webinar", hosts: ["gotowebinar.com"],
            pathPattern: #"/join/\d{6,}(?:/\d+)?"#),
        // Retired in 2024.
        MeetingService(
            platform: "bluejeans", name: "BlueJeans", hosts: ["bluejeans.com"],
            pathPattern: #"/\d{6,12}(?:/\d{4,6})?"#),
        // Retired on 2026-02-20.
        MeetingService(
            platform: "chime", name: "Amazon Chime", hosts: ["chime.aws", "app.chime.aws"],
            pathPattern: #"/\d{10}"#,
            hostPathPatterns: ["app.chime.aws": #"/meetings/?\?(?:[^#]*&)?pin=\d{10}|/meetings/\d{10}"#]),
        // RingCentral Meetings (/j/) and RingCentral Video (/join/, ?pw= passcode): the
        // shapes of ringcentral/ringcentral-js-widgets' MeetingCalendarHelper.
        MeetingService(
            platform: "ringcentral", name: "RingCentral", hosts: ["meetings.ringcentral.com", "v.ringcentral.com", "video.ringcentral.com"],
            pathPattern: #"/(?:j/|join/)?\d{6,12}"#, passcodeParameters: ["pw", "pwd"]),
        // Retired in 2025 (moved to Teams).
        MeetingService(
            platform: "skype", name: "Skype", hosts: ["join.skype.com"],
            pathPattern: #"/(?:invite/)?[A-Za-z0-9]{8,16}"#),
        MeetingService(
            platform: "skype-for-business", name: "Skype for Business", hosts: ["meet.lync.com"],
            pathPattern: #"/[^/?#]+/[^/?#]+/[A-Za-z0-9]{6,}"#),
        MeetingService(
            platform: "facetime", name: "FaceTime", hosts: ["facetime.apple.com"],
            pathPattern: #"/join#(?=(?:[^&]*&)*p=)(?=(?:[^&]*&)*k=).+"#),
        // The password travels in the fragment (#pwd-…): ProtonMail/WebClients' calendar
        // video-conferencing helpers.
        MeetingService(
            platform: "proton-meet", name: "Proton Meet", hosts: ["meet.proton.me"],
            pathPattern: #"/join/id-[A-Za-z0-9]{6,}"#),
        MeetingService(
            platform: "zoho-meeting", name: "Zoho Meeting",
            hosts: [
                "meeting.zoho.com", "meeting.zoho.eu", "meeting.zoho.in", "meeting.zoho.com.au", "meeting.zoho.com.cn",
                "meeting.zoho.jp", "meet.zoho.com", "meet.zoho.eu", "meet.zoho.in",
            ],
            pathPattern: #"/(?:meeting/)?join\?(?:[^#]*&)?key=[A-Za-z0-9]{4,}"#,
            hostPathPatterns: [
                "meet.zoho.com": #"/[A-Za-z0-9]{3,}"#, "meet.zoho.eu": #"/[A-Za-z0-9]{3,}"#, "meet.zoho.in": #"/[A-Za-z0-9]{3,}"#,
            ]),
        MeetingService(
            platform: "zoho-cliq", name: "Zoho Cliq", hosts: ["cliq.zoho.com", "cliq.zoho.eu", "cliq.zoho.in", "cliq.zoho.com.au"],
            pathPattern: #"/meetings/[A-Za-z0-9_-]+"#),
        // Retired in 2024 (Miro).
        MeetingService(
            platform: "around", name: "Around", hosts: ["around.co"],
            pathPattern: #"/r/[A-Za-z0-9-]+"#),
        MeetingService(
            platform: "tuple", name: "Tuple", hosts: ["tuple.app"],
            pathPattern: #"/c/[A-Za-z0-9_-]+"#),
        MeetingService(
            platform: "gather", name: "Gather", hosts: ["gather.town"],
            pathPattern: #"/app/[A-Za-z0-9]{8,24}/[^/?#]+"#),
        MeetingService(
            platform: "lifesize", name: "Lifesize", hosts: ["call.lifesizecloud.com"],
            pathPattern: #"/\d{4,10}"#),
        // BigBlueButton's public demo server runs Greenlight 3: /rooms/abc-def-ghi(-jkl)/join.
        MeetingService(
            platform: "bigbluebutton", name: "BigBlueButton", hosts: ["demo.bigbluebutton.org"],
            pathPattern: #"/rooms/[a-z0-9]{3}(?:-[a-z0-9]{3}){2,3}(?:/join)?"#),
        MeetingService(
            platform: "livestorm", name: "Livestorm", hosts: ["app.livestorm.co", "app.livestorm.com"],
            pathPattern: #"/p/[0-9a-f-]{20,40}(?:/live)?"#),
        MeetingService(
            platform: "riverside", name: "Riverside", hosts: ["riverside.fm", "riverside.com"],
            pathPattern: #"/studio/[A-Za-z0-9_-]+"#),
        // Guest invitations are 8 to 13 lower-case letters and digits; product pages have no digit.
        MeetingService(
            platform: "streamyard", name: "StreamYard", hosts: ["streamyard.com"],
            pathPattern: #"/(?:guest/)?(?=[a-z]*\d)[a-z0-9]{8,13}"#),
        MeetingService(
            platform: "hopin", name: "Hopin", hosts: ["hopin.com", "hopin.to"],
            pathPattern: #"/events/[a-z0-9-]+"#),
        // Retired in 2023; the room lives in the fragment (vowel.com/#/g/…).
        MeetingService(
            platform: "vowel", name: "Vowel", hosts: ["vowel.com"],
            pathPattern: #"/#/g/[A-Za-z0-9_-]+"#),
        MeetingService(
            platform: "demio", name: "Demio", hosts: ["event.demio.com"],
            pathPattern: #"/ref/[A-Za-z0-9]+"#),
        MeetingService(
            platform: "join-me", name: "join.me", hosts: ["join.me"],
            pathPattern:
                #"/(?!(?:app|download|pricing|features|login|signup|support|help|blog|about|terms|privacy)(?:[/?#]|$))[A-Za-z0-9][A-Za-z0-9.-]{2,}"#),
        // UberConference became Dialpad Meetings.
        MeetingService(
            platform: "dialpad", name: "Dialpad Meetings", hosts: ["meetings.dialpad.com", "dialpad.com", "uberconference.com"],
            pathPattern: #"/meetings/[A-Za-z0-9._-]+"#,
            hostPathPatterns: [
                "meetings.dialpad.com": #"/(?:room/)?[A-Za-z0-9][A-Za-z0-9._-]+"#,
                "uberconference.com":
                    #"/(?!(?:pricing|features|login|signup|support|blog|about|terms|privacy|download|api)(?:[/?#]|$))[A-Za-z0-9][A-Za-z0-9._-]+"#,
            ]),
        // Invitations read go.teamviewer.com/v15/m12345678 ("Meeting ID: m123-456-78").
        // Blizz became TeamViewer Meeting; its go.blizz.com links carry the same meeting ids.
        MeetingService(
            platform: "teamviewer-meeting", name: "TeamViewer Meeting", hosts: ["go.teamviewer.com", "go.blizz.com"],
            pathPattern: #"/(?:v\d+/)?m\d{8}"#),
        MeetingService(
            platform: "starleaf", name: "StarLeaf", hosts: ["meet.starleaf.com"],
            pathPattern: #"/\d{6,12}(?:/app)?"#),
        MeetingService(
            platform: "voov", name: "VooV Meeting", hosts: ["voovmeeting.com"],
            pathPattern: #"/dm/[A-Za-z0-9]{6,}"#),
        MeetingService(
            platform: "tencent-meeting", name: "Tencent Meeting", hosts: ["meeting.tencent.com"],
            pathPattern: #"/dm/[A-Za-z0-9]{6,}"#),
        MeetingService(
            platform: "dingtalk", name: "DingTalk Meetings", hosts: ["meeting.dingtalk.com"],
            pathPattern: #"/j/[A-Za-z0-9]{6,}"#),
        // Retired in 2025-2026.
        MeetingService(
            platform: "workplace", name: "Workplace from Meta", hosts: ["workplace.com"],
            pathPattern: #"/groupcall/[^/?#]+"#),
        MeetingService(
            platform: "vonage", name: "Vonage Meetings", hosts: ["meetings.vonage.com"],
            pathPattern: #"/\d{9}"#),
        MeetingService(
            platform: "jam", name: "Jam", hosts: ["jam.systems"],
            pathPattern: #"/[a-z0-9][a-z0-9-]{2,}"#),
        MeetingService(
            platform: "blackboard-collaborate", name: "Blackboard Collaborate", hosts: ["bbcollab.com"],
            pathPattern: #"/(?:guest|invite)/[0-9A-Fa-f]{32}|/collab/ui/session/(?:guest|join|invite)/[0-9A-Za-z]+"#),
        MeetingService(
            platform: "coscreen", name: "CoScreen", hosts: ["join.coscreen.co"],
            pathPattern: #"/[A-Za-z0-9_-]+(?:/[A-Za-z0-9_-]+)?"#),
        // Zhumu runs Zoom's software: /j/ links and the web client's /wc/ paths. A link counts
        // only with its passcode (pwd=), or for the web client its key (wpk=), as MeetingBar
        // writes them.
        MeetingService(
            platform: "zhumu", name: "Zhumu", hosts: ["zhumu.com"],
            pathPattern:
                #"(?:/j/\d{9,11}|/wc/join/\d{9,11}|/wc/\d{9,11}/join)(?=/?\?(?:[^#]*&)?pwd=[A-Za-z0-9._-])|/wc/join/\d{9,11}(?=/?\?(?:[^#]*&)?wpk=[A-Za-z0-9])"#,
            passcodeParameters: ["pwd", "wpk"]),
        MeetingService(
            platform: "lark", name: "Lark Meetings", hosts: ["vc.larksuite.com"],
            pathPattern: #"/j/\d{9}"#),
        MeetingService(
            platform: "feishu", name: "Feishu Meetings", hosts: ["vc.feishu.cn"],
            pathPattern: #"/j/\d{9}"#),
        MeetingService(
            platform: "luma", name: "Luma", hosts: ["lu.ma"],
            pathPattern: #"/join/[A-Za-z0-9_-]+"#),
        MeetingService(
            platform: "venue", name: "Venue", hosts: ["app.venue.live"],
            pathPattern: #"/app/[A-Za-z0-9_-]+"#),
        MeetingService(
            platform: "teemyco", name: "Teemyco", hosts: ["app.teemyco.com"],
            pathPattern: #"/room/[A-Za-z0-9_-]+(?:/[A-Za-z0-9_-]+)?"#),
        MeetingService(
            platform: "pop", name: "Pop", hosts: ["pop.com"],
            pathPattern: #"/j/\d{3}-?\d{3}-?\d{3}"#),
        MeetingService(
            platform: "gong", name: "Gong", hosts: ["join.gong.io"],
            pathPattern: #"/[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+"#),
        MeetingService(
            platform: "pumble", name: "Pumble Meetings", hosts: ["meet.pumble.com"],
            pathPattern: #"/[a-z]{3,}(?:-[a-z]{3,}){1,3}"#),
        // Telehealth waiting rooms: doxy.me/<room>, also on clinic subdomains.
        MeetingService(
            platform: "doxy-me", name: "Doxy.me", hosts: ["doxy.me"],
            pathPattern:
                #"/(?!(?:pricing|features|blog|sign-in|signin|sign-up|signup|login|help|support|about|terms|privacy|security|contact|resources|providers|clinics|patients|product|hipaa|api|en|es|fr|de)(?:[/?#]|$))[A-Za-z0-9][A-Za-z0-9._-]{2,}"#
        ),
        MeetingService(
            platform: "cal-video", name: "Cal Video", hosts: ["app.cal.com"],
            pathPattern: #"/video/[A-Za-z0-9_-]+"#),
        // meet.livekit.io and its staging copies (meet.staging.livekit.io).
        MeetingService(
            platform: "livekit-meet", name: "LiveKit Meet", hosts: ["*.livekit.io"],
            pathPattern: #"/rooms/[A-Za-z0-9_-]+"#),
        // IETF sessions: /ietf119/?session=…, /onsite119/?group=…, /interim/?short=….
        MeetingService(
            platform: "meetecho", name: "Meetecho", hosts: ["meetings.conf.meetecho.com"],
            pathPattern: #"/[a-z]+\d*/\?(?:[^#]*&)?(?:session|group|short)=[^&#]+"#),
        // Reclaim.ai's scheduling links forward to the meeting.
        MeetingService(
            platform: "reclaim", name: "Reclaim.ai", hosts: ["reclaim.ai"],
            pathPattern: #"/z/[A-Za-z0-9./-]+"#),
        // Retired; Google forwards these to Meet.
        MeetingService(
            platform: "hangouts", name: "Google Hangouts", hosts: ["hangouts.google.com"],
            pathPattern: #"/call/[A-Za-z0-9_-]+|/hangouts/_/[^?#]+"#),
        MeetingService(
            platform: "brave-talk", name: "Brave Talk", hosts: ["talk.brave.com"],
            pathPattern: #"/[A-Za-z0-9_-]{16,64}"#),
        MeetingService(
            platform: "element-call", name: "Element Call", hosts: ["call.element.io"],
            pathPattern: #"/room/?#.+|/(?!(?:room|config\.json|assets|apple-app-site-association)(?:[/?#.]|$))[A-Za-z][A-Za-z0-9_-]*"#),
        // Call links: eight groups of four letters in the fragment (signalapp's CallLinks).
        MeetingService(
            platform: "signal", name: "Signal call link", hosts: ["signal.link"],
            pathPattern: #"/call/#key=[a-z]{4}(?:-[a-z]{4}){7}"#),
        MeetingService(
            platform: "whatsapp", name: "WhatsApp call link", hosts: ["call.whatsapp.com"],
            pathPattern: #"/(?:video|voice)/[A-Za-z0-9]{10,40}"#),
        // Telegram video chats and live streams (core.telegram.org/api/links).
        MeetingService(
            platform: "telegram", name: "Telegram video chat", hosts: ["t.me", "telegram.me"],
            pathPattern: #"/[A-Za-z][A-Za-z0-9_]{3,31}\?(?:[^#]*&)?(?:videochat|voicechat|livestream)(?:=[^&#]*)?"#),
        MeetingService(
            platform: "yandex-telemost", name: "Yandex Telemost", hosts: ["telemost.yandex.ru", "telemost.360.yandex.ru"],
            pathPattern: #"/j/\d{10,20}"#),
        MeetingService(
            platform: "vk-calls", name: "VK Calls", hosts: ["vk.com", "vk.ru"],
            pathPattern: #"/call/join/[A-Za-z0-9_-]{8,}"#),
        MeetingService(
            platform: "salutejazz", name: "SaluteJazz", hosts: ["salutejazz.ru"],
            pathPattern: #"/calls/[A-Za-z0-9_-]+"#, passcodeParameters: ["psw"]),
        MeetingService(
            platform: "talky", name: "Talky", hosts: ["talky.io"],
            pathPattern: #"/(?!(?:about|faq|terms|privacy|help)(?:[/?#]|$))[A-Za-z0-9][A-Za-z0-9_-]{2,}"#),
        // Accounts are subdomains: meet12345678.adobeconnect.com/<room>/.
        MeetingService(
            platform: "adobe-connect", name: "Adobe Connect", hosts: ["*.adobeconnect.com"],
            pathPattern: #"/(?!(?:system|admin|api|common|servlet|content|lmsapi|help)(?:[/?#]|$))[A-Za-z0-9][A-Za-z0-9_-]*"#),
        MeetingService(
            platform: "clickmeeting", name: "ClickMeeting", hosts: ["*.clickmeeting.com", "*.clickwebinar.com"],
            pathPattern: #"/[a-z0-9][a-z0-9-]*"#),
        MeetingService(
            platform: "vidyo", name: "VidyoCloud", hosts: ["*.vidyocloud.com"],
            pathPattern: #"/join/[A-Za-z0-9]{6,}"#),
        MeetingService(
            platform: "simplepractice", name: "SimplePractice Telehealth", hosts: ["video.simplepractice.com"],
            pathPattern: #"/appt-[0-9a-f]{16,}"#),
        MeetingService(
            platform: "airmeet", name: "Airmeet", hosts: ["airmeet.com"],
            pathPattern: #"/e/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"#),
        MeetingService(
            platform: "crowdcast", name: "Crowdcast", hosts: ["crowdcast.io"],
            pathPattern: #"/e/[A-Za-z0-9_-]+(?:/\d+)?"#),
        MeetingService(
            platform: "wonder", name: "Wonder", hosts: ["wonder.me"],
            pathPattern: #"/r\?(?:[^#]*&)?id=[A-Za-z0-9-]+"#),
        MeetingService(
            platform: "remo", name: "Remo", hosts: ["live.remo.co"],
            pathPattern: #"/e/[a-z0-9-]+"#),
        MeetingService(
            platform: "on24", name: "ON24", hosts: ["event.on24.com"],
            pathPattern: #"/wcc/r/\d+/[0-9A-F]{32}"#),
        // The Linux Foundation's Zoom gateway for open-source community calls.
        MeetingService(
            platform: "lfx-zoom", name: "LFX Zoom", hosts: ["zoom-lfx.platform.linuxfoundation.org"],
            pathPattern: #"/meeting/\d{9,12}"#, passcodeParameters: ["password"]),
        // p2p.mirotalk.com and sfu.mirotalk.com.
        MeetingService(
            platform: "mirotalk", name: "MiroTalk", hosts: ["mirotalk.com"],
            pathPattern: #"/join/[A-Za-z0-9_-]+"#),
        // Preply lesson rooms: preply.com/<lang>/chat/t-room/<id>.
        MeetingService(
            platform: "preply", name: "Preply lesson room", hosts: ["preply.com"],
            pathPattern: #"/(?:[a-z]{2}/)?chat/t-room/\d+"#),
        MeetingService(
            platform: "ovice", name: "oVice", hosts: ["*.ovice.in", "*.ovice.com", "app.ovice.com"],
            pathPattern: #"/lobby/enter"#,
            // The app's links: a space and the place in it.
            hostPathPatterns: ["app.ovice.com": #"/[A-Za-z0-9_-]{1,64}/@-?\d{1,6},-?\d{1,6}"#]),
        // Watching, not meeting: chosen only when the event has no meeting link.
        MeetingService(
            platform: "vimeo", name: "Vimeo", hosts: ["vimeo.com", "venues.vimeo.com"],
            pathPattern: #"/(?:showcase|event)/\d{3,12}"#,
            hostPathPatterns: ["venues.vimeo.com": #"/[A-Za-z0-9_-]+(?:/[A-Za-z0-9_-]+){0,3}"#], isBroadcast: true),
        // Live streams only (/live/<video id>): a video linked in an invitation is not a meeting.
        MeetingService(
            platform: "youtube", name: "YouTube Live", hosts: ["youtube.com"],
            pathPattern: #"/live/[A-Za-z0-9_-]{11}"#, isBroadcast: true),
        // Retired in 2022 (merged into Meet).
        MeetingService(
            platform: "google-duo", name: "Google Duo", hosts: ["duo.app.goo.gl"],
            pathPattern: #"/[A-Za-z0-9_-]{4,}"#),
        MeetingService(
            platform: "userzoom", name: "UserZoom", hosts: ["go.userzoom.com"],
            pathPattern: #"/participate/[A-Za-z0-9][A-Za-z0-9-]{3,}"#),
        // Meeting links are an upper-case code (demodesk.com/NGYLHDWO) or a personal /meet/ link.
        MeetingService(
            platform: "demodesk", name: "Demodesk", hosts: ["demodesk.com"],
            pathPattern: #"/(?-i:[A-Z0-9]{6,12})|/meet/[A-Za-z0-9][A-Za-z0-9._-]*"#),
        // go.chorus.ai/<meeting id>: Chorus's recorder joins through it.
        MeetingService(
            platform: "chorus", name: "Chorus", hosts: ["go.chorus.ai"],
            pathPattern: #"/[A-Za-z0-9][A-Za-z0-9_-]{3,}"#),
        // Suit Conference rooms: <company>.conference.istesuit.com/<user>.
        MeetingService(
            platform: "suit-conference", name: "Suit Conference", hosts: ["conference.istesuit.com"],
            pathPattern: #"/[A-Za-z0-9][A-Za-z0-9._-]*"#),
        // Zoom's company pages (<name>.zm.page), the page itself or one of its paths.
        MeetingService(
            platform: "zm-page", name: "Zoom (zm.page)", hosts: ["*.zm.page"],
            pathPattern: #"(?:/[A-Za-z0-9][A-Za-z0-9._-]*){0,3}"#),
    ]

    /// A Jitsi room name: not one of the server's own paths or files.
    static let jitsiRoom =
        #"(?!(?:static|libs|images|sounds|fonts|lang|css|http-bind|xmpp-websocket|colibri-ws|_unlock|_api)(?:[/?#]|$))(?![^/?#]*\.(?:js|json|css|ico|html|png|svg|txt|wasm)(?:[/?#]|$))[A-Za-z0-9_-][A-Za-z0-9_.%-]*"#

    /// The service whose `platform` is `platform`.
    public static func service(platform: String) -> MeetingService? {
        all.first { $0.platform == platform }
    }
}
