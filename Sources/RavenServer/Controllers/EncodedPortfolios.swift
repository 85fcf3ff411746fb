import Foundation
import HTTPTypes
import Hummingbird
import RavenAPI
import RavenCore
import RavenStore

/// Each account's last portfolio answer, encoded: a portfolio polled many times between two
/// price moves is encoded once. The answer is valued afresh on every request and the kept
/// bytes are reused only when every figure in it is the same, so nothing shown is older
/// than a fresh answer would be; `asOf` says when those figures were first valued (at most
/// `RecentReads.lifetime` ago).
struct EncodedPortfolios: Sendable {
  private struct Encoded: Sendable {
    var body: PortfolioBody
    var bytes: ByteBuffer
  }

  private let kept: RecentReads<AccountID, Encoded>

  init(clock: any WallClock, capacity: Int = 10_000) {
    kept = RecentReads(lifetime: 1, capacity: capacity, clock: clock)
  }

  /// `body` as the JSON answer `JSONBody` would give, with `headers`.
  func response(_ body: PortfolioBody, for accountID: AccountID, headers: HTTPFields) throws
    -> Response
  {
    let bytes = try encoded(body, for: accountID)
    var fields = HTTPFields()
    fields.reserveCapacity(headers.count + 4)
    fields[.contentType] = "application/json; charset=utf-8"
    fields[.contentLength] = String(bytes.readableBytes)
    fields.append(contentsOf: headers)
    return Response(status: .ok, headers: fields, body: ResponseBody(byteBuffer: bytes))
  }

  private func encoded(_ body: PortfolioBody, for accountID: AccountID) throws -> ByteBuffer {
    if let last = kept.value(for: accountID) {
      var same = body
      same.asOf = last.body.asOf
      if same == last.body { return last.bytes }
    }
    let mark = kept.mark()
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let bytes = ByteBuffer(data: try encoder.encode(body))
    kept.remember(Encoded(body: body, bytes: bytes), for: accountID, readSince: mark)
    return bytes
  }
}
