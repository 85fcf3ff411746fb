import Foundation
import RavenCore

/// The API's answers as the CLI reads them (the same JSON the web app reads).
enum APIModels {
  struct Portfolio: Codable {
    struct Position: Codable {
      var symbol: String
      var name: String
      var shares: Quantity
      var avgCost: Price
      var totalCost: Money
      var price: Price
      var marketValue: Money
      var changeFromCost: Money
      var changeFromCostPercent: ExactDecimal
      var dayChange: Money
      var dayChangePercent: ExactDecimal
    }
    var cash: Money
    var netWorth: Money
    var marketValue: Money
    var positions: [Position]
    var asOf: Date
  }

  struct Trade: Codable {
    var id: String
    var symbol: String
    var side: String
    var shares: Quantity
    var price: Price
    var amount: Money
    var realizedProfit: Money
    var time: Date
  }

  struct Receipt: Codable {
    var trade: Trade
    var cash: Money
  }

  struct Watchlist: Codable {
    struct Item: Codable {
      var symbol: String
      var name: String
      var price: Price?
      var change: Price?
      var changePercent: ExactDecimal?
    }
    var items: [Item]
  }

  struct Goals: Codable {
    struct Goal: Codable {
      var id: String
      var title: String
      var description: String
      var target: Money
      var allocatedValue: Money
      var progress: ExactDecimal
    }
    var goals: [Goal]
    var totalProgress: ExactDecimal
  }

  struct CreatedToken: Codable {
    var id: Int64
    var name: String
    var token: String
  }

  /// `GET /api/v1/market/providers`.
  struct ProvidersReport: Codable {
    struct Attribution: Codable {
      var name: String
      var url: String?
      var isSimulated: Bool
    }
    struct Budget: Codable {
      var capacity: Int
      var refillPerSecond: Double
      var remaining: Int
      var windowCalls: Int?
      var windowSeconds: Double?
    }
    struct Circuit: Codable {
      var state: String
      var consecutiveFailures: Int
      var retryAt: Date?
    }
    struct Provider: Codable {
      var id: String
      var attribution: Attribution
      var capabilities: [String]
      var fallbackFor: [String]
      var budget: [Budget]
      var circuit: Circuit
    }
    var providers: [Provider]
    var sources: [String: Attribution]
  }
}
