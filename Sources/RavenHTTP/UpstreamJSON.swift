import Foundation

/// Reads an upstream's JSON answer with Foundation's `JSONDecoder` into the `Decodable`
/// shape its documentation gives.
package enum UpstreamJSON {
  /// `bytes` as `Answer`; `nil` when they are not JSON of that shape. Callers turn that
  /// into their own "unreadable answer" error; the decoder's detail is not shown to users.
  package static func decode<Answer: Decodable>(
    _ type: Answer.Type, from bytes: some Sequence<UInt8>
  ) -> Answer? {
    try? JSONDecoder().decode(type, from: Data(bytes))
  }
}
