package workqueue

// Typed is the concrete work queue.
type Typed[t comparable] struct{}

// NewTyped is a stub.
func NewTyped[T comparable]() *Typed[T] { return nil }

// Add is a stub.
func (q *Typed[T]) Add(item T) {}

// Get is a stub.
func (q *Typed[T]) Get() (item T, shutdown bool) { return item, false }

// Done is a stub.
func (q *Typed[T]) Done(item T) {}
