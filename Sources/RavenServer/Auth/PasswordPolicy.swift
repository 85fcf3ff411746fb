import Foundation

/// What a new password must be, after NIST SP 800-63B (5.1.1.2): 8 to 128 characters, any
/// printable ones (spaces and emoji too), none of the most common passwords, not the
/// username, not one character repeated. Every character counts (see `PasswordHasher`), so a
/// control character, which some layers cut a string at, is refused rather than kept.
struct PasswordPolicy: Sendable {
  static let lengths = 8...128

  /// Lowercased; compared case-insensitively, as "Password1" is as guessable as "password1".
  let common: Set<String>

  /// The list shipped in the package's resources (`common-passwords.txt`, its source named
  /// at its top).
  static let bundled: PasswordPolicy = {
    guard
      let url = Bundle.module.url(forResource: "Resources/common-passwords", withExtension: "txt"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return PasswordPolicy(common: []) }
    let entries = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    return PasswordPolicy(common: Set(entries))
  }()

  /// Checks a password someone is choosing.
  func check(_ password: String, username: String) throws(APIError) {
    try Self.checkShape(password)
    let lowered = password.lowercased()
    if lowered == username.lowercased() {
      throw .validation("weak_password", "Choose a password that is not your username")
    }
    if Set(password).count == 1 {
      throw .validation("weak_password", "Choose a password that is not one character repeated")
    }
    if common.contains(lowered) {
      throw .validation(
        "weak_password", "That password is one of the most common ones; choose another")
    }
  }

  /// The length and characters of any password, new or offered at sign-in.
  static func checkShape(_ password: String) throws(APIError) {
    guard lengths.contains(password.count) else {
      throw .validation("invalid_password", "Passwords are 8 to 128 characters")
    }
    guard !password.containsControlCharacters() else {
      throw .validation(
        "invalid_password", "Passwords cannot contain control characters (such as a line break)")
    }
  }
}
