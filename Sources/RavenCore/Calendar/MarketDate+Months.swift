extension MarketDate {
  /// The same day `months` months later (earlier when negative), clamped to the end
  /// of a shorter month: 2024-03-31 minus one month is 2024-02-29.
  public func adding(months: Int) -> MarketDate {
    let (year, month, day) = civil
    let zeroBased = year * 12 + (month - 1) + months
    let newYear = zeroBased >= 0 ? zeroBased / 12 : (zeroBased - 11) / 12
    let newMonth = zeroBased - newYear * 12 + 1
    let newDay = min(day, MarketDate.daysIn(month: newMonth, year: newYear))
    return MarketDate(
      dayNumber: MarketDate.daysFromCivil(year: newYear, month: newMonth, day: newDay))
  }

  public func adding(years: Int) -> MarketDate { adding(months: years * 12) }
}
