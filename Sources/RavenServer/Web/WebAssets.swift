import CompressNIO
import Crypto
import Foundation
import NIOCore

/// One file of the web app, read once: its bytes, type, validator and caching rule.
struct WebAsset: Sendable {
  var body: ByteBuffer
  /// The same bytes gzipped, for text files where that is smaller (the whole shell goes
  /// from ~120 KB to ~40 KB); `nil` for images, which are compressed already.
  var gzipped: ByteBuffer?
  var contentType: String
  /// A strong validator: the first 16 bytes of the content's SHA-256, quoted.
  var eTag: String
  /// The gzipped representation's validator: a different representation, a different tag.
  var gzippedETag: String
  var cacheControl: String

  init(bytes file: Data, path: String) {
    contentType = Self.contentType(of: path)
    let bytes = Self.served(file, path: path)
    body = ByteBuffer(bytes: bytes)
    let digest = SHA256.hash(data: bytes).prefix(16).map { String(format: "%02x", $0) }
    eTag = "\"\(digest.joined())\""
    gzippedETag = "\"\(digest.joined())-gzip\""
    var source = body  // compressing reads (moves) the buffer's reader index
    if !contentType.hasPrefix("image/png"), !contentType.hasPrefix("image/x-icon"),
      let compressed = try? source.compress(
        with: CompressionAlgorithm.gzip(configuration: ZlibConfiguration(compressionLevel: 9))),
      compressed.readableBytes < body.readableBytes
    {
      gzipped = compressed
    }
    // Icons never change under a name; the shell revalidates (a cheap 304) every time.
    cacheControl = path.hasPrefix("/icons/") ? "public, max-age=86400" : "no-cache"
  }

  /// What is sent of a file: scripts and styles without their whole-line comments, and
  /// without the whitespace their grammars give no meaning.
  static func served(_ file: Data, path: String) -> Data {
    let script = path.hasSuffix(".js")
    guard script || path.hasSuffix(".css"), let text = String(data: file, encoding: .utf8) else {
      return file
    }
    let stripped = SourceComments.stripped(text, javaScript: script)
    return Data((script ? ScriptSpacing.collapsed(stripped) : stripped).utf8)
  }

  static func contentType(of path: String) -> String {
    switch path.split(separator: ".").last.map(String.init) ?? "" {
    case "html": "text/html; charset=utf-8"
    case "js": "text/javascript; charset=utf-8"
    case "css": "text/css; charset=utf-8"
    case "webmanifest": "application/manifest+json"
    case "json": "application/json"
    case "svg": "image/svg+xml"
    case "png": "image/png"
    case "ico": "image/x-icon"
    case "txt": "text/plain; charset=utf-8"
    default: "application/octet-stream"
    }
  }
}

/// The web app's static files (`Resources/web`), loaded into memory when the server is
/// built: a few hundred kilobytes, served without touching the disk again.
struct WebAssets: Sendable {
  /// By URL path: `/index.html`, `/js/app.js`, `/icons/icon-192.png`, …
  let files: [String: WebAsset]

  /// The files shipped in the package's resources.
  static let bundled: WebAssets = {
    guard let root = Bundle.module.url(forResource: "Resources/web", withExtension: nil) else {
      return WebAssets(files: [:])
    }
    return (try? WebAssets(directory: root)) ?? WebAssets(files: [:])
  }()

  init(files: [String: WebAsset]) { self.files = files }

  /// Reads every regular file under `directory`, keyed by its path below it.
  init(directory: URL) throws {
    let root = directory.standardizedFileURL.resolvingSymlinksInPath().path
    var files: [String: WebAsset] = [:]
    let enumerator = FileManager.default.enumerator(
      at: directory, includingPropertiesForKeys: [.isRegularFileKey],
      options: [.skipsHiddenFiles])
    while let url = enumerator?.nextObject() as? URL {
      guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else {
        continue
      }
      let full = url.standardizedFileURL.resolvingSymlinksInPath().path
      guard full.hasPrefix(root) else { continue }
      let path = String(full.dropFirst(root.count))
      files[path] = WebAsset(bytes: try Data(contentsOf: url), path: path)
    }
    self.files = files
  }
}
