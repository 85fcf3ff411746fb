import Foundation

/// `POST /api/v1/auth/api-keys`: a key for a program that speaks Alpaca's API.
public struct APIKeyRequest: Sendable, Hashable, Codable {
  /// What the key is for, e.g. `momentum bot`; 1 to 100 characters.
  public var name: String
  /// Data and account reads only; orders are refused with 403.
  public var readOnly: Bool?
  /// The account the key trades and reads (one of the user's open accounts); the user's
  /// first open account when absent.
  public var accountId: UUID?

  public init(name: String, readOnly: Bool? = nil, accountId: UUID? = nil) {
    self.name = name
    self.readOnly = readOnly
    self.accountId = accountId
  }
}

/// An API key as listed: never its secret.
public struct APIKeyBody: Sendable, Hashable, Codable {
  public var id: UUID
  public var name: String
  /// Sent as `APCA-API-KEY-ID`.
  public var keyId: String
  public var readOnly: Bool
  /// The account it trades and reads (`GET /api/v1/accounts`).
  public var accountId: UUID
  public var createdAt: Date

  public init(
    id: UUID, name: String, keyId: String, readOnly: Bool, accountId: UUID, createdAt: Date
  ) {
    self.id = id
    self.name = name
    self.keyId = keyId
    self.readOnly = readOnly
    self.accountId = accountId
    self.createdAt = createdAt
  }
}

/// A key just created, with its secret: shown once, only its hash is stored.
public struct CreatedAPIKeyBody: Sendable, Hashable, Codable {
  public var id: UUID
  public var name: String
  public var keyId: String
  /// Sent as `APCA-API-SECRET-KEY`.
  public var secret: String
  public var readOnly: Bool
  public var accountId: UUID
  public var createdAt: Date

  public init(
    id: UUID, name: String, keyId: String, secret: String, readOnly: Bool, accountId: UUID,
    createdAt: Date
  ) {
    self.id = id
    self.name = name
    self.keyId = keyId
    self.secret = secret
    self.readOnly = readOnly
    self.accountId = accountId
    self.createdAt = createdAt
  }
}

/// `GET /api/v1/auth/api-keys`: the user's keys, oldest first.
public struct APIKeysBody: Sendable, Hashable, Codable {
  public var keys: [APIKeyBody]

  public init(keys: [APIKeyBody]) { self.keys = keys }
}
