import Foundation
import HTTPTypes
import Hummingbird
import RavenAPI
import RavenCore
import RavenStore

/// Sign-up, sign-in, sign-out, the current user and personal API tokens.
struct AuthController {
  let identities: Identities
  let passwords: PasswordHasher
  let throttle: LoginThrottle
  /// Real time: sessions and tokens.
  let clock: any WallClock
  let configuration: ServerConfiguration

  /// Browser sessions last 30 days.
  static let sessionLifetime: TimeInterval = 30 * 86_400

  func addRoutes(
    public group: RouterGroup<RavenRequestContext>, user: RouterGroup<RavenRequestContext>
  ) {
    group.post("/auth/signup", use: signup)
    group.post("/auth/login", use: login)
    group.post("/auth/logout", use: logout)
    group.post("/auth/tokens", use: createToken)
    user.get("/me", use: me)
    user.post("/auth/password", use: changePassword)
    user.delete("/auth/tokens/{id}", use: deleteToken)
    user.post("/auth/logout-everywhere", use: logoutEverywhere)
  }

  @Sendable func signup(_ request: Request, context: RavenRequestContext) async throws -> Response {
    try SameOriginCheck.require(
      request, context: context, publicURL: configuration.publicURL)
    let credentials = try await context.requestDecoder.decode(
      CredentialsRequest.self, from: request, context: context)
    let username = try Self.validUsername(credentials.username)
    try PasswordPolicy.bundled.check(credentials.password, username: username)
    if let wait = try await throttle.signupRetryAfter(address: context.remoteAddress) {
      throw APIError.tooManyRequests(
        retryAfter: wait, message: "Too many sign-ups; try again later")
    }
    let hash = try await passwords.hash(credentials.password)
    let user = try await identities.createUser(
      username: username, passwordHash: hash, startingCash: configuration.startingCash,
      at: clock.now)
    return try await startSession(for: user, status: .created, request: request, context: context)
  }

  @Sendable func login(_ request: Request, context: RavenRequestContext) async throws -> Response {
    try SameOriginCheck.require(
      request, context: context, publicURL: configuration.publicURL)
    let credentials = try await context.requestDecoder.decode(
      CredentialsRequest.self, from: request, context: context)
    let user = try await verify(credentials.username, credentials.password, context: context)
    return try await startSession(for: user, status: .ok, request: request, context: context)
  }

  @Sendable func logout(_ request: Request, context: RavenRequestContext) async throws -> Response {
    if case .session(let tokenHash, _) = context.identity?.credential {
      try await identities.deleteSession(tokenHash: tokenHash)
    }
    var response = Response(status: .noContent)
    response.setCookie(Self.expired(AuthMiddleware.sessionCookie, httpOnly: true))
    response.setCookie(Self.expired(AuthMiddleware.csrfCookie, httpOnly: false))
    return response
  }

  /// A new password: the current one proves who asks (throttled as a sign-in), the new one
  /// follows the same rules as at sign-up, and every other session is signed out.
  @Sendable func changePassword(_ request: Request, context: RavenRequestContext) async throws
    -> HTTPResponse.Status
  {
    let user = try context.requireUser()
    let body = try await context.requestDecoder.decode(
      PasswordChangeRequest.self, from: request, context: context)
    _ = try await verify(user.username, body.currentPassword, context: context)
    try PasswordPolicy.bundled.check(body.newPassword, username: user.username)
    if body.newPassword == body.currentPassword {
      throw APIError.validation("same_password", "Choose a password other than the current one")
    }
    try await identities.setPasswordHash(
      try await passwords.hash(body.newPassword), userID: user.id)
    var keeping: String? = nil
    if case .session(let tokenHash, _) = context.identity?.credential { keeping = tokenHash }
    try await identities.deleteSessions(userID: user.id, keeping: keeping)
    return .noContent
  }

  @Sendable func me(_ request: Request, context: RavenRequestContext) async throws -> JSONBody<
    UserBody
  > {
    JSONBody(UserBody(try context.requireUser()))
  }

  @Sendable func createToken(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<CreatedTokenBody>
  {
    let body = try await context.requestDecoder.decode(
      TokenRequest.self, from: request, context: context)
    let name = body.name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard (1...100).contains(name.count), !name.containsControlCharacters() else {
      throw APIError.validation(
        "invalid_name", "Give the token a name of 1 to 100 characters, without control characters")
    }
    let user = try await verify(body.username, body.password, context: context)
    let secret = SecretTokens.generate(prefix: "rvn_")
    let token = try await identities.createAPIToken(
      userID: user.id, name: name, tokenHash: SecretTokens.hash(secret), at: clock.now)
    return JSONBody(
      CreatedTokenBody(
        id: token.id.rawValue, name: token.name, token: secret, createdAt: token.createdAt),
      status: .created)
  }

  @Sendable func deleteToken(_ request: Request, context: RavenRequestContext) async throws
    -> HTTPResponse.Status
  {
    let user = try context.requireUser()
    guard let id = context.parameters.get("id", as: Int64.self) else { throw APIError.notFound }
    try await identities.deleteAPIToken(id: APITokenID(id), userID: user.id)
    return .noContent
  }

  /// Checks a username and password, with throttling; the same answer for an unknown
  /// user and a wrong password, so usernames cannot be probed.
  private func verify(_ username: String, _ password: String, context: RavenRequestContext)
    async throws -> User
  {
    let name = username.trimmingCharacters(in: .whitespaces).lowercased()
    // Let through and counted as a failure in one step, before the password is checked:
    // guesses sent at once are stopped at the limit too.
    let attempt: LoginThrottle.LoginAttempt
    switch try await throttle.admitLogin(username: name, address: context.remoteAddress) {
    case .refused(let wait):
      throw APIError.tooManyRequests(
        retryAfter: wait, message: "Too many failed sign-ins; try again in \(wait / 60 + 1) minutes"
      )
    case .admitted(let admitted):
      attempt = admitted
    }
    let user: User?
    do {
      user = try await checkPassword(name, password, delay: attempt.delay)
    } catch {
      await throttle.settle(attempt, as: .unchecked)
      throw error
    }
    guard let user else {
      await throttle.settle(attempt, as: .wrongPassword)
      throw APIError(
        .unauthorized, code: "invalid_credentials", message: "Wrong username or password")
    }
    await throttle.settle(attempt, as: .rightPassword)
    return user
  }

  /// The user whose name and password these are, nil for a wrong pair, after `delay`.
  private func checkPassword(_ name: String, _ password: String, delay: TimeInterval)
    async throws -> User?
  {
    // An account under attack from many addresses answers each of them more slowly.
    if delay > 0 { try await Task.sleep(for: .seconds(delay)) }
    // A name no one can sign up with (a NUL, a space, …) is nobody's: it is not looked up
    // (PostgreSQL cannot even hold a NUL), and the answer is the same as for a wrong
    // password.
    // An unknown name costs the same bcrypt work as a wrong password: no timing tells them
    // apart.
    let credentials =
      (try? Self.validUsername(name)) != nil
      ? try await identities.credentials(username: name) : nil
    guard let credentials else {
      _ = try await passwords.verifyDecoy(password)
      return nil
    }
    guard try await passwords.verify(password, hash: credentials.passwordHash) else {
      return nil
    }
    if PasswordHasher.needsUpgrade(credentials.passwordHash) {
      try await identities.setPasswordHash(
        try await passwords.hash(password), userID: credentials.user.id)
    }
    return credentials.user
  }

  private func startSession(
    for user: User, status: HTTPResponse.Status, request: Request, context: RavenRequestContext
  ) async throws -> Response {
    let token = SecretTokens.generate()
    let csrf = SecretTokens.generate()
    let now = clock.now
    try await identities.createSession(
      BrowserSession(
        tokenHash: SecretTokens.hash(token), userID: user.id, csrfToken: csrf, createdAt: now,
        expiresAt: now.addingTimeInterval(Self.sessionLifetime)))
    var response = try JSONBody(SignedInBody(user: UserBody(user), csrfToken: csrf), status: status)
      .response(from: request, context: context)
    let secure = context.isSecure
    response.setCookie(
      Cookie(
        name: AuthMiddleware.sessionCookie, value: token, maxAge: Int(Self.sessionLifetime),
        path: "/", secure: secure, httpOnly: true, sameSite: .lax))
    response.setCookie(
      Cookie(
        name: AuthMiddleware.csrfCookie, value: csrf, maxAge: Int(Self.sessionLifetime),
        path: "/", secure: secure, httpOnly: false, sameSite: .lax))
    return response
  }

  private static func expired(_ name: String, httpOnly: Bool) -> Cookie {
    Cookie(name: name, value: "", maxAge: 0, path: "/", httpOnly: httpOnly, sameSite: .lax)
  }

  /// 3 to 32 characters: letters, digits, `.`, `_`, `-`; compared case-insensitively.
  static func validUsername(_ text: String) throws -> String {
    let name = text.trimmingCharacters(in: .whitespaces).lowercased()
    let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._-")
    guard (3...32).contains(name.count), name.allSatisfy(allowed.contains) else {
      throw APIError.validation(
        "invalid_username", "Usernames are 3 to 32 letters, digits, '.', '_' or '-'")
    }
    return name
  }

}

extension UserBody {
  init(_ user: User) {
    self.init(id: user.id.rawValue, username: user.username, createdAt: user.createdAt)
  }
}
