/// What Alpha Vantage answered at HTTP 200: one of its refusals, or `Answer`. Both are
/// read from one decoding of the document; a refusal is recognised first, since it is
/// never the answer asked for.
enum AlphaVantageReply<Answer: Decodable>: Decodable {
  case refused(AlphaVantageRefusal)
  case answered(Answer)

  init(from decoder: any Decoder) throws {
    if let refusal = AlphaVantageRefusal(decoder) {
      self = .refused(refusal)
    } else {
      self = .answered(try Answer(from: decoder))
    }
  }
}
