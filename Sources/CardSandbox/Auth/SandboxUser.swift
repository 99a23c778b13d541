/// An account that can log in. The sandbox's users are fixed (``SeedData/users``); their
/// passwords are never written to the state file.
struct SandboxUser: Sendable {
  /// The login name, which is also the `userId` on cards.
  let userId: String
  /// The password.
  let password: String
}
