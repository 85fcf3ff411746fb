import Logging

/// Passes every log on except Hummingbird's "Error handling upgrade result" for a
/// connection that closed before its first request head was complete, which it logs as
/// an error. Such closes are routine (a browser's preconnect, a port scan, the
/// `RequestHeadGuard` hanging up), and an error line per attacker's socket would let
/// anyone flood the log; they go to debug instead.
struct QuietClosedConnections: LogHandler {
  var base: any LogHandler

  func log(event: LogEvent) {
    var event = event
    if event.level > .debug, event.message.description == "Error handling upgrade result" {
      event.level = .debug
      guard base.logLevel <= .debug else { return }
    }
    base.log(event: event)
  }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { base[metadataKey: key] }
    set { base[metadataKey: key] = newValue }
  }

  var metadata: Logger.Metadata {
    get { base.metadata }
    set { base.metadata = newValue }
  }

  var logLevel: Logger.Level {
    get { base.logLevel }
    set { base.logLevel = newValue }
  }

  var metadataProvider: Logger.MetadataProvider? {
    get { base.metadataProvider }
    set { base.metadataProvider = newValue }
  }
}
