import Foundation
import RavenCore
import RavenStore

extension AccountStore {
  /// The account every user is made with ("Individual"): what a test of one account
  /// trades in.
  public func firstAccount(of userID: UserID) async throws(StoreError) -> AccountID {
    guard let first = try await accounts(userID: userID).first else { throw .notFound }
    return first.id
  }
}
