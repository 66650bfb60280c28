package basic

import (
	"testing"
	"time"
)

// Directives in test files are not checked, since no rule reports there.
func TestSomething(t *testing.T) {
	time.Sleep(time.Millisecond) //reconcilelint:ignore sleep
	//reconcilelint:ignore
	//reconcilelint:ignore nosuch reason
	//reconcilelint:ignore sleep unused in a test
	//reconcilelint:nope
	//reconcilelint:blocking
}
