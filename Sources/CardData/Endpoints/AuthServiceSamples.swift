/// The envelopes ``AuthService/sampleResponse`` answers with. The tokens are obviously fake.
enum AuthServiceSamples {
  static let login = """
    {
      "status": 200,
      "success": true,
      "message": "signed in",
      "data": {
        "accessToken": "sample-access-token",
        "refreshToken": "sample-refresh-token",
        "expiresIn": 3600
      }
    }
    """

  static let refresh = """
    {
      "status": 200,
      "success": true,
      "message": "token refreshed",
      "data": {
        "accessToken": "sample-access-token-2",
        "refreshToken": "sample-refresh-token-2",
        "expiresIn": 3600
      }
    }
    """

  static let logout = """
    {
      "status": 200,
      "success": true,
      "message": "signed out",
      "data": null
    }
    """
}
