import Foundation
import RavenCore
import RavenMarketData

/// A lane's flights: asking the sources in order, within their budgets and circuits, and
/// storing what they answer (the cache's lookups are in `CacheLane.swift`).
extension CacheLane {
  /// Fetches `keys` from the first source of the chain that can answer, within its
  /// budget and circuit, caches what it gets, and answers every key: fresh, stale
  /// (`stale` holds the last good values), or failed. Runs once per flight, whoever
  /// awaits it.
  ///
  /// A source that is failing (circuit open, transient error) or turns out not to serve
  /// the kind hands over to the next; one that is only out of budget while every key
  /// has a last good value does not, so a fallback's scarce budget is not spent on what
  /// the cache can answer until the main source's budget refills.
  func load(_ keys: [Key], at instant: Date, stale: [Key: Entry], flight: UInt64) async
    -> [Key: Outcome]
  {
    let everyKeyHasFallback = keys.allSatisfy { stale[$0] != nil }
    // Why the preferred source could not answer: what a caller is told when none could.
    var failure: MarketDataError?
    for upstream in context.upstreams where upstream.serves(kind) {
      let admission = await upstream.admit(
        kind, tokens: costPerKey ? keys.count : 1, hasFallback: everyKeyHasFallback)
      switch admission {
      case .refused(let error):
        if error == .rateLimited && everyKeyHasFallback {
          return finish(
            keys, flight: flight, storing: [:],
            answers: fallback(keys, stale: stale, because: error, at: instant))
        }
        failure = failure ?? error
      case .granted(let ticket):
        switch await call(upstream, ticket, keys, at: instant, stale: stale) {
        case .answered(let entries, let answers):
          return finish(keys, flight: flight, storing: entries, answers: answers)
        case .failed(let error):
          failure = failure ?? error
        }
      }
    }
    let reason = failure ?? .unsupported(kind.description)
    return finish(
      keys, flight: flight, storing: [:],
      answers: fallback(keys, stale: stale, because: reason, at: instant))
  }

  enum CallResult {
    /// Answers for every key (some from `stale`), and the entries to cache.
    case answered([Key: Entry], [Key: Outcome])
    /// The source failed or cannot serve the kind: the next one is to be asked.
    case failed(MarketDataError)
  }

  /// One admitted call to `upstream`, for `instant`.
  func call(
    _ upstream: Upstream, _ ticket: Upstream.Ticket, _ keys: [Key], at instant: Date,
    stale: [Key: Entry]
  ) async -> CallResult {
    // When the budget covers fewer keys than asked, the never-fetched go first, then the oldest.
    let asked =
      costPerKey && ticket.tokens < keys.count
      ? Array(
        keys.sorted {
          (stale[$0]?.asOf ?? .distantPast) < (stale[$1]?.asOf ?? .distantPast)
        }.prefix(ticket.tokens)) : keys
    let source = upstream.provider.attribution
    var entries: [Key: Entry] = [:]
    var answers: [Key: Outcome] = [:]
    let meter = UpstreamRequestMeter(covered: ticket.tokens) {
      await upstream.takeFollowUpToken()
    }
    do {
      let values = try await fetch(asked, from: upstream.provider, at: instant, meter: meter)
      upstream.finish(ticket, failure: nil)
      for key in asked {
        if let value = values[key] {
          entries[key] = Entry(
            result: .success(value), asOf: instant, expiresAt: expiry(key, value, instant),
            source: source)
          answers[key] = .success(
            MarketAnswer(value: value, fetchedAt: instant, age: 0, source: source))
        } else {
          entries[key] = negativeEntry(absent(key), at: instant, source: source)
          answers[key] = .failure(absent(key))
        }
      }
    } catch {
      if meter.refusedARequest {
        // Cut short by the gateway's own budget: the provider answered every request it
        // was sent, so its circuit and budget are not charged with a failure.
        upstream.finish(ticket, failure: nil)
        return .failed(error)
      }
      upstream.finish(ticket, failure: error)
      if error.isTransient { return .failed(error) }
      if error.isUnsupported {
        if case .unsupported = error { upstream.stopServing(kind) }
        return .failed(error)
      }
      for key in asked {
        entries[key] = negativeEntry(error, at: instant, source: source)
        answers[key] = .failure(error)
      }
    }
    let skipped = keys.filter { answers[$0] == nil }
    answers.merge(fallback(skipped, stale: stale, because: .rateLimited, at: instant)) {
      first, _ in first
    }
    return .answered(entries, answers)
  }

  /// Asks `provider` for `keys` at `instant` with `meter` in place for every request it sends.
  func fetch(
    _ keys: [Key], from provider: any MarketDataProvider, at instant: Date,
    meter: UpstreamRequestMeter
  ) async throws(MarketDataError) -> [Key: Value] {
    do {
      return try await UpstreamRequestMeter.$current.withValue(meter) {
        try await fetch(keys, from: provider, at: instant)
      }
    } catch let error as MarketDataError {
      throw error
    } catch {
      throw .unavailable("\(error)")
    }
  }

  func fetch(_ keys: [Key], from provider: any MarketDataProvider, at instant: Date)
    async throws(MarketDataError) -> [Key: Value]
  {
    if let fetchMany, keys.count > 1 { return try await fetchMany(provider, keys, instant) }
    guard let key = keys.first else { return [:] }
    return [key: try await fetchOne(provider, key, instant)]
  }

  func negativeEntry(
    _ error: MarketDataError, at instant: Date, source: DataAttribution
  ) -> Entry {
    Entry(
      result: .failure(error), asOf: instant,
      expiresAt: instant.addingTimeInterval(context.negativeLifetime), source: source)
  }

  /// The last good value of each key marked stale, or `error` for keys without one.
  func fallback(
    _ keys: [Key], stale: [Key: Entry], because error: MarketDataError, at instant: Date
  ) -> [Key: Outcome] {
    var answers: [Key: Outcome] = [:]
    for key in keys {
      // A source that cannot serve the request has answered it: a last good value (maybe
      // another window's, from the key's family) would stand in for what was asked.
      if !error.isUnsupported, let entry = stale[key], case .success(let value) = entry.result {
        answers[key] = .success(
          MarketAnswer(
            value: value, fetchedAt: entry.asOf, age: instant.timeIntervalSince(entry.asOf),
            source: entry.source, staleReason: error))
      } else {
        answers[key] = .failure(error)
      }
    }
    return answers
  }

  /// Stores the new entries and ends the flight of `keys` in one step, so a request
  /// always finds either the flight or its result. An entry for a later instant stays.
  func finish(
    _ keys: [Key], flight: UInt64, storing entries: [Key: Entry], answers: [Key: Outcome]
  ) -> [Key: Outcome] {
    state.withLock { state in
      for (key, entry) in entries
      where (state.cache.peek(key)?.asOf ?? .distantPast) <= entry.asOf {
        let entryCost: Int
        switch entry.result {
        case .success(let value): entryCost = cost(value)
        case .failure: entryCost = 1
        }
        state.cache.insert(entry, forKey: key, cost: entryCost)
        if let family, case .success = entry.result {
          // Families outnumbering the cache's capacity are forgotten together.
          if state.latestInFamily.count >= 100_000 { state.latestInFamily.removeAll() }
          state.latestInFamily[family(key)] = key
        }
      }
      for key in keys where state.inFlight[key]?.id == flight { state.inFlight[key] = nil }
    }
    return answers
  }
}
