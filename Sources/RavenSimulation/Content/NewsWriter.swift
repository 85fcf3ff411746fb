import Foundation
import RavenCore
import RavenMarketData

/// Turns a news event into a headline and a two- or three-sentence summary.
///
/// Every figure comes from the simulation and is formatted with `DisplayFormat`;
/// every summary says the market is simulated. Stories describe the simulated
/// numbers only: no quotes, no people, no invented real-world causes.
struct NewsWriter {
  let company: Company
  let calendar: NYSECalendar

  struct Text {
    var headline: String
    var summary: String
  }

  func write(_ event: NewsEvent) -> Text {
    switch event {
    case .earnings(let report): earnings(report.surprise, quarter: report.quarter)
    case .bigMove(let move): bigMove(move)
    case .yearExtreme(let move, let extreme): yearExtreme(move, extreme)
    case .ratingChange(let previous, let current): ratingChange(previous, current)
    case .volumeSpike(let move, let average): volumeSpike(move, average: average)
    case .weeklyRecap(let week): weeklyRecap(week)
    case .closingMove(let move): closingMove(move)
    case .corporateAction(let action): corporateAction(action)
    }
  }

  private func corporateAction(_ action: CorporateAction) -> Text {
    let ex = Self.day(action.exDate)
    switch action.kind {
    case .cashDividend(let rate, let special):
      let kind = special ? "special dividend" : "dividend"
      return Text(
        headline: "\(short) declares \(DisplayFormat.currency(rate)) \(kind)",
        summary:
          "\(full) declared a \(kind) of \(DisplayFormat.currency(rate)) a share in Raven's "
          + "simulated market, payable \(Self.day(action.payableDate)) to shareholders of "
          + "record on \(Self.day(action.recordDate)). The shares trade without it from \(ex), "
          + "when the price opens lower by the dividend.")
    case .split(let ratio):
      let terms = "\(ratio.new)-for-\(ratio.old)"
      let what = ratio.isReverse ? "reverse stock split" : "stock split"
      let holders =
        ratio.isReverse
        ? "every \(ratio.old) shares become \(ratio.new)" : "each share becomes \(ratio.new)"
      return Text(
        headline: "\(short) announces \(terms) \(what)",
        summary:
          "\(full) announced a \(terms) \(what) in Raven's simulated market: \(holders), and "
          + "the price is divided accordingly from \(ex), when the shares begin trading "
          + "split-adjusted. "
          + (ratio.isReverse ? "Open orders are canceled." : "Open orders are adjusted to match."))
    }
  }

  private var short: String { company.shortName }
  private var full: String { "\(company.name) (\(company.symbol))" }

  private func earnings(_ report: EarningsSurprise, quarter: FiscalQuarter) -> Text {
    let verdict =
      report.surprise.isPositive
      ? "beats" : report.surprise.isNegative ? "misses" : "matches"
    return Text(
      headline: "\(short) \(verdict) \(quarter.label) EPS estimates",
      summary:
        "\(full) reported simulated earnings of \(dollars(report.actual)) per share for "
        + "the quarter ended \(Self.day(quarter.lastDay)), against a consensus estimate of "
        + "\(dollars(report.estimate)): a surprise of \(signedDollars(report.surprise)) "
        + "(\(DisplayFormat.percent(report.surprisePercent))). "
        + "The simulated report came out before the opening bell.")
  }

  private func bigMove(_ move: DayMove) -> Text {
    let up = move.close > move.previousClose
    let verb =
      move.sigmas.magnitude >= 3 ? (up ? "soar" : "tumble") : (up ? "jump" : "slide")
    let figure = Self.percentChange(from: move.previousClose, to: move.close, fractionDigits: 1)
    let sigmas = ExactDecimal(
      units: Int64((move.sigmas.magnitude * 10).rounded()), fractionDigits: 1)
    return Text(
      headline: "\(short) shares \(verb) \(figure.magnitude)%",
      summary:
        "\(closing(move)) The move is \(sigmas) times the stock's typical daily swing. "
        + reportSentence(move) + volumeSentence(move))
  }

  private func yearExtreme(_ move: DayMove, _ extreme: YearExtreme) -> Text {
    let (word, superlative, side) =
      extreme.isHigh ? ("high", "highest", "above") : ("low", "lowest", "below")
    let previous = calendar.sessions[extreme.previousSession].date
    let fromOpposite = Self.percentChange(from: extreme.oppositeCents, to: move.close)
    return Text(
      headline: "\(short) closes at a 52-week \(word)",
      summary:
        "\(full) finished at \(Self.price(move.close)) in simulated trading on "
        + "\(Self.day(move.date)) (\(DisplayFormat.percent(Self.percentChange(from: move.previousClose, to: move.close))) on the day), "
        + "its \(superlative) close in 52 weeks and \(side) the previous \(word) of "
        + "\(Self.price(extreme.previousCents)) set on \(Self.day(previous)). It is "
        + "\(extreme.isHigh ? "up" : "down") \(fromOpposite.magnitude)% from its 52-week "
        + "\(extreme.isHigh ? "low" : "high") of \(Self.price(extreme.oppositeCents)).")
  }

  private func ratingChange(_ previous: RecommendationTrend, _ current: RecommendationTrend)
    -> Text
  {
    let previousShare = previous.bullish * current.total
    let currentShare = current.bullish * previous.total
    let headline =
      current.consensus != previous.consensus
      ? "Analyst consensus on \(short) moves to \(current.consensus)"
      : currentShare > previousShare
        ? "Analysts grow more bullish on \(short)" : "Analysts turn more cautious on \(short)"
    return Text(
      headline: headline,
      summary:
        "\(current.bullish) of the \(current.total) analysts in Raven's simulated coverage of "
        + "\(full) rate the stock a buy or strong buy this month, against "
        + "\(previous.bullish) of \(previous.total) last month. \(current.hold) rate it a hold "
        + "and \(current.sell + current.strongSell) a sell; the simulated consensus is "
        + "\(current.consensus).")
  }

  private func volumeSpike(_ move: DayMove, average: Int64) -> Text {
    let ratio = ExactDecimal(Decimal(move.volume) / Decimal(average), fractionDigits: 1)
      .rounded(toFractionDigits: 1)
    return Text(
      headline: "Heavy trading in \(short) shares",
      summary:
        "\(DisplayFormat.compact(move.volume)) shares of \(full) changed hands in simulated "
        + "trading on \(Self.day(move.date)), \(ratio) times the 20-session average of "
        + "\(DisplayFormat.compact(average)). The stock closed at \(Self.price(move.close)) "
        + "(\(DisplayFormat.percent(Self.percentChange(from: move.previousClose, to: move.close))))."
        + (move.report == nil ? "" : " " + reportSentence(move).dropLast()))
  }

  /// On a report day: what the report said and which way the day answered it.
  private func reportSentence(_ move: DayMove) -> String {
    guard let report = move.report else { return "" }
    let surprise = report.surprise
    let verdict =
      surprise.surprise.isPositive
      ? "beat" : surprise.surprise.isNegative ? "missed" : "matched"
    var sentence =
      "The session followed the simulated \(report.quarter.label) report, out before the "
      + "opening bell, which \(verdict) the consensus EPS estimate "
      + "(\(DisplayFormat.percent(surprise.surprisePercent)))"
    if surprise.surprise.isPositive || surprise.surprise.isNegative {
      let up = move.close > move.previousClose
      sentence +=
        up == surprise.surprise.isPositive
        ? "; the stock moved the way the surprise pointed"
        : "; the stock moved against the surprise"
    }
    return sentence + ". "
  }

  private func weeklyRecap(_ week: WeekMove) -> Text {
    let figure = Self.percentChange(from: week.previousClose, to: week.close, fractionDigits: 1)
    let direction =
      figure.isPositive ? "up \(figure)%" : figure.isNegative ? "down \(figure.magnitude)%" : "flat"
    let change = Price(cents: week.close - week.previousClose)
    let percent = Self.percentChange(from: week.previousClose, to: week.close)
    return Text(
      headline: "\(short) ends the week \(direction)",
      summary:
        "\(full) closed the week at \(Self.price(week.close)) in simulated trading on "
        + "\(Self.day(week.lastDate)), \(change.isNegative ? "down" : "up") "
        + "\(DisplayFormat.currency(change.magnitude)) (\(DisplayFormat.percent(percent))) from "
        + "the previous week's close of \(Self.price(week.previousClose)). Since "
        + "\(Self.day(week.firstDate)) it traded between \(Self.price(week.low)) and "
        + "\(Self.price(week.high)).")
  }

  private func closingMove(_ move: DayMove) -> Text {
    let figure = Self.percentChange(from: move.previousClose, to: move.close, fractionDigits: 1)
    let headline: String
    switch (figure.magnitude < 1 ? "edge" : "", figure.isPositive, figure.isNegative) {
    case (_, false, false):
      headline = "\(short) shares close unchanged at \(Self.price(move.close))"
    case ("edge", true, _): headline = "\(short) shares edge up \(figure)%"
    case ("edge", _, true): headline = "\(short) shares edge down \(figure.magnitude)%"
    case (_, true, _): headline = "\(short) shares rise \(figure)%"
    default: headline = "\(short) shares fall \(figure.magnitude)%"
    }
    return Text(
      headline: headline,
      summary: "\(closing(move)) " + reportSentence(move) + volumeSentence(move))
  }

  /// "Apple Inc (AAPL) closed at $192.34 in simulated trading on Nov 20, 2026, up
  /// $9.55 (+5.23%) from the previous close of $182.79."
  private func closing(_ move: DayMove) -> String {
    let change = Price(cents: move.close - move.previousClose)
    let direction = change.isNegative ? "down" : "up"
    let percent = Self.percentChange(from: move.previousClose, to: move.close)
    return "\(full) closed at \(Self.price(move.close)) in simulated trading on "
      + "\(Self.day(move.date)), \(direction) \(DisplayFormat.currency(change.magnitude)) "
      + "(\(DisplayFormat.percent(percent))) from the previous close of "
      + "\(Self.price(move.previousClose))."
  }

  private func volumeSentence(_ move: DayMove) -> String {
    let volume = "Volume reached \(DisplayFormat.compact(move.volume)) shares"
    guard let average = move.averageVolume, average > 0 else { return volume + "." }
    let ratio = ExactDecimal(Decimal(move.volume) / Decimal(average), fractionDigits: 1)
      .rounded(toFractionDigits: 1)
    return volume + ", \(ratio) times the 20-session average."
  }

  private func dollars(_ amount: ExactDecimal) -> String {
    DisplayFormat.currency(Money(exact: amount))
  }

  private func signedDollars(_ amount: ExactDecimal) -> String {
    DisplayFormat.signedCurrency(Money(exact: amount))
  }

  static func price(_ cents: Int64) -> String { DisplayFormat.currency(Price(cents: cents)) }

  /// The change from `previous` to `close` in percent, as `Quote` computes it.
  static func percentChange(from previous: Int64, to close: Int64, fractionDigits: Int = 2)
    -> ExactDecimal
  {
    Price(cents: previous).percentChange(to: Price(cents: close), fractionDigits: fractionDigits)
      ?? ExactDecimal.zero.withFractionDigits(fractionDigits)
  }

  /// `Nov 20, 2026`: fixed English, whatever the machine's locale.
  static func day(_ date: MarketDate) -> String {
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    return "\(months[date.month - 1]) \(date.day), \(date.year)"
  }
}
