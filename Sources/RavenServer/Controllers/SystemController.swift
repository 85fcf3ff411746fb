import Foundation
import HTTPTypes
import Hummingbird
import RavenAPI
import RavenCore

/// Health and the APIs' own descriptions (Raven's, and the Alpaca-compatible one's, which
/// needs no key: it documents how to use one); metrics are on a listener of their own
/// (`MetricsListener`).
struct SystemController {
  let clock: any WallClock
  let openAPIDocument: String
  let alpacaOpenAPIDocument: String

  func addRoutes(to router: some RouterMethods<RavenRequestContext>) {
    router.get("/healthz", use: health)
    router.get("/api/v1/openapi.yaml", use: openAPI)
    router.get("/v2/openapi.yaml", use: alpacaOpenAPI)
  }

  @Sendable func alpacaOpenAPI(_ request: Request, context: RavenRequestContext) async throws
    -> Response
  {
    text(alpacaOpenAPIDocument, contentType: "application/yaml; charset=utf-8")
  }

  @Sendable func health(_ request: Request, context: RavenRequestContext) async throws -> JSONBody<
    HealthBody
  > {
    JSONBody(HealthBody(status: "ok", time: clock.now))
  }

  @Sendable func openAPI(_ request: Request, context: RavenRequestContext) async throws -> Response
  {
    text(openAPIDocument, contentType: "application/yaml; charset=utf-8")
  }

  private func text(_ body: String, contentType: String) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = contentType
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: .init(string: body)))
  }
}
