import HummingbirdBcrypt
import NIOPosix

/// bcrypt, run on NIO's blocking thread pool: a hash at cost 12 takes a few hundred
/// milliseconds of CPU, which must not stall the threads that serve requests.
struct PasswordHasher: Sendable {
  /// bcrypt's work factor; tests use the minimum (4) to stay fast.
  let cost: UInt8
  let threadPool: NIOThreadPool

  func hash(_ password: String) async throws -> String {
    let cost = cost
    return try await threadPool.runIfActive { Bcrypt.hash(password, cost: cost) }
  }

  func verify(_ password: String, hash: String) async throws -> Bool {
    try await threadPool.runIfActive { Bcrypt.verify(password, hash: hash) }
  }
}
