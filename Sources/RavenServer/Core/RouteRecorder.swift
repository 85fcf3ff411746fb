import HTTPTypes
import Hummingbird
import Synchronization

/// The routes a router serves, as `"GET /api/v1/quotes"`: what the test that holds the
/// router against `openapi.yaml` reads.
final class RouteList: Sendable {
  private let storage = Mutex<[String]>([])

  func append(_ method: HTTPRequest.Method, _ path: String) {
    storage.withLock { $0.append("\(method.rawValue) \(path)") }
  }

  var all: [String] { storage.withLock { $0 } }
}

/// Stands in for the router while routes are added, forwarding each one and writing it
/// down (Hummingbird does not list a router's routes).
struct RouteRecorder<Context: RequestContext>: RouterMethods {
  let router: Router<Context>
  let list: RouteList

  @discardableResult func on<Responder: HTTPResponder>(
    _ path: RouterPath, method: HTTPRequest.Method, responder: Responder
  ) -> Self where Responder.Context == Context {
    list.append(method, path.description)
    router.on(path, method: method, responder: responder)
    return self
  }

  func add(middleware: any MiddlewareProtocol<Request, Response, Context>) -> Self {
    router.add(middleware: middleware)
    return self
  }
}
