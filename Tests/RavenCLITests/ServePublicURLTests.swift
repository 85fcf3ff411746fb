import ArgumentParser
import Foundation
import Testing

@testable import raven

/// `raven serve --public-url` / `RAVEN_PUBLIC_URL`: the address Raven's own links start with.
@Suite("serve --public-url")
struct ServePublicURLTests {
  @Test("Unset by default; the flag wins over RAVEN_PUBLIC_URL; a trailing slash is dropped")
  func parsing() throws {
    #expect(try ServeCommand.parse([]).serverConfiguration(environment: [:]).publicURL == nil)
    let empty = try ServeCommand.parse([]).serverConfiguration(environment: [
      "RAVEN_PUBLIC_URL": ""
    ])
    #expect(empty.publicURL == nil)
    let fromEnvironment = try ServeCommand.parse([]).serverConfiguration(environment: [
      "RAVEN_PUBLIC_URL": "https://raven.example.com/"
    ])
    #expect(fromEnvironment.publicURL == "https://raven.example.com")
    let flag = try ServeCommand.parse(["--public-url", "http://192.168.1.20:8080"])
      .serverConfiguration(environment: ["RAVEN_PUBLIC_URL": "https://raven.example.com"])
    #expect(flag.publicURL == "http://192.168.1.20:8080")
  }

  @Test(
    "Anything but an absolute http(s) URL of a whole server is refused at start",
    arguments: [
      "raven.example.com", "ftp://raven.example.com", "https://", "/raven",
      "https://raven.example.com/app", "https://raven.example.com?x=1",
      "https://raven.example.com#top", "https://user:pw@raven.example.com", "",
    ])
  func refused(text: String) throws {
    #expect(throws: ValidationError.self) {
      try ServeCommand.parse(["--public-url", text]).serverConfiguration(environment: [:])
    }
  }
}
