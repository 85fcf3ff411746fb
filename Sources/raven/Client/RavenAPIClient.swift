import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Talks to a Raven server's JSON API, as the web app does: the CLI is just another client.
struct RavenAPIClient {
  let server: URL
  let token: String?
  let httpClient: HTTPClient

  /// An error the server answered with: `{"error": {"code", "message"}}`.
  struct APIFailure: Error, CustomStringConvertible {
    var status: Int
    var code: String
    var message: String
    var description: String { message }
  }

  /// Sends a request without a body and decodes the JSON answer (nothing for 204).
  func send<Response: Decodable>(
    _ method: HTTPMethod, _ path: String, query: [String: String] = [:],
    headers extra: [(String, String)] = [], as type: Response.Type = Response.self
  ) async throws -> Response {
    try await send(
      method, path, query: query, body: Optional<Empty>.none, headers: extra, as: type)
  }

  /// Sends a JSON body and decodes the JSON answer (nothing for 204).
  func send<Body: Encodable, Response: Decodable>(
    _ method: HTTPMethod, _ path: String, query: [String: String] = [:], body: Body?,
    headers extra: [(String, String)] = [], as: Response.Type = Response.self
  ) async throws -> Response {
    var request = HTTPClientRequest(url: try url(path, query: query))
    request.method = method
    request.headers.add(name: "Accept", value: "application/json")
    if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
    for (name, value) in extra { request.headers.add(name: name, value: value) }
    if let body {
      request.headers.add(name: "Content-Type", value: "application/json")
      request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))
    }
    let response: HTTPClientResponse
    do {
      response = try await httpClient.execute(request, timeout: .seconds(30))
    } catch {
      throw Unreachable(server: server, reason: "\(error)")
    }
    let bytes = try await response.body.collect(upTo: 16 * 1024 * 1024)
    let data = Data(buffer: bytes)
    guard (200..<300).contains(response.status.code) else {
      let envelope = try? JSONDecoder().decode(ErrorEnvelope.self, from: data)
      throw APIFailure(
        status: Int(response.status.code),
        code: envelope?.error.code ?? "http_\(response.status.code)",
        message: envelope?.error.message ?? "The server answered \(response.status)")
    }
    if let empty = Empty() as? Response { return empty }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(Response.self, from: data)
  }

  /// The server did not answer at all.
  struct Unreachable: Error, CustomStringConvertible {
    var server: URL
    var reason: String
    var description: String {
      "Cannot reach the Raven server at \(server.absoluteString) (\(reason))"
    }
  }

  struct Empty: Codable {}

  /// The server's URL for `path` with `query` percent-encoded (`+` too, which a server
  /// may read as a space).
  private func url(_ path: String, query: [String: String]) throws -> String {
    guard
      var components = URLComponents(
        url: server.appendingPathComponent(path), resolvingAgainstBaseURL: false)
    else { throw CommandFailure(message: "'\(path)' is not a path on \(server.absoluteString)") }
    if !query.isEmpty {
      components.queryItems = query.sorted { $0.key < $1.key }.map(URLQueryItem.init)
      components.percentEncodedQuery = components.percentEncodedQuery?
        .replacingOccurrences(of: "+", with: "%2B")
    }
    return components.string ?? server.absoluteString
  }

  private struct ErrorEnvelope: Decodable {
    struct Detail: Decodable {
      var code: String
      var message: String
    }
    var error: Detail
  }
}

extension Data {
  fileprivate init(buffer: ByteBuffer) {
    self = buffer.getData(at: buffer.readerIndex, length: buffer.readableBytes) ?? Data()
  }
}
