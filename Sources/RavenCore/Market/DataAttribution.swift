import Foundation

/// The name and home page of a data source, shown wherever its data appears.
public struct DataAttribution: Sendable, Hashable, Codable {
  public var name: String
  public var url: String?
  /// Whether the data is made up (the simulated market) rather than real.
  public var isSimulated: Bool

  public init(name: String, url: String?, isSimulated: Bool) {
    self.name = name
    self.url = url
    self.isSimulated = isSimulated
  }
}
