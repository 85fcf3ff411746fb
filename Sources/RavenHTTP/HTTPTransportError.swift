/// Why a request got no answer. Its descriptions never name the host or the URL, which
/// may carry a key.
public enum HTTPTransportError: Error, Sendable, Hashable, CustomStringConvertible {
  /// No answer within the request's timeout.
  case timedOut
  /// The answer was larger than the transport holds in memory.
  case answerTooLarge
  /// The request was not sent: whoever meters this transport's requests had no budget
  /// left for it (see `MeteredTransport` in RavenGateway).
  case notAdmitted
  /// The connection failed; `reason` names the failure's kind, for logs.
  case failed(reason: String)

  public var description: String {
    switch self {
    case .timedOut: "the request timed out"
    case .answerTooLarge: "the answer was too large"
    case .notAdmitted: "the request was not admitted by its rate budget"
    case .failed(let reason): "the request failed (\(reason))"
    }
  }
}
