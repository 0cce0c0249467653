/// Real-shaped meeting links, at least three per service (ids made up), each with the
/// platform it must be found as. Written in their https form, so each is also the expected `url`.
enum MeetingLinkCorpus {
    static let links: [(url: String, platform: String)] = [
        ("https://zoom.us/j/123", "zoom"),
        ("https://us02web.zoom.us/j/84512345678?pwd=aBcDeFgHiJkLmNoPqRsTuVwXyZ12.1", "zoom"),
        ("https://acme.zoom.us/my/jane.doe", "zoom"),
        ("https://zoom.us/s/98765432109", "zoom"),
        ("https://zoom.us/w/91234567890?tk=AbC123", "zoom"),
        ("https://zoom.us/wc/join/84512345678", "zoom"),
        ("https://us06web.zoom.us/wc/84512345678/join?pwd=xyz", "zoom"),
        ("https://zoom.us/join?confno=84512345678&pwd=abc", "zoom"),
        ("https://zoom.com/j/84512345678", "zoom"),
        ("https://zoomgov.com/j/1612345678?pwd=abc", "zoom"),
        ("https://agency.zoomgov.com/j/1612345678", "zoom"),
        ("https://zoom.com.cn/j/84512345678?pwd=abc", "zoom"),
        ("https://zoom.de/j/84512345678", "zoom"),
        ("https://any-client.zoom-x.de/j/65194487075", "zoom"),

        ("https://meet.google.com/abc-defg-hij", "google-meet"),
        ("https://meet.google.com/xyz-abcd-efg?authuser=0", "google-meet"),
        ("https://meet.google.com/qwe-rtyu-iop?hs=122&pli=1", "google-meet"),
        ("https://meet.google.com/_meet/abc-defg-hij?ijlm=1", "google-meet"),

        ("https://stream.meet.google.com/stream/abc12ab1-abc1-1234-123a-a1234a1abc12", "google-meet-stream"),
        ("https://stream.meet.google.com/stream/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b?authuser=1", "google-meet-stream"),
        ("https://stream.meet.google.com/stream/q1w2e3r4t5y6", "google-meet-stream"),

        (
            "https://teams.microsoft.com/l/meetup-join/19%3ameeting_ZmFrZU1lZXRpbmdJZEZvclRpZGluZ3NUZXN0czAx%40thread.v2/0?context=%7b%22Tid%22%3a%2211111111-2222-3333-4444-555555555555%22%2c%22Oid%22%3a%2266666666-7777-8888-9999-000000000000%22%7d",
            "teams"
        ),
        ("https://teams.microsoft.com/meet/2345678901234?p=AbCdEfGhIjKlMnOp", "teams"),
        ("https://teams.live.com/meet/9425716001426?p=XyZaBcDeFgHiJkLm", "teams"),
        ("https://teams.cloud.microsoft/l/meetup-join/19%3ameeting_AbCdEf%40thread.v2/0?context=%7b%7d", "teams"),
        ("https://gov.teams.microsoft.us/l/meetup-join/19%3ameeting_ZmFrZQ%40thread.v2/0", "teams"),
        ("https://dod.teams.microsoft.us/l/meetup-join/19%3ameeting_ZG9k%40thread.v2/0", "teams"),
        ("https://teams.microsoft.us/l/meetup-join/19%3ameeting_R0NDSGln%40thread.v2/0", "teams"),
        ("https://teams.microsoft.com/_#/l/meetup-join/19:meeting_QWJjZGVm@thread.v2/0?context=%7b%7d", "teams"),

        ("https://acme.webex.com/meet/jane.doe", "webex"),
        ("https://acme.webex.com/acme/j.php?MTID=m0123456789abcdef0123456789abcdef", "webex"),
        ("https://meetingsamer12.webex.com/meetingsamer12/k2/j.php?MTID=t0123456789abcdef", "webex"),
        ("https://acme.my.webex.com/join/jdoe", "webex"),
        ("https://acme.webex.com/wbxmjs/joinservice/sites/acme/meeting/download/0123456789abcdef0123456789abcdef?siteurl=acme", "webex"),

        ("https://meet.jit.si/WeeklyPlanningCall", "jitsi"),
        ("https://meet.jit.si/moderated/0123456789abcdef0123456789abcdef", "jitsi"),
        ("https://meet.jit.si/team-standup#config.startWithAudioMuted=true", "jitsi"),

        ("https://8x8.vc/acmejets/mel.black", "8x8"),
        ("https://8x8.vc/vpaas-magic-cookie-0123456789abcdef/SalesSync", "8x8"),
        ("https://8x8.vc/StandupRoom", "8x8"),

        ("https://app.slack.com/huddle/T0123ABCD/C0456EFGH", "slack"),
        ("https://app.slack.com/huddle/T9ZZ8YY7X/D01ABCDEF", "slack"),
        ("https://app.slack.com/huddle/TABCDEF12/G0ABCDEFG?sharing=1", "slack"),

        ("https://discord.gg/abcDEF12", "discord"),
        ("https://discord.com/invite/rust-lang", "discord"),
        ("https://discord.com/channels/123456789012345678/876543210987654321", "discord"),
        ("https://discordapp.com/invite/abcDEF12", "discord"),
        ("https://ptb.discord.com/events/123456789012345678/234567890123456789", "discord"),
        ("https://canary.discord.com/channels/@me/876543210987654321", "discord"),

        ("https://whereby.com/jane-doe", "whereby"),
        ("https://acme.whereby.com/weekly-sync", "whereby"),
        ("https://whereby.com/standup42?embed", "whereby"),

        ("https://global.gotomeeting.com/join/123456789", "gotomeeting"),
        ("https://gotomeet.me/JaneDoe", "gotomeeting"),
        ("https://meet.goto.com/987654321", "gotomeeting"),
        ("https://app.goto.com/meeting/123456789", "gotomeeting"),

        ("https://global.gotowebinar.com/join/1234567890123456789/987654321", "gotowebinar"),
        ("https://attendee.gotowebinar.com/join/1234567890123456789", "gotowebinar"),
        ("https://global.gotowebinar.com/join/5555555555555555555/111111111?source=calendar", "gotowebinar"),

        ("https://bluejeans.com/123456789", "bluejeans"),
        ("https://bluejeans.com/123456789/4321", "bluejeans"),
        ("https://acme.bluejeans.com/987654321", "bluejeans"),

        ("https://chime.aws/1234567890", "chime"),
        ("https://app.chime.aws/meetings/?pin=1234567890", "chime"),
        ("https://app.chime.aws/meetings/9876543210", "chime"),

        ("https://meetings.ringcentral.com/j/1234567890", "ringcentral"),
        ("https://v.ringcentral.com/join/469909326", "ringcentral"),
        ("https://video.ringcentral.com/join/123456789?pw=0123456789abcdef0123456789abcdef", "ringcentral"),
        ("https://video.ringcentral.com/987654321", "ringcentral"),

        ("https://join.skype.com/AbCdEfGhIjKl", "skype"),
        ("https://join.skype.com/invite/XyZ12345abcd", "skype"),
        ("https://join.skype.com/q1W2e3R4t5Y6", "skype"),

        ("https://meet.lync.com/contoso/jdoe/ABCD1234", "skype-for-business"),
        ("https://meet.lync.com/fabrikam-com/a.smith/Z9Y8X7W6", "skype-for-business"),
        ("https://meet.lync.com/tailspin/bob/QWERTY12", "skype-for-business"),

        ("https://facetime.apple.com/join#v=1&p=Qm9ndXNQdWJsaWNLZXkxMjM0&k=Qm9ndXNMaW5rS2V5QWJjZGVmZ2hpamtsbW5vcA", "facetime"),
        ("https://facetime.apple.com/join#v=1&p=Zx9Yw8Vu7Ts6Rq5Po4Nm3L&k=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg", "facetime"),
        ("https://facetime.apple.com/join#p=QwErTyUiOp1234567890ab&k=ZxCvBnM0987654321&v=1", "facetime"),

        ("https://meet.proton.me/join/id-K7Q2M9X4T1#pwd-a8B3c7D2e6F1", "proton-meet"),
        ("https://meet.proton.me/join/id-ABCDEF1234#pwd-abcdefGHIJKL", "proton-meet"),
        ("https://meet.proton.me/join/id-Q1W2E3R4T5", "proton-meet"),

        ("https://meeting.zoho.com/join?key=1234567890", "zoho-meeting"),
        ("https://meeting.zoho.eu/join?key=1234567890", "zoho-meeting"),
        ("https://meeting.zoho.in/meeting/join?key=987654321", "zoho-meeting"),
        ("https://meeting.zoho.com.au/join?key=1122334455", "zoho-meeting"),
        ("https://meeting.zoho.com.cn/join?key=5566778899", "zoho-meeting"),
        ("https://meeting.zoho.jp/join?key=1029384756", "zoho-meeting"),
        ("https://meet.zoho.com/AbC123dE", "zoho-meeting"),
        ("https://meet.zoho.eu/XyZ987", "zoho-meeting"),
        ("https://meet.zoho.in/Q1w2E3", "zoho-meeting"),

        ("https://cliq.zoho.com/meetings/1234567890abcdef", "zoho-cliq"),
        ("https://cliq.zoho.eu/meetings/team-sync-42", "zoho-cliq"),
        ("https://cliq.zoho.in/meetings/AbCdEf123", "zoho-cliq"),
        ("https://cliq.zoho.com.au/meetings/xyz789", "zoho-cliq"),

        ("https://around.co/r/kq8vz3mb", "around"),
        ("https://meet.around.co/r/team-standup", "around"),
        ("https://meet.around.co/r/abc-123", "around"),

        ("https://tuple.app/c/AbCdEf123", "tuple"),
        ("https://tuple.app/c/pairing-jane", "tuple"),
        ("https://tuple.app/c/x1y2z3", "tuple"),

        ("https://app.gather.town/app/qT4nX8bW2pLm9ZrD/office", "gather"),
        ("https://gather.town/app/AbCdEfGhIjKlMnOp/Team%20Space", "gather"),
        ("https://app.v2.gather.town/app/Q1w2E3r4T5y6U7i8/standup?spawnToken=abc", "gather"),

        ("https://call.lifesizecloud.com/1234567", "lifesize"),
        ("https://call.lifesizecloud.com/987654", "lifesize"),
        ("https://call.lifesizecloud.com/55512345?pin=1234", "lifesize"),

        ("https://demo.bigbluebutton.org/rooms/abc-def-ghi/join", "bigbluebutton"),
        ("https://demo.bigbluebutton.org/rooms/k2m-p9q-x4t-w7z/join", "bigbluebutton"),
        ("https://demo.bigbluebutton.org/rooms/q1w-e2r-t3y", "bigbluebutton"),

        ("https://app.livestorm.co/p/1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6/live?s=0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b", "livestorm"),
        ("https://app.livestorm.co/p/12345678-90ab-cdef-1234-567890abcdef", "livestorm"),
        ("https://app.livestorm.com/p/abcdef12-3456-7890-abcd-ef1234567890/live", "livestorm"),

        ("https://riverside.fm/studio/jane-doe-show", "riverside"),
        ("https://riverside.com/studio/weekly-podcast", "riverside"),
        ("https://riverside.fm/studio/abc123?t=guest", "riverside"),

        ("https://streamyard.com/abcd3efg5h", "streamyard"),
        ("https://streamyard.com/guest/x7k2m9p4q1", "streamyard"),
        ("https://streamyard.com/9zy8xw7vut", "streamyard"),

        ("https://hopin.com/events/product-launch-2026", "hopin"),
        ("https://app.hopin.com/events/dev-summit", "hopin"),
        ("https://hopin.to/events/community-meetup", "hopin"),

        ("https://vowel.com/#/g/AbCdEf123", "vowel"),
        ("https://app.vowel.com/#/g/team-sync", "vowel"),
        ("https://vowel.com/#/g/x1y2z3w4", "vowel"),

        ("https://event.demio.com/ref/AbCdEf123", "demio"),
        ("https://event.demio.com/ref/q1w2e3r4t5", "demio"),
        ("https://event.demio.com/ref/XYZ987", "demio"),

        ("https://join.me/jsmith", "join-me"),
        ("https://join.me/123-456-789", "join-me"),
        ("https://join.me/acme.sales", "join-me"),

        ("https://meetings.dialpad.com/janedoe", "dialpad"),
        ("https://meetings.dialpad.com/room/budgetreview", "dialpad"),
        ("https://dialpad.com/meetings/janedoe", "dialpad"),
        ("https://www.uberconference.com/strategicearth", "dialpad"),

        ("https://go.teamviewer.com/v15/m02358428", "teamviewer-meeting"),
        ("https://go.teamviewer.com/m12345678", "teamviewer-meeting"),
        ("https://go.teamviewer.com/v11/m87654321", "teamviewer-meeting"),
        ("https://go.blizz.com/m12345678", "teamviewer-meeting"),

        ("https://meet.starleaf.com/4012345678/app", "starleaf"),
        ("https://meet.starleaf.com/4123456789", "starleaf"),
        ("https://meet.starleaf.com/123456", "starleaf"),

        ("https://voovmeeting.com/dm/Ab1Cd2Ef3Gh4", "voov"),
        ("https://intl.voovmeeting.com/dm/Zz9Yy8Xx7Ww6", "voov"),
        ("https://voovmeeting.com/dm/q1W2e3R4t5Y6", "voov"),

        ("https://meeting.tencent.com/dm/k3Jh7LmQ2pX9", "tencent-meeting"),
        ("https://meeting.tencent.com/dm/Ab12Cd34Ef56", "tencent-meeting"),
        ("https://meeting.tencent.com/dm/XyZ987wvU654", "tencent-meeting"),

        ("https://meeting.dingtalk.com/j/Qw7Er5Ty3Ui", "dingtalk"),
        ("https://meeting.dingtalk.com/j/Ab12Cd34Ef5", "dingtalk"),
        ("https://meeting.dingtalk.com/j/q1w2e3r4t5y", "dingtalk"),

        ("https://acme.workplace.com/groupcall/LINK:abc123DEF456", "workplace"),
        ("https://workplace.com/groupcall/ROOM:1234567890", "workplace"),
        ("https://contoso.workplace.com/groupcall/abcdef123456", "workplace"),

        ("https://meetings.vonage.com/982515622", "vonage"),
        ("https://meetings.vonage.com/123456789", "vonage"),
        ("https://meetings.vonage.com/555444333?pin=1", "vonage"),

        ("https://jam.systems/new-room", "jam"),
        ("https://jam.systems/team-standup", "jam"),
        ("https://jam.systems/abc123", "jam"),

        ("https://us.bbcollab.com/guest/0123456789abcdef0123456789abcdef", "blackboard-collaborate"),
        ("https://eu.bbcollab.com/invite/ABCDEF0123456789ABCDEF0123456789", "blackboard-collaborate"),
        ("https://au.bbcollab.com/collab/ui/session/guest/0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d", "blackboard-collaborate"),

        ("https://join.coscreen.co/Eng-Leads/Zx8Yw7Vu6Ts5Rq4Po3Nm", "coscreen"),
        ("https://join.coscreen.co/AbCdEf123", "coscreen"),
        ("https://join.coscreen.co/design-team/xYz987", "coscreen"),

        ("https://welink.zhumu.com/j/123456789?pwd=abc123", "zhumu"),
        ("https://zhumu.com/j/1234567890?uname=Jane&pwd=Q1w2E3", "zhumu"),
        ("https://welink.zhumu.com/wc/join/98765432101?pwd=xyz", "zhumu"),
        ("https://welink.zhumu.com/wc/123456789/join?pwd=abc.1", "zhumu"),
        ("https://welink.zhumu.com/wc/join/150525986?wpk=wcpk5b53", "zhumu"),

        ("https://vc.larksuite.com/j/123456789", "lark"),
        ("https://vc.larksuite.com/j/987654321", "lark"),
        ("https://vc.larksuite.com/j/555666777?from=calendar", "lark"),

        ("https://vc.feishu.cn/j/123456789", "feishu"),
        ("https://vc.feishu.cn/j/987654321", "feishu"),
        ("https://vc.feishu.cn/j/111222333?from=calendar", "feishu"),

        ("https://lu.ma/join/g-AbCdEf123", "luma"),
        ("https://lu.ma/join/q1w2e3", "luma"),
        ("https://lu.ma/join/xyz-789", "luma"),

        ("https://app.venue.live/app/acme-townhall", "venue"),
        ("https://app.venue.live/app/AbCdEf", "venue"),
        ("https://app.venue.live/app/weekly_sync", "venue"),

        ("https://app.teemyco.com/room/AbCdEf123", "teemyco"),
        ("https://app.teemyco.com/room/design-office", "teemyco"),
        ("https://app.teemyco.com/room/q1w2e3r4", "teemyco"),
        ("https://app.teemyco.com/room/7HAQH0keHU0uppUKmL7Z/goOvj4BlHSH1IkgOtaA0", "teemyco"),

        ("https://pop.com/j/123-456-789", "pop"),
        ("https://pop.com/j/987654321", "pop"),
        ("https://pop.com/j/555-666-777", "pop"),

        ("https://join.gong.io/acme/jane.doe", "gong"),
        ("https://join.gong.io/initech/peter.gibbons", "gong"),
        ("https://acme.join.gong.io/sales/bob.smith?tkn=abc", "gong"),

        ("https://meet.pumble.com/abc-defg-hij", "pumble"),
        ("https://meet.pumble.com/xyz-qwer-tyu", "pumble"),
        ("https://meet.pumble.com/team-sync", "pumble"),

        ("https://doxy.me/drsmith", "doxy-me"),
        ("https://acmeclinic.doxy.me/dr.jones", "doxy-me"),
        ("https://doxy.me/therapy-room-2", "doxy-me"),

        ("https://app.cal.com/video/AbCdEf123456", "cal-video"),
        ("https://app.cal.com/video/q1w2e3r4t5y6u7", "cal-video"),
        ("https://app.cal.com/video/xYz-987_abc", "cal-video"),

        ("https://meet.livekit.io/rooms/abcd-efgh", "livekit-meet"),
        ("https://meet.livekit.io/rooms/standup#e2ee", "livekit-meet"),
        ("https://meet.livekit.io/rooms/Room_42", "livekit-meet"),
        ("https://meet.staging.livekit.io/rooms/my-room-123", "livekit-meet"),

        ("https://meetings.conf.meetecho.com/ietf119/?session=31849", "meetecho"),
        ("https://meetings.conf.meetecho.com/onsite119/?group=httpbis", "meetecho"),
        ("https://meetings.conf.meetecho.com/interim/?short=abc123", "meetecho"),

        ("https://reclaim.ai/z/AbCdEf123", "reclaim"),
        ("https://reclaim.ai/z/jane/standup", "reclaim"),
        ("https://reclaim.ai/z/q1w2.e3r4", "reclaim"),

        ("https://hangouts.google.com/call/AbCdEfGhIjKlMnOp", "hangouts"),
        ("https://hangouts.google.com/hangouts/_/acme.com/weekly-sync", "hangouts"),
        ("https://hangouts.google.com/call/q1w2e3r4t5y6u7i8o9p0", "hangouts"),

        ("https://talk.brave.com/Qx7Lm2Np9Rt4Vw8Z", "brave-talk"),
        ("https://talk.brave.com/Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Jh1Gf0EdCbAzYxWvUt", "brave-talk"),
        ("https://talk.brave.com/AbCdEfGhIjKlMnOpQrSt", "brave-talk"),

        ("https://call.element.io/TeamStandup", "element-call"),
        ("https://call.element.io/room/#?roomId=!abcdef:matrix.org", "element-call"),
        ("https://call.element.io/room/#/weekly-sync?roomId=!xyz:example.org", "element-call"),

        ("https://signal.link/call/#key=bcdf-ghkm-npqr-stxz-bcdf-ghkm-npqr-stxz", "signal"),
        ("https://signal.link/call/#key=xzts-rqpn-mkhg-fdcb-xzts-rqpn-mkhg-fdcb", "signal"),
        ("https://signal.link/call/#key=hbcd-qrst-kmnp-xzbc-dfgh-kmnp-qrst-xzbc", "signal"),

        ("https://call.whatsapp.com/video/Zq8Xw2Lm4Np6Rt1Vb3", "whatsapp"),
        ("https://call.whatsapp.com/voice/AbCdEfGhIjKlMnOpQr", "whatsapp"),
        ("https://call.whatsapp.com/video/q1W2e3R4t5Y6u7", "whatsapp"),

        ("https://t.me/acme_team?videochat", "telegram"),
        ("https://t.me/devchat?videochat=AbCdEf123", "telegram"),
        ("https://telegram.me/streamchannel?livestream", "telegram"),

        ("https://telemost.yandex.ru/j/12345678901234", "yandex-telemost"),
        ("https://telemost.360.yandex.ru/j/98765432109876", "yandex-telemost"),
        ("https://telemost.yandex.ru/j/55566677788899900", "yandex-telemost"),

        ("https://vk.com/call/join/Qm9ndXNDYWxsVG9rZW5Gb3JUaWRpbmdz_Ab-12", "vk-calls"),
        ("https://vk.ru/call/join/AbCdEfGhIjKlMnOp", "vk-calls"),
        ("https://m.vk.com/call/join/q1w2e3r4t5y6u7i8", "vk-calls"),

        ("https://salutejazz.ru/calls/AbC123dEf?psw=XyZ987", "salutejazz"),
        ("https://salutejazz.ru/calls/q1w2e3r4", "salutejazz"),
        ("https://salutejazz.ru/calls/team-sync-42", "salutejazz"),

        ("https://talky.io/acme-standup", "talky"),
        ("https://talky.io/q1w2e3", "talky"),
        ("https://talky.io/family_call", "talky"),

        ("https://meet12345678.adobeconnect.com/weekly-training/", "adobe-connect"),
        ("https://acme.adobeconnect.com/r1abcdef123/", "adobe-connect"),
        ("https://connect-eu.adobeconnect.com/townhall", "adobe-connect"),

        ("https://acme.clickmeeting.com/demo-room", "clickmeeting"),
        ("https://corp.clickwebinar.com/training", "clickmeeting"),
        ("https://sales.clickmeeting.com/product-launch-2026", "clickmeeting"),

        ("https://research.vidyocloud.com/join/AbCdEf1234", "vidyo"),
        ("https://acme.vidyocloud.com/join/Q1w2E3r4T5", "vidyo"),
        ("https://6496700.vidyocloud.com/join/Z9y8X7w6V5", "vidyo"),

        ("https://video.simplepractice.com/appt-0123456789abcdef0123456789abcdef", "simplepractice"),
        ("https://video.simplepractice.com/appt-fedcba9876543210fedcba9876543210?origin=client", "simplepractice"),
        ("https://video.simplepractice.com/appt-a1b2c3d4e5f6a7b8c9d0", "simplepractice"),

        ("https://www.airmeet.com/e/1b2c3d40-8768-11eb-a0ac-0123456789ab", "airmeet"),
        ("https://airmeet.com/e/12345678-abcd-11ec-996e-0123456789ab", "airmeet"),
        ("https://www.airmeet.com/e/abcdef01-2345-6789-abcd-ef0123456789", "airmeet"),

        ("https://www.crowdcast.io/e/rust-seminar/12", "crowdcast"),
        ("https://www.crowdcast.io/e/ml-webinar", "crowdcast"),
        ("https://crowdcast.io/e/weekly_office_hours", "crowdcast"),

        ("https://www.wonder.me/r?id=0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d", "wonder"),
        ("https://wonder.me/r?id=team-office", "wonder"),
        ("https://www.wonder.me/r?id=12345678-abcd-ef01-2345-6789abcdef01", "wonder"),

        ("https://live.remo.co/e/networking-night", "remo"),
        ("https://live.remo.co/e/career-fair-2026", "remo"),
        ("https://live.remo.co/e/abc-123", "remo"),

        ("https://event.on24.com/wcc/r/4123456/0A1B2C3D4E5F60718293A4B5C6D7E8F9", "on24"),
        ("https://event.on24.com/wcc/r/1234567/0123456789ABCDEF0123456789ABCDEF?partnerref=email", "on24"),
        ("https://event.on24.com/wcc/r/7654321/FEDCBA9876543210FEDCBA9876543210", "on24"),

        ("https://zoom-lfx.platform.linuxfoundation.org/meeting/91234567890?password=abc-123", "lfx-zoom"),
        ("https://zoom-lfx.platform.linuxfoundation.org/meeting/98765432101", "lfx-zoom"),
        ("https://zoom-lfx.platform.linuxfoundation.org/meeting/123456789", "lfx-zoom"),

        ("https://p2p.mirotalk.com/join/team-standup", "mirotalk"),
        ("https://sfu.mirotalk.com/join/AbCdEf123", "mirotalk"),
        ("https://p2p.mirotalk.com/join/42QuietRiver?name=Jane", "mirotalk"),

        ("https://preply.com/en/chat/t-room/1234567?source=email_calendar", "preply"),
        ("https://preply.com/ua/chat/t-room/7654321", "preply"),
        ("https://preply.com/chat/t-room/1112223", "preply"),

        ("https://acme-office.ovice.in/lobby/enter", "ovice"),
        ("https://design-team.ovice.in/lobby/enter", "ovice"),
        ("https://example-space.ovice.in/lobby/enter?x=1", "ovice"),
        ("https://acme.ovice.com/lobby/enter", "ovice"),
        ("https://app.ovice.com/acme-office/@102,105", "ovice"),
        ("https://app.ovice.com/design_team/@-12,340?lang=en", "ovice"),

        ("https://vimeo.com/event/1234567", "vimeo"),
        ("https://vimeo.com/showcase/7654321", "vimeo"),
        ("https://venues.vimeo.com/12345678/abcdef123", "vimeo"),
        ("https://www.vimeo.com/event/2345678?autoplay=1", "vimeo"),

        ("https://www.youtube.com/live/AbCdEfGhIjK", "youtube"),
        ("https://youtube.com/live/q1W2e3R4t5Y?feature=share", "youtube"),
        ("https://m.youtube.com/live/Zz9_Yy8-Xx7", "youtube"),

        ("https://duo.app.goo.gl/AbCdEf123", "google-duo"),
        ("https://duo.app.goo.gl/q1w2e3r4t5", "google-duo"),
        ("https://duo.app.goo.gl/Xyz9", "google-duo"),

        ("https://go.userzoom.com/participate/12345xxx-1000-1234-1234-1234-12345xxx", "userzoom"),
        ("https://go.userzoom.com/participate/c1a2b3d4-e5f6", "userzoom"),
        ("https://go.userzoom.com/participate/study-42?ref=mail", "userzoom"),

        ("https://demodesk.com/NGYLHDWO", "demodesk"),
        ("https://demodesk.com/meet/jane-doe", "demodesk"),
        ("https://demodesk.com/Q1W2E3R4", "demodesk"),

        ("https://go.chorus.ai/1234567890", "chorus"),
        ("https://go.chorus.ai/abc123", "chorus"),
        ("https://go.chorus.ai/jane-doe", "chorus"),

        ("https://turkcell.conference.istesuit.com/username", "suit-conference"),
        ("https://acme.conference.istesuit.com/jane.doe", "suit-conference"),
        ("https://conference.istesuit.com/weekly-sync", "suit-conference"),

        ("https://company.zm.page/", "zm-page"),
        ("https://acme.zm.page/?from=calendar", "zm-page"),
        ("https://events.zm.page/launch-2026", "zm-page"),
    ]
}
