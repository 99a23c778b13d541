import CardInfrastructure
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("URLSessionTransport.Configuration defaults")
struct URLSessionTransportConfigurationTests {
  @Test func defaultsToThirtySecondsAndAnUncachedCookielessSession() {
    let configuration = URLSessionTransport.Configuration()
    #expect(configuration.requestTimeout == .seconds(30))
    #expect(configuration.sessionConfiguration.urlCache == nil)
    #expect(configuration.sessionConfiguration.httpCookieStorage == nil)
    #expect(configuration.sessionConfiguration.httpShouldSetCookies == false)
  }
}
