/// Holds back work that needs the database until the migrations have run: services
/// start before `beforeServerStarts`, where the migrations run, so the order engine's
/// first pass would otherwise find no tables on a new database.
///
/// One waiter; its wait ends when the gate opens or when its task is cancelled (a
/// failed migration shuts the services down, and a waiter must not hold that up).
struct StartupGate: Sendable {
  private let stream: AsyncStream<Never>
  private let continuation: AsyncStream<Never>.Continuation

  init() {
    (stream, continuation) = AsyncStream<Never>.makeStream()
  }

  func open() { continuation.finish() }

  func wait() async {
    for await _ in stream {}
  }
}
