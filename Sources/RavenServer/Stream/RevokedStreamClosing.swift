import HummingbirdWebSocket
import NIOCore
import NIOWebSocket

extension RevocationWatch {
  /// How long a client has to answer the closing frame of a revoked stream before its
  /// connection is dropped.
  static let closingGrace = TimeAmount.seconds(5)

  /// Waits for the credential's revocation, then closes the stream (`close`). Returns at
  /// once when the watch ends first or the task is cancelled.
  func closeWhenRevoked(_ outbound: WebSocketOutboundWriter, channel: any Channel)
    async throws
  {
    guard let reason = await revoked() else { return }
    try await Self.close(outbound, channel: channel, reason: reason)
  }

  /// Closes a stream whose credential was revoked: 1008 (policy violation) and the
  /// revocation's reason. Nothing is sent after the closing frame; the client answers it
  /// and the stream's loop ends, or after `closingGrace` the connection is cut.
  static func close(_ outbound: WebSocketOutboundWriter, channel: any Channel, reason: String)
    async throws
  {
    try await outbound.close(.policyViolation, reason: reason)
    channel.eventLoop.scheduleTask(in: closingGrace) { channel.close(promise: nil) }
  }
}
