import Foundation
import GRDB
import RavenCore
import RavenStore

/// The default store: one SQLite file in WAL mode, through a GRDB `DatabasePool`.
///
/// Reads run concurrently on their own connections and never block the writer. GRDB
/// runs every write transaction one after another on a single writer connection, and
/// that is what serializes trades: each order placed, and each minute's fills, is one
/// `BEGIN IMMEDIATE … COMMIT`.
public final class SQLiteStore: Store {
  let pool: DatabasePool
  /// The database file.
  public let path: String
  /// Set for `temporary()` stores: the directory removed when the store goes away.
  private let ownedDirectory: URL?

  /// Opens (creating it and its directory when missing) the database at `path`.
  /// Call `migrate()` before using it.
  public convenience init(path: String) throws(StoreError) {
    try self.init(path: path, ownedDirectory: nil)
  }

  /// A store in a new file under the system's temporary directory, deleted with the
  /// store: for tests, which each want an empty database that behaves like the real one.
  public static func temporary() throws(StoreError) -> SQLiteStore {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("raven-\(UUID().uuidString)", isDirectory: true)
    return try SQLiteStore(
      path: directory.appendingPathComponent("raven.sqlite").path, ownedDirectory: directory)
  }

  private init(path: String, ownedDirectory: URL?) throws(StoreError) {
    self.path = path
    self.ownedDirectory = ownedDirectory
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .unavailable("cannot create \(directory.path): \(error.localizedDescription)")
    }
    var configuration = Configuration()
    configuration.foreignKeysEnabled = true
    // Another process (a second `raven serve`, a CLI command) may hold the write lock
    // for a moment; wait for it rather than failing at once.
    configuration.busyMode = .timeout(10)
    configuration.prepareDatabase { db in
      // WAL + NORMAL: a commit is durable against a crash of the process, and only the
      // last commits can be lost on power failure; the price of ~30k commits/s.
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
    }
    do {
      // A pool always uses the WAL journal.
      pool = try DatabasePool(path: path, configuration: configuration)
    } catch {
      throw Self.storeError(error)
    }
  }

  deinit {
    guard let ownedDirectory else { return }
    try? pool.close()
    try? FileManager.default.removeItem(at: ownedDirectory)
  }

  /// Runs `body` in one write transaction (rolled back when it throws).
  func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws(StoreError) -> T {
    do {
      return try await pool.write(body)
    } catch {
      throw Self.storeError(error)
    }
  }

  /// Runs `body` in one read transaction: a consistent snapshot.
  func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws(StoreError) -> T {
    do {
      return try await pool.read(body)
    } catch {
      throw Self.storeError(error)
    }
  }

  static func storeError(_ error: any Error) -> StoreError {
    if let error = error as? StoreError { return error }
    if let error = error as? DatabaseError,
      error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY
    {
      // Every foreign key points at a user or an account: the user does not exist.
      return .notFound
    }
    return .unavailable(String(describing: error))
  }
}
