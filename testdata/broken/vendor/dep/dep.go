package dep

// D does nothing.
func D() {}
