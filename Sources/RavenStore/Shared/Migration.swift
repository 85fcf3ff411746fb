/// One numbered schema change. Each store keeps its list as data in one file
/// (`SQLiteMigrations`, `PostgresMigrations`); `migrate()` applies those not yet recorded
/// in `schema_migrations`, each in its own transaction, in order of `version`.
package struct Migration: Sendable {
  /// 1, 2, 3, …: the order of application, never reused or renumbered once shipped.
  package let version: Int
  /// `001_users_and_sign_in`: the number and what it does, for people reading the table.
  package let name: String
  /// Run one after another inside the migration's transaction.
  package let statements: [String]

  package init(_ name: String, _ statements: [String]) {
    // The version is the name's number, so the two cannot disagree.
    self.version = Int(name.prefix { $0.isNumber }) ?? 0
    self.name = name
    self.statements = statements
  }
}

extension [Migration] {
  /// The migrations not in `applied`, in order; refuses a database that has
  /// versions this build does not know (a newer Raven migrated it).
  package func pending(applied: Set<Int>) throws(StoreError) -> [Migration] {
    let known = Set(map(\.version))
    if let unknown = applied.subtracting(known).max() {
      throw .unavailable(
        "the database has schema version \(unknown), newer than this Raven knows; upgrade Raven")
    }
    return filter { !applied.contains($0.version) }.sorted { $0.version < $1.version }
  }
}
