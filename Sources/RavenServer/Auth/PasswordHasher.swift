import Crypto
import Foundation
import HummingbirdBcrypt
import NIOPosix
import Synchronization

/// bcrypt, run on NIO's blocking thread pool: a hash at cost 12 takes a few hundred
/// milliseconds of CPU, which must not stall the threads that serve requests.
///
/// bcrypt reads at most 72 bytes and stops at a NUL, so a password goes to it as the base64
/// of its SHA-256 (44 ASCII bytes): every byte of the password counts, whatever its length.
/// Such hashes carry `preHashedPrefix`; hashes made before (plain bcrypt) still verify, and
/// are replaced at the next sign-in (`needsUpgrade`).
struct PasswordHasher: Sendable {
  static let preHashedPrefix = "sha256+"

  /// bcrypt's work factor; tests use the minimum (4) to stay fast.
  let cost: UInt8
  let threadPool: NIOThreadPool
  /// A hash of a password no one has, checked for a username no one has, so that an
  /// unknown name costs the same bcrypt work as a wrong password (no timing tells which).
  let decoy: String
  /// bcrypt verifications run so far: the same count for an unknown name as for a wrong
  /// password is what makes their timing the same.
  let verifications = Counter()

  final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
  }

  init(cost: UInt8, threadPool: NIOThreadPool) {
    self.cost = cost
    self.threadPool = threadPool
    // Any well-formed bcrypt hash at this cost costs a verification the same work; no
    // password matches this salt and digest (made once from random bytes), and none is
    // computed at start-up.
    let costDigits = cost < 10 ? "0\(cost)" : "\(cost)"
    decoy =
      Self.preHashedPrefix
      + "$2b$\(costDigits)$u4xqKw1BfyB9z6lQ72CNhOBa2cqaclavPKu1ZaIbwd.l8TPhfMEnW"
  }

  func hash(_ password: String) async throws -> String {
    let cost = cost
    return try await threadPool.runIfActive {
      Self.preHashedPrefix + Bcrypt.hash(Self.preHash(password), cost: cost)
    }
  }

  func verify(_ password: String, hash: String) async throws -> Bool {
    verifications.increment()
    return try await threadPool.runIfActive {
      if hash.hasPrefix(Self.preHashedPrefix) {
        return Bcrypt.verify(
          Self.preHash(password), hash: String(hash.dropFirst(Self.preHashedPrefix.count)))
      }
      // A hash from before pre-hashing read the password up to a NUL and 72 bytes: such
      // a password is taken only as a whole one could have been chosen, so "" or "abc" never
      // opens an account whose password began "abc\0…".
      guard (try? PasswordPolicy.checkShape(password)) != nil else { return false }
      return Bcrypt.verify(password, hash: hash)
    }
  }

  /// Spends a verification's work on nothing (an unknown user), and fails.
  func verifyDecoy(_ password: String) async throws -> Bool {
    _ = try await verify(password, hash: decoy)
    return false
  }

  /// Whether a stored hash is of the old kind, to be replaced once the password is known.
  static func needsUpgrade(_ hash: String) -> Bool { !hash.hasPrefix(preHashedPrefix) }

  static func preHash(_ password: String) -> String {
    Data(SHA256.hash(data: Data(password.utf8))).base64EncodedString()
  }
}
