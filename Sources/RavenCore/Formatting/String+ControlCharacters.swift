extension StringProtocol {
  /// Whether the text holds a control character (Unicode category Cc: NUL, escape, line
  /// breaks, …) other than those in `allowed`. Names and titles hold none: they are shown
  /// on one line, and PostgreSQL cannot store a NUL at all.
  public func containsControlCharacters(except allowed: Set<Unicode.Scalar> = []) -> Bool {
    unicodeScalars.contains { scalar in
      scalar.properties.generalCategory == .control && !allowed.contains(scalar)
    }
  }
}
