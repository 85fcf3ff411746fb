import HTTPTypes
import Hummingbird
import Logging

/// `/metrics` on a listener of its own (`--metrics-port`), bound to loopback unless told
/// otherwise: per-route latency, trade counts and upstream budgets are for the operator's
/// Prometheus, not for anyone who can reach the app.
enum MetricsListener {
  static func application(
    metrics: AppMetrics, host: String, port: Int, logger: Logger
  ) -> some ApplicationProtocol {
    let router = Router()
    router.get("/metrics") { _, _ -> Response in
      var headers = HTTPFields()
      headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
      headers[.cacheControl] = "no-store"
      return Response(
        status: .ok, headers: headers,
        body: .init(byteBuffer: .init(string: metrics.exposition())))
    }
    return Application(
      router: router,
      configuration: .init(address: .hostname(host, port: port), serverName: "Raven metrics"),
      onServerRunning: { channel in
        logger.info(
          "Metrics are served",
          metadata: ["url": "http://\(host):\(channel.localAddress?.port ?? port)/metrics"])
      },
      logger: logger)
  }
}
