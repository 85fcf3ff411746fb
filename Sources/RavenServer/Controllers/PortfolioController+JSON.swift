import Foundation
import HTTPTypes
import Hummingbird

/// The portfolio is the most requested signed-in route, and `JSONEncoder` was most of
/// its time; it is written with `JSONWriter` instead. The JSON is the same as the
/// `Encodable` conformance produces (a test compares them).
extension PortfolioController.PortfolioBody: ResponseGenerator {
  func response(from request: Request, context: some RequestContext) throws -> Response {
    let buffer = json()
    // The headers Hummingbird's JSON encoder sets.
    var headers = HTTPFields()
    headers.reserveCapacity(4)
    headers[.contentType] = "application/json; charset=utf-8"
    headers[.contentLength] = String(buffer.readableBytes)
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: buffer))
  }

  func json() -> ByteBuffer {
    var writer = JSONWriter(capacity: 512 + 384 * positions.count)
    writer.beginObject()
    writer.field("cash", cash.description)
    writer.field("netWorth", netWorth.description)
    writer.field("marketValue", marketValue.description)
    writer.field("startingCash", startingCash.description)
    writer.field("realizedProfit", realizedProfit.description)
    writer.key("positions")
    writer.beginArray()
    for position in positions {
      writer.beginObject()
      writer.field("symbol", position.symbol.rawValue)
      writer.field("name", position.name)
      writer.field("shares", position.shares.description)
      writer.field("avgCost", position.avgCost.description)
      writer.field("totalCost", position.totalCost.description)
      writer.field("price", position.price.description)
      writer.field("marketValue", position.marketValue.description)
      writer.field("changeFromCost", position.changeFromCost.description)
      writer.field("changeFromCostPercent", position.changeFromCostPercent.description)
      writer.field("dayChange", position.dayChange.description)
      writer.field("dayChangePercent", position.dayChangePercent.description)
      writer.endObject()
    }
    writer.endArray()
    writer.field("asOf", asOf)
    writer.endObject()
    return writer.buffer
  }
}
