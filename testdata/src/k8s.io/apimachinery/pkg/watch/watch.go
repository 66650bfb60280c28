// Package watch synthesizes package k8s.io/apimachinery/pkg/watch for tests.
package watch

import "k8s.io/apimachinery/pkg/runtime"

// Interface is a stream of events.
type Interface interface {
	Stop()
	ResultChan() <-chan Event
}

// EventType names a kind of event.
type EventType string

// Event types.
const (
	Added    EventType = "ADDED"
	Modified EventType = "MODIFIED"
	Deleted  EventType = "DELETED"
	Error    EventType = "ERROR"
)

// Event is one watch event.
type Event struct {
	Type   EventType
	Object runtime.Object
}
