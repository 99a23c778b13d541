/// Runs a validation and turns its failure into ``CardError/invalidInput(_:)``.
func validate<Value>(_ check: () throws(ValidationError) -> Value) throws(CardError) -> Value {
  do {
    return try check()
  } catch {
    throw .invalidInput(error)
  }
}
