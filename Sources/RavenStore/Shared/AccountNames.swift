import RavenCore

/// Names the store picks itself, for an account the user did not name (a linked Alpaca
/// account).
package enum AccountNames {
  /// `name`, or `name 2`, `name 3`, … : the first not in `taken` (lower-cased names).
  package static func free(_ name: String, taken: Set<String>) -> String {
    if !taken.contains(name.lowercased()) { return name }
    var number = 2
    while taken.contains("\(name) \(number)".lowercased()) { number += 1 }
    return "\(name) \(number)"
  }

  /// Reads a stored kind.
  package static func kind(_ text: String) throws(StoreError) -> AccountKind {
    guard let kind = AccountKind(rawValue: text) else {
      throw StoredValue.corrupt("accounts.kind", text)
    }
    return kind
  }

  /// Reads stored settings (`AccountSettings` as JSON).
  package static func settings(_ text: String) throws(StoreError) -> AccountSettings {
    guard let settings = AccountSettings(storedText: text) else {
      throw StoredValue.corrupt("accounts.settings", text)
    }
    return settings
  }
}
