import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RavenServer

@Suite("The web app's files")
struct WebAppRouteTests {
  @Test("/ is the app's page; its modules, styles, manifest and service worker are served")
  func shell() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let page = try await client.json(.get, "/")
      #expect(page.status == .ok)
      #expect(page.headers[.contentType] == "text/html; charset=utf-8")
      #expect(page.text.contains(#"<script type="module" src="/js/app.js"></script>"#))
      #expect(!page.text.contains("<script>"))  // the CSP allows no inline script
      #expect(page.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
      for (path, type) in [
        ("/js/app.js", "text/javascript; charset=utf-8"),
        ("/css/app.css", "text/css; charset=utf-8"),
        ("/sw.js", "text/javascript; charset=utf-8"),
        ("/icons/icon-192.png", "image/png"), ("/icons/apple-touch-icon.png", "image/png"),
        ("/manifest.webmanifest", "application/manifest+json"),
        ("/icons/icon.svg", "image/svg+xml"),
      ] {
        let response = try await client.json(.get, path)
        #expect(response.status == .ok, "\(path)")
        #expect(response.headers[.contentType] == type, "\(path)")
      }
    }
  }

  @Test("Every module the page imports exists, so the app never loads half")
  func importsResolve() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let app = try await client.json(.get, "/js/app.js").text
      #expect(app.contains("from './home.js'"))
      for module in ["api", "dom", "format", "ui", "stream", "chart", "lists", "search", "auth"]
        + ["home", "stock", "trade", "news", "insights", "goals", "history"]
      {
        #expect(try await client.json(.get, "/js/\(module).js").status == .ok, "\(module).js")
      }
      let worker = try await client.json(.get, "/sw.js").text
      #expect(worker.contains("'/api/'"))  // the service worker never caches API data
    }
  }

  /// DESIGN.md's budget for the app's code: a phone on a slow network loads it in seconds.
  static let gzippedBudget = 60_000

  @Test("The app's JS and CSS together stay within 60 KB gzipped, as the server sends them")
  func withinBudget() {
    let code = WebAssets.bundled.files.filter {
      $0.key.hasSuffix(".js") || $0.key.hasSuffix(".css")
    }
    #expect(code.count > 15)
    let sent = code.values.reduce(0) { $0 + ($1.gzipped ?? $1.body).readableBytes }
    #expect(sent <= Self.gzippedBudget, "JS + CSS gzipped: \(sent) bytes")
  }

  @Test("The service worker keeps every module of the shell, so an offline start loads whole")
  func workerKeepsEveryModule() async throws {
    let modules = WebAssets.bundled.files.keys.filter {
      $0.hasPrefix("/js/") && $0.hasSuffix(".js")
    }
    .map { String($0.dropFirst("/js/".count).dropLast(".js".count)) }
    #expect(modules.count > 15)
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let worker = try await client.json(.get, "/sw.js").text
      for module in modules.sorted() {
        #expect(worker.contains("'\(module)'"), "sw.js does not keep \(module).js")
      }
    }
  }

  @Test("A file revalidates with its ETag: 304 without a body")
  func notModified() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let first = try await client.json(.get, "/css/app.css")
      let tag = try #require(first.headers[.eTag])
      #expect(first.headers[.cacheControl] == "no-cache")
      var headers = HTTPFields()
      headers[.ifNoneMatch] = tag
      let again = try await client.json(.get, "/css/app.css", headers: headers)
      #expect(again.status == .notModified && again.body.readableBytes == 0)
    }
  }

  @Test("Text files go gzipped to clients that accept it, with their own ETag; images never")
  func gzip() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let plain = try await client.json(.get, "/js/stock.js")
      #expect(plain.headers[.contentEncoding] == nil)
      #expect(plain.headers[.vary] == "Accept-Encoding")

      var accepting = HTTPFields()
      accepting[.acceptEncoding] = "br, gzip;q=0.8"
      let zipped = try await client.json(.get, "/js/stock.js", headers: accepting)
      #expect(zipped.headers[.contentEncoding] == "gzip")
      #expect(zipped.headers[.contentType] == "text/javascript; charset=utf-8")
      #expect(zipped.body.readableBytes < plain.body.readableBytes / 2)
      #expect(zipped.body.getBytes(at: 0, length: 2) == [0x1F, 0x8B])  // gzip's magic number
      var compressed = zipped.body
      var unzipped = try compressed.decompress(with: .gzip())
      #expect(unzipped.readString(length: unzipped.readableBytes) == plain.text)
      let tag = try #require(zipped.headers[.eTag])
      #expect(tag != plain.headers[.eTag])
      var revalidate = accepting
      revalidate[.ifNoneMatch] = tag
      #expect(
        try await client.json(.get, "/js/stock.js", headers: revalidate).status == .notModified)

      var refusing = HTTPFields()
      refusing[.acceptEncoding] = "gzip;q=0, identity"
      let refused = try await client.json(.get, "/js/stock.js", headers: refusing)
      #expect(refused.headers[.contentEncoding] == nil)
      let icon = try await client.json(.get, "/icons/icon-192.png", headers: accepting)
      #expect(icon.headers[.contentEncoding] == nil)
    }
  }

  @Test("With webDirectory set, a file is read again from disk on every request")
  func liveDirectory() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("raven-web-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("js"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("<!doctype html><p>one".utf8).write(to: directory.appendingPathComponent("index.html"))
    try Data("export const a = 1;".utf8).write(to: directory.appendingPathComponent("js/a.js"))
    var configuration = TestServer.configuration()
    configuration.webDirectory = directory.path
    let app = try await TestServer.make(configuration: configuration)
    try await app.test(.router) { client in
      #expect(try await client.json(.get, "/").text == "<!doctype html><p>one")
      try Data("export const a = 2;".utf8).write(to: directory.appendingPathComponent("js/a.js"))
      #expect(try await client.json(.get, "/js/a.js").text == "export const a=2;")
      #expect(try await client.json(.get, "/js/app.js").status == .notFound)
    }
  }
}
