import Foundation

/// `POST /api/v1/auth/signup` and `/auth/login`.
public struct CredentialsRequest: Sendable, Hashable, Codable {
  public var username: String
  public var password: String

  public init(username: String, password: String) {
    self.username = username
    self.password = password
  }
}

/// `POST /api/v1/auth/tokens`: a personal API token, for clients that cannot keep cookies.
public struct TokenRequest: Sendable, Hashable, Codable {
  public var username: String
  public var password: String
  /// What the token is for, e.g. `raven CLI on laptop`; 1 to 100 characters.
  public var name: String

  public init(username: String, password: String, name: String) {
    self.username = username
    self.password = password
    self.name = name
  }
}

/// The signed-in user (`GET /api/v1/me`).
public struct UserBody: Sendable, Hashable, Codable {
  public var id: Int64
  public var username: String
  public var createdAt: Date

  public init(id: Int64, username: String, createdAt: Date) {
    self.id = id
    self.username = username
    self.createdAt = createdAt
  }
}

/// The answer to signing up or in.
public struct SignedInBody: Sendable, Hashable, Codable {
  public var user: UserBody
  /// The same value as the `raven_csrf` cookie, for clients that cannot read cookies.
  public var csrfToken: String

  public init(user: UserBody, csrfToken: String) {
    self.user = user
    self.csrfToken = csrfToken
  }
}

/// A personal API token, just created.
public struct CreatedTokenBody: Sendable, Hashable, Codable {
  public var id: Int64
  public var name: String
  /// Shown once; only its hash is stored.
  public var token: String
  public var createdAt: Date

  public init(id: Int64, name: String, token: String, createdAt: Date) {
    self.id = id
    self.name = name
    self.token = token
    self.createdAt = createdAt
  }
}

/// `POST /api/v1/auth/password`: the password in use and the one to use from now on.
public struct PasswordChangeRequest: Sendable, Hashable, Codable {
  public var currentPassword: String
  public var newPassword: String

  public init(currentPassword: String, newPassword: String) {
    self.currentPassword = currentPassword
    self.newPassword = newPassword
  }
}
