import CoreMetrics
import Foundation
import Hummingbird
import Prometheus

/// The server's Prometheus metrics, on a registry of its own (not the process-global
/// `MetricsSystem`), so that each application, and each test, counts for itself.
struct AppMetrics: Sendable {
  let registry: PrometheusCollectorRegistry
  let factory: PrometheusMetricsFactory

  init() {
    registry = PrometheusCollectorRegistry()
    var factory = PrometheusMetricsFactory(registry: registry)
    factory.defaultDurationHistogramBuckets = [
      .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
      .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
      .milliseconds(500), .seconds(1), .seconds(2.5),
    ]
    self.factory = factory
  }

  func tradeExecuted(side: String) {
    Counter(label: "raven_trades_total", dimensions: [("side", side)], factory: factory).increment()
  }

  func tradeRefused(code: String) {
    Counter(label: "raven_trades_refused_total", dimensions: [("code", code)], factory: factory)
      .increment()
  }

  func streamSubscribers(_ count: Int) {
    Gauge(label: "raven_websocket_subscribers", factory: factory).record(count)
  }

  func streamConnections(_ count: Int) {
    Gauge(label: "raven_websocket_connections", factory: factory).record(count)
  }

  /// The Prometheus text exposition of everything recorded.
  func exposition() -> String {
    registry.emitToString()
  }
}

/// Counts requests and records their latency by route pattern (never the raw path, so
/// symbols and ids do not explode the label set).
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
  let metrics: AppMetrics

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let start = ContinuousClock.now
    let response = try await next(request, context)
    let dimensions = [
      ("method", request.method.rawValue),
      ("route", context.endpointPath ?? "unmatched"),
      ("status", String(response.status.code)),
    ]
    Counter(label: "raven_http_requests_total", dimensions: dimensions, factory: metrics.factory)
      .increment()
    Timer(
      label: "raven_http_request_duration_seconds", dimensions: Array(dimensions.dropLast()),
      factory: metrics.factory
    ).recordNanoseconds((ContinuousClock.now - start).nanoseconds)
    return response
  }
}

extension Duration {
  fileprivate var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
