import TidingsCore

extension NotificationRecord {
    /// Reads a row of the `notification` table from either engine (`SELECT *`, `RETURNING *`,
    /// or a join that lists `notification.*` first) by column position: planning reads every
    /// open notification. A word this version does not know throws, naming the column.
    public init(store row: StoreRow) throws(StoreDecodingError) {
        self.init(
            id: try row.decode(0), kind: try row.decode(1), category: try row.decode(2), title: try row.decode(3),
            body: try row.decode(4), deepLink: try row.decode(5), dueAt: try row.decode(6), plannedLocal: try row.decode(7),
            plannedZone: try row.decode(8), staleness: try row.decode(9), contentFetchTime: try row.decode(10),
            priority: try row.decode(11), expiresAt: try row.decode(17), now: try row.decode(15))
        state = try row.decode(12)
        stateReason = try row.decode(13)
        claimedAt = try row.decode(14)
        updatedAt = try row.decode(16)
        revision = try row.decode(18)
        subject = try row.decode(19)
        fingerprint = try row.decode(20)
        generator = try row.decode(21)
        claims = try row.decode(22)
        claimedBy = try row.decode(23)
        data = try row.decode(24)
        channels = Self.channelList(try row.decode(25))
        anchor = try row.decode(26)
        hold = try row.decode(27)
        isAllDay = try row.decode(28)
        generatorReason = try row.decode(29)
        occurrence = try row.decode(30)
        lead = try row.decode(31)
        day = try row.decode(32)
        startsAt = try row.decode(33)
        endsAt = try row.decode(34)
        eventTitle = try row.decode(35)
        joinURL = try row.decode(36)
        leaseExpiresAt = try row.decode(37)
    }

    /// The values of `columnOrder`, in that order, for either engine.
    var storeValues: [StoreValue] {
        [
            id.storeValue, kind.storeValue, category.storeValue, title.storeValue, body.storeValue, deepLink.storeValue,
            dueAt.storeValue, plannedLocal.storeValue, plannedZone.storeValue, staleness.storeValue, contentFetchTime.storeValue,
            priority.storeValue, state.storeValue, stateReason.storeValue, claimedAt.storeValue, createdAt.storeValue,
            updatedAt.storeValue, expiresAt.storeValue, revision.storeValue, subject.storeValue, fingerprint.storeValue,
            generator.storeValue, claims.storeValue, claimedBy.storeValue, data.storeValue, Self.channelText(channels).storeValue,
            anchor.storeValue, hold.storeValue, isAllDay.storeValue, generatorReason.storeValue, occurrence.storeValue,
            lead.storeValue, day.storeValue, startsAt.storeValue, endsAt.storeValue, eventTitle.storeValue, joinURL.storeValue,
            leaseExpiresAt.storeValue,
        ]
    }

    /// `INSERT` of every column, in `columnOrder`: a new row.
    static let insertSQL =
        "INSERT INTO notification (\(columnOrder.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: columnOrder.count).joined(separator: ", ")))"

    /// `UPDATE` of every column but the id, in `columnOrder`, with the id as the last argument
    /// (`storeValues.dropFirst() + [id]`).
    static let updateSQL =
        "UPDATE notification SET \(columnOrder.dropFirst().map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?"
}

extension DeliveryRecord {
    /// Reads a `delivery` row from either engine by column name (`SELECT *` or the columns
    /// `insertedColumns` names).
    public init(store row: StoreRow) throws(StoreDecodingError) {
        self.init(
            notificationId: try row.decode("notificationId"), scheduledTime: try row.decode("scheduledTime"),
            actualDeliveryTime: try row.decode("actualDeliveryTime"), contentAge: try row.decode("contentAge"),
            staleness: try row.decode("staleness"), channel: try row.decode("channel"), outcome: try row.decode("outcome"),
            failureReason: try row.decode("failureReason"), platformInfo: try row.decode("platformInfo"),
            revision: try row.decode("revision"))
        engagement = try row.decode("engagement")
        engagedAt = try row.decode("engagedAt")
        unavailable = try row.decode("unavailable")
    }

    /// The values of `insertedColumns`, in that order, for either engine.
    var storeValues: [StoreValue] {
        [
            notificationId.storeValue, scheduledTime.storeValue, actualDeliveryTime.storeValue, contentAge.storeValue,
            staleness.storeValue, channel.storeValue, outcome.storeValue, engagement.storeValue, engagedAt.storeValue,
            failureReason.storeValue, platformInfo.storeValue, revision.storeValue, unavailable.storeValue,
        ]
    }
}
