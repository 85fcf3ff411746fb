import Testing

@testable import RavenServer

@Suite("Waiting for the migrations")
struct StartupGateTests {
  @Test("A wait ends when the gate opens, and at once after")
  func opens() async {
    let gate = StartupGate()
    let waiter = Task { await gate.wait() }
    gate.open()
    await waiter.value
    await gate.wait()
  }

  @Test("A cancelled wait ends without the gate opening")
  func cancelled() async {
    let gate = StartupGate()
    let waiter = Task { await gate.wait() }
    waiter.cancel()
    await waiter.value
  }
}
