import CardInfrastructure
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("URLSessionTransport.Configuration defaults and validation")
struct URLSessionTransportConfigurationTests {
  @Test func defaultsToThirtySecondsAndAnUncachedCookielessSession() {
    let configuration = URLSessionTransport.Configuration()
    #expect(configuration.requestTimeout == .seconds(30))
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
}
