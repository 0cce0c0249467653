enum CalendarPlaceholder {}
