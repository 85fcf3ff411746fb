import Foundation
import RavenCore
import RavenStore
import RavenStorePostgres
import RavenStoreSQLite
import Testing

@Suite("Store configuration") struct StoreConfigurationTests {
  @Test("A PostgreSQL URL is read into a client configuration")
  func postgresURL() throws {
    let configuration = try PostgresStore.configuration(
      url: "postgres://raven:p%40ss@db.example.com:6543/raven_prod?sslmode=disable")
    #expect(configuration.username == "raven")
    #expect(configuration.password == "p@ss")
    #expect(configuration.database == "raven_prod")
    #expect(configuration.host == "db.example.com")
    #expect(configuration.port == 6543)

    let defaults = try PostgresStore.configuration(url: "postgresql://me@localhost")
    #expect(defaults.port == 5432 && defaults.database == nil && defaults.password == nil)
  }

  @Test(
    "Unreadable PostgreSQL URLs are refused without repeating them",
    arguments: [
      "mysql://u:secret@h/db", "postgres://u:secret@/db", "postgres://h:5432/db",
      "postgres://u:secret@h/db?sslmode=maybe", "not a url",
    ])
  func badPostgresURL(url: String) {
    #expect(throws: StoreError.self) { try PostgresStore.configuration(url: url) }
    do {
      _ = try PostgresStore.configuration(url: url)
    } catch {
      #expect(!error.description.contains("secret"))
    }
  }

  @Test("An SQLite store creates its file and directory")
  func sqliteCreatesDirectory() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("raven-test-\(UUID().uuidString)/nested")
    defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
    let path = directory.appendingPathComponent("raven.sqlite").path
    let store = try SQLiteStore(path: path)
    try await store.migrate()
    #expect(FileManager.default.fileExists(atPath: path))
    let alice = try await store.makeUser()
    // Another process opening the same file sees the same data.
    #expect(try await SQLiteStore(path: path).user(id: alice.id) == alice)
  }
}
