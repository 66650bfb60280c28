// Package broken has a syntax error.
package broken

// F is missing its closing parenthesis.
func F( int {
}
