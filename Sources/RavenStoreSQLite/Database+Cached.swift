import GRDB

extension Database {
  // Statements are compiled once per connection and reused. A trade runs six of them,
  // and compiling them each time cost more than running them.

  func run(sql: String, arguments: StatementArguments = []) throws {
    try cachedStatement(sql: sql).execute(arguments: arguments)
  }

  func fetchRow(sql: String, arguments: StatementArguments) throws -> Row? {
    try Row.fetchOne(cachedStatement(sql: sql), arguments: arguments)
  }

  func fetchRows(sql: String, arguments: StatementArguments) throws -> [Row] {
    try Row.fetchAll(cachedStatement(sql: sql), arguments: arguments)
  }

  func fetchTexts(sql: String, arguments: StatementArguments) throws -> [String] {
    try String.fetchAll(cachedStatement(sql: sql), arguments: arguments)
  }
}
