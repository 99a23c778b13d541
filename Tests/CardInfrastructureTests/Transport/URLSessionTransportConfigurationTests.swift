import Foundation
import Testing

@testable import CardInfrastructure

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("URLSessionTransport.Configuration defaults and validation")
struct URLSessionTransportConfigurationTests {
  @Test func defaultsToThirtySecondsAndAnUncachedCookielessSession() {
    let configuration = URLSessionTransport.Configuration()
    #expect(configuration.requestTimeout == .seconds(30))
    #expect(configuration.resourceTimeout == .seconds(300))
    #expect(configuration.sessionConfiguration.urlCache == nil)
    #expect(configuration.sessionConfiguration.httpCookieStorage == nil)
    #expect(configuration.sessionConfiguration.httpShouldSetCookies == false)
  }

  @Test(arguments: [Duration.milliseconds(1), .seconds(5), .seconds(7 * 24 * 3600)])
  func acceptsAPositiveRequestTimeoutUpToAWeek(_ timeout: Duration) throws {
    let configuration = try URLSessionTransport.Configuration(requestTimeout: timeout)
    #expect(configuration.requestTimeout == timeout)
  }

  @Test(arguments: [
    Duration.zero, .nanoseconds(-1), .seconds(-30), .seconds(7 * 24 * 3600 + 1),
    .seconds(Int64.max),
  ])
  func rejectsATimeoutThatIsNotPositiveOrTooLongWithoutCrashing(_ timeout: Duration) {
    #expect {
      _ = try URLSessionTransport.Configuration(requestTimeout: timeout)
    } throws: { error in
      let message = (error as? URLSessionTransport.ConfigurationError)?.message ?? ""
      return message.hasPrefix("invalid configuration: requestTimeout must be positive")
    }
  }

  @Test func theSessionIsMadeWithTheResourceTimeoutOnACopyOfTheGivenConfiguration() throws {
    let given = URLSessionConfiguration.ephemeral
    given.protocolClasses = [StubURLProtocol.self]
    let before = given.timeoutIntervalForResource
    let configuration = try URLSessionTransport.Configuration(
      requestTimeout: .seconds(10), resourceTimeout: .seconds(90), sessionConfiguration: given)
    #expect(configuration.resourceTimeout == .seconds(90))

    let made = configuration.makeSessionConfiguration()
    #expect(made.timeoutIntervalForResource == 90)
    #expect(made !== given)
    #expect(given.timeoutIntervalForResource == before)
    #expect(made.protocolClasses?.contains { $0 == StubURLProtocol.self } == true)
    #expect(
      URLSessionTransport.Configuration().makeSessionConfiguration()
        .timeoutIntervalForResource == 300)
  }

  @Test(arguments: [Duration.zero, .seconds(-1), .seconds(7 * 24 * 3600 + 1)])
  func rejectsAResourceTimeoutThatIsNotPositiveOrTooLong(_ timeout: Duration) {
    #expect {
      _ = try URLSessionTransport.Configuration(
        requestTimeout: .seconds(30), resourceTimeout: timeout)
    } throws: { error in
      let message = (error as? URLSessionTransport.ConfigurationError)?.message ?? ""
      return message.hasPrefix("invalid configuration: resourceTimeout must be positive")
    }
  }
}
