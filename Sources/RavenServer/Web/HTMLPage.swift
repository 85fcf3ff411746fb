import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// One of Raven's own small pages outside the web app (a simulated story, the simulated
/// market): server-rendered HTML that reads well on a phone, in the app's light or dark
/// look, and previews when its link is shared. Text fields are escaped here; `content` is
/// markup its maker built with `HTML.escape`.
struct HTMLPage: ResponseGenerator {
  /// An Open Graph property, `<meta property="og:title" content="…">`.
  struct Meta: Sendable {
    var property: String
    var content: String
  }

  var status: HTTPResponse.Status = .ok
  var title: String
  var description: String
  var openGraph: [Meta] = []
  /// The page's address where people reach it, for `<link rel="canonical">`.
  var canonicalURL: String?
  var content: String
  var cacheControl = "no-cache"

  /// The markup of the whole page.
  var html: String {
    let meta = openGraph.map {
      "<meta property=\"\(HTML.escape($0.property))\" content=\"\(HTML.escape($0.content))\">"
    }
    let canonical = canonicalURL.map { "<link rel=\"canonical\" href=\"\(HTML.escape($0))\">" }
    let head =
      [
        "<meta charset=\"utf-8\">",
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
        "<title>\(HTML.escape(title))</title>",
        "<meta name=\"description\" content=\"\(HTML.escape(description))\">",
      ] + meta + (canonical.map { [$0] } ?? []) + [
        "<link rel=\"icon\" href=\"/icons/icon.svg\" type=\"image/svg+xml\">",
        "<style>\(Self.style)</style>",
      ]
    return """
      <!doctype html>
      <html lang="en">
      <head>
      \(head.joined(separator: "\n"))
      </head>
      <body>
      <main>
      <p class="brand"><a href="/">Raven</a></p>
      \(content)
      </main>
      </body>
      </html>

      """
  }

  func response(from request: Request, context: some RequestContext) throws -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "text/html; charset=utf-8"
    headers[.cacheControl] = cacheControl
    headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
    return Response(status: status, headers: headers, body: .init(byteBuffer: .init(string: html)))
  }

  /// The app's system font, iOS colours light and dark, one readable column.
  static let style = [
    ":root{color-scheme:light dark;--bg:#f2f2f7;--cell:#fff;--label:#000;",
    "--label2:rgba(60,60,67,.6);--fill:rgba(118,118,128,.12);--blue:#007aff}",
    "@media (prefers-color-scheme:dark){:root{--bg:#000;--cell:#1c1c1e;--label:#fff;",
    "--label2:rgba(235,235,245,.6);--fill:rgba(118,118,128,.24);--blue:#0a84ff}}",
    "body{margin:0;background:var(--bg);color:var(--label);font:17px/1.45 -apple-system,",
    "BlinkMacSystemFont,system-ui,\"Segoe UI\",Roboto,\"Helvetica Neue\",Arial,sans-serif}",
    "main{max-width:640px;margin:0 auto;padding:16px}",
    "a{color:var(--blue);text-decoration:none}a:hover{text-decoration:underline}",
    ".brand{font-weight:700;margin:0 0 12px}",
    "article,section{background:var(--cell);border-radius:12px;padding:16px 20px}",
    "h1{font-size:26px;line-height:1.2;margin:8px 0 12px}h2{font-size:20px;margin:20px 0 8px}",
    "code{font-size:15px;overflow-wrap:anywhere}",
    ".meta{color:var(--label2);font-size:15px;margin:0}",
    ".mark{display:inline-block;margin-left:6px;padding:1px 6px;border-radius:5px;",
    "font-size:11px;font-weight:600;background:var(--fill);color:var(--label2);",
    "text-transform:uppercase;letter-spacing:.3px;vertical-align:1px}",
    "footer{color:var(--label2);font-size:14px;padding:12px 4px}",
  ].joined()

  /// The app's policy, with this page's one inline stylesheet allowed by its hash: no
  /// other inline style or script runs, and the rest of the app keeps its own policy.
  static let contentSecurityPolicy: String = {
    let digest = Data(SHA256.hash(data: Data(style.utf8))).base64EncodedString()
    return SecurityHeadersMiddleware<RavenRequestContext>.contentSecurityPolicy(
      styleSources: ["'sha256-\(digest)'"])
  }()
}

enum HTML {
  /// `text` safe inside an element or a quoted attribute.
  static func escape(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
