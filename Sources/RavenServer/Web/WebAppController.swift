import Foundation
import HTTPTypes
import Hummingbird

/// Serves the web app: `/` is `index.html`, and every other file of `Resources/web` at its
/// own path (`/js/app.js`, `/sw.js` at the root so the service worker controls the whole
/// app). The app routes with the URL's fragment, so no other path needs `index.html`.
///
/// These routes are files, not API operations: `openapi.yaml` describes the API only.
struct WebAppController {
  let assets: WebAssets
  /// When set (developing the web app), each request reads its file again from here.
  var liveDirectory: URL?

  /// The bundled files, or those of `webDirectory` (re-read on each request) when it is set.
  static func forConfiguration(_ configuration: ServerConfiguration) -> WebAppController {
    guard let path = configuration.webDirectory else { return WebAppController(assets: .bundled) }
    let directory = URL(fileURLWithPath: path, isDirectory: true)
    let assets = (try? WebAssets(directory: directory)) ?? WebAssets(files: [:])
    return WebAppController(assets: assets, liveDirectory: directory)
  }

  func addRoutes(to router: Router<RavenRequestContext>) {
    for (path, asset) in assets.files {
      router.get(RouterPath(path)) { request, _ in Self.response(current(path, asset), for: request)
      }
    }
    if let index = assets.files["/index.html"] {
      router.get("/") { request, _ in
        Self.response(current("/index.html", index), for: request)
      }
    }
  }

  /// The file as it is now on disk when serving a live directory, else the loaded copy.
  private func current(_ path: String, _ loaded: WebAsset) -> WebAsset {
    guard let liveDirectory,
      let bytes = try? Data(
        contentsOf: liveDirectory.appendingPathComponent(String(path.dropFirst())))
    else { return loaded }
    return WebAsset(bytes: bytes, path: path)
  }

  static func response(_ asset: WebAsset, for request: Request) -> Response {
    let gzipped = asset.gzipped.flatMap { acceptsGzip(request) ? $0 : nil }
    let eTag = gzipped == nil ? asset.eTag : asset.gzippedETag
    var headers = HTTPFields()
    headers[.eTag] = eTag
    headers[.cacheControl] = asset.cacheControl
    // Caches must keep the gzipped and the plain file apart.
    if asset.gzipped != nil { headers[.vary] = "Accept-Encoding" }
    if let tags = request.headers[.ifNoneMatch],
      tags == "*" || tags.split(separator: ",").contains(where: { Self.opaqueTag($0) == eTag })
    {
      return Response(status: .notModified, headers: headers)
    }
    let body = gzipped ?? asset.body
    headers[.contentType] = asset.contentType
    if gzipped != nil { headers[.contentEncoding] = "gzip" }
    headers[.contentLength] = String(body.readableBytes)
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
  }

  /// Whether `Accept-Encoding` lists gzip (or `*`) without refusing it with `q=0`.
  static func acceptsGzip(_ request: Request) -> Bool {
    let offers = request.headers[values: .acceptEncoding].flatMap { $0.split(separator: ",") }
    return offers.contains { offer in
      let parts = offer.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let coding = parts.first?.lowercased(), coding == "gzip" || coding == "*" else {
        return false
      }
      let quality = parts.dropFirst().first { $0.lowercased().hasPrefix("q=") }
        .flatMap { Double($0.dropFirst(2)) }
      return (quality ?? 1) > 0
    }
  }

  /// An entity tag of `If-None-Match` without surrounding spaces or a weak `W/` prefix.
  private static func opaqueTag(_ tag: Substring) -> String {
    let text = tag.trimmingCharacters(in: .whitespaces)
    return text.hasPrefix("W/") ? String(text.dropFirst(2)) : text
  }
}
